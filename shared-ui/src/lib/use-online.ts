/**
 * Whether the browser says it has a connection (`navigator.onLine`, its online and offline
 * events). The signed-in layout shows the offline banner from it, and screens mark kept figures
 * with their time (docs/architecture.md, Phone app).
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
