/**
 * Alerts as they are stored (docs/architecture.md, Languages; docs/domain.md, Alerts): a kind and
 * the values of its sentence, so each reader gets the sentence in their own language. The English
 * sentences are the product's (the alert's `message` column keeps them too, for rows written
 * before kinds and for anything that reads the column); the Urdu twins are in
 * alert-messages-ur.ts, picked by `alertMessageIn(locale, alert)` (localized-messages.ts).
 */
import type { CommissionStatus, OrderStatus } from './constants';
import { ORDER_STATUS_LABELS } from './constants';
import { maskAccount, PAYOUT_METHOD_LABELS, type PayoutMethod } from './payout-account';
import type { Alert } from './schemas';

/** A payout account as an alert names it: its method and its masked number (never the whole account). */
export interface AlertAccount {
  method: PayoutMethod;
  /** masked: maskAccount's '•••• 1234' */
  account: string;
}

/** Each kind of alert, with the values its sentence is built from. */
export interface AlertParams {
  /** to the product's manager */
  'order-placed': { orderNumber: string; product: string; agent: string };
  /** to the agent: a manager or admin set the order's status */
  'order-status': { orderNumber: string; status: OrderStatus };
  /** to the agent: the cue to post the review */
  'refund-screenshot': { orderNumber: string };
  'commission-status': { orderNumber: string; amount: number; status: CommissionStatus };
  /** to the product's manager */
  'product-approved': { product: string };
  'account-approved': Record<string, never>;
  /** to the agent: a payout of some of its orders */
  'payout-made': { reference: string; amount: number; orders: number };
  /** to every admin */
  'payout-account-added': { agent: string; to: AlertAccount };
  'payout-account-changed': { agent: string; from: AlertAccount; to: AlertAccount };
}
export type AlertKind = keyof AlertParams;

/** An alert's sentence as stored: `{ kind: 'order-status', params: { orderNumber, status } }`. */
export type AlertContent = { [Kind in AlertKind]: { kind: Kind; params: AlertParams[Kind] } }[AlertKind];

/** The type each kind is filed under (the alert center's icon, the push preferences). */
export const ALERT_KIND_TYPES: { readonly [Kind in AlertKind]: Alert['type'] } = {
  'order-placed': 'order_placed',
  'order-status': 'order_status',
  'refund-screenshot': 'order_status',
  'commission-status': 'commission_status',
  'product-approved': 'product_approved',
  'account-approved': 'user_approved',
  'payout-made': 'commission_status',
  'payout-account-added': 'payout_account_changed',
  'payout-account-changed': 'payout_account_changed',
};
export const ALERT_KINDS = Object.keys(ALERT_KIND_TYPES) as AlertKind[];

/** A builder per kind: the sentence of that kind's values in one language. */
export type AlertMessageBuilders = { readonly [Kind in AlertKind]: (params: AlertParams[Kind]) => string };

/** A payout account as an alert names it, from the account itself (masked here, once). */
export const alertAccount = (method: PayoutMethod, account: string): AlertAccount => ({
  method,
  account: maskAccount(account),
});

const describe = ({ method, account }: AlertAccount) => `${PAYOUT_METHOD_LABELS[method]} ${account}`;

/** The English sentences, as the product has always written them. */
export const ALERT_MESSAGES: AlertMessageBuilders = {
  'order-placed': ({ orderNumber, product, agent }) => `New order ${orderNumber} for "${product}" by ${agent}.`,
  'order-status': ({ orderNumber, status }) => `Order ${orderNumber} is now "${ORDER_STATUS_LABELS[status]}".`,
  'refund-screenshot': ({ orderNumber }) => `Order ${orderNumber} has its refund screenshot.`,
  'commission-status': ({ orderNumber, amount, status }) =>
    `Commission of Rs ${amount} for order ${orderNumber} is now ${status}.`,
  'product-approved': ({ product }) => `Your product "${product}" was approved.`,
  'account-approved': () => 'Your account was approved. Welcome!',
  'payout-made': ({ reference, amount, orders }) =>
    `Payout ${reference}: Rs ${amount} for ${orders} ${orders === 1 ? 'order' : 'orders'}.`,
  'payout-account-added': ({ agent, to }) => `${agent} added a payout account: ${describe(to)}.`,
  'payout-account-changed': ({ agent, from, to }) =>
    `${agent} changed their payout account from ${describe(from)} to ${describe(to)}.`,
};

/** The sentence of `alert` with one language's builders (the kind picks its builder, typed). */
export function buildAlertMessage(builders: AlertMessageBuilders, alert: AlertContent): string {
  // TypeScript cannot pair alert.kind with alert.params across the union; ALERT_MESSAGES' type does
  const build = builders[alert.kind] as (params: AlertContent['params']) => string;
  return build(alert.params);
}

/** An alert's English sentence: what its `message` column keeps. */
export const alertMessage = (alert: AlertContent): string => buildAlertMessage(ALERT_MESSAGES, alert);
