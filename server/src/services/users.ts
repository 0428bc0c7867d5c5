/**
 * Users: the lookups sign-in and the user routes share, registration, the password change and
 * an admin's approval (docs/domain.md, Accounts and sessions).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCOUNT_MESSAGES, MESSAGES, type registerInputSchema, type User, type UserLocale } from 'shared-api/contract';
import type { z } from 'zod';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { revokedTokens, type UserRow, uploads, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { Page } from '../pagination';
import type { SignedInSession, SignedInUser } from '../plugins/auth';
import { toAdminUserJson, toOwnUserJson } from '../serializers';
import { privateKeyFromUrl } from '../uploads/urls';
import { createAlert } from './alerts';
import { announceSessionsChanged, endAccountSessions } from './sessions';
import { recordUserEvent } from './user-events';

const referrers = alias(users, 'referrer');

/** Emails are unique and compared without case (the users_email_lower_unique index). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The user's JSON with its referrer filled in (referralUserId is an object in the contract). */
export async function loadUserJson(db: Db, user: UserRow): Promise<User> {
  const referrer = user.referralUserId ? await findUserById(db, user.referralUserId) : undefined;
  return toOwnUserJson(user, referrer ?? null);
}

/** A user with its referrer, in one query. */
async function findUserWithReferrer(
  db: Db,
  id: string,
): Promise<{ user: UserRow; referrer: UserRow | null } | undefined> {
  const [row] = await db
    .select({ user: users, referrer: referrers })
    .from(users)
    .leftJoin(referrers, eq(users.referralUserId, referrers.id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * The signed-in user's own JSON. app.authenticate reads only a few columns of the caller; the
 * answer shows the whole row (a user deleted meanwhile: the session is no longer valid).
 */
export async function ownUserJson(db: Db, caller: SignedInUser): Promise<User> {
  const found = await findUserWithReferrer(db, caller.id);
  if (!found) throw new HttpError(401, MESSAGES.sessionInvalid);
  return toOwnUserJson(found.user, found.referrer);
}

/** Keeps the caller's language on their own row (PUT /api/user/locale). */
export async function saveUserLocale(db: Db, caller: SignedInUser, locale: UserLocale): Promise<UserLocale> {
  const [saved] = await db
    .update(users)
    .set({ locale })
    .where(eq(users.id, caller.id))
    .returning({ locale: users.locale });
  if (!saved) throw new HttpError(401, MESSAGES.sessionInvalid);
  return saved.locale;
}

/** The user whose email and password these are, else the one invalid-credentials refusal. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  // Unknown email and wrong password: same answer, same work (no account probing).
  const passwordMatches = await verifyPassword(user?.passwordHash, password);
  if (!user || !passwordMatches) throw new HttpError(401, MESSAGES.invalidCredentials);
  return user;
}

/** Ends one session: its token is refused from now until it expires, and its live streams end. */
export async function revokeSession(db: Db, caller: SignedInUser, session: SignedInSession): Promise<void> {
  await db.transaction(async (tx) => {
    // Two logouts with one token at once: the second finds the row there.
    await tx
      .insert(revokedTokens)
      .values({ jti: session.tokenId, userId: caller.id, expiresAt: session.expiresAt })
      .onConflictDoNothing();
    await announceSessionsChanged(tx, caller.id);
  });
}

/**
 * Anyone may register; the account is pending until an admin approves it, and is never an
 * admin. Answers the new user and its referrer.
 */
export async function registerUser(
  db: Db,
  input: z.output<typeof registerInputSchema>,
  /** the language the registration was made in (its Accept-Language) */
  locale: UserLocale = 'en',
): Promise<{ user: UserRow; referrer: UserRow | null }> {
  if (isCommonPassword(input.password)) throw new HttpError(400, MESSAGES.passwordTooCommon);
  // The CNIC images: private uploads (POST /api/uploads, purpose=cnic) no account has claimed.
  const cnicFront = privateKeyFromUrl(input.cnicFront);
  if (!cnicFront) throw new HttpError(400, MESSAGES.cnicFrontRequired);
  const cnicBack = privateKeyFromUrl(input.cnicBack);
  if (!cnicBack || cnicBack === cnicFront) throw new HttpError(400, MESSAGES.cnicBackRequired);
  // Both images must be there to claim before anything else is looked at...
  const claimable = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(inArray(uploads.key, [cnicFront, cnicBack]), eq(uploads.purpose, 'cnic'), isNull(uploads.ownerId)));
  const found = new Set(claimable.map(({ key }) => key));
  if (!found.has(cnicFront)) throw new HttpError(400, MESSAGES.cnicFrontRequired);
  if (!found.has(cnicBack)) throw new HttpError(400, MESSAGES.cnicBackRequired);
  let referrer: UserRow | undefined;
  const referralUserId = input.referralUserId?.trim();
  if (referralUserId) {
    referrer = await findUserById(db, referralUserId);
    if (!referrer) throw new HttpError(400, MESSAGES.referralUserMissing);
  }
  // ...and the email last: whether an account has it is told only to a registration that is
  // complete in every other way, so each email tried costs two ID uploads and one of the
  // address's registrations (the rate limit).
  if (await findUserByEmail(db, input.email)) throw new HttpError(409, MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);

  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          status: 'pending',
          locale,
          phoneNumber: input.phoneNumber,
          gender: input.gender,
          state: input.state,
          city: input.city,
          referralName: input.referralName,
          referralContact: input.referralContact,
          referralUserId: referrer?.id ?? null,
          cnicFront,
          cnicBack,
        })
        .returning();
      if (!created) throw new Error('register: insert returned no row');
      // Claimed in the same transaction, and only while unclaimed: two registrations racing
      // for one image cannot both get it.
      for (const [key, message] of [
        [cnicFront, MESSAGES.cnicFrontRequired],
        [cnicBack, MESSAGES.cnicBackRequired],
      ] as const) {
        const claimed = await tx
          .update(uploads)
          .set({ ownerId: created.id, attachedAt: sql`now()` })
          .where(and(eq(uploads.key, key), eq(uploads.purpose, 'cnic'), isNull(uploads.ownerId)))
          .returning({ id: uploads.id });
        if (claimed.length === 0) throw new HttpError(400, message);
      }
      return created;
    });
    return { user, referrer: referrer ?? null };
  } catch (error) {
    // The same email registered at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * Changes the caller's password and revokes every older token (token_version); answers the
 * updated row, for a new token. Only from the token version the request was authenticated
 * with: a session revoked meanwhile (another password change) cannot change the password.
 */
export async function changePassword(
  db: Db,
  caller: SignedInUser,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<UserRow> {
  if (isCommonPassword(newPassword)) throw new HttpError(400, MESSAGES.passwordTooCommon);
  const ofThisSession = and(eq(users.id, caller.id), eq(users.tokenVersion, caller.tokenVersion));
  // app.authenticate does not read the hash
  const [stored] = await db.select({ passwordHash: users.passwordHash }).from(users).where(ofThisSession).limit(1);
  if (!stored) throw new HttpError(401, MESSAGES.sessionInvalid);
  if (!(await verifyPassword(stored.passwordHash, currentPassword))) {
    throw new HttpError(400, MESSAGES.currentPasswordIncorrect);
  }
  const passwordHash = await hashPassword(newPassword);
  const updated = await db.transaction(async (tx) => {
    // Only from the session's token version: of two changes at once, the second waits for the
    // first's row lock, then finds the version moved on and changes nothing.
    const [changed] = await tx.update(users).set({ passwordHash }).where(ofThisSession).returning({ id: users.id });
    return changed && endAccountSessions(tx, changed.id);
  });
  if (!updated) throw new HttpError(401, MESSAGES.sessionInvalid);
  return updated;
}

/** Links to a user's private images (CNIC) for an admin: short-lived signed links. */
export type PrivateLink = (key: string) => string;

/** An admin's view of a user: the referrer's contact details, the CNIC images as signed links. */
function adminUserJson(user: UserRow, referrer: UserRow | null, link: PrivateLink): User {
  const linkOrNone = (key: string | null) => (key ? link(key) : '');
  const cnic =
    user.cnicFront || user.cnicBack
      ? { cnicFront: linkOrNone(user.cnicFront), cnicBack: linkOrNone(user.cnicBack) }
      : undefined;
  return toAdminUserJson(user, referrer, cnic);
}

/** A page of the pending users, newest first, as an admin sees them (without CNIC images). */
export async function listPendingUsers(db: Db, page: Page): Promise<{ users: User[]; total: number }> {
  const pending = eq(users.status, 'pending');
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, referrer: referrers })
      .from(users)
      .leftJoin(referrers, eq(users.referralUserId, referrers.id))
      .where(pending)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.$count(users, pending),
  ]);
  return { users: rows.map(({ user, referrer }) => toAdminUserJson(user, referrer)), total: Number(total) };
}

