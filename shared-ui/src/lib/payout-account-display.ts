/** How screens name a payout account (docs/domain.md, Payout accounts): masked, as the API answers it. */
import { PAYOUT_ACCOUNT_MESSAGES, PAYOUT_METHOD_LABELS, type PaidToAccount } from 'shared-api/contract';

/** "JazzCash •••• 4567", "Bank account (IBAN) •••• 6702, Hira Gill", or 'no account on file'. */
export function payoutAccountText(account: PaidToAccount | null | undefined): string {
  if (!account) return PAYOUT_ACCOUNT_MESSAGES.noAccountOnFile;
  const named = `${PAYOUT_METHOD_LABELS[account.method]} ${account.account}`;
  return account.holderName ? `${named}, ${account.holderName}` : named;
}
