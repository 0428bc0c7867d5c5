/**
 * Where an agent's money goes (docs/domain.md, Payout accounts): the agent's one payout account,
 * its rules and messages, the masked form admins see on screens, the copy a payout keeps of the
 * account it paid, and what the pay screen is told of a recent change.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from './constants';

export const PAYOUT_METHODS = ['jazzcash', 'easypaisa', 'bank', 'paypal'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  jazzcash: 'JazzCash',
  easypaisa: 'Easypaisa',
  bank: 'Bank account (IBAN)',
  paypal: 'PayPal',
};
/** The methods whose account is a mobile wallet number. */
export const WALLET_METHODS: readonly PayoutMethod[] = ['jazzcash', 'easypaisa'];

export const HOLDER_NAME_MAX_LENGTH = 100;
/** For this long after an existing account is replaced, paying its agent needs the admin's confirmation. */
export const ACCOUNT_CHANGE_CONFIRM_HOURS = 24;

export const PAYOUT_ACCOUNT_MESSAGES = {
  methodInvalid: 'Choose how you want to be paid: JazzCash, Easypaisa, a bank account or PayPal.',
  accountRequired: 'The account is required.',
  accountTooLong: `The account can be at most ${MAX_EMAIL_LENGTH} characters.`,
  walletInvalid:
    'The wallet number must be a Pakistani mobile number: +92 and 10 digits (13 characters), e.g. +923001234567.',
  ibanInvalid: 'The IBAN must be a Pakistani IBAN: PK and 22 more letters and digits (24 characters).',
  ibanCheckFailed: "The IBAN's check digits do not match: look for a mistyped character.",
  paypalInvalid: 'The PayPal account must be an email address (name@example.com).',
  holderNameRequired: "The account holder's name is required for a bank account.",
  holderNameTooLong: `The account holder's name can be at most ${HOLDER_NAME_MAX_LENGTH} characters.`,
  holderNameInvalid: "The account holder's name cannot contain control characters.",
  /** 404 of GET /api/user/payout-account */
  notFound: 'You have not added a payout account yet.',
  saved: 'Your payout account is saved.',
  noAccountOnFile: 'no account on file',
  /** the agent's dashboard while it has none */
  addOne: 'Add where you want to be paid',
  /** 409 of POST /api/payouts without confirmAccountChange inside the 24 hours */
  confirmRequired: `This agent's payout account was changed less than ${ACCOUNT_CHANGE_CONFIRM_HOURS} hours ago. Check the new account and confirm it before paying.`,
  confirmLabel: 'I checked the new account and want to pay it',
  transferFromInvalid: 'from must be a date: YYYY-MM-DD.',
  transferToInvalid: 'to must be a date: YYYY-MM-DD.',
  transferRangeInvalid: 'from must not be after to.',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const WALLET = /^\+92\d{10}$/;
const NATIONAL_WALLET = /^0\d{10}$/;
/** Pakistan's IBAN (ISO 13616 registry): PK, 2 check digits, a 4-letter bank code, 16 letters or digits. */
const PK_IBAN = /^PK\d{2}[A-Z]{4}[0-9A-Z]{16}$/;

/** Spaces (and, for wallet numbers, hyphens) people type inside a number. */
const withoutSpaces = (value: string) => value.replace(/\s+/g, '');

/**
 * ISO 13616's check (ISO 7064 mod 97-10): the first four characters moved to the end, each
 * letter as two digits (A = 10 ... Z = 35), the number's remainder by 97 is 1. Spaces allowed.
 */
export function ibanIsValid(value: string): boolean {
  const iban = withoutSpaces(value).toUpperCase();
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{1,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * The account as stored: a wallet +92 and 10 digits (spaces and hyphens dropped; the national
 * form 03001234567 taken as +923001234567), an IBAN without spaces in capitals, a PayPal email
 * trimmed. Undefined when it breaks the method's rule (the message: accountRefusal).
 */
export function canonicalAccount(method: PayoutMethod, value: string): string | undefined {
  if (method === 'bank') {
    const iban = withoutSpaces(value).toUpperCase();
    return PK_IBAN.test(iban) && ibanIsValid(iban) ? iban : undefined;
  }
  if (method === 'paypal') {
    const email = value.trim();
    return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email) ? email : undefined;
  }
  const number = value.replace(/[\s-]+/g, '');
  if (WALLET.test(number)) return number;
  if (NATIONAL_WALLET.test(number)) return `+92${number.slice(1)}`;
  return undefined;
}

/** Why an account is refused for its method (undefined: it is accepted). */
export function accountRefusal(method: PayoutMethod, value: string): string | undefined {
  if (value.trim() === '') return PAYOUT_ACCOUNT_MESSAGES.accountRequired;
  if (canonicalAccount(method, value) !== undefined) return undefined;
  if (method === 'paypal') return PAYOUT_ACCOUNT_MESSAGES.paypalInvalid;
  if (method !== 'bank') return PAYOUT_ACCOUNT_MESSAGES.walletInvalid;
  return PK_IBAN.test(withoutSpaces(value).toUpperCase())
    ? PAYOUT_ACCOUNT_MESSAGES.ibanCheckFailed
    : PAYOUT_ACCOUNT_MESSAGES.ibanInvalid;
}

/** What a screen shows of an account: all but its last four characters hidden. */
export const maskAccount = (account: string): string => `•••• ${account.slice(-4)}`;

/**
 * PUT /api/user/payout-account: the account as typed; the answer (and what is stored) has it in
 * its canonical form. `holderName` is required for a bank, optional otherwise ('' is none).
 */
export const payoutAccountInputSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS, { error: PAYOUT_ACCOUNT_MESSAGES.methodInvalid }),
    account: z
      .string({ error: PAYOUT_ACCOUNT_MESSAGES.accountRequired })
      .max(MAX_EMAIL_LENGTH, PAYOUT_ACCOUNT_MESSAGES.accountTooLong),
    holderName: z
      .string({ error: PAYOUT_ACCOUNT_MESSAGES.holderNameRequired })
      .trim()
      .max(HOLDER_NAME_MAX_LENGTH, PAYOUT_ACCOUNT_MESSAGES.holderNameTooLong)
      .refine((name) => !CONTROL_CHARACTERS.test(name), PAYOUT_ACCOUNT_MESSAGES.holderNameInvalid)
      .optional()
      .nullable(),
  })
  .superRefine((input, context) => {
    const refusal = accountRefusal(input.method, input.account);
    if (refusal) context.addIssue({ code: 'custom', path: ['account'], message: refusal });
    if (input.method === 'bank' && !input.holderName) {
      context.addIssue({ code: 'custom', path: ['holderName'], message: PAYOUT_ACCOUNT_MESSAGES.holderNameRequired });
    }
  })
  .transform((input) => ({
    method: input.method,
    account: canonicalAccount(input.method, input.account) ?? input.account,
    holderName: input.holderName ? input.holderName : null,
  }));
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;

