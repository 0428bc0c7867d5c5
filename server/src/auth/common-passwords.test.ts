import { dictionary } from '@zxcvbn-ts/language-common';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, type RegisterInput } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, uploads, users } from '../db/schema';
import { createTestApp, createUser, injectAs, signInAs, type TestApp } from '../test/helpers';
import { uploadCnicImage } from '../test/images';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';

const ranked = dictionary['passwords-common'];

describe('isCommonPassword', () => {
  it('knows the 10,000 most common passwords and not the ones ranked after them', () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORD_COUNT);
    expect(isCommonPassword(ranked[0] ?? '')).toBe(true);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1] ?? '')).toBe(true);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT] ?? '')).toBe(false);
    expect(ranked.slice(0, COMMON_PASSWORD_COUNT).filter(isCommonPassword)).toHaveLength(COMMON_PASSWORD_COUNT);
  });

  it('compares without case and surrounding spaces', () => {
    for (const password of ['password1', 'Password1', 'PASSWORD1', '  password1 ', 'Qwerty123', 'iloveyou']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets the passwords of the demo data, the tests and the browser tests through', () => {
    for (const password of [
      'demo-password',
      'correct horse battery',
      'e2e-admin-password',
      'bench-admin-password',
      'first-password-1',
      'registered-secret-1',
      'second-password-2',
      'approved-secret-9',
      'sana-secret-1',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('common passwords are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let counter = 0;
  const registration = async (password: string): Promise<RegisterInput> => ({
    firstName: 'Ayesha',
    lastName: 'Siddiqui',
    email: `common.${++counter}@example.com`,
    password,
    gender: 'female',
    phoneNumber: '+923001112233',
    city: 'Karachi',
    state: 'pakistan',
    referralName: 'Bilal',
    referralContact: '+923004445566',
    cnicFront: await uploadCnicImage(t.app),
    cnicBack: await uploadCnicImage(t.app, 'png'),
  });
  const register = (input: RegisterInput) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload: input as object });
  const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  it('at registration, with a message that says why, and no account is made', async () => {
    for (const password of ['password1', 'Qwerty123', ' iloveyou ']) {
      const input = await registration(password);
      const res = await register(input);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.passwordTooCommon });
      expect(await t.db.$count(users, sql`lower(${users.email}) = ${input.email}`)).toBe(0);
      // the CNIC images stay unclaimed, for the retry with another password
      const [front] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, keyOf(input.cnicFront)));
      expect(front?.ownerId).toBeNull();
    }
    // the same form with a less common password goes through
    expect((await register(await registration('password1-but-longer'))).statusCode).toBe(201);
  });

  it('after the 6-character rule, whose message stays', async () => {
    // '12345' is common too: the length rule answers first
    const res = await register(await registration('12345'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.passwordTooShort });
  });

  it('at a password change, which then changes nothing', async () => {
    const { user, password } = await createUser(t.db);
    const { token } = await signInAs(t.app, user);
    const change = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/update/password',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const res = await change({ currentPassword: password, newPassword: 'Football1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.passwordTooCommon });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ passwordHash: user.passwordHash, tokenVersion: user.tokenVersion });

    const short = await change({ currentPassword: password, newPassword: '1234' });
    expect(short.json()).toEqual({ message: MESSAGES.passwordTooShort });
  });

  it('when an admin sets one on approval: the user stays pending with the password it had', async () => {
    const { user } = await createUser(t.db, { status: 'pending' });
    const approve = (payload: object) =>
      injectAs(t.app, 'admin', { method: 'PUT', url: `/api/user/${user.id}/approve`, payload });
    const res = await approve({ password: 'welcome1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.passwordTooCommon });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      status: 'pending',
      passwordHash: user.passwordHash,
      tokenVersion: user.tokenVersion,
    });
    expect(await t.db.$count(alerts, eq(alerts.userId, user.id))).toBe(0);

    expect((await approve({ password: '123' })).json()).toEqual({ message: MESSAGES.passwordTooShort });
  });
});