/** Any user, of any status (the screen shows an approved user too), as an admin sees it. */
export async function userForAdmin(db: Db, id: string, link: PrivateLink): Promise<User> {
  const found = await findUserWithReferrer(db, id);
  if (!found) throw new HttpError(404, MESSAGES.userNotFound);
  return adminUserJson(found.user, found.referrer, link);
}

/**
 * Pending -> approved, optionally with a new password (which revokes the user's older tokens),
 * with the user's alert in the same transaction. Only a pending user: of two approvals at once,
 * one gets through.
 */
export async function approveUser(
  db: Db,
  admin: SignedInUser,
  id: string,
  { password }: { password?: string | undefined },
  link: PrivateLink,
): Promise<User> {
  if (password && isCommonPassword(password)) throw new HttpError(400, MESSAGES.passwordTooCommon);
  const passwordHash = password ? await hashPassword(password) : undefined;
  const approved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        status: 'approved',
        ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(and(eq(users.id, id), eq(users.status, 'pending')))
      .returning();
    if (!row) return undefined;
    // a new password revoked the user's older tokens (a pending user holds no live stream yet, but say so anyway)
    if (passwordHash) await announceSessionsChanged(tx, row.id);
    await createAlert(tx, { userId: row.id, kind: 'account-approved', params: {} });
    // its history (docs/domain.md, Accounts), in the same transaction
    await recordUserEvent(tx, admin, {
      userId: row.id,
      type: 'approved',
      changes: { status: { from: 'pending', to: 'approved' } },
    });
    return row;
  });
  if (!approved) {
    const existing = await findUserById(db, id);
    if (!existing) throw new HttpError(404, MESSAGES.userNotFound);
    // a rejected or suspended account is not approved by this route (a suspended one is reactivated)
    throw new HttpError(
      409,
      existing.status === 'approved' ? MESSAGES.userAlreadyApproved : ACCOUNT_MESSAGES.approveNotPending,
    );
  }
  const referrer = approved.referralUserId ? await findUserById(db, approved.referralUserId) : undefined;
  return adminUserJson(approved, referrer ?? null, link);
}
