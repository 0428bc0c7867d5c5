import { describe, expect, it } from 'vitest';
import {
  ALERT_KIND_TYPES,
  ALERT_KINDS,
  ALERT_MESSAGES,
  type AlertContent,
  type AlertKind,
  alertAccount,
  alertMessage,
} from './alert-messages';
import { ALERT_MESSAGES_UR, PUSH_TITLES_UR } from './alert-messages-ur';
import { alertMessageIn, alertMessagesFor, pushTitlesFor } from './localized-messages';
import { PUSH_KINDS, PUSH_TITLES } from './push';

const URDU = /[\u0600-\u06FF]/;
const ltr = (value: string) => `\u2066${value}\u2069`;
const named = (value: string) => `\u2068${value}\u2069`;
const NUMBER = '111-2222222-3333333';

/** One alert of every kind, with the English sentence the product has always written for it. */
const EXAMPLES: { [Kind in AlertKind]: { params: Extract<AlertContent, { kind: Kind }>['params']; english: string } } =
  {
    'order-placed': {
      params: { orderNumber: NUMBER, product: 'Lamp', agent: 'Asif Khan' },
      english: `New order ${NUMBER} for "Lamp" by Asif Khan.`,
    },
    'order-status': {
      params: { orderNumber: NUMBER, status: 'Feedback Rfnd' },
      english: `Order ${NUMBER} is now "Feedback Refund".`,
    },
    'refund-screenshot': { params: { orderNumber: NUMBER }, english: `Order ${NUMBER} has its refund screenshot.` },
    'commission-status': {
      params: { orderNumber: NUMBER, amount: 150.5, status: 'paid' },
      english: `Commission of Rs 150.5 for order ${NUMBER} is now paid.`,
    },
    'product-approved': { params: { product: 'Lamp' }, english: 'Your product "Lamp" was approved.' },
    'account-approved': { params: {}, english: 'Your account was approved. Welcome!' },
    'payout-made': {
      params: { reference: 'JC-2026-11', amount: 300, orders: 1 },
      english: 'Payout JC-2026-11: Rs 300 for 1 order.',
    },
    'payout-account-added': {
      params: { agent: 'Asif Khan', to: alertAccount('jazzcash', '+923001234567') },
      english: 'Asif Khan added a payout account: JazzCash •••• 4567.',
    },
    'payout-account-changed': {
      params: {
        agent: 'Asif Khan',
        from: alertAccount('jazzcash', '+923001234567'),
        to: alertAccount('bank', 'PK36SCBL0000001123456702'),
      },
      english: 'Asif Khan changed their payout account from JazzCash •••• 4567 to Bank account (IBAN) •••• 6702.',
    },
  };
const contentOf = <Kind extends AlertKind>(kind: Kind) => ({ kind, params: EXAMPLES[kind].params }) as AlertContent;

describe('alert messages', () => {
  it('has an English and an Urdu builder and a type for every kind', () => {
    expect(Object.keys(ALERT_MESSAGES).sort()).toEqual([...ALERT_KINDS].sort());
    expect(Object.keys(ALERT_MESSAGES_UR).sort()).toEqual([...ALERT_KINDS].sort());
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ALERT_KINDS].sort());
    for (const kind of ALERT_KINDS) expect(PUSH_KINDS).toContain(ALERT_KIND_TYPES[kind]);
  });

  it.each(ALERT_KINDS)('builds %s in English as the product always wrote it', (kind) => {
    expect(alertMessage(contentOf(kind))).toBe(EXAMPLES[kind].english);
    expect(alertMessageIn('en', contentOf(kind))).toBe(EXAMPLES[kind].english);
  });

  it.each(ALERT_KINDS)('builds %s in Urdu, with every value isolated', (kind) => {
    const urdu = alertMessageIn('ur', contentOf(kind));
    expect(urdu).toMatch(URDU);
    expect(urdu).not.toBe(EXAMPLES[kind].english);
    const params: Record<string, unknown> = EXAMPLES[kind].params;
    if (typeof params.orderNumber === 'string') expect(urdu).toContain(ltr(params.orderNumber));
    if (typeof params.reference === 'string') expect(urdu).toContain(ltr(params.reference));
    if (typeof params.amount === 'number') expect(urdu).toContain(ltr(`Rs ${params.amount}`));
    if (typeof params.product === 'string') expect(urdu).toContain(named(params.product));
    if (typeof params.agent === 'string') expect(urdu).toContain(named(params.agent));
  });

  it('puts statuses, methods and counts in Urdu, and keeps the masked accounts', () => {
    expect(alertMessageIn('ur', contentOf('order-status'))).toContain('فیڈبیک ریفنڈ');
    expect(alertMessageIn('ur', contentOf('commission-status'))).toContain('ادا شدہ');
    expect(alertMessageIn('ur', contentOf('payout-made'))).toContain('ایک آرڈر');
    expect(ALERT_MESSAGES_UR['payout-made']({ reference: 'R', amount: 900, orders: 3 })).toContain('3 آرڈرز');
    const changed = alertMessageIn('ur', contentOf('payout-account-changed'));
    expect(changed).toContain(`JazzCash ${ltr('•••• 4567')}`);
    expect(changed).toContain(`بینک اکاؤنٹ (IBAN) ${ltr('•••• 6702')}`);
  });

  it('picks the builders and push titles of a language', () => {
    expect(alertMessagesFor('en')).toBe(ALERT_MESSAGES);
    expect(alertMessagesFor('ur')).toBe(ALERT_MESSAGES_UR);
    expect(pushTitlesFor('en')).toBe(PUSH_TITLES);
    expect(pushTitlesFor('ur')).toBe(PUSH_TITLES_UR);
    for (const kind of PUSH_KINDS) expect(PUSH_TITLES_UR[kind]).toMatch(URDU);
  });
});
