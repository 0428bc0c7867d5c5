import { describe, expect, it } from 'vitest';
import {
  accountRefusal,
  canonicalAccount,
  ibanIsValid,
  maskAccount,
  PAYOUT_ACCOUNT_MESSAGES,
  payoutAccountInputSchema,
} from './payout-account';

describe('ibanIsValid (ISO 13616 mod 97)', () => {
  it.each([
    'PK36SCBL0000001123456702',
    'pk36 scbl 0000 0011 2345 6702',
    'PK56MEZN0001234567890123',
    'GB82WEST12345698765432',
    'DE89370400440532013000',
  ])('accepts %s', (iban) => expect(ibanIsValid(iban)).toBe(true));

  it.each([
    'PK37SCBL0000001123456702', // check digits off by one
    'PK36SCBL0000001123456703', // last digit mistyped
    'PK36SCBL0000001123465702', // two digits swapped
    'GB82WEST12345698765433',
    'PK36',
    '',
    'PK36SCBL00000011234567!2',
  ])('refuses %s', (iban) => expect(ibanIsValid(iban)).toBe(false));
});

describe('payout accounts as stored', () => {
  it('keeps a wallet as +92 and 10 digits', () => {
    expect(canonicalAccount('jazzcash', '+92 300 123-4567')).toBe('+923001234567');
    expect(canonicalAccount('easypaisa', '0300 1234567')).toBe('+923001234567');
    expect(canonicalAccount('jazzcash', '923001234567')).toBeUndefined();
    expect(canonicalAccount('jazzcash', '+9230012345678')).toBeUndefined();
  });

  it('keeps a Pakistani IBAN without spaces, in capitals; refuses another country', () => {
    expect(canonicalAccount('bank', 'pk36 scbl 0000 0011 2345 6702')).toBe('PK36SCBL0000001123456702');
    expect(accountRefusal('bank', 'GB82WEST12345698765432')).toBe(PAYOUT_ACCOUNT_MESSAGES.ibanInvalid);
    expect(accountRefusal('bank', 'PK36SCBL0000001123456703')).toBe(PAYOUT_ACCOUNT_MESSAGES.ibanCheckFailed);
  });

  it('masks all but the last four characters', () => {
    expect(maskAccount('PK36SCBL0000001123456702')).toBe('•••• 6702');
    expect(maskAccount('+923001234567')).toBe('•••• 4567');
  });

  it('needs a holder name for a bank only, and names the field that is wrong', () => {
    const bank = payoutAccountInputSchema.safeParse({ method: 'bank', account: 'PK36SCBL0000001123456702' });
    expect(bank.success).toBe(false);
    expect(bank.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['holderName', PAYOUT_ACCOUNT_MESSAGES.holderNameRequired],
    ]);
    const wallet = payoutAccountInputSchema.parse({ method: 'jazzcash', account: '03001234567', holderName: '' });
    expect(wallet).toEqual({ method: 'jazzcash', account: '+923001234567', holderName: null });
  });
});
