/**
 * Getting back in (docs/domain.md, Forgotten passwords): the emailed link, the reset it opens,
 * and an admin's link to pass on by hand. The work is in ../services/password-reset.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  forgotPasswordInputSchema,
  MESSAGES,
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_MESSAGES,
  passwordResetAnswerSchema,
  passwordResetMessagesFor,
  resetLinkSchema,
  resetPasswordInputSchema,
} from 'shared-api/contract';
import { accountKey } from '../auth/sign-in-attempts';
import { forgetFirstAdminPasswordByHash } from '../first-admin';
import { builtTranslations } from '../http/language';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { HttpError } from '../http-error';
import { currentUser, signedIn } from '../plugins/auth';
import { issueResetLink, requestPasswordReset, resetPassword } from '../services/password-reset';
import { quotaAddress } from '../uploads/anonymous-quota';

const tags = ['account'];

/** 429 of the forgot form, with the seconds to wait in Retry-After. */
class ForgotLimitError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    translations?: HttpError['translations'],
  ) {
    super(429, message, undefined, translations);
  }
}

export default async function passwordResetRoutes(app: FastifyInstance) {
  // Counted by @fastify/rate-limit's store: in Redis with REDIS_URL, shared by every API process.
  const { passwordForgot, passwordForgotEmail } = app.settings.rateLimits;
  const perAddress = app.createRateLimit({
    ...passwordForgot,
    keyGenerator: (request) => `password-forgot:${quotaAddress(request.ip)}`,
  });
  const perEmail = app.createRateLimit({
    ...passwordForgotEmail,
    keyGenerator: (request) => `password-forgot-email:${accountKey((request.body as { email: string }).email)}`,
  });
  /** The address's quota first (an address over its own uses up no email's), then the email's, whether or not an account has it. */
  async function takeForgot(request: FastifyRequest): Promise<void> {
    for (const [limit, quota] of [
      [perAddress, 'forgotTooManyFromAddress'],
      [perEmail, 'forgotTooManyForEmail'],
    ] as const) {
      const counted = await limit(request);
      if (!counted.isAllowed && counted.isExceeded) {
        throw new ForgotLimitError(
          PASSWORD_RESET_MESSAGES[quota](counted.ttl),
          Math.max(1, counted.ttlInSeconds),
          builtTranslations((b) => b[quota](counted.ttl)),
        );
      }
    }
  }

  // Emails go out after the answer, so its time tells nothing about whether the account exists;
  // the app's close waits for those under way.
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(sending);
    app.mailer?.close();
  });

  typed(app).post(
    '/password/forgot',
    {
      config: { access: 'public' },
      onError: async (_request, reply, error) => {
        if (error instanceof ForgotLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
      },
      schema: {
        summary: 'Emails a one-time link to set a new password, when an approved account has this email',
        description: `Always the same 202 and message, whether or not an account has the email; the email goes only to an approved account, with a link to the shell's /reset-password valid ${PASSWORD_RESET_LINK_MINUTES} minutes and once (an earlier unused link of the account stops working). Rate limited per address (PASSWORD_RESET_LIMIT) and per email (PASSWORD_RESET_EMAIL_LIMIT): 429 with Retry-After. 503 when the server sends no email (no SMTP_URL): the person asks the admin instead.`,
        tags,
        body: forgotPasswordInputSchema,
        response: { 202: passwordResetAnswerSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { mailer } = app;
      if (!mailer) throw new HttpError(503, PASSWORD_RESET_MESSAGES.mailNotConfigured);
      await takeForgot(request);
      const mail = await requestPasswordReset(app.db, app.settings.shellUrl, request.body.email);
      if (mail) {
        // in the account's language (docs/domain.md, Accounts and sessions: Language)
        const words = passwordResetMessagesFor(mail.locale);
        const sent = mailer
          .send({ to: mail.to, subject: words.emailSubject, text: words.emailText(mail.url) })
          .catch((error: unknown) => request.log.error({ err: error }, 'the password reset email could not be sent'))
          .finally(() => sending.delete(sent));
        sending.add(sent);
      }
      return reply.code(202).send({ message: PASSWORD_RESET_MESSAGES.forgotAccepted });
    },
  );

  typed(app).post(
    '/password/reset',
    {
      config: { access: 'public', rateLimit: app.settings.rateLimits.login },
      schema: {
        summary: "Sets a new password from a reset link's token: every session of the account ends",
        description:
          'The password follows the rules of a change. A link works once and for its 60 minutes: an unknown, used, replaced or expired one is a 400. Rate limited per address.',
        tags,
        body: resetPasswordInputSchema,
        response: { 200: passwordResetAnswerSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const { user, previousPasswordHash } = await resetPassword(app.db, request.body);
      if (user.role === 'admin') {
        // the first admin's generated password, now replaced, leaves the data folder; the reset stands whatever happens to the file
        await forgetFirstAdminPasswordByHash(app.settings.dataDir, previousPasswordHash).catch((error: unknown) => {
          request.log.warn({ err: error }, "the first admin's password file could not be deleted");
        });
      }
      return { message: PASSWORD_RESET_MESSAGES.passwordReset };
    },
  );

  typed(app).post(
    '/user/:id/password-reset',
    {
      config: { access: signedIn(['admin']) },
      schema: {
        summary: 'A one-time link to set a new password, for an admin to pass on by hand (admins)',
        description: `Only for an approved account (409 otherwise). The link opens the shell's /reset-password, works once and for ${PASSWORD_RESET_LINK_MINUTES} minutes; an earlier unused link of the account stops working. Recorded in the account's history.`,
        tags: ['users'],
        params: idParams(MESSAGES.userNotFound),
        response: { 200: resetLinkSchema, ...REFUSALS },
      },
    },
    async (request) => issueResetLink(app.db, currentUser(request), request.params.id, app.settings.shellUrl),
  );
}
