/**
 * How orders and products read on screen: status labels, marketplace flags and names,
 * an order's screenshots, and the image shown when a product has none (or a broken one).
 */
import type { SyntheticEvent } from 'react';
import type {
  AgentStatus,
  CommissionStatus,
  FlagCode,
  HoldCode,
  Marketplace,
  Order,
  OrderStatus,
  ReviewType,
} from 'shared-api/contract';
import { t } from './i18n';

// The contract's label tables (AGENT_STATUS_LABELS, ORDER_STATUS_LABELS, FLAG_LABELS, ...) stay
// English; screens show these, in the current language, one catalogue key per code.

const AGENT_STATUS_TEXT: Record<AgentStatus, () => string> = {
  submitted: () => t('ui.agentStatus.submitted'),
  Ordered: () => t('ui.agentStatus.ordered'),
  Reviewed: () => t('ui.agentStatus.reviewed'),
  Feedbacked: () => t('ui.agentStatus.feedbacked'),
  cancelled: () => t('ui.agentStatus.cancelled'),
};

/** An agent status as people read it (a code this screen does not know shows as it came). */
export function agentStatusLabel(status: AgentStatus): string {
  return AGENT_STATUS_TEXT[status]?.() ?? status;
}

const ORDER_STATUS_TEXT: Record<OrderStatus, () => string> = {
  'On-Hold': () => t('ui.orderStatus.onHold'),
  'Refund Delayed': () => t('ui.orderStatus.refundDelayed'),
  'Review Deleted': () => t('ui.orderStatus.reviewDeleted'),
  'Feedback Sent': () => t('ui.orderStatus.feedbackSent'),
  'Sent to Seller': () => t('ui.orderStatus.sentToSeller'),
  'Feedback Rfnd': () => t('ui.orderStatus.feedbackRefund'),
  'Review Awaited': () => t('ui.orderStatus.reviewAwaited'),
  Refunded: () => t('ui.orderStatus.refunded'),
};

/** English only, for code that compares with it; a screen shows orderStatusNotSet(). */
export const ORDER_STATUS_NOT_SET = 'Not set';

/** The manager-set status is empty until a manager or admin sets it ('Not set'). */
export const orderStatusNotSet = (): string => t('ui.orderStatus.notSet');

export function orderStatusLabel(status: OrderStatus | ''): string {
  return status === '' ? orderStatusNotSet() : (ORDER_STATUS_TEXT[status]?.() ?? status);
}

const COMMISSION_STATUS_TEXT: Record<CommissionStatus, () => string> = {
  paid: () => t('ui.commissionStatus.paid'),
  unpaid: () => t('ui.commissionStatus.unpaid'),
};

/** 'paid', 'unpaid' in the current language. */
export function commissionStatusLabel(status: string): string {
  return COMMISSION_STATUS_TEXT[status as CommissionStatus]?.() ?? status;
}

const REVIEW_TYPE_TEXT: Record<ReviewType, () => string> = {
  text: () => t('ui.reviewType.text'),
  picture: () => t('ui.reviewType.picture'),
  video: () => t('ui.reviewType.video'),
  rating: () => t('ui.reviewType.rating'),
  'no review': () => t('ui.reviewType.noReview'),
};

/** A review type ('text', 'no review') in the current language. */
export function reviewTypeLabel(type: string): string {
  return REVIEW_TYPE_TEXT[type as ReviewType]?.() ?? type;
}

const HOLD_TEXT: Record<HoldCode, () => string> = {
  'paypal-shared': () => t('ui.flag.paypalShared'),
  'screenshot-reused': () => t('ui.flag.screenshotReused'),
  'number-seen': () => t('ui.flag.numberSeen'),
  'payout-account-shared': () => t('ui.flag.payoutAccountShared'),
  'agent-suspended': () => t('ui.flag.agentSuspended'),
};

/** A fraud flag's label (FLAG_LABELS) in the current language. */
export function flagLabel(code: FlagCode): string {
  return HOLD_TEXT[code]?.() ?? code;
}

