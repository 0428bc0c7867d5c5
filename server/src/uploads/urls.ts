/** The addresses images are handed out under, and reading a private image's key back from one. */
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
 * The key of one of our uploads from a link to it: a private link (signed or not) or a public
 * `/uploads/<key>` one, under any host. Anything else (Firebase, another site) is undefined.
 */
export function uploadKeyFromUrl(value: string): string | undefined {
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

/** Turns a stored image URL into what a caller is given: a private one becomes a fresh signed link. */
export type ImageSigner = (url: string) => string;

export function imageSigner(links: Pick<PrivateLinks, 'url'>, publicUrl: string): ImageSigner {
  return (url) => {
    const key = privateKeyFromUrl(url);
    return key ? links.url(publicUrl, key) : url;
  };
}
