/**
 * The people side of the marketplace (docs/domain.md, Accounts): an account's status moves,
 * its history, the admins' directory of users and a user's full record, and the admin's
 * one-time password reset link. The payout account and the emailed password reset have their
 * own contracts (payout-account.ts, password-reset.ts).
 */
import { z } from 'zod';
import { ROLES, USER_EVENT_TYPES, USER_STATUSES } from './constants';
import { maskedPayoutAccountSchema } from './payout-account';
import { userSchema } from './schemas';

export const ACCOUNT_MESSAGES = {
  reasonRequired: 'A reason is required.',
  reasonTooLong: 'The reason can be at most 500 characters.',
  reasonInvalid: 'The reason cannot contain control characters.',
  /** 403 of POST /api/login for a rejected account; the reason follows */
  rejectedLogin: 'Your registration was not approved. Reason:',
  /** 403 of POST /api/login for a suspended account; the reason follows */
  suspendedLogin: 'Your account is suspended. Reason:',
  rejectNotPending: 'Only a registration waiting for approval can be rejected.',
  suspendNotApproved: 'Only an approved account can be suspended.',
  suspendSelf: 'You cannot suspend your own account.',
  suspendLastAdmin: 'The last admin cannot be suspended.',
  reactivateNotSuspended: 'Only a suspended account can be reactivated.',
  approveNotPending: 'Only a registration waiting for approval can be approved.',
  /** 409 of POST /api/payouts: the agent is suspended (like a fraud hold) */
  payoutAgentSuspended: 'This agent is suspended: their orders are held from payment until the account is reactivated.',
  userQueryInvalid: 'The search can be at most 100 characters.',
  userSortInvalid: 'Sort by name, -name, createdAt or -createdAt.',
} as const;

export const REASON_MAX_LENGTH = 500;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A reason an admin gives: 1-500 characters, trimmed, no control characters. */
export const reasonSchema = z
  .string({ error: ACCOUNT_MESSAGES.reasonRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.reasonRequired)
  .max(REASON_MAX_LENGTH, ACCOUNT_MESSAGES.reasonTooLong)
  .refine((reason) => !CONTROL_CHARACTERS.test(reason), ACCOUNT_MESSAGES.reasonInvalid);

/** PUT /api/user/{id}/reject and /suspend: the reason the person is shown. */
export const statusMoveInputSchema = z.object({ reason: reasonSchema });
export type StatusMoveInput = z.input<typeof statusMoveInputSchema>;

/** One event of an account's history, oldest first in a list. `note` only in an admin's view. */
export const userEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string(), name: z.string(), role: z.enum(ROLES) }),
  type: z.enum(USER_EVENT_TYPES),
  reason: z.string().nullable(),
  note: z.string().nullable().optional(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type UserEvent = z.infer<typeof userEventSchema>;
/** GET /api/users/{id}/history: the account's events, oldest first. */
export const userHistorySchema = z.array(userEventSchema);

/** What an admin needs to know of a user at a glance (zeros where the role has none). */
export const userCountsSchema = z.object({
  /** agent: orders placed; manager: orders of their products */
  orders: z.number(),
  /** agent: commission of unpaid, not cancelled orders */
  unpaidCommission: z.number(),
  /** agent: open fraud flags on their orders */
  openFlags: z.number(),
  /** manager: products listed (not archived) */
  products: z.number(),
});
export type UserCounts = z.infer<typeof userCountsSchema>;

/** A row of the directory: the user (no ID images) with its status reason and counts. */
export const userDirectoryRowSchema = userSchema.omit({ cnicFront: true, cnicBack: true }).extend({
  statusReason: z.string().nullable(),
  counts: userCountsSchema,
});
export type UserDirectoryRow = z.infer<typeof userDirectoryRowSchema>;
/** GET /api/users: a page (the total in X-Total-Count). */
export const userDirectorySchema = z.array(userDirectoryRowSchema);

export const USER_SORTS = ['name', '-name', 'createdAt', '-createdAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/users and /api/users/export.csv: the filters (paging is paginationQuerySchema's). */
export const userDirectoryQuerySchema = z.object({
  role: z.preprocess(emptyAsUnset, z.enum(ROLES).optional()),
  status: z.preprocess(emptyAsUnset, z.enum(USER_STATUSES).optional()),
  q: z.preprocess(emptyAsUnset, z.string().trim().max(100, ACCOUNT_MESSAGES.userQueryInvalid).optional()),
  sort: z.preprocess(
    emptyAsUnset,
    z.enum(USER_SORTS, { error: ACCOUNT_MESSAGES.userSortInvalid }).default('-createdAt'),
  ),
});
/** What a client sends (every field may be left out); z.input would type the preprocessed fields as unknown. */
export type UserDirectoryQuery = Partial<z.output<typeof userDirectoryQuerySchema>>;

/** GET /api/users/{id}: the whole record: ID images (signed links), payout account, counts, history. */
export const userRecordSchema = userSchema.extend({
  statusReason: z.string().nullable(),
  counts: userCountsSchema,
  /** agents only; null while the agent has none */
  payoutAccount: maskedPayoutAccountSchema.nullable(),
  history: userHistorySchema,
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** POST /api/user/{id}/password-reset: a one-time link for the admin to pass on by hand. */
export const resetLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ResetLink = z.infer<typeof resetLinkSchema>;
