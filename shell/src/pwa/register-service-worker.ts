/**
 * Registers the service worker (./sw.ts) once the page has loaded, so the sign-in page's first
 * load does not wait for it (main.tsx imports this module only then). A worker that was waiting
 * for the app to close (a new deploy's) takes over now, at the app's start, before the app asks
 * for more of its code (docs/architecture.md, Phone app).
 */

/** The page asks a waiting worker to take over with this message's `type` (./sw.ts). */
export const SKIP_WAITING = 'skip-waiting';

export async function registerServiceWorker(
  container: ServiceWorkerContainer = navigator.serviceWorker,
): Promise<void> {
  try {
    const registration = await container.register('/sw.js', { scope: '/' });
    registration.waiting?.postMessage({ type: SKIP_WAITING });
  } catch (error) {
    // the app works without it, only not offline
    console.warn('The service worker could not be registered.', error);
  }
}
