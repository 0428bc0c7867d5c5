import { eq } from 'drizzle-orm';
import { loginResponseSchema, MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/helpers';

const login = (t: TestApp, body: unknown, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: body as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('POST /api/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs an approved user in and returns a token and the user', async () => {
    const { user, password } = await createUser(t.db, { role: 'manager', firstName: 'Sana', lastName: 'Khan' });
    const res = await login(t, { email: user.email, password });
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      _id: user.id,
      id: user.id,
      role: 'manager',
      name: 'Sana Khan',
      firstName: 'Sana',
    });
    expect(JSON.stringify(body)).not.toContain('password');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(user.id);
  });

  it('matches the email whatever its case and surrounding spaces', async () => {
    const { user, password } = await createUser(t.db, { email: 'Mixed.Case@Example.com' });
    const res = await login(t, { email: '  MIXED.case@example.COM ', password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(user.id);
  });

  it('refuses a wrong password with 401 and the invalid-credentials message', async () => {
    const { user } = await createUser(t.db);
    const res = await login(t, { email: user.email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.invalidCredentials });
  });

  it('refuses an unknown email with the same answer as a wrong password', async () => {
    const res = await login(t, { email: 'nobody@example.com', password: 'whatever1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.invalidCredentials });
  });

  it('refuses a pending user with 403 and says the account awaits approval', async () => {
    const { user, password } = await createUser(t.db, { status: 'pending' });
    const res = await login(t, { email: user.email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.pendingLogin });
  });

  it('does not tell a pending user apart when the password is wrong', async () => {
    const { user } = await createUser(t.db, { status: 'pending' });
    const res = await login(t, { email: user.email, password: 'wrong password' });
    expect(res.statusCode).toBe(401);
  });

  it('stores passwords as argon2id hashes, never in clear', async () => {
    const { user, password } = await createUser(t.db);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(password);
  });

  describe('refuses malformed requests with 400 and a message, never a 5xx', () => {
    const cases: Array<[string, unknown, RegExp | string]> = [
      ['an empty object', {}, 'email is required.'],
      ['a missing password', { email: 'a@example.com' }, 'password is required.'],
      ['an email that is a number', { email: 42, password: 'secret12' }, 'email must be a string.'],
      ['a password that is a list', { email: 'a@example.com', password: ['x'] }, 'password must be a string.'],
      ['an empty email', { email: '   ', password: 'secret12' }, 'email must not be empty.'],
      ['a JSON array', [1, 2], 'The request body must be a JSON object.'],
      ['a JSON string', 'hello', 'The request body must be a JSON object.'],
    ];
    it.each(cases)('%s', async (_name, body, message) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message });
    });

    it('broken JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.com", "password": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.invalidJson });
    });

    it('JSON null', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: 'null',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    });

    it('no body at all', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    });

    it('an empty body sent as JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/empty/);
    });

    it('plain text', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'email=a',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    });

    it('a form post, which the API does not read (415)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40example.com&password=x',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: MESSAGES.unsupportedMediaType });
    });

    it('a body over the size limit (413)', async () => {
      const res = await login(t, { email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: MESSAGES.bodyTooLarge });
    });
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { login: { max: 3, timeWindow: 60_000 } } });
  });
  afterAll(() => t.close());

  it('answers 429 with a message once an address has used its attempts, and not for another address', async () => {
    const attempt = () => login(t, { email: 'someone@example.com', password: 'guess1234' }, '203.0.113.7');
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const other = await login(t, { email: 'someone@example.com', password: 'guess1234' }, '198.51.100.9');
    expect(other.statusCode).toBe(401);
  });

  it('counts successful sign-ins too, so a correct password cannot slip past the limit', async () => {
    const { user, password } = await createUser(t.db);
    const attempt = () => login(t, { email: user.email, password }, '192.0.2.44');
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
  });
});
