import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type LoginResponse,
  loginInputSchema,
  MESSAGES,
  type RegisterResponse,
  registerInputSchema,
  tooManyFailedSignIns,
} from 'shared-api/contract';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { accountKey } from '../auth/sign-in-attempts';
import { revokedTokens, type UserRow, uploads, users } from '../db/schema';
import { HttpError } from '../http-error';
import { currentSession, currentUser } from '../plugins/auth';
import { toUserJson } from '../serializers';
import { privateKeyFromUrl } from '../uploads/urls';
import { findUserByEmail, findUserById, loadUserJson } from '../users';
import { isUuid, parseInput } from '../validation';

/** A unique index refused the row (PostgreSQL 23505), however deep drizzle wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export default async function authRoutes(app: FastifyInstance) {
  app.post(
    '/login',
    { config: { rateLimit: app.settings.rateLimits.login } },
    async (request, reply): Promise<LoginResponse> => {
      const { email, password } = parseInput(loginInputSchema, request.body);
      // Counted per account before the password is checked, for an email without an account too.
      const account = accountKey(email);
      const waitMs = await app.signInAttempts.take(account);
      if (waitMs > 0) {
        reply.header('retry-after', Math.ceil(waitMs / 1000));
        throw new HttpError(429, tooManyFailedSignIns(waitMs));
      }
      const user = await findUserByEmail(app.db, email);
      // Unknown email and wrong password: same answer, same work (no account probing).
      const passwordMatches = await verifyPassword(user?.passwordHash, password);
      if (!user || !passwordMatches) throw new HttpError(401, MESSAGES.invalidCredentials);
      await app.signInAttempts.clear(account);
      if (user.status !== 'approved') throw new HttpError(403, MESSAGES.pendingLogin);
      return { token: await app.tokens.sign(user), user: await loadUserJson(app.db, user) };
    },
  );

  // Ends the session of the token it is called with, and only that one: the person's other
  // devices stay signed in. The token is refused from now until it expires.
  app.post('/logout', { onRequest: [app.authenticate], config: { allowPending: true } }, async (request, reply) => {
    const user = currentUser(request);
    const { tokenId, expiresAt } = currentSession(request);
    // Two logouts with one token at once: the second finds the row there.
    await app.db.insert(revokedTokens).values({ jti: tokenId, userId: user.id, expiresAt }).onConflictDoNothing();
    return reply.code(204).send();
  });

  // Anyone may register; the account is pending until an admin approves it, and is never an admin.
  app.post(
    '/register',
    { config: { rateLimit: app.settings.rateLimits.register } },
    async (request, reply): Promise<RegisterResponse> => {
      const input = parseInput(registerInputSchema, request.body);
      if (isCommonPassword(input.password)) throw new HttpError(400, MESSAGES.passwordTooCommon);
      // The CNIC images: private uploads (POST /api/uploads, purpose=cnic) no account has claimed.
      const cnicFront = privateKeyFromUrl(input.cnicFront);
      if (!cnicFront) throw new HttpError(400, MESSAGES.cnicFrontRequired);
      const cnicBack = privateKeyFromUrl(input.cnicBack);
      if (!cnicBack || cnicBack === cnicFront) throw new HttpError(400, MESSAGES.cnicBackRequired);

      if (await findUserByEmail(app.db, input.email)) throw new HttpError(409, MESSAGES.emailTaken);
      let referrer: UserRow | undefined;
      const referralUserId = input.referralUserId?.trim();
      if (referralUserId) {
        referrer = isUuid(referralUserId) ? await findUserById(app.db, referralUserId) : undefined;
        if (!referrer) throw new HttpError(400, MESSAGES.referralUserMissing);
      }
      const passwordHash = await hashPassword(input.password);

      let user: UserRow;
      try {
        user = await app.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              email: input.email,
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              role: input.role,
              status: 'pending',
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
      } catch (error) {
        // The same email registered at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.emailTaken);
        throw error;
      }

      reply.code(201);
      return {
        token: await app.tokens.sign(user),
        user: toUserJson(user, referrer ?? null),
        message: MESSAGES.registerSuccess,
      };
    },
  );
}
