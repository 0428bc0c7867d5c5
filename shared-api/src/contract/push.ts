/**
 * Push notifications (docs/domain.md, Push notifications): a browser's Web Push subscription as
 * the app sends it (the PushSubscription's JSON), the kinds an account turned off, and the
 * messages of their refusals. The server checks more than the shapes here: the endpoint's push
 * service (an allow-list) and that p256dh is a point of P-256.
 */
import { z } from 'zod';
import { alertSchema } from './schemas';

/** Every alert can be pushed; an account turns kinds off. The kinds are the alerts' types. */
export const PUSH_KINDS = alertSchema.shape.type.options;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A pushed alert's title, by its kind (the alert's message is its body). */
export const PUSH_TITLES: Record<PushKind, string> = {
  order_placed: 'New order',
  order_status: 'Order update',
  commission_status: 'Commission',
  product_approved: 'Product approved',
  user_approved: 'Account approved',
  payout_account_changed: 'Payout account changed',
};

/** The kinds an agent is offered in its settings, with their labels. */
export const AGENT_PUSH_KINDS: ReadonlyArray<{ kind: PushKind; label: string }> = [
  { kind: 'order_status', label: 'An order changes status or gets its refund screenshot' },
  { kind: 'commission_status', label: 'A commission is paid, or a payout is made' },
];

/** An account keeps at most this many subscriptions (a phone, a laptop...): the oldest goes. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const MAX_PUSH_ENDPOINT_LENGTH = 1000;

export const PUSH_MESSAGES = {
  endpointInvalid: 'The subscription endpoint must be an https address of a known push service.',
  p256dhInvalid: "The subscription's p256dh key must be a P-256 public key: 65 bytes, base64url.",
  authInvalid: "The subscription's auth secret must be 16 bytes, base64url.",
  kindInvalid: `A notification kind must be one of: ${PUSH_KINDS.join(', ')}.`,
  subscriptionNotFound: 'This device has no notifications on for your account.',
  subscribed: 'Notifications are on for this device.',
  unsubscribed: 'Notifications are off for this device.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  unsupported: 'This browser cannot show notifications from the app.',
  preferencesSaved: 'Your notification choices are saved.',
} as const;

/** base64url: letters, digits, - and _, with or without its = padding. */
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** A base64url text of exactly `bytes` bytes (its length checked before the pattern runs). */
const base64urlOf = (bytes: number, message: string) => {
  const bare = Math.ceil((bytes * 4) / 3);
  const padded = Math.ceil(bytes / 3) * 4;
  return z
    .string(message)
    .refine(
      (value) =>
        (value.length === bare || value.length === padded) &&
        BASE64URL.test(value) &&
        !value.slice(0, bare).includes('='),
      message,
    );
};

export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string(PUSH_MESSAGES.endpointInvalid)
    .min(1, PUSH_MESSAGES.endpointInvalid)
    .max(MAX_PUSH_ENDPOINT_LENGTH, PUSH_MESSAGES.endpointInvalid),
  keys: z.object(
    {
      p256dh: base64urlOf(65, PUSH_MESSAGES.p256dhInvalid),
      auth: base64urlOf(16, PUSH_MESSAGES.authInvalid),
    },
    PUSH_MESSAGES.p256dhInvalid,
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeInputSchema = z.object({
  endpoint: z
    .string(PUSH_MESSAGES.endpointInvalid)
    .min(1, PUSH_MESSAGES.endpointInvalid)
    .max(MAX_PUSH_ENDPOINT_LENGTH, PUSH_MESSAGES.endpointInvalid),
});

export const pushSubscriptionSchema = z.object({
  _id: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushKeySchema = z.object({
  /** the server's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe */
  publicKey: z.string(),
});

export const pushPreferencesSchema = z.object({
  kindsOff: z.array(z.enum(PUSH_KINDS, PUSH_MESSAGES.kindInvalid)).max(PUSH_KINDS.length, PUSH_MESSAGES.kindInvalid),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** What a push message carries (the service worker shows it; `url` is the app route it opens). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  kind: PushKind;
  alertId: string;
}

/**
 * What the agent's settings say about notifications on this device (docs/domain.md, Push
 * notifications: on the agent's phone): each state a person can meet, and what to do about it.
 */
export const PUSH_SETTINGS_MESSAGES = {
  deviceSwitch: 'Notify me on this phone',
  kindsLegend: 'Notify me when',
  unsupported: `${PUSH_MESSAGES.unsupported} Use a recent Chrome, Edge, Firefox or Safari; on an iPhone, add the app to your home screen first and open it from there.`,
  denied: `${PUSH_MESSAGES.denied} To allow them, open the site's settings (the icon left of the address), set Notifications to Allow, then reload this page.`,
  dismissed: 'Notifications were not allowed. Turn the switch on again and choose Allow when the browser asks.',
  noServiceWorker:
    'The app is not set up for notifications on this device yet. Reload the page, wait a moment, then try again.',
  pushServiceFailed:
    'Your browser could not reach its push service, so notifications cannot be turned on. Check your connection and try again; if it keeps failing, this browser cannot receive notifications.',
  turningOn: 'Turning notifications on...',
  turningOff: 'Turning notifications off...',
  turnOnFailed: 'Notifications could not be turned on. Please try again.',
  turnOffFailed: 'Notifications could not be turned off. Please try again.',
  savingKinds: 'Saving your notification choices...',
  kindsSaveFailed: 'Your notification choices could not be saved. Please try again.',
  readFailed: 'Failed to fetch your notification settings. Please try again.',
  kindsApply: 'These choices apply to every device where notifications are on.',
} as const;

/** How many of the account's other devices have notifications on, in words. */
export function otherPushDevices(count: number): string {
  return count === 1
    ? 'Notifications are on for 1 other device of yours.'
    : `Notifications are on for ${count} other devices of yours.`;
}
