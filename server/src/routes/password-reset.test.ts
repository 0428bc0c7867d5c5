/**
 * Getting back in: the emailed link (read from a real SMTP server in this process), the reset,
 * the limits, and the admin's link (docs/domain.md, Forgotten passwords).
 */
import { eq } from 'drizzle-orm';
import {
  loginResponseSchema,
  MESSAGES,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_MESSAGES_UR,
  passwordResetAnswerSchema,
  resetLinkSchema,
} from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, type UserRow, userEvents, users } from '../db/schema';
import { hashResetToken } from '../services/password-reset';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { resetLinkIn, startTestInbox, type TestInbox, tokenOf } from '../test/mail';

const SHELL_URL = 'https://app.example.com';
const NEW_PASSWORD = 'a fresh pass phrase';

const forgot = (t: TestApp, email: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress });
const reset = (t: TestApp, token: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword } });
const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const issue = (t: TestApp, admin: UserRow, userId: string) =>
  injectAs(t.app, admin, { method: 'POST', url: `/api/user/${userId}/password-reset` });

async function eventsOf(t: TestApp, userId: string) {
  return t.db
    .select({ type: userEvents.type, actorId: userEvents.actorId })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(userEvents.seq);
}

describe('forgotten password, by email', () => {
  let inbox: TestInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startTestInbox();
    t = await createTestApp({ mail: inbox.settings, shellUrl: SHELL_URL });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it("writes the email in the account's language, and the answer in the request's", async () => {
    const { user } = await createUser(t.db, { email: 'urdu.reader@example.com', locale: 'ur' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      headers: { 'accept-language': 'ur-PK' },
      payload: { email: user.email },
      remoteAddress: '10.0.0.77',
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: PASSWORD_RESET_MESSAGES_UR.forgotAccepted });
    const mail = await inbox.messageTo(user.email);
    expect(mail.text).toContain(PASSWORD_RESET_MESSAGES_UR.emailText(resetLinkIn(mail)).split('\n')[0]);
  });

  it('emails an approved account a link; the link sets the password once and ends every session', async () => {
    const { user, password } = await createUser(t.db, { email: 'Forgetful.Agent@example.com' });
    const signedIn = loginResponseSchema.parse((await login(t, user.email, password)).json());

    const asked = await forgot(t, '  forgetful.agent@EXAMPLE.com ');
    expect(asked.statusCode).toBe(202);
    expect(passwordResetAnswerSchema.parse(asked.json())).toEqual({ message: PASSWORD_RESET_MESSAGES.forgotAccepted });

    const mail = await inbox.messageTo(user.email);
    expect(mail.raw).toContain('From: Reviews <no-reply@example.com>');
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${SHELL_URL}/reset-password?token=`)).toBe(true);
    const token = tokenOf(link);
    // 256 bits, base64url; only its hash is stored
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const done = await reset(t, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.passwordReset });

    expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, user.email, password)).statusCode).toBe(401);
    // the session from before the reset has ended
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${signedIn.token}` },
    });
    expect(me.statusCode).toBe(401);
    expect(await eventsOf(t, user.id)).toEqual([{ type: 'password-reset', actorId: user.id }]);

    // once only
    const again = await reset(t, token, 'yet another phrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.linkInvalid });
    expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link, and an unknown one, with the same message', async () => {
    const { user, password } = await createUser(t.db);
    await forgot(t, user.email);
    const token = tokenOf(resetLinkIn(await inbox.messageTo(user.email)));
    await t.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000), expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResetTokens.userId, user.id));

    for (const dead of [token, 'A'.repeat(43), 'not-a-token']) {
      const res = await reset(t, dead);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.linkInvalid });
    }
    expect((await login(t, user.email, password)).statusCode).toBe(200);
  });

  it('keeps the links 60 minutes, and a new link ends the earlier unused one', async () => {
    const { user } = await createUser(t.db);
    await forgot(t, user.email);
    const first = tokenOf(resetLinkIn(await inbox.messageTo(user.email)));
    const [row] = await t.db
      .select({ created: passwordResetTokens.createdAt, expires: passwordResetTokens.expiresAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect((row?.expires.getTime() ?? 0) - (row?.created.getTime() ?? 0)).toBe(60 * 60_000);

    const admin = (await createUser(t.db, { role: 'admin' })).user;
    const second = tokenOf(resetLinkSchema.parse((await issue(t, admin, user.id)).json()).url);
    expect((await reset(t, first)).json()).toEqual({ message: PASSWORD_RESET_MESSAGES.linkInvalid });
    expect((await reset(t, second)).statusCode).toBe(200);
  });

  it('sets the password by the rules of a change', async () => {
    const { user } = await createUser(t.db);
    await forgot(t, user.email);
    const token = tokenOf(resetLinkIn(await inbox.messageTo(user.email)));

    const short = await reset(t, token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: MESSAGES.passwordTooShort });
    const common = await reset(t, token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: MESSAGES.passwordTooCommon });
    // the refusals did not use the link up
    expect((await reset(t, token)).statusCode).toBe(200);
  });

  it('refuses the link of an account suspended since it was sent, and changes nothing', async () => {
    const { user } = await createUser(t.db);
    await forgot(t, user.email);
    const token = tokenOf(resetLinkIn(await inbox.messageTo(user.email)));
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));

    const res = await reset(t, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.linkInvalid });
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(user.passwordHash);
    expect(after?.tokenVersion).toBe(user.tokenVersion);
    expect(await eventsOf(t, user.id)).toEqual([]);
  });

  it('of two resets with one link at once, exactly one sets its password', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { user } = await createUser(t.db);
      await forgot(t, user.email);
      const token = tokenOf(resetLinkIn(await inbox.messageTo(user.email)));
      const answers = await Promise.all([
        reset(t, token, 'first racing phrase'),
        reset(t, token, 'second racing phrase'),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
      const winner = answers[0]?.statusCode === 200 ? 'first racing phrase' : 'second racing phrase';
      expect((await login(t, user.email, winner)).statusCode).toBe(200);
      expect((await eventsOf(t, user.id)).map((event) => event.type)).toEqual(['password-reset']);
    }
  });
});

