/**
 * The caller's own account: sign-in, sign-out, registration, the signed-in user, its language and
 * the password change (docs/domain.md, Accounts and sessions). The queries are in
 * ../services/users.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  localeInputSchema,
  localeResponseSchema,
  loginInputSchema,
  loginResponseSchema,
  MESSAGES,
  passwordUpdateInputSchema,
  passwordUpdateResponseSchema,
  registerInputSchema,
  registerResponseSchema,
  userSchema,
} from 'shared-api/contract';
import { z } from 'zod';
import { forgetFirstAdminPassword } from '../first-admin';
import { requestLocale } from '../http/language';
import { REFUSALS, typed } from '../http/route-schemas';
import { currentSession, currentUser, signedIn } from '../plugins/auth';
import { toOwnUserJson } from '../serializers';
import { SignInWait, signIn } from '../services/sign-in';
import {
  changePassword,
  loadUserJson,
  ownUserJson,
  registerUser,
  revokeSession,
  saveUserLocale,
} from '../services/users';

const tags = ['account'];

export default async function authRoutes(app: FastifyInstance) {
  typed(app).post(
    '/login',
    {
      config: { access: 'public', rateLimit: app.settings.rateLimits.login },
      onError: async (_request, reply, error) => {
        if (error instanceof SignInWait) reply.header('retry-after', String(error.retryAfterSeconds));
      },
      schema: {
        summary: 'Signs an approved user in: a token and the user',
        description:
          'Rate limited per address. Past the failed sign-ins FAILED_LOGIN_LIMIT allows on an account from one address, that address waits before each next attempt on it: 1 s, doubling after each failure (429 with Retry-After), whether or not the account exists. Other addresses are not held back.',
        tags,
        body: loginInputSchema,
        response: { 200: loginResponseSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const user = await signIn(app.db, app.signInAttempts, { ...request.body, address: request.ip });
      return { token: await app.tokens.sign(user), user: await loadUserJson(app.db, user) };
    },
  );

  // Ends the session of the token it is called with, and only that one: the person's other
  // devices stay signed in.
  typed(app).post(
    '/logout',
    {
      config: { access: { roles: 'any', allowPending: true } },
      schema: {
        summary: "Ends the caller's session: its token is refused from now on; other devices stay signed in",
        tags,
        response: { 204: z.null().describe('Signed out'), ...REFUSALS },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, currentUser(request), currentSession(request));
      return reply.code(204).send(null);
    },
  );

  typed(app).post(
    '/register',
    {
      config: { access: 'public', rateLimit: app.settings.rateLimits.register },
      schema: {
        summary: 'Registers an agent or a manager, pending until an admin approves it',
        description:
          'The CNIC images are private uploads (POST /api/uploads with purpose=cnic) no account has claimed yet. Answers a token that works only where a pending user may go. Rate limited per address.',
        tags,
        body: registerInputSchema,
        response: { 201: registerResponseSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { user, referrer } = await registerUser(app.db, request.body, requestLocale(request));
      reply.code(201);
      return {
        token: await app.tokens.sign(user),
        user: toOwnUserJson(user, referrer),
        message: MESSAGES.registerSuccess,
      };
    },
  );

  // The one route a pending user may call: the shell shows the waiting screen from it.
  typed(app).get(
    '/user',
    {
      config: { access: { roles: 'any', allowPending: true } },
      schema: {
        summary: 'The signed-in user (a pending user too)',
        tags,
        response: { 200: userSchema, ...REFUSALS },
      },
    },
    async (request) => ownUserJson(app.db, currentUser(request)),
  );

  // The account's language (docs/architecture.md, Languages): the caller's own row only.
  typed(app).put(
    '/user/locale',
    {
      config: { access: signedIn() },
      schema: {
        summary: "Keeps the caller's language on the account: the app opens in it on every device",
        tags,
        body: localeInputSchema,
        response: { 200: localeResponseSchema, ...REFUSALS },
      },
    },
    async (request) => ({ locale: await saveUserLocale(app.db, currentUser(request), request.body.locale) }),
  );

  // Any role. The change revokes every older token (token_version); the caller gets a new one.
  typed(app).put(
    '/update/password',
    {
      config: { access: signedIn(), rateLimit: app.settings.rateLimits.login },
      schema: {
        summary: "Changes the caller's password: every older token is revoked, the answer carries a new one",
        tags,
        body: passwordUpdateInputSchema,
        response: { 200: passwordUpdateResponseSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const updated = await changePassword(app.db, currentUser(request), request.body);
      if (updated.role === 'admin') {
        // The first admin's generated password, now replaced, leaves the data folder. The
        // change stands whatever happens to the file.
        await forgetFirstAdminPassword(app.settings.dataDir, request.body.currentPassword).catch((error: unknown) => {
          request.log.warn({ err: error }, "the first admin's password file could not be deleted");
        });
      }
      return { message: MESSAGES.passwordUpdated, token: await app.tokens.sign(updated) };
    },
  );
}
