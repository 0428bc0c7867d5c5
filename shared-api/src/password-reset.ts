/** Getting back in (docs/domain.md, Forgotten passwords): the email form, the reset from a link, an admin's link. */
import { ApiError, apiRequest } from './client';
import type { ForgotPasswordInput, PasswordResetAnswer, ResetPasswordInput } from './contract/password-reset';
// the words only: the forms' schemas (zod) stay off the signed-in pages
import { PASSWORD_RESET_MESSAGES } from './contract/password-reset-messages';

/** POST /api/password/forgot: the one answer, whether or not an account has the email. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<PasswordResetAnswer> {
  const { data } = await apiRequest<PasswordResetAnswer>('/api/password/forgot', {
    method: 'POST',
    data: input,
    anonymous: true,
  });
  return data;
}

/** The forgot form's refusal when the server sends no email: the person asks the admin instead. */
export const isMailNotConfigured = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 503 && error.message === PASSWORD_RESET_MESSAGES.mailNotConfigured;

/** POST /api/password/reset: sets the password from a link's token; every session of the account ends. */
export async function resetPassword(input: ResetPasswordInput): Promise<PasswordResetAnswer> {
  const { data } = await apiRequest<PasswordResetAnswer>('/api/password/reset', {
    method: 'POST',
    data: input,
    anonymous: true,
  });
  return data;
}
