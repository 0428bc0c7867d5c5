import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { MESSAGES, userSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, createUser, injectAs, signInAs, TEST_JWT_SECRET, type TestApp } from '../test/helpers';

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

  it("answers the caller's user, with the referrer filled in", async () => {
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
      referralUserId: {
        _id: referrer.id,
        firstName: 'Ali',
        lastName: 'Raza',
        name: 'Ali Raza',
        phoneNumber: '+923331112223',
        email: referrer.email,
      },
    });
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
