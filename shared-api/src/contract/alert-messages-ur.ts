/**
 * The Urdu twins of the alerts' sentences (alert-messages.ts) and of the push titles (push.ts),
 * for agents and vendors in Pakistan. A value inside Urdu text is isolated so the bidirectional
 * algorithm cannot reorder it: order numbers, amounts, payout references and masked accounts
 * left to right (LRI ... PDI), names (a person's or a product's, in either script) by their own
 * first letter (FSI ... PDI).
 */
import type { AlertAccount, AlertMessageBuilders } from './alert-messages';
import type { CommissionStatus, OrderStatus } from './constants';
import { PAYOUT_METHOD_LABELS, type PayoutMethod } from './payout-account';
import type { PushKind } from './push';

/** left to right, whatever surrounds it: numbers, references, amounts, accounts */
const ltr = (value: string | number) => `\u2066${value}\u2069`;
/** in the direction of its own first letter: names */
const named = (value: string) => `\u2068${value}\u2069`;
const rupees = (amount: number) => ltr(`Rs ${amount}`);

/** ORDER_STATUS_LABELS in Urdu (the same words as the apps' ui.orderStatus.* keys). */
export const ORDER_STATUS_LABELS_UR: Record<OrderStatus, string> = {
  'On-Hold': 'روکا ہوا',
  'Refund Delayed': 'ریفنڈ میں تاخیر',
  'Review Deleted': 'ریویو حذف',
  'Feedback Sent': 'فیڈبیک بھیج دیا',
  'Sent to Seller': 'سیلر کو بھیج دیا',
  'Feedback Rfnd': 'فیڈبیک ریفنڈ',
  'Review Awaited': 'ریویو کا انتظار',
  Refunded: 'ریفنڈ ہو گیا',
};

/** The commission statuses in Urdu (ui.commissionStatus.*). */
export const COMMISSION_STATUS_LABELS_UR: Record<CommissionStatus, string> = {
  paid: 'ادا شدہ',
  unpaid: 'غیر ادا شدہ',
};

/** PAYOUT_METHOD_LABELS in Urdu (ui.payoutMethod.*): brand names stay as they are written. */
export const PAYOUT_METHOD_LABELS_UR: Record<PayoutMethod, string> = {
  ...PAYOUT_METHOD_LABELS,
  bank: 'بینک اکاؤنٹ (IBAN)',
};

/** PUSH_TITLES in Urdu: a notification's title on the phone. */
export const PUSH_TITLES_UR: Record<PushKind, string> = {
  order_placed: 'نیا آرڈر',
  order_status: 'آرڈر کی اپ ڈیٹ',
  commission_status: 'کمیشن',
  product_approved: 'پروڈکٹ منظور ہو گئی',
  user_approved: 'اکاؤنٹ منظور ہو گیا',
  payout_account_changed: 'ادائیگی کا اکاؤنٹ بدل گیا',
};

const describe = ({ method, account }: AlertAccount) => `${PAYOUT_METHOD_LABELS_UR[method]} ${ltr(account)}`;

export const ALERT_MESSAGES_UR: AlertMessageBuilders = {
  'order-placed': ({ orderNumber, product, agent }) =>
    `نیا آرڈر ${ltr(orderNumber)}: ${named(agent)} نے "${named(product)}" کا آرڈر دیا ہے۔`,
  'order-status': ({ orderNumber, status }) =>
    `آرڈر ${ltr(orderNumber)} کا اسٹیٹس اب "${ORDER_STATUS_LABELS_UR[status]}" ہے۔`,
  'refund-screenshot': ({ orderNumber }) => `آرڈر ${ltr(orderNumber)} کا ریفنڈ اسکرین شاٹ آ گیا ہے۔`,
  'commission-status': ({ orderNumber, amount, status }) =>
    `آرڈر ${ltr(orderNumber)} کا ${rupees(amount)} کمیشن اب ${COMMISSION_STATUS_LABELS_UR[status]} ہے۔`,
  'product-approved': ({ product }) => `آپ کی پروڈکٹ "${named(product)}" منظور ہو گئی ہے۔`,
  'account-approved': () => 'آپ کا اکاؤنٹ منظور ہو گیا ہے۔ خوش آمدید!',
  'payout-made': ({ reference, amount, orders }) =>
    `پے آؤٹ ${ltr(reference)}: ${orders === 1 ? 'ایک آرڈر' : `${orders} آرڈرز`} کے ${rupees(amount)}۔`,
  'payout-account-added': ({ agent, to }) => `${named(agent)} نے ادائیگی کا اکاؤنٹ شامل کیا: ${describe(to)}۔`,
  'payout-account-changed': ({ agent, from, to }) =>
    `${named(agent)} نے اپنا ادائیگی کا اکاؤنٹ ${describe(from)} سے بدل کر ${describe(to)} کر دیا ہے۔`,
};
