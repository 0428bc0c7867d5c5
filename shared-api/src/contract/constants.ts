/** Constants of the product, written once: screens, server and tests import them from here. */

export const ROLES = ['admin', 'manager', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may choose when registering (never admin). */
export const REGISTRATION_ROLES = ['agent', 'manager'] as const satisfies readonly Role[];

/**
 * An account's life (docs/domain.md, Accounts): pending until an admin approves or rejects it;
 * an approved account can be suspended and reactivated. Only approved accounts sign in.
 */
export const USER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
/** The languages of the app and the API (docs/architecture.md, Languages); an account keeps one. */
export const USER_LOCALES = ['en', 'ur'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * What an account's history records (user_events, append-only like the order history):
 * each status change, an edit of what the account may do, a password reset link issued and
 * used, and a change of the agent's payout account.
 */
export const USER_EVENT_TYPES = [
  'approved',
  'rejected',
  'suspended',
  'reactivated',
  'edited',
  'password-reset-issued',
  'password-reset',
  'payout-account-changed',
] as const;
export type UserEventType = (typeof USER_EVENT_TYPES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** The registration's country choice: only pakistan (stored in `state`). */
export const COUNTRIES = ['pakistan'] as const;

export const MARKETPLACES = ['US', 'UK', 'DE', 'IT', 'ES', 'CA', 'AU'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];
export const DEFAULT_MARKETPLACE: Marketplace = 'US';

export const REVIEW_TYPES = ['text', 'picture', 'video', 'rating', 'no review'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];
export const DEFAULT_REVIEW_TYPE: ReviewType = 'no review';

export const PRODUCT_CATEGORIES = [
  'Electronics',
  'Fashion & Apparel',
  'Home & Kitchen',
  'Health & Beauty',
  'Sports & Outdoors',
] as const;

/** archived: a deleted product that has orders (orders keep their product). */
export const PRODUCT_STATUSES = ['pending', 'approved', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Stored spellings. The server also accepts 'Cancelled' for 'cancelled'. */
export const AGENT_STATUSES = ['submitted', 'Ordered', 'Reviewed', 'Feedbacked', 'cancelled'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  submitted: 'submitted',
  Ordered: 'Ordered',
  Reviewed: 'Reviewed',
  Feedbacked: 'Feedbacked',
  cancelled: 'Cancelled',
};

/** Order status set by a manager or admin (empty until one sets it). */
export const ORDER_STATUSES = [
  'On-Hold',
  'Refund Delayed',
  'Review Deleted',
  'Feedback Sent',
  'Sent to Seller',
  'Feedback Rfnd',
  'Review Awaited',
  'Refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  'On-Hold': 'On-Hold',
  'Refund Delayed': 'Refund Delayed',
  'Review Deleted': 'Review Deleted',
  'Feedback Sent': 'Feedback Sent',
  'Sent to Seller': 'Sent to Seller',
  'Feedback Rfnd': 'Feedback Refund',
  'Review Awaited': 'Review Awaited',
  Refunded: 'Refunded',
};

export const COMMISSION_STATUSES = ['unpaid', 'paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** How an order's commission divides (shown to admins), in percent. */
export const COMMISSION_SPLIT = { referral: 2, agent: 78, platform: 20 } as const;

export const PHONE_PREFIX = '+92';
export const PHONE_LENGTH = 13;
/** A record's id: a UUID, any version, compared without case (as the database does). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PHONE_PATTERN = /^\+92\d{10}$/;
export const MIN_PASSWORD_LENGTH = 6;
export const AMZ_ORDER_NUMBER_LENGTH = 19;
export const AMZ_ORDER_NUMBER_PATTERN = /^\d{3}-\d{7}-\d{7}$/;
/**
 * A simple address: no spaces, one @, a dot inside the domain. The domain's first dot after its
 * first character is the separator, so no two parts can match the same characters and a
 * failing match stays linear in the length (the old `[^\s@]+\.[^\s@]+` was quadratic).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;

// --- a buyer's PayPal (docs/domain.md, Fraud signals): an email address or a phone number in
// international form, as PayPal accounts are; checked on its NFKC form (full-width letters are
// letters), never with a character nobody sees ---
/**
 * Characters nobody sees: format characters (Unicode Cf: zero-width spaces, the soft hyphen, bidi
 * marks), the other default-ignorable ones (variation selectors, the combining grapheme joiner)
 * and controls.
 */
export const INVISIBLE_CHARACTER = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]/u;
/** + and 8 to 15 digits (E.164). */
export const PAYPAL_PHONE_PATTERN = /^\+[0-9]{8,15}$/;
/** An email's local part: no space, no @, none of the characters an address quotes. */
export const PAYPAL_EMAIL_LOCAL_PATTERN = /^[^\s@"(),:;<>[\\\]]{1,64}$/u;
/** One label of an email's domain: letters and digits of any script, inner hyphens. */
export const PAYPAL_DOMAIN_LABEL_PATTERN = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;

/**
 * Whether a buyer's PayPal (trimmed, without invisible characters) is an email address or a
 * phone number in international form. A trailing dot of the domain is allowed (the key drops it).
 */
export function isPayPalAccount(value: string): boolean {
  const text = value.normalize('NFKC');
  if (PAYPAL_PHONE_PATTERN.test(text)) return true;
  const at = text.indexOf('@');
  if (at < 0 || !PAYPAL_EMAIL_LOCAL_PATTERN.test(text.slice(0, at))) return false;
  const domain = text.slice(at + 1);
  const labels = (domain.endsWith('.') ? domain.slice(0, -1) : domain).split('.');
  return labels.length >= 2 && labels.every((label) => PAYPAL_DOMAIN_LABEL_PATTERN.test(label));
}

/** Lists: page size default and maximum; the total comes in this header. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Lists serve at most the first rows (offset + limit): past them, a filter narrows the list instead. */
export const MAX_LIST_ROWS = 10_000;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Images: what the API accepts. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** localStorage key of the session token (docs/domain.md, Accounts and sessions). */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * Every localStorage key of what is kept for offline use starts with this: the signed-in person's
 * own record (shared-api's session) and the figures and orders they saw
 * (shared-ui/src/lib/offline-cache.ts). Signing out deletes every such key.
 */
export const OFFLINE_STORAGE_PREFIX = 'offline:';

/** The contract's version: shared-api's package version, also the API document's version. */
export const CONTRACT_VERSION = '3.4.0';

/** Product statuses a list may show; archived products are never listed. */
export const LISTED_PRODUCT_STATUSES = ['pending', 'approved'] as const satisfies readonly ProductStatus[];

/** How a staff order list or its export is ordered: newest first unless asked otherwise. */
export const ORDER_SORTS = ['newest', 'oldest', 'commission-high', 'commission-low'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** What an order history event records (docs/domain.md, Order history). */
export const ORDER_EVENT_ACTIONS = [
  'placed',
  'updated',
  'agent-status',
  'status',
  'refund-shot',
  'commission',
  'flag-dismissed',
] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];
/** An order's screenshots: the history says an image changed, never where it is. */
export const ORDER_IMAGE_FIELDS = ['orderScreenshot', 'refundShot', 'reviewScreenShot', 'FeedbackScreenShot'] as const;
/** What an image field's `from` or `to` holds in the history when an image was there. */
export const IMAGE_IN_HISTORY = 'image';

/** Payouts (docs/domain.md, Payouts): at most this many orders in one payout. */
export const MAX_PAYOUT_ORDERS = 1000;
/** A payout's reference: the external payment's id (a PayPal or bank transfer id). */
export const MAX_PAYOUT_REFERENCE_LENGTH = 100;

// --- fraud signals (docs/domain.md, Fraud signals) ---
/** What the server flags on an order: each holds its commission until an admin dismisses it. */
export const FLAG_CODES = ['paypal-shared', 'screenshot-reused', 'number-seen', 'payout-account-shared'] as const;
export type FlagCode = (typeof FLAG_CODES)[number];
export const FLAG_LABELS: Record<FlagCode, string> = {
  'paypal-shared': 'PayPal shared with another agent',
  'screenshot-reused': 'Screenshot reused',
  'number-seen': 'Order number seen before',
  'payout-account-shared': 'Payout account shared with another agent',
};
/**
 * Why an order cannot be paid yet (docs/domain.md, Payouts: what is owed): a flag nobody
 * dismissed, or its agent's suspension. Screens show the label, never the code.
 */
export const HOLD_CODES = [...FLAG_CODES, 'agent-suspended'] as const;
export type HoldCode = (typeof HOLD_CODES)[number];
export const HOLD_LABELS: Record<HoldCode, string> = {
  ...FLAG_LABELS,
  'agent-suspended': 'The agent is suspended',
};
/** A flag names at most this many related orders (the newest). */
export const MAX_FLAG_RELATED_ORDERS = 50;
/** A dismissal's note: why the admin let the order be paid. */
export const MAX_FLAG_NOTE_LENGTH = 1000;
