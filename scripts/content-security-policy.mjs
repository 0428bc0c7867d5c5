// The Content-Security-Policy of the apps' pages, derived from the runtime configuration
// they run with (the shell's runtime JSON; a remote's standalone page: the API it calls).
// Shared by the static servers (serve-static.mjs, app-servers.mjs).

const FIREBASE_ORIGINS = ['https://firebasestorage.googleapis.com'];

/** @param {unknown} url @returns {string | null} */
function originOf(url) {
  if (typeof url !== 'string' || url === '') return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The URLs of a runtime JSON's remotes: each a URL, or a canary's stable and canary URLs
 * (scripts/releases/releases.ts). A path on the page's own origin (a release under /releases/)
 * has no origin of its own: 'self' covers it.
 * @param {unknown} remotes @returns {unknown[]}
 */
function remoteUrls(remotes) {
  if (!remotes || typeof remotes !== 'object') return [];
  return Object.values(remotes).flatMap((value) =>
    value && typeof value === 'object' ? [value.stable, value.canary] : [value],
  );
}

/**
 * A page's policy from the runtime configuration it runs with: the API's origin for calls and
 * images, the remotes' origins for scripts, styles and fonts, Firebase Storage when configured.
 * No configuration (an unreadable file): the page's own origin only.
 * @param {{ apiBaseUrl?: unknown, remotes?: unknown, firebase?: unknown } | null} config
 */
export function contentSecurityPolicy(config) {
  const remotes = remoteUrls(config?.remotes);
  const remoteOrigins = [...new Set(remotes.map(originOf).filter((o) => o !== null))];
  const api = originOf(config?.apiBaseUrl);
  const apiOrigins = api ? [api] : [];
  const firebase = config?.firebase ? FIREBASE_ORIGINS : [];
  const list = (...sources) => [...new Set(sources.flat())].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", remoteOrigins)}`,
    `connect-src ${list("'self'", apiOrigins, remoteOrigins, firebase)}`,
    `img-src ${list("'self'", 'data:', 'blob:', apiOrigins, firebase)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remoteOrigins)}`,
    `font-src ${list("'self'", remoteOrigins)}`,
    // the app's service worker (/sw.js) and its manifest are the page's own (docs/architecture.md, Phone app)
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
