import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { MESSAGES, passwordUpdateResponseSchema, userSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, type UserRow, users } from '../db/schema';
import { createTestApp, createUser, injectAs, signInAs, TEST_JWT_SECRET, type TestApp } from '../test/helpers';
import { uploadCnicImage } from '../test/images';

const getUser = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: authorization === undefined ? {} : { authorization } });

const sign = (claims: Record<string, unknown>, secret: string, subject: string, issuedAt: number, expiresAt: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

describe('GET /api/user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers the caller's user, with the referrer's id and name filled in", async () => {
    const { user: referrer } = await createUser(t.db, {
      role: 'agent',
      firstName: 'Ali',
      lastName: 'Raza',
      phoneNumber: '+923331112223',
    });
    const { user } = await createUser(t.db, {
      firstName: 'Hina',
      lastName: 'Malik',
      referralUserId: referrer.id,
      referralName: 'Ali',
      referralContact: '+923331112223',
      cnicFront: 'private/front.png',
      cnicBack: 'private/back.png',
    });
    const res = await injectAs(t.app, user, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    const body = userSchema.parse(res.json());
    expect(body).toMatchObject({
      _id: user.id,
      id: user.id,
      name: 'Hina Malik',
      email: user.email,
      role: 'agent',
      status: 'approved',
      state: 'pakistan',
      referralName: 'Ali',
    });
    // the referrer's contact details are for admins only
    expect(body.referralUserId).toEqual({ _id: referrer.id, firstName: 'Ali', lastName: 'Raza', name: 'Ali Raza' });
    // CNIC images are private: never in the user's own JSON.
    expect(body.cnicFront).toBeUndefined();
    expect(JSON.stringify(res.json())).not.toMatch(/passwordHash|password_hash|tokenVersion|private\//);
  });

  it('accepts a bare token without the Bearer prefix', async () => {
    const { user, token } = await signInAs(t.app, 'admin');
    const res = await getUser(t, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(user.id);
  });

  it('refuses a request without a token with 401', async () => {
    const res = await getUser(t);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.authorizationMissing });
    expect((await getUser(t, 'Bearer ')).statusCode).toBe(401);
  });

  it('refuses an expired token and asks to sign in again', async () => {
    const { user } = await signInAs(t.app, 'agent');
    const now = Math.floor(Date.now() / 1000);
    const token = await sign(
      { role: user.role, tv: user.tokenVersion },
      TEST_JWT_SECRET,
      user.id,
      now - 7200,
      now - 3600,
    );
    const res = await getUser(t, `Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.sessionExpired });
  });

  it('refuses a token signed with another secret', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const now = Math.floor(Date.now() / 1000);
    const token = await sign(
      { role: 'admin', tv: 0 },
      'an-attackers-secret-of-enough-length!!',
      user.id,
      now,
      now + 3600,
    );
    const res = await getUser(t, `Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.sessionInvalid });
  });

  it('refuses an unsigned token and one whose payload was edited', async () => {
    const { user, token } = await signInAs(t.app, 'agent');
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: user.id, role: 'admin', tv: 0, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    for (const forged of [`${header}.${payload}.${signature}`, none, 'not-a-token']) {
      const res = await getUser(t, `Bearer ${forged}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES.sessionInvalid });
    }
  });

  it('refuses a token whose user is gone', async () => {
    const { user } = await createUser(t.db);
    const { token } = await signInAs(t.app, user);
    await t.db.delete(users).where(eq(users.id, user.id));
    const res = await getUser(t, `Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.sessionInvalid });
  });

  it('refuses a token older than the last password change (token version bumped)', async () => {
    const { user } = await createUser(t.db);
    const { token } = await signInAs(t.app, user);
    await t.db
      .update(users)
      .set({ tokenVersion: user.tokenVersion + 1 })
      .where(eq(users.id, user.id));
    expect((await getUser(t, `Bearer ${token}`)).statusCode).toBe(401);
    const fresh = await signInAs(t.app, { ...user, tokenVersion: user.tokenVersion + 1 });
    expect((await getUser(t, `Bearer ${fresh.token}`)).statusCode).toBe(200);
  });

  it('answers a pending user too, so the app can show the waiting screen', async () => {
    const { user } = await createUser(t.db, { role: 'manager', status: 'pending' });
    const res = await injectAs(t.app, user, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user.id, status: 'pending' });
  });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('PUT /api/update/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const updatePassword = (token: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/update/password', headers: bearer(token), payload: payload as object });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

  it.each(['agent', 'manager', 'admin'] as const)(
    'changes a %s’s password, revokes the older tokens, and answers a new one',
    async (role) => {
      const { user, password } = await createUser(t.db, { role });
      const { token: oldToken } = await signInAs(t.app, user);
      const res = await updatePassword(oldToken, { currentPassword: password, newPassword: 'brand-new-pass' });
      expect(res.statusCode).toBe(200);
      const body = passwordUpdateResponseSchema.parse(res.json());
      expect(body.message).toBe(MESSAGES.passwordUpdated);

      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.tokenVersion).toBe(user.tokenVersion + 1);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

      const withOld = await getUser(t, `Bearer ${oldToken}`);
      expect(withOld.statusCode).toBe(401);
      expect(withOld.json()).toEqual({ message: MESSAGES.sessionInvalid });
      expect((await getUser(t, `Bearer ${body.token}`)).statusCode).toBe(200);

      expect((await login(user.email, password)).statusCode).toBe(401);
      expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);
    },
  );

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { user, password } = await createUser(t.db);
    const { token } = await signInAs(t.app, user);
    const res = await updatePassword(token, { currentPassword: 'not-my-password', newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.currentPasswordIncorrect });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ tokenVersion: user.tokenVersion, passwordHash: user.passwordHash });
    expect((await getUser(t, `Bearer ${token}`)).statusCode).toBe(200);
    expect((await login(user.email, password)).statusCode).toBe(200);
  });

  it('refuses a new password under 6 characters, and missing fields', async () => {
    const { user, password } = await createUser(t.db);
    const { token } = await signInAs(t.app, user);
    const short = await updatePassword(token, { currentPassword: password, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: MESSAGES.passwordTooShort });
    const empty = await updatePassword(token, { currentPassword: '', newPassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: MESSAGES.fillBothFields });
    expect((await updatePassword(token, {})).statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });

  it('refuses a request without a token (401) and a pending user (403)', async () => {
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/update/password',
      payload: { currentPassword: 'a', newPassword: 'abcdef' },
    });
    expect(none.statusCode).toBe(401);
    const { user, password } = await createUser(t.db, { status: 'pending' });
    const { token } = await signInAs(t.app, user);
    const pending = await updatePassword(token, { currentPassword: password, newPassword: 'brand-new-pass' });
    expect(pending.statusCode).toBe(403);
  });

  it('lets only one of two changes made with the same token through', async () => {
    const { user, password } = await createUser(t.db);
    const { token } = await signInAs(t.app, user);
    const results = await Promise.all([
      updatePassword(token, { currentPassword: password, newPassword: 'first-new-pass' }),
      updatePassword(token, { currentPassword: password, newPassword: 'second-new-pass' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([200, 401]).toContain(codes[1]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    // each success bumps the version once; a refused one does not
    expect(row?.tokenVersion).toBe(user.tokenVersion + codes.filter((c) => c === 200).length);
  });
});

describe('GET /api/all/pendingusers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists pending users newest first, paged, with the total in X-Total-Count', async () => {
    const { user: referrer } = await createUser(t.db, { firstName: 'Ref', lastName: 'Errer' });
    const base = Date.now() - 60_000;
    const pending: UserRow[] = [];
    for (let i = 0; i < 3; i++) {
      const { user } = await createUser(t.db, {
        status: 'pending',
        firstName: `Pending${i}`,
        createdAt: new Date(base + i * 1000),
        referralUserId: i === 2 ? referrer.id : null,
        cnicFront: `${'a'.repeat(32)}.png`,
      });
      pending.push(user);
    }
    await createUser(t.db, { status: 'approved' });

    const res = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/all/pendingusers?limit=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const body = userSchema.array().parse(res.json());
    expect(body.map((u) => u._id)).toEqual([pending[2]?.id, pending[1]?.id]);
    expect(body[0]?.referralUserId).toMatchObject({ _id: referrer.id, name: 'Ref Errer' });
    expect(body.every((u) => u.status === 'pending')).toBe(true);
    // the list never carries CNIC images
    expect(body[0]?.cnicFront).toBeUndefined();

    const page2 = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/all/pendingusers?limit=2&page=2' });
    expect(page2.json().map((u: { _id: string }) => u._id)).toEqual([pending[0]?.id]);
    expect(page2.headers['x-total-count']).toBe('3');
  });

  it('refuses managers and agents with 403, and a bad page with 400', async () => {
    for (const role of ['manager', 'agent'] as const) {
      const res = await injectAs(t.app, role, { method: 'GET', url: '/api/all/pendingusers' });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/all/pendingusers' })).statusCode).toBe(401);
    const bad = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/all/pendingusers?page=0' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/pendinguser/:id and PUT /api/user/:id/approve', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://api.example.test' });
  });
  afterAll(() => t.close());

  /** A pending user with real CNIC uploads, registered the way the app does it. */
  const registerPending = async (email = `pending-${Math.random().toString(16).slice(2)}@example.com`) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        firstName: 'Zara',
        lastName: 'Qureshi',
        email,
        password: 'first-pass',
        gender: 'female',
        phoneNumber: '+923001234567',
        city: 'Lahore',
        state: 'pakistan',
        referralName: 'Someone',
        referralContact: '+923009999999',
        cnicFront: await uploadCnicImage(t.app, 'png'),
        cnicBack: await uploadCnicImage(t.app, 'jpeg'),
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().user._id));
    if (!row) throw new Error('registered user not stored');
    return { user: row, token: res.json().token as string };
  };

  it('shows an admin a pending user with CNIC images as signed links that work', async () => {
    const { user } = await registerPending();
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/pendinguser/${user.id}` });
    expect(res.statusCode).toBe(200);
    const body = userSchema.parse(res.json());
    expect(body).toMatchObject({ _id: user.id, status: 'pending', name: 'Zara Qureshi' });
    for (const [link, key] of [
      [body.cnicFront, user.cnicFront],
      [body.cnicBack, user.cnicBack],
    ]) {
      expect(link).toMatch(
        new RegExp(`^https://api\\.example\\.test/api/private/${key}\\?expires=\\d+&sig=[0-9a-f]{64}$`),
      );
      const url = new URL(link ?? '');
      const expires = Number(url.searchParams.get('expires'));
      const now = Date.now() / 1000;
      expect(expires).toBeGreaterThan(now + 8 * 60);
      expect(expires).toBeLessThanOrEqual(now + 10 * 60 + 1);
      const image = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toBe('no-store');
      expect(image.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
      // the bare path (no signature) does not serve it
      expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(403);
    }
  });

  it('shows an approved user too, and a user without CNIC images without links', async () => {
    const { user } = await createUser(t.db, { role: 'manager' });
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/pendinguser/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user.id, status: 'approved' });
    expect(res.json().cnicFront).toBeUndefined();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['5f1b2c3d-0000-4000-8000-000000000000', 'nope', '1%27%20or%201%3D1']) {
      const res = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/pendinguser/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.userNotFound });
    }
  });

  it('refuses managers and agents, for the detail and for approval', async () => {
    const { user } = await registerPending();
    for (const role of ['manager', 'agent'] as const) {
      expect((await injectAs(t.app, role, { method: 'GET', url: `/api/pendinguser/${user.id}` })).statusCode).toBe(403);
      const approve = await injectAs(t.app, role, { method: 'PUT', url: `/api/user/${user.id}/approve`, payload: {} });
      expect(approve.statusCode).toBe(403);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe('pending');
  });

  it('approves a pending user, who leaves the pending list, gets an alert and can sign in', async () => {
    const { user, token } = await registerPending();
    const res = await injectAs(t.app, 'admin', { method: 'PUT', url: `/api/user/${user.id}/approve` });
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json())).toMatchObject({ _id: user.id, status: 'approved' });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: 'approved', tokenVersion: user.tokenVersion, passwordHash: user.passwordHash });
    const list = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/all/pendingusers?limit=200' });
    expect(list.json().map((u: { _id: string }) => u._id)).not.toContain(user.id);

    const userAlerts = await t.db.select().from(alerts).where(eq(alerts.userId, user.id));
    expect(userAlerts).toHaveLength(1);
    expect(userAlerts[0]).toMatchObject({
      type: 'user_approved',
      message: 'Your account was approved. Welcome!',
      link: '',
      read: false,
    });

    // the registration token now works everywhere; login too
    const commission = await t.app.inject({
      method: 'GET',
      url: `/api/agent/comission/${user.id}`,
      headers: bearer(token),
    });
    expect(commission.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'first-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('sets a new password when given one: the old one and the old tokens stop working', async () => {
    const { user, token } = await registerPending();
    const res = await injectAs(t.app, 'admin', {
      method: 'PUT',
      url: `/api/user/${user.id}/approve`,
      payload: { password: 'set-by-admin' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.tokenVersion).toBe(user.tokenVersion + 1);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });
    expect((await login('first-pass')).statusCode).toBe(401);
    expect((await login('set-by-admin')).statusCode).toBe(200);
    expect((await getUser(t, `Bearer ${token}`)).statusCode).toBe(401);
  });

  it('refuses a new password under 6 characters and leaves the user pending', async () => {
    const { user } = await registerPending();
    const res = await injectAs(t.app, 'admin', {
      method: 'PUT',
      url: `/api/user/${user.id}/approve`,
      payload: { password: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.passwordTooShort });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe('pending');
  });

  it('answers 409 for a user already approved, without a second alert or a password change', async () => {
    const { user } = await registerPending();
    const approve = (payload: object) =>
      injectAs(t.app, 'admin', { method: 'PUT', url: `/api/user/${user.id}/approve`, payload });
    expect((await approve({})).statusCode).toBe(200);
    const again = await approve({ password: 'another-pass' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MESSAGES.userAlreadyApproved });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
    expect(await t.db.$count(alerts, eq(alerts.userId, user.id))).toBe(1);
  });

  it('approves once when two admins approve at the same moment', async () => {
    const { user } = await registerPending();
    const approve = () => injectAs(t.app, 'admin', { method: 'PUT', url: `/api/user/${user.id}/approve`, payload: {} });
    const results = await Promise.all([approve(), approve()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.$count(alerts, eq(alerts.userId, user.id))).toBe(1);
  });

  it('answers 404 when approving an unknown or malformed id', async () => {
    for (const id of ['5f1b2c3d-0000-4000-8000-000000000000', 'abc']) {
      const res = await injectAs(t.app, 'admin', { method: 'PUT', url: `/api/user/${id}/approve`, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.userNotFound });
    }
  });
});