/** GET and PUT /api/user/payout-account: the agent's own account, whole. */
export const payoutAccountSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  account: z.string(),
  holderName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** The agent's payout account as admins see it on screens: all but the last four characters masked. */
export const maskedPayoutAccountSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  /** e.g. '•••• 4567' */
  account: z.string(),
  holderName: z.string().nullable(),
  updatedAt: z.string(),
});
export type MaskedPayoutAccount = z.infer<typeof maskedPayoutAccountSchema>;

/** The copy a payout keeps of the account it paid (masked on screens); null: no account on file then. */
export const paidToAccountSchema = maskedPayoutAccountSchema.omit({ updatedAt: true });
export type PaidToAccount = z.infer<typeof paidToAccountSchema>;

/**
 * GET /api/payouts/payable/{agentId}/account: what the pay screen shows beside the Pay button:
 * the account (masked, null: none on file) and, for ACCOUNT_CHANGE_CONFIRM_HOURS after an
 * existing account was replaced, the change, which the payout must confirm.
 */
export const payoutAccountReviewSchema = z.object({
  account: maskedPayoutAccountSchema.nullable(),
  change: z
    .object({
      changedAt: z.string(),
      /** when paying stops needing the confirmation */
      confirmUntil: z.string(),
      previous: paidToAccountSchema,
    })
    .nullable(),
});
export type PayoutAccountReview = z.infer<typeof payoutAccountReviewSchema>;

/** One line of transfer.csv, in the file's column order (docs/domain.md, Payouts). */
export const TRANSFER_CSV_COLUMNS = ['method', 'account', 'holder name', 'amount', 'reference'] as const;

/** GET /api/payouts/transfer.csv: the payouts made on these days (UTC), both included. */
/** A day the database can hold: ISO 8601's year 0000 is none (PostgreSQL counts 1 BC). */
const transferDay = (message: string) =>
  z.iso.date({ error: message }).refine((day) => !day.startsWith('0000'), message);

export const transferQuerySchema = z
  .object({
    from: transferDay(PAYOUT_ACCOUNT_MESSAGES.transferFromInvalid),
    to: transferDay(PAYOUT_ACCOUNT_MESSAGES.transferToInvalid),
  })
  .refine((range) => range.from <= range.to, { path: ['from'], message: PAYOUT_ACCOUNT_MESSAGES.transferRangeInvalid });
