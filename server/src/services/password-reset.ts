/**
 * Getting back in (docs/domain.md, Forgotten passwords): one-time links to set a new password,
 * emailed to an approved account that asks (POST /api/password/forgot) or handed to an admin to
 * pass on (POST /api/user/{id}/password-reset), and the reset itself (POST /api/password/reset).
 *
 * A link's token is 256 random bits; the table keeps its SHA-256 only. A link works once, for
 * PASSWORD_RESET_LINK_MINUTES on the database's clock, and a new link of the same person ends
 * the earlier unused ones. Using it sets the password by the rules of a change, ends every
 * session of the account and writes a 'password-reset' event in the same transaction.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  MESSAGES,
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_MESSAGES,
  RESET_PASSWORD_PATH,
  type ResetLink,
  type ResetPasswordInput,
} from 'shared-api/contract';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/connection';
import { passwordResetTokens, type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { SignedInUser } from '../plugins/auth';
import { endAccountSessions } from './sessions';
import { recordUserEvent } from './user-events';
import { findUserByEmail } from './users';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the table keeps of a token: its SHA-256, hex. */
export const hashResetToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The page a link opens: the shell's /reset-password with the token. */
export const resetLinkUrl = (shellUrl: string, token: string) =>
  `${shellUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;

/** A link not used yet and not expired, on the database's clock. */
const live = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/**
 * A new link for an approved account, in `tx`: the account's row is locked (`FOR UPDATE`: a
 * status move at the same moment comes first and no link is made, or waits; a link of an account
 * no longer approved is refused when used), its earlier unused links are deleted, and the new
 * one's hash inserted. Answers undefined when the account is not approved.
 */
async function issueLink(tx: Tx, userId: string): Promise<{ token: string; expiresAt: Date } | undefined> {
  const [approved] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'approved')))
    .for('update');
  if (!approved) return undefined;
  await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  const token = crypto.randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({
      tokenHash: hashResetToken(token),
      userId,
      expiresAt: sql`now() + make_interval(mins => ${PASSWORD_RESET_LINK_MINUTES})`,
    })
    .returning({ expiresAt: passwordResetTokens.expiresAt });
  if (!row) throw new Error('password reset: insert returned no row');
  return { token, expiresAt: row.expiresAt };
}

/** Whom to email which link, in which language: an approved account with this email; undefined for anyone else. */
export async function requestPasswordReset(
  db: Db,
  shellUrl: string,
  email: string,
): Promise<{ to: string; url: string; locale: UserRow['locale'] } | undefined> {
  const user = await findUserByEmail(db, email);
  if (user?.status !== 'approved') return undefined;
  const link = await db.transaction((tx) => issueLink(tx, user.id));
  return link && { to: user.email, url: resetLinkUrl(shellUrl, link.token), locale: user.locale };
}

/**
 * An admin's link for an approved account, with its 'password-reset-issued' event (the admin
 * the actor) in the same transaction. 404 for no such user, 409 for an account not approved.
 */
export async function issueResetLink(
  db: Db,
  admin: SignedInUser,
  userId: string,
  shellUrl: string,
): Promise<ResetLink> {
  const link = await db.transaction(async (tx) => {
    const issued = await issueLink(tx, userId);
    if (issued) await recordUserEvent(tx, admin, { userId, type: 'password-reset-issued' });
    return issued;
  });
  if (!link) {
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    throw exists
      ? new HttpError(409, PASSWORD_RESET_MESSAGES.resetNotApproved)
      : new HttpError(404, MESSAGES.userNotFound);
  }
  return { url: resetLinkUrl(shellUrl, link.token), expiresAt: link.expiresAt.toISOString() };
}

/**
 * Sets the password a link was issued for and ends every session of the account. Answers the
 * account as it is now and the password hash it had (the first admin's password file goes
 * when it held that password). 400 for a link unknown, used, replaced or expired.
 */
export async function resetPassword(
  db: Db,
  { token, newPassword }: ResetPasswordInput,
): Promise<{ user: UserRow; previousPasswordHash: string }> {
  if (isCommonPassword(newPassword)) throw new HttpError(400, MESSAGES.passwordTooCommon);
  const tokenHash = hashResetToken(token);
  // a dead link is refused before the password is hashed (argon2 is the costly part)
  const [found] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(live(tokenHash))
    .limit(1);
  if (!found) throw new HttpError(400, PASSWORD_RESET_MESSAGES.linkInvalid);
  const passwordHash = await hashPassword(newPassword);
  const done = await db.transaction(async (tx) => {
    // One use: of two resets with one link at once, the second waits for the first's row lock,
    // then finds used_at set and changes nothing.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(live(tokenHash))
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return undefined;
    // the account as it was, locked: only an approved account gets a new password (one
    // suspended since the link was made keeps its link used and its password)
    const [before] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, used.userId), eq(users.status, 'approved')))
      .for('update');
    if (!before) return undefined;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    const user = await endAccountSessions(tx, used.userId);
    if (!user) return undefined;
    await recordUserEvent(tx, user, { userId: user.id, type: 'password-reset' });
    return { user, previousPasswordHash: before.passwordHash };
  });
  if (!done) throw new HttpError(400, PASSWORD_RESET_MESSAGES.linkInvalid);
  return done;
}
