/** How screens name a payout account (docs/domain.md, Payout accounts): masked, as the API answers it. */
import { ltr } from 'shared-api';
import type { PaidToAccount, PayoutMethod } from 'shared-api/contract';
import { t } from './i18n';

/** PAYOUT_METHOD_LABELS of the contract, in the current language. */
const METHOD_TEXT: Record<PayoutMethod, () => string> = {
  jazzcash: () => t('ui.payoutMethod.jazzcash'),
  easypaisa: () => t('ui.payoutMethod.easypaisa'),
  bank: () => t('ui.payoutMethod.bank'),
  paypal: () => t('ui.payoutMethod.paypal'),
};

/** 'JazzCash', 'Bank account (IBAN)' in the current language. */
export function payoutMethodLabel(method: PayoutMethod): string {
  return METHOD_TEXT[method]?.() ?? method;
}

/** "JazzCash •••• 4567", "Bank account (IBAN) •••• 6702, Hira Gill", or 'no account on file'. */
export function payoutAccountText(account: PaidToAccount | null | undefined): string {
  if (!account) return t('ui.payoutAccount.none');
  const named = `${payoutMethodLabel(account.method)} ${ltr(account.account)}`;
  return account.holderName ? t('ui.payoutAccount.named', { account: named, holder: account.holderName }) : named;
}
