/**
 * The addresses images are handed out under, and reading an upload's key back from one. The
 * database keeps our uploads by key (docs/architecture.md, Images); every answer builds their
 * URLs from API_PUBLIC_URL, so images stored under another host or port still show.
 */
import { UPLOAD_KEY_PATTERN } from './images';
import type { PrivateLinks } from './private-links';

/** `${publicUrl}/uploads/<key>`: served to anyone (GET /uploads/:key). */
export const publicImageUrl = (publicUrl: string, key: string) => `${publicUrl}/uploads/${key}`;

/** `${publicUrl}/api/private/<key>`: names a private image; serves it only with a signature added. */
export const privateImageUrl = (publicUrl: string, key: string) => `${publicUrl}/api/private/${key}`;

/**
 * The key of a private image from its URL as POST /api/uploads returned it (any host, since the
 * API may be reached under several; a signed link's query is ignored), or undefined.
 */
export function privateKeyFromUrl(value: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(value, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  const match = /^(?:.*\/)?api\/private\/([^/]+)$/.exec(pathname);
  const key = match?.[1];
  return key && UPLOAD_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * The key of one of our uploads from a stored value (the bare key) or a link to it: a private
 * link (signed or not) or a public `/uploads/<key>` one, under any host. Anything else
 * (Firebase, another site) is undefined.
 */
export function uploadKeyFromUrl(value: string): string | undefined {
  if (UPLOAD_KEY_PATTERN.test(value)) return value;
  let pathname: string;
  try {
    pathname = new URL(value, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  const match = /^(?:.*\/)?(?:uploads|api\/private)\/([^/]+)$/.exec(pathname);
  const key = match?.[1];
  return key && UPLOAD_KEY_PATTERN.test(key) ? key : undefined;
}

/** Where Firebase Storage serves a bucket's files (the download URLs the firebase SDK's getDownloadURL gives). */
const FIREBASE_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

/**
 * The value is a link to a file in this Firebase Storage bucket:
 * `https://firebasestorage.googleapis.com/v0/b/<bucket>/o/<path>`, the path not empty.
 */
export function isFirebaseStorageLink(value: string, bucket: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.origin !== FIREBASE_STORAGE_ORIGIN || url.username !== '' || url.password !== '') return false;
  const prefix = `/v0/b/${encodeURIComponent(bucket)}/o/`;
  return url.pathname.startsWith(prefix) && url.pathname.length > prefix.length;
}

/** A stored image field as answers show it: an upload's key as its public URL, any other value as stored. */
export const shownImageUrl = (publicUrl: string, stored: string): string =>
  UPLOAD_KEY_PATTERN.test(stored) ? publicImageUrl(publicUrl, stored) : stored;

/**
 * Turns stored image fields into what a caller who may see them is given: `signed` for an
 * order's images (a fresh signed link to the upload, also to one a product made public: the
 * private route serves either), `shown` for a product's (its public URL). Any value but a key
 * (Firebase, other sites) comes back as stored.
 */
export interface ImageSigner {
  signed(stored: string): string;
  shown(stored: string): string;
}

export function imageSigner(links: Pick<PrivateLinks, 'url'>, publicUrl: string): ImageSigner {
  return {
    signed: (stored) => (UPLOAD_KEY_PATTERN.test(stored) ? links.url(publicUrl, stored) : stored),
    shown: (stored) => shownImageUrl(publicUrl, stored),
  };
}

/**
 * An order's answer given again (a replayed Idempotency-Key: docs/domain.md, Submitting twice):
 * its private images signed afresh, since the links it was first sent with expire.
 */
export function orderSignedAgain<T extends Record<OrderImageField, string>>(order: T, signImage: ImageSigner): T {
  const again = (value: string) => {
    const key = privateKeyFromUrl(value);
    return key ? signImage.signed(key) : value;
  };
  return {
    ...order,
    orderScreenshot: again(order.orderScreenshot),
    refundShot: again(order.refundShot),
    reviewScreenShot: again(order.reviewScreenShot),
    FeedbackScreenShot: again(order.FeedbackScreenShot),
  };
}

type OrderImageField = 'orderScreenshot' | 'refundShot' | 'reviewScreenShot' | 'FeedbackScreenShot';