describe('forgotten password: who gets no email', () => {
  it('answers the same 202 for an unknown email and for accounts not approved, and sends nothing', async () => {
    const inbox = await startTestInbox();
    const t = await createTestApp({ mail: inbox.settings, shellUrl: SHELL_URL });
    try {
      const emails = ['nobody-here@example.com'];
      for (const status of ['pending', 'rejected', 'suspended'] as const) {
        emails.push((await createUser(t.db, { status })).user.email);
      }
      for (const email of emails) {
        const res = await forgot(t, email);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.forgotAccepted });
      }
      expect(await t.db.select().from(passwordResetTokens)).toEqual([]);
    } finally {
      // closing the app waits for every email under way
      await t.close();
    }
    expect(inbox.messages).toEqual([]);
    await inbox.close();
  });

  it('without SMTP_URL answers 503 saying to ask the admin, and makes no link', async () => {
    const t = await createTestApp();
    try {
      const { user } = await createUser(t.db);
      const res = await forgot(t, user.email);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.mailNotConfigured });
      expect(await t.db.select().from(passwordResetTokens)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('forgotten password: limits', () => {
  let inbox: TestInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startTestInbox();
    t = await createTestApp({
      mail: inbox.settings,
      rateLimits: {
        passwordForgot: { max: 3, timeWindow: 3_600_000 },
        passwordForgotEmail: { max: 2, timeWindow: 3_600_000 },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('limits one address, whatever the emails, with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await forgot(t, `someone-${i}@example.com`, '10.1.0.1')).statusCode).toBe(202);
    const over = await forgot(t, 'someone-else@example.com', '10.1.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(
      /^Too many password reset requests from your network\. Try again in 60 minutes\.$/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not held back
    expect((await forgot(t, 'someone-else@example.com', '10.1.0.2')).statusCode).toBe(202);
  });

  it('limits one email, from any address and whether or not it has an account', async () => {
    const { user } = await createUser(t.db);
    for (const email of [user.email, 'no-account@example.com']) {
      expect((await forgot(t, email, '10.2.0.1')).statusCode).toBe(202);
      expect((await forgot(t, email.toUpperCase(), '10.2.0.2')).statusCode).toBe(202);
      const over = await forgot(t, email, '10.2.0.3');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.forgotTooManyForEmail(3_600_000) });
    }
    // the third request made no link: the one left is the second's
    await inbox.messageTo(user.email);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toHaveLength(
      1,
    );
  });
});

describe("an admin's reset link", () => {
  let t: TestApp;
  let admin: UserRow;
  beforeAll(async () => {
    t = await createTestApp({ shellUrl: SHELL_URL });
    admin = (await createUser(t.db, { role: 'admin' })).user;
  });
  afterAll(() => t.close());

  it('answers a one-time link to the shell, valid 60 minutes, and records who issued it', async () => {
    const { user, password } = await createUser(t.db, { role: 'manager' });
    const res = await issue(t, admin, user.id);
    expect(res.statusCode).toBe(200);
    const link = resetLinkSchema.parse(res.json());
    expect(link.url.startsWith(`${SHELL_URL}/reset-password?token=`)).toBe(true);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row?.expiresAt.toISOString()).toBe(link.expiresAt);
    expect(await eventsOf(t, user.id)).toEqual([{ type: 'password-reset-issued', actorId: admin.id }]);

    expect((await reset(t, tokenOf(link.url))).statusCode).toBe(200);
    expect((await reset(t, tokenOf(link.url), 'another fresh phrase')).statusCode).toBe(400);
    expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, user.email, password)).statusCode).toBe(401);
    expect((await eventsOf(t, user.id)).map((event) => event.type)).toEqual([
      'password-reset-issued',
      'password-reset',
    ]);
  });

  it('refuses an account that is not approved with 409 saying why, and an unknown id with 404', async () => {
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const { user } = await createUser(t.db, { status });
      const res = await issue(t, admin, user.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.resetNotApproved });
      expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
      expect(await eventsOf(t, user.id)).toEqual([]);
    }
    const missing = await issue(t, admin, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MESSAGES.userNotFound });
  });

  it('is for admins only', async () => {
    const { user } = await createUser(t.db);
    for (const role of ['agent', 'manager'] as const) {
      expect(
        (await injectAs(t.app, role, { method: 'POST', url: `/api/user/${user.id}/password-reset` })).statusCode,
      ).toBe(403);
    }
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
  });
});
