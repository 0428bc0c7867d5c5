/**
 * Getting back in (docs/domain.md, Forgotten passwords): the emailed one-time link, the page that
 * sets a new password from it, and the words of both. The admin's link (resetLinkSchema) is in
 * accounts.ts.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { MESSAGES } from './messages';

/** How long a reset link works, emailed or handed out by an admin. */
export const PASSWORD_RESET_LINK_MINUTES = 60;

const minutes = (waitMs: number) => {
  const count = Math.max(1, Math.ceil(waitMs / 60_000));
  return `${count} ${count === 1 ? 'minute' : 'minutes'}`;
};

export const PASSWORD_RESET_MESSAGES = {
  /** 202 of POST /api/password/forgot, whether or not the account exists */
  forgotAccepted:
    'If an approved account has this email, a link to set a new password is on its way to it. The link works once, within 60 minutes.',
  /** 503 of POST /api/password/forgot when the server cannot send email (no SMTP_URL) */
  mailNotConfigured:
    'Password reset by email is not available here: ask the admin for a reset link on WhatsApp instead.',
  /** the forgot page's words when email is not available, before the admin's number (if any) */
  contactAdmin: 'Password reset by email is not available here. Message the admin on WhatsApp for a reset link:',
  contactAdminWithoutNumber: 'Password reset by email is not available here. Ask the admin for a reset link.',
  forgotTooManyFromAddress: (waitMs: number) =>
    `Too many password reset requests from your network. Try again in ${minutes(waitMs)}.`,
  forgotTooManyForEmail: (waitMs: number) =>
    `Too many password reset requests for this email. Try again in ${minutes(waitMs)}.`,
  forgotFailed: 'The request could not be sent. Please try again.',
  /** 400 of POST /api/password/reset: unknown, used, replaced or expired (one message: it helps no guessing) */
  linkInvalid: 'This link has expired or was already used.',
  /** the reset page opened without a token */
  linkIncomplete: 'This link is not complete. Open the link from the email again, or ask for a new one.',
  passwordReset: 'Your password was changed. Sign in with the new password.',
  resetFailed: 'The password could not be changed. Please try again.',
  passwordsDiffer: 'The two passwords do not match.',
  confirmRequired: 'Type the new password again.',
  /** 409 of POST /api/user/{id}/password-reset */
  resetNotApproved: 'Only an approved account can be given a password reset link.',
  /** the email's subject and words; the link follows */
  emailSubject: 'Set a new password',
  emailText: (link: string) =>
    `Someone (we hope you) asked to set a new password for your account.\n\nOpen this link within ${PASSWORD_RESET_LINK_MINUTES} minutes to choose one; it works once:\n\n${link}\n\nIf you did not ask for it, ignore this email: your password stays as it is.`,
} as const;

/** POST /api/password/forgot */
export const forgotPasswordInputSchema = z.object({
  email: z
    .string({ error: MESSAGES.emailInvalid })
    .trim()
    .max(MAX_EMAIL_LENGTH, { error: MESSAGES.emailInvalid, abort: true })
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** The answers of both routes: a sentence to show. */
export const passwordResetAnswerSchema = z.object({ message: z.string() });
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswerSchema>;

/** A link's token: 256 random bits, base64url (43 characters); anything else is no link of ours. */
export const resetTokenSchema = z
  .string({ error: PASSWORD_RESET_MESSAGES.linkInvalid })
  .min(1, PASSWORD_RESET_MESSAGES.linkInvalid)
  .max(100, PASSWORD_RESET_MESSAGES.linkInvalid);

/** POST /api/password/reset: the new password follows the rules of a change. */
export const resetPasswordInputSchema = z.object({
  token: resetTokenSchema,
  newPassword: z
    .string({ error: MESSAGES.passwordTooShort })
    .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
    .max(200),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** The reset page's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: resetPasswordInputSchema.shape.newPassword,
    confirmPassword: z.string().min(1, PASSWORD_RESET_MESSAGES.confirmRequired),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: PASSWORD_RESET_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
