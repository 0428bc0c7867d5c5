/**
 * The words of getting back in (docs/domain.md, Forgotten passwords), apart from the forms'
 * schemas in password-reset.ts: shared-api's client reads them without loading zod.
 */

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
