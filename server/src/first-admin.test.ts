import { MESSAGES } from 'shared-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError } from './config';
import { users } from './db/schema';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './first-admin';
import { createTestDatabase, createUser, TEST_JWT_SECRET, type TestDatabase } from './test/helpers';

describe('the first admin', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function signIn(database: TestDatabase, email: string, password: string) {
    const app = await buildApp({ db: database.database, dataDir: database.dataDir, jwtSecret: TEST_JWT_SECRET });
    try {
      return await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    } finally {
      await app.close();
    }
  }

  it('is created from ADMIN_EMAIL / ADMIN_PASSWORD on an empty database, and only once', async () => {
    t = await createTestDatabase();
    const first = await ensureFirstAdmin(t.db, { email: 'boss@example.com', password: 'first-password' });
    expect(first).toEqual({ created: true, email: 'boss@example.com' });

    const again = await ensureFirstAdmin(t.db, { email: 'other@example.com', password: 'second-password' });
    expect(again).toEqual({ created: false });
    const rows = await t.db.select().from(users);
    expect(rows.map((u) => [u.email, u.role, u.status])).toEqual([['boss@example.com', 'admin', 'approved']]);

    const res = await signIn(t, 'boss@example.com', 'first-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    expect((await signIn(t, 'other@example.com', 'second-password')).json()).toEqual({
      message: MESSAGES.invalidCredentials,
    });
  });

  it('without ADMIN_* is admin@example.com with a random password that is returned to print once', async () => {
    t = await createTestDatabase();
    const first = await ensureFirstAdmin(t.db);
    if (!first.created) throw new Error('expected the admin to be created');
    expect(first.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect((await signIn(t, DEFAULT_ADMIN_EMAIL, first.generatedPassword as string)).statusCode).toBe(200);

    // A later start: nothing to print.
    expect(await ensureFirstAdmin(t.db)).toEqual({ created: false });
  });

  it('is not created when the database already has users', async () => {
    t = await createTestDatabase();
    await createUser(t.db, { role: 'agent' });
    expect(await ensureFirstAdmin(t.db, { email: 'boss@example.com', password: 'first-password' })).toEqual({
      created: false,
    });
  });

  it('refuses an ADMIN_PASSWORD shorter than the password rule', async () => {
    t = await createTestDatabase();
    await expect(ensureFirstAdmin(t.db, { password: '123' })).rejects.toThrow(ConfigError);
    expect(await t.db.$count(users)).toBe(0);
  });

  it('refuses an ADMIN_PASSWORD that is one of the 10,000 most common passwords, and says so', async () => {
    t = await createTestDatabase();
    const attempt = ensureFirstAdmin(t.db, { password: 'Password1' });
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(/ADMIN_PASSWORD is one of the 10,000 most common passwords/);
    expect(await t.db.$count(users)).toBe(0);
  });
});
