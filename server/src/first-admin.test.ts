import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError } from './config';
import { users } from './db/schema';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin, FIRST_ADMIN_PASSWORD_FILE_NAME, firstAdminSignIn } from './first-admin';
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
    const first = await ensureFirstAdmin(t.db, {
      email: 'boss@example.com',
      password: 'first-password',
      dataDir: t.dataDir,
    });
    expect(first).toEqual({ created: true, email: 'boss@example.com' });
    expect(fs.existsSync(path.join(t.dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME))).toBe(false);

    const again = await ensureFirstAdmin(t.db, {
      email: 'other@example.com',
      password: 'second-password',
      dataDir: t.dataDir,
    });
    expect(again).toEqual({ created: false });
    const rows = await t.db.select().from(users);
    expect(rows.map((u) => [u.email, u.role, u.status])).toEqual([['boss@example.com', 'admin', 'approved']]);

    const res = await signIn(t, 'boss@example.com', 'first-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    expect((await signIn(t, 'other@example.com', 'second-password')).json()).toEqual({
      message: MESSAGES.invalidCredentials,
    });
    expect(firstAdminSignIn(first)).toEqual(['Admin sign-in: boss@example.com / (the password in ADMIN_PASSWORD)']);
  });

  it('without ADMIN_* is admin@example.com with a random password written to a file only its owner can read', async () => {
    t = await createTestDatabase();
    const first = await ensureFirstAdmin(t.db, { dataDir: t.dataDir });
    const file = path.join(t.dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME);
    expect(first).toEqual({ created: true, email: DEFAULT_ADMIN_EMAIL, passwordFile: file });
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[\w-]{16}$/);
    expect((await signIn(t, DEFAULT_ADMIN_EMAIL, password)).statusCode).toBe(200);

    // what the server prints names the file, never the password
    const printed = firstAdminSignIn(first).join('\n');
    expect(printed).toContain(file);
    expect(printed).toContain(DEFAULT_ADMIN_EMAIL);
    expect(printed).not.toContain(password);
    expect(fs.readdirSync(t.dataDir).filter((name) => name.includes(FIRST_ADMIN_PASSWORD_FILE_NAME))).toEqual([
      FIRST_ADMIN_PASSWORD_FILE_NAME,
    ]);

    // A later start: nothing to print, and the file is left alone.
    expect(await ensureFirstAdmin(t.db, { dataDir: t.dataDir })).toEqual({ created: false });
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
  });

  it("is deleted when the first admin changes the password, and left alone by another admin's change", async () => {
    t = await createTestDatabase();
    await ensureFirstAdmin(t.db, { dataDir: t.dataDir });
    const file = path.join(t.dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME);
    const generated = fs.readFileSync(file, 'utf8').trim();
    const { user: otherAdmin, password: otherPassword } = await createUser(t.db, { role: 'admin' });
    const app = await buildApp({ db: t.database, dataDir: t.dataDir, jwtSecret: TEST_JWT_SECRET });
    try {
      const changePassword = async (email: string, currentPassword: string) => {
        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: currentPassword },
        });
        expect(login.statusCode).toBe(200);
        return app.inject({
          method: 'PUT',
          url: '/api/update/password',
          headers: { authorization: `Bearer ${login.json().token}` },
          payload: { currentPassword, newPassword: `${currentPassword} but longer` },
        });
      };
      expect((await changePassword(otherAdmin.email, otherPassword)).statusCode).toBe(200);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(generated);

      expect((await changePassword(DEFAULT_ADMIN_EMAIL, generated)).statusCode).toBe(200);
      expect(fs.existsSync(file)).toBe(false);
      // a later change, with no file left, goes through as any other
      expect((await changePassword(DEFAULT_ADMIN_EMAIL, `${generated} but longer`)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('replaces a password file left by a start that created no account, whatever that file allowed', async () => {
    t = await createTestDatabase();
    const file = path.join(t.dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME);
    fs.writeFileSync(file, 'stale-password\n', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const first = await ensureFirstAdmin(t.db, { dataDir: t.dataDir });
    expect(first.created).toBe(true);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).not.toBe('stale-password');
    expect((await signIn(t, DEFAULT_ADMIN_EMAIL, password)).statusCode).toBe(200);
  });

  it('creates no account when the password file cannot be written, so no password is ever lost', async () => {
    t = await createTestDatabase();
    // a folder in the file's place: the write fails whatever the user's rights
    fs.mkdirSync(path.join(t.dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME));
    await expect(ensureFirstAdmin(t.db, { dataDir: t.dataDir })).rejects.toThrow();
    expect(await t.db.$count(users)).toBe(0);
    expect(fs.readdirSync(t.dataDir).filter((name) => name.startsWith(FIRST_ADMIN_PASSWORD_FILE_NAME))).toEqual([
      FIRST_ADMIN_PASSWORD_FILE_NAME,
    ]);

    // once the folder is fixed, the next start creates the admin
    fs.rmdirSync(path.join(t.dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME));
    expect((await ensureFirstAdmin(t.db, { dataDir: t.dataDir })).created).toBe(true);
  });

  it('is not created when the database already has users', async () => {
    t = await createTestDatabase();
    await createUser(t.db, { role: 'agent' });
    expect(
      await ensureFirstAdmin(t.db, { email: 'boss@example.com', password: 'first-password', dataDir: t.dataDir }),
    ).toEqual({ created: false });
    expect(await ensureFirstAdmin(t.db, { dataDir: t.dataDir })).toEqual({ created: false });
    expect(fs.existsSync(path.join(t.dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME))).toBe(false);
  });

  it('refuses an ADMIN_PASSWORD shorter than the password rule', async () => {
    t = await createTestDatabase();
    await expect(ensureFirstAdmin(t.db, { password: '123', dataDir: t.dataDir })).rejects.toThrow(ConfigError);
    expect(await t.db.$count(users)).toBe(0);
  });

  it('refuses an ADMIN_PASSWORD that is one of the 10,000 most common passwords, and says so', async () => {
    t = await createTestDatabase();
    const attempt = ensureFirstAdmin(t.db, { password: 'Password1', dataDir: t.dataDir });
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(/ADMIN_PASSWORD is one of the 10,000 most common passwords/);
    expect(await t.db.$count(users)).toBe(0);
  });
});
