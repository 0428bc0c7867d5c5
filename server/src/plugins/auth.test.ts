import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { currentUser, signedIn, tokenFromHeader } from './auth';

describe('authenticate and requireRole', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes like the ones later resources add.
    t.app.get('/api/test/signed-in', { config: { access: signedIn() } }, async (request) => ({
      id: currentUser(request).id,
    }));
    t.app.get('/api/test/admin-only', { config: { access: signedIn(['admin']) } }, async () => ({ ok: true }));
    t.app.get('/api/test/staff', { config: { access: signedIn(['admin', 'manager']) } }, async () => ({ ok: true }));
  });
  afterAll(() => t.close());

  it("refuses a pending user's token on every route but GET /api/user", async () => {
    const { user } = await createUser(t.db, { status: 'pending' });
    const res = await injectAs(t.app, user, { method: 'GET', url: '/api/test/signed-in' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.accountPending });
  });

  it('lets an approved user through and tells the handler who it is', async () => {
    const { user } = await createUser(t.db);
    const res = await injectAs(t.app, user, { method: 'GET', url: '/api/test/signed-in' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id });
  });

  it('refuses a role that is not allowed with 403 and lets allowed roles in', async () => {
    for (const role of ['agent', 'manager'] as const) {
      const res = await injectAs(t.app, role, { method: 'GET', url: '/api/test/admin-only' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MESSAGES.forbidden });
    }
    expect((await injectAs(t.app, 'admin', { method: 'GET', url: '/api/test/admin-only' })).statusCode).toBe(200);
    expect((await injectAs(t.app, 'manager', { method: 'GET', url: '/api/test/staff' })).statusCode).toBe(200);
    expect((await injectAs(t.app, 'agent', { method: 'GET', url: '/api/test/staff' })).statusCode).toBe(403);
  });

  it('checks the token before the role: no token is 401, not 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/admin-only' });
    expect(res.statusCode).toBe(401);
  });

  it('takes the role from the account, not from the token', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    // A token claiming admin for an agent account (signed with the real secret).
    const res = await injectAs(t.app, { ...user, role: 'admin' }, { method: 'GET', url: '/api/test/admin-only' });
    expect(res.statusCode).toBe(403);
  });
});

describe('a route declares who may call it, once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const handler = async () => ({ ok: true });

  it('refuses to register a documented route that does not say who may call it', () => {
    expect(() => t.app.get('/api/test/undeclared', { schema: { summary: 'x' } }, handler)).toThrow(/config\.access/);
  });

  it('refuses an OpenAPI security entry or a sign-in hook written by hand beside the declaration', () => {
    expect(() =>
      t.app.get(
        '/api/test/own-security',
        { config: { access: 'public' }, schema: { summary: 'x', security: [{ bearer: [] }] } },
        handler,
      ),
    ).toThrow(/security comes from config\.access/);
    expect(() =>
      t.app.get('/api/test/own-hook', { config: { access: 'public' }, onRequest: [t.app.authenticate] }, handler),
    ).toThrow(/sign-in comes from config\.access/);
  });
});

describe('tokenFromHeader', () => {
  it('reads "Bearer <token>" in any case and a bare token, and nothing else', () => {
    expect(tokenFromHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader('bearer abc')).toBe('abc');
    expect(tokenFromHeader('abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader(undefined)).toBeUndefined();
    expect(tokenFromHeader('   ')).toBeUndefined();
    expect(tokenFromHeader('Basic dXNlcjpwYXNz')).toBeUndefined();
  });
});
