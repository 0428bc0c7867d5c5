/// <reference lib="webworker" />
/**
 * The app's service worker (docs/architecture.md, Phone app), built by vite-plugin-pwa
 * (`injectManifest`) into dist/sw.js with the list of the shell's own files.
 *
 * - The shell's files of this build are precached (cache-first: their names carry their hash).
 * - Any area's hashed files (`/assets/<name>-<hash>.js|css|...`, on the shell's origin or a
 *   remote's) are cache-first too: a hash never names two contents. Only scripts, styles and
 *   fonts are looked at, and the page's CSP lets those come only from the shell and the remotes
 *   of the runtime JSON, so nothing else ends up here.
 * - What says which version runs (pages, `runtime-config.json`, `mf-manifest.json`,
 *   `remoteEntry.js`, `release.json`) is network-first: the network whenever it answers, the last
 *   copy only when it does not (offline). A deploy of one area reaches a phone at its next start.
 * - Nothing else is handled: the API's answers (another origin, `fetch` with no destination)
 *   never pass through a cache here. What the app keeps for offline use it keeps itself.
 */

import type { PushPayload } from 'shared-api/contract';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { areaFilesOf, HASHED_ASSET } from './area-files';
import { SKIP_WAITING } from './register-service-worker';
import { appUrlOf, notificationOf } from './sw-messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The one key every navigation is kept under: the shell's index.html serves every route. */
const PAGE_KEY = '/index.html';
const ENTRY_FILES = /\/(?:mf-manifest\.json|remoteEntry\.js|release\.json|runtime-config\.json)$/;

// index.html is left out of the precache (vite.config.ts): it is network-first, like a page
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = new NetworkFirst({
  cacheName: 'pages',
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), { cacheKeyWillBeUsed: async () => PAGE_KEY }],
});
registerRoute(new NavigationRoute(pages, { denylist: [/^\/api\//, /^\/uploads\//] }));

const areaFiles = new CacheFirst({
  cacheName: 'assets',
  plugins: [
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60 }),
  ],
});

/**
 * Once an area's manifest has come from the network, the files of all its pages are fetched into
 * the cache behind it (those already there are not), so any page of an area opened online once
 * opens offline too. A release's files are fetched once: the next manifest names the same ones.
 */
const fetchAreaFiles: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response, event }) => {
    if (response.ok && request.url.endsWith('/mf-manifest.json')) {
      const manifest = response.clone();
      event.waitUntil(
        manifest
          .json()
          .then((body: unknown) =>
            Promise.allSettled(
              areaFilesOf(body, request.url).map((url) => areaFiles.handle({ event, request: new Request(url) })),
            ),
          )
          .catch(() => undefined),
      );
    }
    return response;
  },
};

registerRoute(
  ({ url, request }) => request.method === 'GET' && ENTRY_FILES.test(url.pathname),
  // a remote's entry script may come back opaque (a classic script, no CORS): kept all the same
  new NetworkFirst({
    cacheName: 'entries',
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), fetchAreaFiles],
  }),
);

registerRoute(
  ({ url, request }) => ['script', 'style', 'font'].includes(request.destination) && HASHED_ASSET.test(url.pathname),
  areaFiles,
);

// The first visit's page was not served through this worker: keep the page and the runtime JSON
// now, so the app opens offline from the next start on.
self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open('pages').then(async (cache) => {
        const page = await fetch('/', { cache: 'no-cache' });
        if (page.ok) await cache.put(PAGE_KEY, page);
      }),
      caches.open('entries').then((cache) => cache.add(new Request('/runtime-config.json', { cache: 'no-cache' }))),
    ]).catch(() => {
      // offline while installing: the next navigation keeps them
    }),
  );
});

// A new worker waits while the app runs the old one, and takes over when the app next starts
// (./register-service-worker.ts asks it to); it then controls the pages open at once.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload: Partial<PushPayload> | null = null;
  try {
    payload = (event.data?.json() as Partial<PushPayload> | undefined) ?? null;
  } catch {
    // not JSON: shown as a plain alert below
  }
  const { title, options } = notificationOf(payload, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appUrlOf((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(openApp(target));
});

/** Focuses a window of the app on `target`, or opens one. */
async function openApp(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // a browser lets the worker focus a window only while it handles the click
    await open.focus().catch(() => undefined);
    // a window this worker does not control cannot be moved by it: a new one opens
    if (await open.navigate(target).catch(() => null)) return;
  }
  await self.clients.openWindow(target);
}
