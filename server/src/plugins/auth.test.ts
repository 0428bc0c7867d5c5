import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TokenClaims, TokenError, type TokenService } from '../auth/tokens';
import { orders, revokedTokens, users } from '../db/schema';
import { endAccountSessions } from '../services/sessions';
import { createTestApp, createUser, injectAs, signInAs, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, insertUpload, orderBody } from '../test/orders';
import { currentUser, rememberVerified, sessionColumn, signedIn, statementSession, tokenFromHeader } from './auth';

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

describe('a route whose statement reads the session (sessionInStatement)', () => {
  let t: TestApp;
  const sessionOnly = { ...signedIn(), sessionInStatement: true };
  beforeAll(async () => {
    t = await createTestApp();
    // a statement like a hot route's: what it reads, and the caller's session beside it
    t.app.get('/api/test/statement/:found', { config: { access: sessionOnly } }, async (request) => {
      const session = statementSession(t.app.db, request);
      const found = (request.params as { found: string }).found === 'yes';
      const rows = await t.app.db
        .select({ one: sql<number>`1`, session: sessionColumn })
        .from(sql`(select 1) as one`)
        .where(sql`${found}`)
        .execute(session.values as never);
      const user = await session.accept(rows[0]?.session);
      return { id: user.id, rows: rows.length };
    });
    t.app.get(
      '/api/test/statement-staff',
      { config: { access: { ...signedIn(['admin', 'manager'], 'Staff only.'), sessionInStatement: true } } },
      async (request) => ({ id: (await statementSession(t.app.db, request).accept(undefined)).id }),
    );
    t.app.get('/api/test/statement-unchecked', { config: { access: sessionOnly } }, async () => ({ leaked: true }));
  });
  afterAll(() => t.close());

  const as = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const urls = ['/api/test/statement/yes', '/api/test/statement/no'];

  it('signs in an approved caller from the session its statement read, or read on its own when it found no row', async () => {
    const { user, token } = await signInAs(t.app, (await createUser(t.db)).user);
    expect((await as(token, urls[0] as string)).json()).toEqual({ id: user.id, rows: 1 });
    expect((await as(token, urls[1] as string)).json()).toEqual({ id: user.id, rows: 0 });
  });

  it('refuses what checkSession refuses, whether the statement found a row or not', async () => {
    const signedOut = await signInAs(t.app, (await createUser(t.db)).user);
    const { jti } = await t.app.tokens.verify(signedOut.token);
    await t.db
      .insert(revokedTokens)
      .values({ jti, userId: signedOut.user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const oldVersion = await signInAs(t.app, (await createUser(t.db)).user);
    await t.db.update(users).set({ tokenVersion: 2 }).where(eq(users.id, oldVersion.user.id));
    const suspended = await signInAs(t.app, (await createUser(t.db, { status: 'suspended' })).user);
    const pending = await signInAs(t.app, (await createUser(t.db, { status: 'pending' })).user);
    const deleted = await signInAs(t.app, (await createUser(t.db)).user);
    await t.db.delete(users).where(eq(users.id, deleted.user.id));
    // a token naming another role than the account's (signed with the real secret)
    const agent = (await createUser(t.db, { role: 'agent' })).user;
    const otherRole = await signInAs(t.app, { ...agent, role: 'manager' });
    for (const url of urls) {
      const refusals = [
        [signedOut, 401, MESSAGES.signedOut],
        [oldVersion, 401, MESSAGES.sessionInvalid],
        [suspended, 401, MESSAGES.sessionInvalid],
        [pending, 403, MESSAGES.accountPending],
        [deleted, 401, MESSAGES.sessionInvalid],
        [otherRole, 401, MESSAGES.sessionInvalid],
      ] as const;
      for (const [who, status, message] of refusals) {
        const res = await as(who.token, url);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status, body: { message } });
      }
    }
    const staffOnly = await as(otherRole.token, '/api/test/statement-staff');
    expect(staffOnly.statusCode).toBe(401);
  });

  it('refuses a role the route does not let in before its statement runs, from the token', async () => {
    const res = await injectAs(t.app, 'agent', { method: 'GET', url: '/api/test/statement-staff' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Staff only.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/statement-staff' })).statusCode).toBe(401);
  });

  it('answers a handler that never checked the session with a fault, not with what it read', async () => {
    const res = await injectAs(t.app, 'agent', { method: 'GET', url: '/api/test/statement-unchecked' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('leaked');
  });
});

describe("the hot routes read the caller's session in their own statement", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/order/:id and its history: a signed-out or suspended caller gets what any route answers, the order or not, a malformed id or not', async () => {
    const manager = (await createUser(t.db, { role: 'manager' })).user;
    const agent = (await createUser(t.db, { role: 'agent' })).user;
    const order = await createOrderRow(t.db, await createProduct(t.db, manager), agent);
    const urls = [
      `/api/order/${order.id}`,
      `/api/orders/${order.id}/history`,
      '/api/order/00000000-0000-4000-8000-000000000000',
      '/api/orders/00000000-0000-4000-8000-000000000000/history',
      // refused by its params before the statement: the session's refusal still comes first
      '/api/order/not-an-id',
      '/api/orders/not-an-id/history',
    ];
    const own = await signInAs(t.app, agent);
    for (const url of urls.slice(0, 2)) {
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${own.token}` } })).statusCode,
      ).toBe(200);
    }
    const { jti } = await t.app.tokens.verify(own.token);
    await t.db.insert(revokedTokens).values({ jti, userId: agent.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const staff = await signInAs(t.app, (await createUser(t.db, { role: 'admin' })).user);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, staff.user.id));
    for (const url of urls) {
      for (const [token, message] of [
        [own.token, MESSAGES.signedOut],
        [staff.token, MESSAGES.sessionInvalid],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 401, body: { message } });
      }
    }
  });

  it("POST /api/orders reads it in the product's statement: a signed-out or suspended agent places nothing, with a key or without, whatever the product and body", async () => {
    const manager = (await createUser(t.db, { role: 'manager' })).user;
    const product = await createProduct(t.db, manager);
    const agent = (await createUser(t.db, { role: 'agent' })).user;
    const own = await signInAs(t.app, agent);
    const shot = { orderScreenshot: await insertUpload(t.db, agent) };
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${own.token}` },
      payload: orderBody(product.id, shot),
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().agent._id).toBe(agent.id);

    const { jti } = await t.app.tokens.verify(own.token);
    await t.db.insert(revokedTokens).values({ jti, userId: agent.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const other = await createUser(t.db, { role: 'agent' });
    const suspended = await signInAs(t.app, other.user);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, other.user.id));
    const bodies = [
      orderBody(product.id, { orderScreenshot: await insertUpload(t.db, agent) }),
      // no such product: the session's refusal comes first
      orderBody('00000000-0000-4000-8000-000000000000', { orderScreenshot: await insertUpload(t.db, agent) }),
      // refused by the body's schema before the statement
      orderBody(product.id, { ...shot, reviewType: 'none of them' }),
    ];
    const before = await t.db.$count(orders);
    for (const payload of bodies) {
      for (const key of [undefined, crypto.randomUUID()]) {
        for (const [token, message] of [
          [own.token, MESSAGES.signedOut],
          [suspended.token, MESSAGES.sessionInvalid],
        ] as const) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/orders',
            headers: { authorization: `Bearer ${token}`, ...(key && { 'idempotency-key': key }) },
            payload,
          });
          expect({ key, status: res.statusCode, body: res.json() }).toEqual({ key, status: 401, body: { message } });
        }
      }
    }
    expect(await t.db.$count(orders)).toBe(before);
  });

  it('POST /api/orders: an approved agent hears of an unknown product (404) and a key replays the order it placed', async () => {
    const agent = (await createUser(t.db, { role: 'agent' })).user;
    const manager = (await createUser(t.db, { role: 'manager' })).user;
    const product = await createProduct(t.db, manager);
    const missing = await injectAs(t.app, agent, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody('00000000-0000-4000-8000-000000000000', { orderScreenshot: await insertUpload(t.db, agent) }),
    });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({
      status: 404,
      body: { message: MESSAGES.orderProductNotFound },
    });
    // with a key: the session read before the key, not again inside its transaction
    const missingWithKey = await injectAs(t.app, agent, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody('00000000-0000-4000-8000-000000000000', { orderScreenshot: await insertUpload(t.db, agent) }),
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect({ status: missingWithKey.statusCode, body: missingWithKey.json() }).toEqual({
      status: 404,
      body: { message: MESSAGES.orderProductNotFound },
    });
    const key = crypto.randomUUID();
    const payload = orderBody(product.id, { orderScreenshot: await insertUpload(t.db, agent) });
    const first = await injectAs(t.app, agent, {
      method: 'POST',
      url: '/api/orders',
      payload,
      headers: { 'idempotency-key': key },
    });
    const again = await injectAs(t.app, agent, {
      method: 'POST',
      url: '/api/orders',
      payload,
      headers: { 'idempotency-key': key },
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()._id).toBe(first.json()._id);
    expect(again.headers['idempotent-replayed']).toBe('true');
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
