import { loginResponseSchema, MESSAGES, MESSAGES_UR, registerResponseSchema, userSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeOfAcceptLanguage } from '../http/language';
import { createTestApp, createUser, injectAs, TEST_PASSWORD, type TestApp } from '../test/helpers';
import { uploadCnicImage } from '../test/images';
import { userById } from '../test/world';

describe('the language of an Accept-Language header', () => {
  it.each([
    ['ur', 'ur'],
    ['ur-PK', 'ur'],
    ['UR-pk', 'ur'],
    ['ur-PK,ur;q=0.9,en-US;q=0.8,en;q=0.7', 'ur'],
    ['en-US,en;q=0.9,ur;q=0.8', 'en'],
    ['en;q=0.5, ur;q=0.9', 'ur'],
    ['fr, ur;q=0.5', 'ur'],
    ['ur;q=0, en', 'en'],
    ['ur;q=0', 'en'],
    ['fr', 'en'],
    ['fr-FR,de;q=0.8', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['ur;q=2', 'en'],
    ['ur;q=abc', 'en'],
    ['<script>', 'en'],
    ['ur;;;,,,', 'ur'],
    ['\u0000ur', 'en'],
  ])('reads %j as %s', (header, locale) => {
    expect(localeOfAcceptLanguage(header)).toBe(locale);
  });
});

describe('answers in the language of Accept-Language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signedOut = (acceptLanguage?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    });

  it("refuses in Urdu with MESSAGES' Urdu sentence for ur and ur-PK", async () => {
    for (const header of ['ur', 'ur-PK', 'ur-PK,en;q=0.8']) {
      const res = await signedOut(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES_UR.authorizationMissing });
    }
  });

  it('refuses in English, byte for byte, for fr, *, an unreadable header and none', async () => {
    for (const header of ['fr', '*', 'garbage;;q=x,,', '\u00ff\u00fe', undefined]) {
      const res = await signedOut(header);
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(JSON.stringify({ message: MESSAGES.authorizationMissing }));
    }
  });

  it("gives a validation error's generic sentence in Urdu, and a schema's own MESSAGES sentence", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'ur' },
      payload: { password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('email لازمی ہے۔');
    const english = await t.app.inject({ method: 'POST', url: '/api/login', payload: { password: 'x' } });
    expect(english.json().message).toBe('email is required.');
    const locale = await injectAs(t.app, 'agent', {
      method: 'PUT',
      url: '/api/user/locale',
      headers: { 'accept-language': 'ur' },
      payload: { locale: 'fr' },
    });
    expect(locale.json()).toEqual({ message: MESSAGES_UR.localeInvalid });
  });

  it('says that a route does not exist in Urdu, and a wrong password in Urdu', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'accept-language': 'ur' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/[\u0600-\u06FF]/);
    expect(missing.json().message).toContain('GET /api/nowhere');
    const { user } = await createUser(t.db, { role: 'agent' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'ur-PK' },
      payload: { email: user.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MESSAGES_UR.invalidCredentials });
  });
});

describe('PUT /api/user/locale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const putLocale = (who: Parameters<typeof injectAs>[1], payload: unknown) =>
    injectAs(t.app, who, {
      method: 'PUT',
      url: '/api/user/locale',
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return loginResponseSchema.parse(res.json());
  };

  it('keeps the language on the account: sign-in and GET /api/user read it back', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    expect((await login(user.email)).user.locale).toBe('en');
    const res = await putLocale(user, { locale: 'ur' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ locale: 'ur' });
    expect((await userById(t.db, user.id))?.locale).toBe('ur');
    expect((await login(user.email)).user.locale).toBe('ur');
    const current = await injectAs(t.app, user, { method: 'GET', url: '/api/user' });
    expect(userSchema.parse(current.json()).locale).toBe('ur');
    expect((await putLocale(user, { locale: 'en' })).json()).toEqual({ locale: 'en' });
    expect((await userById(t.db, user.id))?.locale).toBe('en');
  });

  it('refuses every other body with 400, naming the choices, and changes nothing', async () => {
    const { user } = await createUser(t.db, { role: 'manager' });
    const bodies = [
      undefined,
      {},
      { locale: 'fr' },
      { locale: 'UR' },
      { locale: 'ur-PK' },
      { locale: '' },
      { locale: 1 },
      { locale: null },
      { locale: ['ur'] },
      { locale: 'ur', role: 'admin' },
      { locale: 'ur', extra: true },
      [],
    ];
    for (const body of bodies) {
      const res = await putLocale(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ message: MESSAGES.localeInvalid });
    }
    const stored = await userById(t.db, user.id);
    expect(stored?.locale).toBe('en');
    expect(stored?.role).toBe('manager');
  });

  it('refuses a signed-out caller with 401, a pending one with 403 and a suspended one with 401', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/user/locale', payload: { locale: 'ur' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MESSAGES.authorizationMissing });
    const { user: pending } = await createUser(t.db, { role: 'agent', status: 'pending' });
    expect((await putLocale(pending, { locale: 'ur' })).statusCode).toBe(403);
    const { user: suspended } = await createUser(t.db, { role: 'agent', status: 'suspended' });
    expect((await putLocale(suspended, { locale: 'ur' })).statusCode).toBe(401);
    expect((await userById(t.db, pending.id))?.locale).toBe('en');
    expect((await userById(t.db, suspended.id))?.locale).toBe('en');
  });

  it("stores a registration's Accept-Language as the account's language", async () => {
    const register = async (email: string, acceptLanguage?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        payload: {
          firstName: 'Ayesha',
          lastName: 'Siddiqui',
          email,
          password: 'secret12',
          gender: 'female',
          phoneNumber: '+923001112233',
          city: 'Karachi',
          state: 'pakistan',
          referralName: 'Bilal',
          referralContact: '+923004445566',
          cnicFront: await uploadCnicImage(t.app),
          cnicBack: await uploadCnicImage(t.app, 'png'),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return registerResponseSchema.parse(res.json());
    };
    const urdu = await register('urdu.reader@example.com', 'ur-PK,ur;q=0.9');
    expect(urdu.user.locale).toBe('ur');
    expect(urdu.message).toBe(MESSAGES_UR.registerSuccess);
    expect((await userById(t.db, urdu.user._id))?.locale).toBe('ur');
    const english = await register('english.reader@example.com');
    expect(english.user.locale).toBe('en');
    expect(english.message).toBe(MESSAGES.registerSuccess);
  });
});
