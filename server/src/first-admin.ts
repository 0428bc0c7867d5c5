/**
 * First start: with no users at all, create one admin from ADMIN_EMAIL / ADMIN_PASSWORD, or
 * admin@example.com with a random password that the caller prints once.
 */
import crypto from 'node:crypto';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from 'shared-api/contract';
import { hashPassword } from './auth/passwords';
import { ConfigError } from './config';
import type { Db } from './db/connection';
import { users } from './db/schema';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export type FirstAdminResult =
  | { created: false }
  | {
      created: true;
      email: string /** set when it was generated (not from ADMIN_PASSWORD) */;
      generatedPassword?: string;
    };

export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string | undefined; password?: string | undefined } = {},
): Promise<FirstAdminResult> {
  if ((await db.$count(users)) > 0) return { created: false };
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).trim();
  if (!EMAIL_PATTERN.test(email)) throw new ConfigError(`ADMIN_EMAIL is not an email address: "${email}".`);
  if (options.password !== undefined && options.password.length < MIN_PASSWORD_LENGTH) {
    throw new ConfigError(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const password = options.password ?? crypto.randomBytes(12).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: '',
      role: 'admin',
      status: 'approved',
    })
    // Two servers starting at once on one PostgreSQL: the second finds the email taken.
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return { created: false };
  return options.password === undefined
    ? { created: true, email, generatedPassword: password }
    : { created: true, email };
}
