import { eq } from 'drizzle-orm';
import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TokenClaims, TokenError, type TokenService } from '../auth/tokens';
import { users } from '../db/schema';
import { endAccountSessions } from '../services/sessions';
import { createTestApp, createUser, injectAs, signInAs, type TestApp } from '../test/helpers';
import { currentUser, rememberVerified, signedIn, tokenFromHeader } from './auth';

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

describe('verified tokens remembered (only their signature)', () => {
  /** A token service that counts its checks; a token's text is its claims' jti, exp after a colon. */
  const counting = () => {
    const checked: string[] = [];
    const tokens: TokenService = {
      sign: async () => 'unused',
      async verify(token) {
        checked.push(token);
        const [jti, exp] = token.split(':');
        if (!jti || !exp) throw new TokenError('invalid');
        return { sub: 'u', role: 'agent', tv: 0, jti, exp: Number(exp) } satisfies TokenClaims;
      },
    };
    return { tokens, checked };
  };

  it('checks a token once, then answers its claims until it expires, then refuses it as expired', async () => {
    const { tokens, checked } = counting();
    let nowMs = 1_000_000;
    const verify = rememberVerified(tokens, 10, () => nowMs);
    expect((await verify('a:1010')).jti).toBe('a');
    expect((await verify('a:1010')).jti).toBe('a');
    expect(checked).toEqual(['a:1010']);
    nowMs = 1_009_999;
    expect((await verify('a:1010')).jti).toBe('a');
    nowMs = 1_010_000;
    await expect(verify('a:1010')).rejects.toMatchObject({ reason: 'expired' });
    // a refused token is never remembered
    await expect(verify('broken')).rejects.toBeInstanceOf(TokenError);
    await expect(verify('broken')).rejects.toBeInstanceOf(TokenError);
    expect(checked).toEqual(['a:1010', 'broken', 'broken']);
  });

  it('keeps at most `kept` tokens: the oldest is checked again when it comes back', async () => {
    const { tokens, checked } = counting();
    const verify = rememberVerified(tokens, 2, () => 0);
    for (const token of ['a:9', 'b:9', 'c:9', 'b:9', 'a:9']) await verify(token);
    expect(checked).toEqual(['a:9', 'b:9', 'c:9', 'a:9']);
  });

  it('still ends a remembered token at once on logout, suspension and a password change', async () => {
    const t = await createTestApp();
    try {
      const call = (token: string) => t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
      const { user: a } = await createUser(t.db);
      const first = (await signInAs(t.app, a)).token;
      expect((await call(first)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${first}` } }))
          .statusCode,
      ).toBeLessThan(300);
      expect((await call(first)).json()).toEqual({ message: MESSAGES.signedOut });

      const { user: b } = await createUser(t.db);
      const second = (await signInAs(t.app, b)).token;
      expect((await call(second)).statusCode).toBe(200);
      await t.db.transaction(async (tx) => {
        await tx.update(users).set({ status: 'suspended' }).where(eq(users.id, b.id));
        await endAccountSessions(tx, b.id);
      });
      expect((await call(second)).statusCode).toBe(401);

      const { user: c } = await createUser(t.db);
      const third = (await signInAs(t.app, c)).token;
      expect((await call(third)).statusCode).toBe(200);
      await t.db
        .update(users)
        .set({ tokenVersion: c.tokenVersion + 1 })
        .where(eq(users.id, c.id));
      expect((await call(third)).json()).toEqual({ message: MESSAGES.sessionInvalid });
    } finally {
      await t.close();
    }
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
