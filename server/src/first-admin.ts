/**
 * First start: with no users at all, create one admin from ADMIN_EMAIL / ADMIN_PASSWORD, or
 * admin@example.com with a random password written to DATA_DIR/first-admin-password.txt
 * (readable only by its owner). The password never goes to the output, where logs keep it.
 * The file goes when the password it holds is changed (forgetFirstAdminPassword).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from 'shared-api/contract';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './auth/common-passwords';
import { hashPassword, verifyPassword } from './auth/passwords';
import { ConfigError } from './config';
import type { Db } from './db/connection';
import { users } from './db/schema';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const FIRST_ADMIN_PASSWORD_FILE_NAME = 'first-admin-password.txt';

export type FirstAdminResult =
  | { created: false }
  | {
      created: true;
      email: string;
      /** set when the password was generated (not from ADMIN_PASSWORD): the file that holds it */
      passwordFile?: string;
    };

export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string | undefined; password?: string | undefined; dataDir: string },
): Promise<FirstAdminResult> {
  if ((await db.$count(users)) > 0) return { created: false };
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).trim();
  if (!EMAIL_PATTERN.test(email)) throw new ConfigError(`ADMIN_EMAIL is not an email address: "${email}".`);
  if (options.password !== undefined && options.password.length < MIN_PASSWORD_LENGTH) {
    throw new ConfigError(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (options.password !== undefined && isCommonPassword(options.password)) {
    throw new ConfigError(
      `ADMIN_PASSWORD is one of the ${COMMON_PASSWORD_COUNT.toLocaleString('en-US')} most common passwords, so it is easy to guess. Set a less common one.`,
    );
  }
  const generated = options.password === undefined;
  const password = options.password ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const passwordFile = path.join(options.dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME);

  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ email, passwordHash, firstName: 'Admin', lastName: '', role: 'admin', status: 'approved' })
      // Two servers starting at once on one PostgreSQL: the second waits for the first's
      // commit, finds the email taken, and writes no file over the first one's.
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 0) return false;
    // Written before the commit: if the write fails the account is rolled back (and the start
    // fails), so there is never an admin whose generated password nobody has.
    if (generated) await writeOwnerOnlyFile(passwordFile, `${password}\n`);
    return true;
  });
  if (!created) return { created: false };
  return generated ? { created: true, email, passwordFile } : { created: true, email };
}

/** The lines main.ts and the seed print after ensureFirstAdmin: the file's path, never the password. */
export function firstAdminSignIn(admin: FirstAdminResult): string[] {
  if (!admin.created) return [];
  if (!admin.passwordFile) return [`Admin sign-in: ${admin.email} / (the password in ADMIN_PASSWORD)`];
  return [
    `Admin sign-in: ${admin.email}, password in ${admin.passwordFile}`,
    'That file is readable only by this user: sign in and change the password; the change deletes the file.',
  ];
}

/**
 * After an admin's password change: deletes the first admin's password file when it holds the
 * password just replaced, so the generated password does not outlive its use. Answers whether it
 * deleted it. Another admin's change, or a file that holds something else, leaves it alone.
 */
export async function forgetFirstAdminPassword(dataDir: string, replacedPassword: string): Promise<boolean> {
  const kept = await keptFirstAdminPassword(dataDir);
  if (kept === undefined) return false;
  // compared as digests: equal lengths, and no timing tells how much of it matched
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  if (!crypto.timingSafeEqual(digest(kept), digest(replacedPassword))) return false;
  await fs.rm(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME), { force: true });
  return true;
}

/** What the first admin's password file holds, or undefined when there is none. */
async function keptFirstAdminPassword(dataDir: string): Promise<string | undefined> {
  try {
    return (await fs.readFile(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME), 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * After a password reset (which knows no password it replaced): deletes the first admin's
 * password file when the replaced password hash is the hash of what the file holds.
 */
export async function forgetFirstAdminPasswordByHash(dataDir: string, replacedHash: string): Promise<boolean> {
  const kept = await keptFirstAdminPassword(dataDir);
  if (kept === undefined || !(await verifyPassword(replacedHash, kept))) return false;
  await fs.rm(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME), { force: true });
  return true;
}

/**
 * A new file with mode 0600, synced, renamed over whatever was at `file` (a file left by a
 * start whose account was never committed, perhaps with other rights, or a link elsewhere).
 */
async function writeOwnerOnlyFile(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const temp = `${file}.${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  if (process.platform !== 'win32') {
    // the rename itself survives a power cut only once the folder is synced
    const folder = await fs.open(dir, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }
}
