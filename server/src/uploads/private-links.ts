/**
 * Short-lived signed links to private images (CNIC): `/api/private/<key>?expires=<unix s>&sig=<hex>`,
 * where sig = HMAC-SHA256(linkKey, `${key}:${expires}`). The link key is derived from the JWT
 * secret with a fixed label, so every API process sharing that secret accepts the others' links
 * and a link signature can never pass as a token signature (or the other way round).
 */
import crypto from 'node:crypto';

/** How long an admin's link to a CNIC image works. */
export const PRIVATE_LINK_TTL_SECONDS = 10 * 60;

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

  return {
    url(publicUrl, key) {
      const expires = String(nowSeconds() + ttlSeconds);
      const sig = signature(key, expires).toString('hex');
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
