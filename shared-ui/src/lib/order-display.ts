/**
 * How orders and products read on screen: status labels, marketplace flags and names,
 * an order's screenshots, and the image shown when a product has none (or a broken one).
 */
import type { SyntheticEvent } from 'react';
import {
  AGENT_STATUS_LABELS,
  type AgentStatus,
  type Marketplace,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderStatus,
} from 'shared-api/contract';

export function agentStatusLabel(status: AgentStatus): string {
  return AGENT_STATUS_LABELS[status];
}

/** The manager-set status is empty until a manager or admin sets it. */
export const ORDER_STATUS_NOT_SET = 'Not set';

export function orderStatusLabel(status: OrderStatus | ''): string {
  return status === '' ? ORDER_STATUS_NOT_SET : ORDER_STATUS_LABELS[status];
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

export function marketplaceName(code: Marketplace): string {
  return MARKETPLACE_NAMES[code];
}

export type ScreenshotKind = 'order' | 'review' | 'feedback' | 'refund';

export interface Screenshot {
  kind: ScreenshotKind;
  label: string;
  src: string;
}

const SCREENSHOT_FIELDS: ReadonlyArray<{
  kind: ScreenshotKind;
  label: string;
  field: 'orderScreenshot' | 'reviewScreenShot' | 'FeedbackScreenShot' | 'refundShot';
}> = [
  { kind: 'order', label: 'order screenshot', field: 'orderScreenshot' },
  { kind: 'review', label: 'review screenshot', field: 'reviewScreenShot' },
  { kind: 'feedback', label: 'feedback screenshot', field: 'FeedbackScreenShot' },
  { kind: 'refund', label: 'refund screenshot', field: 'refundShot' },
];

/** The screenshots an order has, in the order the work happens (empty fields are left out). */
export function orderScreenshots(
  order: Pick<Order, 'orderScreenshot' | 'reviewScreenShot' | 'FeedbackScreenShot' | 'refundShot'>,
): Screenshot[] {
  return SCREENSHOT_FIELDS.flatMap(({ kind, label, field }) => {
    const src = order[field].trim();
    return src ? [{ kind, label, src }] : [];
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
