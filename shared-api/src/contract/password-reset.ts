/**
 * Getting back in (docs/domain.md, Forgotten passwords): the emailed one-time link, the page that
 * sets a new password from it, and the words of both. The admin's link (resetLinkSchema) is in
 * accounts.ts.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { MESSAGES } from './messages';

import { PASSWORD_RESET_MESSAGES } from './password-reset-messages';

export * from './password-reset-messages';

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
