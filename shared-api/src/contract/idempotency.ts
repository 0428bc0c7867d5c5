/**
 * Submitting twice is safe (docs/domain.md, Submitting twice): the words and names of the
 * Idempotency-Key, apart from MESSAGES (which the sign-in page loads whole) and without zod, so
 * the client reads them at no cost to the pages that never submit.
 */

/** The request header naming one form submission: a UUID, the same on every retry of it. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set (`true`) on an answer the server gives again for a key it already answered. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long the server keeps a key's answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  /** 400: the header is there but is not a UUID */
  keyInvalid: 'The Idempotency-Key header must be a UUID (one per form submission).',
  /** 422: the key already answered another request (another route, order or body) */
  keyReused: 'This Idempotency-Key was already used for a different request. Send a new key with a new submission.',
  /** 409: the key's first request is still being answered (not met in practice: a second request waits for the first) */
  keyInProgress: 'The first request with this Idempotency-Key is still being answered. Try again in a moment.',
  /** a submission's button while its answer never came and it is sent again */
  sending: 'sending...',
} as const;

/** A new Idempotency-Key: a random UUID, also where crypto.randomUUID is missing (a page not served over https). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
