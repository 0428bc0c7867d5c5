/**
 * What the people screens say (docs/domain.md, Accounts): the admins' directory and a user's
 * page, and the dashboards' notice of the person's own account. The server's refusals are
 * ACCOUNT_MESSAGES (./accounts); these are the screens' own words.
 */
import type { UserEventType, UserStatus } from './constants';

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

/** One line per kind of event in an account's history. */
export const USER_EVENT_LABELS: Record<UserEventType, string> = {
  approved: 'Approved',
  rejected: 'Registration rejected',
  suspended: 'Suspended',
  reactivated: 'Reactivated',
  edited: 'Account edited',
  'password-reset-issued': 'Password reset link issued',
  'password-reset': 'Password reset',
  'payout-account-changed': 'Payout account changed',
};

export const USER_PAYOUT_METHOD_LABELS = {
  jazzcash: 'JazzCash',
  easypaisa: 'Easypaisa',
  bank: 'Bank account',
  paypal: 'PayPal',
} as const;

export const ACCOUNT_SCREEN_TEXTS = {
  usersFailed: 'Failed to fetch users',
  noUsersMatch: 'No users match these filters.',
  userFailed: 'Failed to fetch the user',
  noPayoutAccount: 'No account on file',
  historyEmpty: 'No changes recorded yet.',
  actionFailed: 'Something went wrong',
  rejectConfirm: 'Reject this registration? The person will not be able to sign in and will see this reason:',
  suspendConfirm:
    "Suspend this account? Every session of the person ends at once, an agent's unpaid orders are held from payment, and the person sees this reason:",
  approveConfirm: 'Approve this registration? The person can sign in at once.',
  reactivateConfirm: 'Reactivate this account? The person can sign in again.',
  resetConfirm: 'Issue a one-time password reset link for this person?',
  resetPassOn: 'Pass this link on to the person by WhatsApp. It works once.',
  resetExpires: 'The link expires at',
  /** said after a move, followed by the new status */
  statusNow: 'The account is now',
  rejectedNoActions: 'A rejected registration has no further actions.',
  linkCopied: 'Link copied.',
  linkCopyFailed: 'The link could not be copied: select it and copy it by hand.',
  /** the agent's dashboard while no payout account is on file */
  addPayoutAccount: 'Add where you want to be paid',
  addPayoutAccountWhy: 'Admins pay your commission to your payout account; you have none on file yet.',
} as const;
