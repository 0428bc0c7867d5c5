import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { loginResponseSchema, MESSAGES, tooManyFailedSignIns } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySignInAttempts } from '../auth/sign-in-attempts';
import { revokedTokens, users } from '../db/schema';
import { createTestApp, createUser, TEST_JWT_SECRET, type TestApp } from '../test/helpers';

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

describe('login rate limit behind proxies', () => {
  const limits = { login: { max: 3, timeWindow: 60_000 } };
  const attempt = (t: TestApp, forwardedFor: string, remoteAddress = '10.0.0.2') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone@example.com', password: 'guess1234' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('with one proxy, counts the address the proxy appended, whatever a client writes before it', async () => {
    const t = await createTestApp({ rateLimits: limits, trustProxy: 1 });
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(t, `198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(401);
      const limited = await attempt(t, '198.51.100.99, 203.0.113.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests });
      // another client behind the same proxy has its own count
      expect((await attempt(t, '198.51.100.1, 203.0.113.8')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('with two proxies, counts the address the outer proxy appended', async () => {
    const t = await createTestApp({ rateLimits: limits, trustProxy: 2 });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await attempt(t, `198.51.100.${i}, 203.0.113.7, 10.0.0.9`)).statusCode).toBe(401);
      }
      expect((await attempt(t, '203.0.113.7, 10.0.0.9')).statusCode).toBe(429);
      expect((await attempt(t, '203.0.113.8, 10.0.0.9')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("with the proxies' addresses, counts the last address that is not one of them", async () => {
    const t = await createTestApp({ rateLimits: limits, trustProxy: ['10.0.0.0/8'] });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await attempt(t, `198.51.100.${i}, 203.0.113.7, 10.1.2.3`)).statusCode).toBe(401);
      }
      expect((await attempt(t, '203.0.113.7')).statusCode).toBe(429);
      // a client reaching the API directly is counted by its own address, whatever it forwards
      for (let i = 0; i < 3; i++) {
        expect((await attempt(t, `198.51.100.${i}`, '192.0.2.50')).statusCode).toBe(401);
      }
      expect((await attempt(t, '198.51.100.200', '192.0.2.50')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('without a proxy, ignores X-Forwarded-For: a client cannot escape the limit by writing one', async () => {
    const t = await createTestApp({ rateLimits: limits });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await attempt(t, `198.51.100.${i}`, '192.0.2.60')).statusCode).toBe(401);
      }
      expect((await attempt(t, '198.51.100.77', '192.0.2.60')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('failed sign-ins per account and address', () => {
  const WINDOW = 15 * 60_000;
  let t: TestApp;
  let clock = 0;
  beforeAll(async () => {
    const failedLogin = { max: 3, timeWindow: WINDOW };
    t = await createTestApp({
      rateLimits: { failedLogin },
      signInAttempts: createMemorySignInAttempts(failedLogin, { now: () => clock }),
    });
  });
  afterAll(() => t.close());

  let address = 0;
  /** every attempt from another address: the per-address limit never sees two */
  const fromAnywhere = (email: string, password: string) =>
    login(t, { email, password }, `198.51.100.${++address % 250}`);
  const from = (remoteAddress: string, email: string, password: string) => login(t, { email, password }, remoteAddress);

  it("never keeps the owner out from another address, however many times one address guessed, the admin's too", async () => {
    clock = 1_000_000;
    const { user: admin, password } = await createUser(t.db, { role: 'admin' });
    let waited = 0;
    for (let i = 0; i < 30; i++) {
      const guess = await from('203.0.113.66', admin.email, `wrong-${i}`);
      expect([401, 429]).toContain(guess.statusCode);
      if (guess.statusCode === 429) {
        waited = Number(guess.headers['retry-after']);
        clock += waited * 1_000;
      }
    }
    // the guesser is slowed down...
    expect(waited).toBe(WINDOW / 1_000);
    expect((await from('203.0.113.66', admin.email, 'one-more')).statusCode).toBe(401);
    expect((await from('203.0.113.66', admin.email, password)).statusCode).toBe(429);
    // ...and the owner, elsewhere, is not
    const owner = await from('192.0.2.10', admin.email, password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.role).toBe('admin');
  });

  it('slows an address down with a wait that doubles after each failure, says when to try again, and never locks', async () => {
    clock = 20_000_000;
    const { user, password } = await createUser(t.db);
    const here = '203.0.113.70';
    for (let i = 0; i < 3; i++) expect((await from(here, user.email, `wrong-${i}`)).statusCode).toBe(401);
    for (const waitSeconds of [1, 2, 4, 8]) {
      const early = await from(here, user.email, password);
      expect(early.statusCode).toBe(429);
      expect(early.json()).toEqual({ message: tooManyFailedSignIns(waitSeconds * 1_000) });
      expect(Number(early.headers['retry-after'])).toBe(waitSeconds);
      clock += waitSeconds * 1_000;
      expect((await from(here, user.email, 'still-wrong')).statusCode).toBe(401);
    }
    const early = await from(here, user.email, password);
    expect(early.json().message).toBe('Too many failed sign-ins for this account. Try again in 16 seconds.');
    // half-way through the wait: the rest of it
    clock += 8_000;
    expect(Number((await from(here, user.email, password)).headers['retry-after'])).toBe(8);
    clock += 8_000;
    expect((await from(here, user.email, password)).statusCode).toBe(200);
  });

  it("says minutes once the wait is a minute or more, and waits at most FAILED_LOGIN_LIMIT's window", async () => {
    clock = 40_000_000;
    const { user } = await createUser(t.db);
    const here = '203.0.113.80';
    let last = '';
    for (let i = 0; i < 40; i++) {
      const res = await from(here, user.email, 'wrong');
      if (res.statusCode === 429) {
        last = res.json().message;
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(WINDOW / 1_000);
        clock += Number(res.headers['retry-after']) * 1_000;
      }
    }
    expect(last).toBe('Too many failed sign-ins for this account. Try again in 15 minutes.');
  });

  it('answers an email without an account exactly as an account, so the wait tells nobody which exist', async () => {
    clock = 50_000_000;
    const { user } = await createUser(t.db);
    const answers = async (email: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await from('203.0.113.90', email, 'not-the-password');
        seen.push([res.statusCode, res.json(), res.headers['retry-after']]);
      }
      return seen;
    };
    expect(await answers('nobody-here@example.com')).toEqual(await answers(user.email));
  });

  it('counts an email whatever its case and spaces', async () => {
    clock = 100_000_000;
    const { user, password } = await createUser(t.db, { email: 'Case.Counted@Example.com' });
    for (const email of ['case.counted@example.com', ' CASE.COUNTED@EXAMPLE.COM', 'Case.Counted@Example.com']) {
      expect((await from('203.0.113.100', email, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await from('203.0.113.100', user.email, password)).statusCode).toBe(429);
  });

  it('forgets the failures when the right password signs in', async () => {
    clock = 150_000_000;
    const { user, password } = await createUser(t.db);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++)
        expect((await from('203.0.113.110', user.email, 'wrong-password')).statusCode).toBe(401);
      expect((await from('203.0.113.110', user.email, password)).statusCode).toBe(200);
    }
  });

  it('does not count a request refused as malformed', async () => {
    clock = 200_000_000;
    const { user, password } = await createUser(t.db);
    for (let i = 0; i < 5; i++) expect((await login(t, { email: user.email })).statusCode).toBe(400);
    expect((await fromAnywhere(user.email, password)).statusCode).toBe(200);
  });
});

describe('POST /api/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const logout = (token: string | undefined, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const signIn = async (email: string, password: string) =>
    loginResponseSchema.parse((await login(t, { email, password })).json()).token;

  it('ends the token it is called with: 204, then that token is refused everywhere with a message', async () => {
    const { user, password } = await createUser(t.db);
    const token = await signIn(user.email, password);
    expect((await get('/api/user', token)).statusCode).toBe(200);

    const res = await logout(token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    for (const url of ['/api/user', '/api/alerts', '/api/orders/filtered', '/api/products/approved']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json()).toEqual({ message: MESSAGES.signedOut });
    }
    const again = await logout(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: MESSAGES.signedOut });
  });

  it('keeps the revocation until the token would have expired, for that token only', async () => {
    const { user, password } = await createUser(t.db);
    const token = await signIn(user.email, password);
    const { jti, exp } = await t.app.tokens.verify(token);
    expect((await logout(token)).statusCode).toBe(204);
    const stored = await t.db.select().from(revokedTokens).where(eq(revokedTokens.userId, user.id));
    expect(stored).toEqual([{ jti, userId: user.id, expiresAt: new Date(exp * 1000) }]);
  });

  it("leaves the person's other devices signed in", async () => {
    const { user, password } = await createUser(t.db);
    const phone = await signIn(user.email, password);
    const laptop = await signIn(user.email, password);
    expect(phone).not.toBe(laptop);

    expect((await logout(phone)).statusCode).toBe(204);
    expect((await get('/api/user', phone)).statusCode).toBe(401);
    expect((await get('/api/user', laptop)).statusCode).toBe(200);
  });

  it('does not stop a password change from ending every other session', async () => {
    const { user, password } = await createUser(t.db);
    const phone = await signIn(user.email, password);
    const laptop = await signIn(user.email, password);
    const tablet = await signIn(user.email, password);
    expect((await logout(phone)).statusCode).toBe(204);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/update/password',
      headers: { authorization: `Bearer ${laptop}` },
      payload: { currentPassword: password, newPassword: 'a-brand-new-secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/user', tablet)).json()).toEqual({ message: MESSAGES.sessionInvalid });
    expect((await get('/api/user', laptop)).statusCode).toBe(401);
    expect((await get('/api/user', changed.json().token)).statusCode).toBe(200);
  });

  it('lets a pending user log out', async () => {
    const { user } = await createUser(t.db, { status: 'pending' });
    const token = await t.app.tokens.sign(user);
    expect((await logout(token)).statusCode).toBe(204);
    expect((await get('/api/user', token)).json()).toEqual({ message: MESSAGES.signedOut });
  });

  it('refuses a caller without a token or with a broken body, and revokes nothing', async () => {
    const { user } = await createUser(t.db);
    const token = await t.app.tokens.sign(user);
    const anonymous = await logout(undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MESSAGES.authorizationMissing });

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"jti": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(await t.db.select().from(revokedTokens).where(eq(revokedTokens.userId, user.id))).toEqual([]);
    expect((await get('/api/user', token)).statusCode).toBe(200);
  });

  it('refuses a token without an id (signed before logout existed), which no logout could end', async () => {
    const { user } = await createUser(t.db);
    const now = Math.floor(Date.now() / 1000);
    const legacy = await new SignJWT({ role: user.role, tv: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await get('/api/user', legacy);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.sessionInvalid });
  });

  it('answers two logouts racing with one token without an error, and stores one revocation', async () => {
    const { user } = await createUser(t.db);
    const token = await t.app.tokens.sign(user);
    const answers = await Promise.all(Array.from({ length: 8 }, () => logout(token)));
    for (const res of answers) {
      expect([204, 401], res.body).toContain(res.statusCode);
      if (res.statusCode === 401) expect(res.json()).toEqual({ message: MESSAGES.signedOut });
    }
    expect(answers.some((res) => res.statusCode === 204)).toBe(true);
    expect(await t.db.select().from(revokedTokens).where(eq(revokedTokens.userId, user.id))).toHaveLength(1);
  });
});
