import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  approveUserInputSchema,
  MESSAGES,
  type PasswordUpdateResponse,
  passwordUpdateInputSchema,
  type User,
} from 'shared-api/contract';
import { z } from 'zod';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import { parsePage, sendPage } from '../pagination';
import { currentUser, requireRole } from '../plugins/auth';
import { toAdminUserJson, toUserJson } from '../serializers';
import { createAlert } from '../services/alerts';
import { findUserById } from '../users';
import { isUuid, parseInput } from '../validation';

const idParamsSchema = z.object({ id: z.string() });

/** The :id of a user route; a malformed one names no user (404). */
function userIdParam(params: unknown): string {
  const { id } = parseInput(idParamsSchema, params);
  if (!isUuid(id)) throw new HttpError(404, MESSAGES.userNotFound);
  return id;
}

const referrers = alias(users, 'referrer');

export default async function userRoutes(app: FastifyInstance) {
  const adminOnly = { onRequest: [app.authenticate, requireRole(['admin'])] };

  /** A user with its referrer, in one query. */
  async function findUserWithReferrer(id: string): Promise<{ user: UserRow; referrer: UserRow | null } | undefined> {
    const [row] = await app.db
      .select({ user: users, referrer: referrers })
      .from(users)
      .leftJoin(referrers, eq(users.referralUserId, referrers.id))
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  /** An admin's view of a user: the CNIC images as short-lived signed links. */
  function adminUserJson(user: UserRow, referrer: UserRow | null): User {
    const link = (key: string | null) => (key ? app.privateLinks.url(app.settings.publicUrl, key) : '');
    const cnic =
      user.cnicFront || user.cnicBack ? { cnicFront: link(user.cnicFront), cnicBack: link(user.cnicBack) } : undefined;
    return toAdminUserJson(user, referrer, cnic);
  }

  // The one route a pending user may call: the shell shows the waiting screen from it.
  app.get(
    '/user',
    { onRequest: [app.authenticate], config: { allowPending: true } },
    async (request): Promise<User> => {
      // app.authenticate reads only a few columns of the caller; the answer shows the whole row
      const found = await findUserWithReferrer(currentUser(request).id);
      if (!found) throw new HttpError(401, MESSAGES.sessionInvalid);
      return toUserJson(found.user, found.referrer);
    },
  );

  // Any role. The change revokes every older token (token_version); the caller gets a new one.
  app.put(
    '/update/password',
    { onRequest: [app.authenticate], config: { rateLimit: app.settings.rateLimits.login } },
    async (request): Promise<PasswordUpdateResponse> => {
      const user = currentUser(request);
      const { currentPassword, newPassword } = parseInput(passwordUpdateInputSchema, request.body);
      if (isCommonPassword(newPassword)) throw new HttpError(400, MESSAGES.passwordTooCommon);
      // app.authenticate does not read the hash; read it for the token version this request was authenticated with
      const [stored] = await app.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion)))
        .limit(1);
      if (!stored) throw new HttpError(401, MESSAGES.sessionInvalid);
      if (!(await verifyPassword(stored.passwordHash, currentPassword))) {
        throw new HttpError(400, MESSAGES.currentPasswordIncorrect);
      }
      const passwordHash = await hashPassword(newPassword);
      // Only from the token version this request was authenticated with: a session revoked
      // meanwhile (another password change) cannot change the password.
      const [updated] = await app.db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion)))
        .returning();
      if (!updated) throw new HttpError(401, MESSAGES.sessionInvalid);
      return { message: MESSAGES.passwordUpdated, token: await app.tokens.sign(updated) };
    },
  );

  app.get('/all/pendingusers', adminOnly, async (request, reply): Promise<User[]> => {
    const { limit, offset } = parsePage(request.query);
    const pending = eq(users.status, 'pending');
    const [rows, total] = await Promise.all([
      app.db
        .select({ user: users, referrer: referrers })
        .from(users)
        .leftJoin(referrers, eq(users.referralUserId, referrers.id))
        .where(pending)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset),
      app.db.$count(users, pending),
    ]);
    return sendPage(
      reply,
      rows.map(({ user, referrer }) => toAdminUserJson(user, referrer)),
      Number(total),
    );
  });

  // Any status (the screen shows an approved user too); CNIC images as signed links.
  app.get('/pendinguser/:id', adminOnly, async (request): Promise<User> => {
    const found = await findUserWithReferrer(userIdParam(request.params));
    if (!found) throw new HttpError(404, MESSAGES.userNotFound);
    return adminUserJson(found.user, found.referrer);
  });

  // Pending -> approved, optionally with a new password (which revokes the user's older tokens).
  app.put('/user/:id/approve', adminOnly, async (request): Promise<User> => {
    const id = userIdParam(request.params);
    const { password } = parseInput(approveUserInputSchema, request.body ?? {});
    if (password && isCommonPassword(password)) throw new HttpError(400, MESSAGES.passwordTooCommon);
    const passwordHash = password ? await hashPassword(password) : undefined;
    const approved = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          status: 'approved',
          ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(and(eq(users.id, id), eq(users.status, 'pending')))
        .returning();
      if (!row) return undefined;
      await createAlert(tx, { userId: row.id, type: 'user_approved', message: 'Your account was approved. Welcome!' });
      return row;
    });
    if (!approved) {
      const existing = await findUserById(app.db, id);
      throw existing ? new HttpError(409, MESSAGES.userAlreadyApproved) : new HttpError(404, MESSAGES.userNotFound);
    }
    const referrer = approved.referralUserId ? await findUserById(app.db, approved.referralUserId) : undefined;
    return adminUserJson(approved, referrer ?? null);
  });
}