/** Why an order cannot be paid yet (HOLD_LABELS) in the current language. */
export function holdLabel(code: HoldCode): string {
  return HOLD_TEXT[code]?.() ?? code;
}

/** Marketplace codes are country codes, except UK (ISO 3166: GB). */
const MARKETPLACE_COUNTRY: Record<Marketplace, string> = {
  US: 'US',
  UK: 'GB',
  DE: 'DE',
  IT: 'IT',
  ES: 'ES',
  CA: 'CA',
  AU: 'AU',
};

export const MARKETPLACE_NAMES: Record<Marketplace, string> = {
  US: 'United States',
  UK: 'United Kingdom',
  DE: 'Germany',
  IT: 'Italy',
  ES: 'Spain',
  CA: 'Canada',
  AU: 'Australia',
};

/** The flag emoji of a marketplace: its country code as two regional indicator symbols. */
export function marketplaceFlag(code: Marketplace): string {
  const REGIONAL_INDICATOR_A = 0x1f1e6;
  return [...MARKETPLACE_COUNTRY[code]]
    .map((letter) => String.fromCodePoint(REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65))
    .join('');
}

const MARKETPLACE_TEXT: Record<Marketplace, () => string> = {
  US: () => t('ui.marketplace.US'),
  UK: () => t('ui.marketplace.UK'),
  DE: () => t('ui.marketplace.DE'),
  IT: () => t('ui.marketplace.IT'),
  ES: () => t('ui.marketplace.ES'),
  CA: () => t('ui.marketplace.CA'),
  AU: () => t('ui.marketplace.AU'),
};

/** The marketplace's country, in the current language. */
export function marketplaceName(code: Marketplace): string {
  return MARKETPLACE_TEXT[code]?.() ?? MARKETPLACE_NAMES[code] ?? code;
}

export type ScreenshotKind = 'order' | 'review' | 'feedback' | 'refund';

export interface Screenshot {
  kind: ScreenshotKind;
  label: string;
  src: string;
}

const SCREENSHOT_FIELDS: ReadonlyArray<{
  kind: ScreenshotKind;
  label: () => string;
  field: 'orderScreenshot' | 'reviewScreenShot' | 'FeedbackScreenShot' | 'refundShot';
}> = [
  { kind: 'order', label: () => t('ui.screenshot.order'), field: 'orderScreenshot' },
  { kind: 'review', label: () => t('ui.screenshot.review'), field: 'reviewScreenShot' },
  { kind: 'feedback', label: () => t('ui.screenshot.feedback'), field: 'FeedbackScreenShot' },
  { kind: 'refund', label: () => t('ui.screenshot.refund'), field: 'refundShot' },
];

/** The screenshots an order has, in the order the work happens (empty fields are left out). */
export function orderScreenshots(
  order: Pick<Order, 'orderScreenshot' | 'reviewScreenShot' | 'FeedbackScreenShot' | 'refundShot'>,
): Screenshot[] {
  return SCREENSHOT_FIELDS.flatMap(({ kind, label, field }) => {
    const src = order[field].trim();
    return src ? [{ kind, label: label(), src }] : [];
  });
}

/** A neutral picture placeholder, inline so it shows offline and never 404s. */
export const FALLBACK_PRODUCT_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" fill="#e9ecef"/>' +
    '<path d="M14 46l12-14 9 10 6-7 9 11z" fill="#adb5bd"/>' +
    '<circle cx="42" cy="22" r="5" fill="#adb5bd"/>' +
    '</svg>',
)}`;

/** A product's image, or the placeholder when it has none. */
export function productImageSrc(image: string | null | undefined): string {
  return image?.trim() ? image : FALLBACK_PRODUCT_IMAGE;
}

/** onError for a product <img>: swap a broken image for the placeholder (once, so it cannot loop). */
export function showFallbackImage(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (img.getAttribute('src') !== FALLBACK_PRODUCT_IMAGE) img.src = FALLBACK_PRODUCT_IMAGE;
}
