import { loginInputSchema, MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../db/schema';
import { REFUSALS, typed } from '../http/route-schemas';
import { HttpError } from '../http-error';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { isDatabaseUnavailable } from './errors';

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
      throw new Error('a bug with internal details');
    });
    t.app.get('/api/test/refuse', { config: { access: 'public' } }, async () => {
      throw new HttpError(409, 'This order number is already used.');
    });
    // a refusal whose body the answer's schema names, and one it does not
    typed(t.app).get(
      '/api/test/refuse-with-body',
      {
        config: { access: 'public' },
        schema: { response: { 409: z.object({ message: z.string(), orderIds: z.array(z.string()) }) } },
      },
      async () => {
        throw new HttpError(409, 'These orders cannot be paid.', { orderIds: ['a'], secret: 'x' });
      },
    );
    typed(t.app).get(
      '/api/test/refuse-body-unnamed',
      { config: { access: 'public' }, schema: { response: { ...REFUSALS } } },
      async () => {
        throw new HttpError(409, 'These orders cannot be paid.', { orderIds: ['a'] });
      },
    );
    t.app.post('/api/test/zod', { config: { access: 'public' } }, async (request) =>
      loginInputSchema.parse(request.body),
    );
    t.app.post('/api/test/duplicate-email', { config: { access: 'public' } }, async (request) => {
      const { email } = request.body as { email: string };
      await t.db.insert(users).values({ email, passwordHash: 'x', firstName: 'A', lastName: 'B', role: 'agent' });
      return { ok: true };
    });
  });
  afterAll(() => t.close());

  it('answers an unknown route with 404 JSON naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'There is no GET /api/nothing-here in this API. Check the address.' });
  });

  it('answers an unexpected failure with 500 JSON that hides the internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MESSAGES.somethingWentWrong });
  });

  it('passes a deliberate refusal through with its status and sentence', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/refuse' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This order number is already used.' });
  });

  it("sends a refusal's body where the route's answer schema names it, and only what it names", async () => {
    const named = await t.app.inject({ method: 'GET', url: '/api/test/refuse-with-body' });
    expect(named.statusCode).toBe(409);
    expect(named.json()).toEqual({ message: 'These orders cannot be paid.', orderIds: ['a'] });
    const unnamed = await t.app.inject({ method: 'GET', url: '/api/test/refuse-body-unnamed' });
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json()).toEqual({ message: 'These orders cannot be paid.' });
  });

  it('turns a zod error thrown by a handler into 400 with the first issue', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/zod', payload: { email: 'a@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('turns a unique-constraint violation the route did not expect into 409, not 500', async () => {
    const { user } = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/duplicate-email',
      payload: { email: user.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This conflicts with an existing record.' });
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises refused connections, closed clients and server shutdowns, also when wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: new Error('PGlite is closed') }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
  });

  it('does not mistake a constraint violation or a bug for an outage', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
