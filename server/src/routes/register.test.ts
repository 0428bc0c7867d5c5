import { eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES, type RegisterInput, registerResponseSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { makeImage, multipartRequest, uploadCnicImage } from '../test/images';

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('POST /api/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let counter = 0;
  /** A valid registration with two fresh CNIC uploads. */
  const validInput = async (overrides: Partial<RegisterInput> = {}): Promise<RegisterInput> => ({
    firstName: 'Ayesha',
    lastName: 'Siddiqui',
    email: `ayesha.${++counter}.${Date.now()}@example.com`,
    password: 'secret12',
    gender: 'female',
    phoneNumber: '+923001112233',
    city: 'Karachi',
    state: 'pakistan',
    referralName: 'Bilal',
    referralContact: '+923004445566',
    cnicFront: await uploadCnicImage(t.app),
    cnicBack: await uploadCnicImage(t.app, 'png'),
    ...overrides,
  });
  const register = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/register', payload: body as object });
  const userByEmail = async (email: string) =>
    (await t.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];
  const uploadsOf = (...urls: string[]) =>
    t.db
      .select()
      .from(uploads)
      .where(inArray(uploads.key, urls.map(keyOf)));

  it('creates a pending agent, claims its CNIC images, and answers a token, the user and the message', async () => {
    const input = await validInput();
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const body = registerResponseSchema.parse(res.json());
    expect(body.message).toBe(MESSAGES.registerSuccess);
    expect(body.user).toMatchObject({
      firstName: 'Ayesha',
      lastName: 'Siddiqui',
      name: 'Ayesha Siddiqui',
      email: input.email,
      role: 'agent',
      status: 'pending',
      gender: 'female',
      phoneNumber: '+923001112233',
      state: 'pakistan',
      city: 'Karachi',
      referralName: 'Bilal',
      referralContact: '+923004445566',
      referralUserId: null,
    });
    expect(body.user.cnicFront).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/secret12|password/i);

    const row = await userByEmail(input.email);
    expect(row).toMatchObject({ id: body.user._id, status: 'pending', role: 'agent' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.cnicFront).toBe(keyOf(input.cnicFront));
    expect(row?.cnicBack).toBe(keyOf(input.cnicBack));
    const claimed = await uploadsOf(input.cnicFront, input.cnicBack);
    expect(claimed).toHaveLength(2);
    for (const upload of claimed) expect(upload).toMatchObject({ ownerId: row?.id, private: true });

    // The token works where a pending user may go, and nowhere else; login waits for approval.
    const auth = { authorization: `Bearer ${body.token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: body.user._id, status: 'pending' });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/agent/comission/${body.user._id}`,
      headers: auth,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ message: MESSAGES.accountPending });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: input.email, password: input.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: MESSAGES.pendingLogin });
  });

  it('registers a manager when asked', async () => {
    const res = await register(await validInput({ role: 'manager' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: 'manager', status: 'pending' });
  });

  it('never creates an admin', async () => {
    const input = await validInput({ role: 'admin' as 'agent' });
    const res = await register(input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'role must be one of: agent, manager.' });
    expect(await userByEmail(input.email)).toBeUndefined();
    // the images stay unclaimed, usable by a corrected registration
    for (const upload of await uploadsOf(input.cnicFront, input.cnicBack)) expect(upload.ownerId).toBeNull();
    expect((await register({ ...input, role: 'agent' })).statusCode).toBe(201);
  });

  it('ignores server-owned fields a client sends', async () => {
    const input = await validInput();
    const res = await register({
      ...input,
      status: 'approved',
      tokenVersion: 7,
      token_version: 7,
      _id: '00000000-0000-4000-8000-000000000000',
      id: '00000000-0000-4000-8000-000000000000',
      passwordHash: 'x',
    });
    expect(res.statusCode).toBe(201);
    const row = await userByEmail(input.email);
    expect(row).toMatchObject({ status: 'pending', tokenVersion: 0 });
    expect(row?.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  describe('refuses invalid fields with 400 and the message of the broken rule', () => {
    const cases: Array<[string, Partial<Record<keyof RegisterInput, unknown>>, string]> = [
      ['a missing first name', { firstName: undefined }, MESSAGES.firstNameRequired],
      ['a blank first name', { firstName: '   ' }, MESSAGES.firstNameRequired],
      ['a missing last name', { lastName: '' }, MESSAGES.lastNameRequired],
      ['an email without a domain', { email: 'ayesha@' }, MESSAGES.emailInvalid],
      ['a missing email', { email: undefined }, MESSAGES.emailInvalid],
      ['a five-character password', { password: '12345' }, MESSAGES.passwordTooShort],
      ['a missing password', { password: undefined }, MESSAGES.passwordTooShort],
      ['a missing gender', { gender: undefined }, MESSAGES.genderRequired],
      ['another gender value', { gender: 'other' }, MESSAGES.genderRequired],
      ['a short phone number', { phoneNumber: '+92300111' }, MESSAGES.phoneInvalid],
      ['a phone number without +92', { phoneNumber: '+443001112233' }, MESSAGES.phoneInvalid],
      ['a missing city', { city: '' }, MESSAGES.cityRequired],
      ['a missing referral name', { referralName: undefined }, MESSAGES.referralNameRequired],
      ['a missing referral contact', { referralContact: ' ' }, MESSAGES.referralContactRequired],
      ['a country other than pakistan', { state: 'india' }, MESSAGES.countryRequired],
      ['a missing country', { state: undefined }, MESSAGES.countryRequired],
      ['a missing CNIC front', { cnicFront: undefined }, MESSAGES.cnicFrontRequired],
      ['an empty CNIC back', { cnicBack: '' }, MESSAGES.cnicBackRequired],
    ];
    it.each(cases)('%s', async (_name, overrides, message) => {
      const input = { ...(await validInput()), ...overrides };
      const res = await register(input);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      if (typeof input.email === 'string') expect(await userByEmail(input.email)).toBeUndefined();
    });

    it('a body that is not an object', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: '[]',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    });
  });

  it('refuses an email already registered, whatever its case, with 409', async () => {
    const { user } = await createUser(t.db, { email: 'taken.one@example.com' });
    const input = await validInput({ email: '  TAKEN.One@Example.COM ' });
    const res = await register(input);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.emailTaken });
    expect(await t.db.$count(users, sql`lower(${users.email}) = 'taken.one@example.com'`)).toBe(1);
    expect((await userByEmail('taken.one@example.com'))?.id).toBe(user.id);
    for (const upload of await uploadsOf(input.cnicFront, input.cnicBack)) expect(upload.ownerId).toBeNull();
  });

  it('tells whether an email is taken only to a registration complete in every other way, its two ID uploads included', async () => {
    await createUser(t.db, { email: 'probed@example.com' });
    const complete = await validInput({ email: 'probed@example.com' });
    const missing = `http://localhost:8000/api/private/${'b'.repeat(32)}.png`;
    const incomplete: [Partial<RegisterInput>, string][] = [
      [{ cnicFront: missing }, MESSAGES.cnicFrontRequired],
      [{ cnicBack: missing }, MESSAGES.cnicBackRequired],
      [{ cnicFront: 'not a url at all' }, MESSAGES.cnicFrontRequired],
      [{ referralUserId: '5f1b2c3d-0000-4000-8000-000000000000' }, MESSAGES.referralUserMissing],
      [{ password: 'password' }, MESSAGES.passwordTooCommon],
    ];
    for (const [overrides, message] of incomplete) {
      const res = await register({ ...complete, ...overrides });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    // an upload of another kind is no ID image
    const ordinary = await injectAs(
      t.app,
      'agent',
      await multipartRequest('/api/uploads', { files: [{ data: await makeImage('png') }] }),
    );
    const notCnic = (ordinary.json().url as string).replace('/uploads/', '/api/private/');
    expect((await register({ ...complete, cnicBack: notCnic })).json()).toEqual({ message: MESSAGES.cnicBackRequired });

    const res = await register(complete);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.emailTaken });
  });

  it('refuses two registrations of one email at the same moment but one', async () => {
    const first = await validInput({ email: 'same.moment@example.com' });
    const second = await validInput({ email: 'Same.Moment@example.com' });
    const results = await Promise.all([register(first), register(second)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.$count(users, sql`lower(${users.email}) = 'same.moment@example.com'`)).toBe(1);
  });

  it('links an existing referral user and shows it in the user JSON', async () => {
    const { user: referrer } = await createUser(t.db, { firstName: 'Bilal', lastName: 'Ahmed' });
    const input = await validInput({ referralUserId: referrer.id });
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.referralUserId).toMatchObject({ _id: referrer.id, name: 'Bilal Ahmed' });
    expect((await userByEmail(input.email))?.referralUserId).toBe(referrer.id);
  });

  it('treats an empty referral user id as none', async () => {
    for (const referralUserId of ['', '  ', null]) {
      const input = await validInput({ referralUserId });
      const res = await register(input);
      expect(res.statusCode).toBe(201);
      expect((await userByEmail(input.email))?.referralUserId).toBeNull();
    }
  });

  it('refuses a referral user id that names no user with 400', async () => {
    for (const referralUserId of ['5f1b2c3d-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const input = await validInput({ referralUserId });
      const res = await register(input);
      expect(res.statusCode, referralUserId).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.referralUserMissing });
      expect(await userByEmail(input.email)).toBeUndefined();
    }
  });

  it('refuses CNIC images that are not unclaimed private uploads', async () => {
    const publicUpload = await injectAs(
      t.app,
      'agent',
      await multipartRequest('/api/uploads', { files: [{ data: await makeImage('png') }] }),
    );
    const publicUrl: string = publicUpload.json().url;
    const fronts = [
      'https://firebasestorage.googleapis.com/v0/b/app/o/images%2Fcnic.png?alt=media',
      publicUrl,
      publicUrl.replace('/uploads/', '/api/private/'),
      `http://localhost:8000/api/private/${'a'.repeat(32)}.jpg`,
      'not a url at all',
    ];
    for (const cnicFront of fronts) {
      const input = await validInput({ cnicFront });
      const res = await register(input);
      expect(res.statusCode, cnicFront).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.cnicFrontRequired });
      expect(await userByEmail(input.email)).toBeUndefined();
    }
  });

  it('refuses a CNIC image another registration already claimed, and leaves nothing behind', async () => {
    const first = await validInput();
    expect((await register(first)).statusCode).toBe(201);
    const second = await validInput({ cnicBack: first.cnicBack });
    const res = await register(second);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.cnicBackRequired });
    expect(await userByEmail(second.email)).toBeUndefined();
    // the front image claimed inside the failed registration was released with it
    const [front] = await uploadsOf(second.cnicFront);
    expect(front?.ownerId).toBeNull();
    const [back] = await uploadsOf(first.cnicBack);
    expect(back?.ownerId).toBe((await userByEmail(first.email))?.id);
  });

  it('refuses the same image as both sides of the CNIC', async () => {
    const input = await validInput();
    const res = await register({ ...input, cnicBack: input.cnicFront });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.cnicBackRequired });
  });

  it('accepts the CNIC URLs under another host name (the path names the image)', async () => {
    const input = await validInput();
    const moved = (url: string) => url.replace(/^https?:\/\/[^/]+/, 'https://api.elsewhere.example');
    const res = await register({ ...input, cnicFront: moved(input.cnicFront), cnicBack: moved(input.cnicBack) });
    expect(res.statusCode).toBe(201);
    const row = await userByEmail(input.email);
    expect(row?.cnicFront).toBe(keyOf(input.cnicFront));
  });

  it('does not need a token, and ignores one', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'POST', url: '/api/register', payload: await validInput() });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('agent');
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().user._id));
    expect(row?.status).toBe('pending');
  });
});

describe('register rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { register: { max: 2, timeWindow: 60_000 } } });
  });
  afterAll(() => t.close());

  it('answers 429 once an address has used its registrations', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/register', payload: {}, remoteAddress: '203.0.113.60' });
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {},
      remoteAddress: '198.51.100.60',
    });
    expect(other.statusCode).toBe(400);
  });
});
