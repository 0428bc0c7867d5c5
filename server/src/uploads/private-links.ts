/**
 * Short-lived signed links to private images (CNIC): `/api/private/<key>?expires=<unix s>&sig=<hex>`,
 * where sig = HMAC-SHA256(linkKey, `${key}:${expires}`). The link key is derived from the JWT
 * secret with a fixed label, so every API process sharing that secret accepts the others' links
 * and a link signature can never pass as a token signature (or the other way round).
 */
import crypto from 'node:crypto';

/** How long an admin's link to a CNIC image works, at most. */
export const PRIVATE_LINK_TTL_SECONDS = 10 * 60;

/**
 * Links are dated from the start of their minute, so a link works for 9 to 10 minutes and every
 * link to an image is the same for a minute: the browser's cache keeps the picture between pages,
 * and a process signs each image once a minute, not once per answer (an order's three screenshots
 * on every read, docs/benchmarks.md, Where the API's time goes).
 */
export const PRIVATE_LINK_STEP_SECONDS = 60;

/** How many links of the current minute a process remembers; past it, it starts over. */
const LINKS_REMEMBERED = 5_000;

const LINK_KEY_LABEL = 'private-image-links/v1';

export type PrivateLinkCheck = 'valid' | 'invalid' | 'expired';

export interface PrivateLinks {
  /** The full URL of a private image under publicUrl, valid for PRIVATE_LINK_TTL_SECONDS. */
  url(publicUrl: string, key: string): string;
  /** expires/sig as they came in the query (strings, maybe missing). */
  check(key: string, expires: string | undefined, sig: string | undefined): PrivateLinkCheck;
}

export function createPrivateLinks(
  jwtSecret: string,
  options: { ttlSeconds?: number; now?: () => number } = {},
): PrivateLinks {
  const linkKey = crypto.createHmac('sha256', jwtSecret).update(LINK_KEY_LABEL).digest();
  const ttlSeconds = options.ttlSeconds ?? PRIVATE_LINK_TTL_SECONDS;
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const signature = (key: string, expires: string) =>
    crypto.createHmac('sha256', linkKey).update(`${key}:${expires}`).digest();

  // the signatures of the current minute's links, by key
  let signedFor = '';
  let signed = new Map<string, string>();

  return {
    url(publicUrl, key) {
      const now = nowSeconds();
      const expires = String(now - (now % PRIVATE_LINK_STEP_SECONDS) + ttlSeconds);
      if (expires !== signedFor || signed.size >= LINKS_REMEMBERED) {
        signedFor = expires;
        signed = new Map();
      }
      let sig = signed.get(key);
      if (sig === undefined) {
        sig = signature(key, expires).toString('hex');
        signed.set(key, sig);
      }
      return `${publicUrl}/api/private/${encodeURIComponent(key)}?expires=${expires}&sig=${sig}`;
    },
    check(key, expires, sig) {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/i.test(sig)) return 'invalid';
      const expected = signature(key, expires);
      if (!crypto.timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
      return Number(expires) < nowSeconds() ? 'expired' : 'valid';
    },
  };
}
