/**
 * A page whose module registers a part of its area's catalogue (docs/architecture.md,
 * Languages): shown once the page's code and, in another language than English, that part
 * have both arrived, so it never opens in English half-way.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { catalogueReady, useLocaleStore } from 'shared-api';

/**
 * How long a page waits for its catalogue before it shows in English (no connection for it:
 * as an area's catalogue, it comes with the next switch of language).
 */
export const CATALOGUE_WAIT_MS = 10_000;

/** Resolves once the namespace's catalogue for the current language is loaded, or after `waitMs`. */
export function catalogueLoaded(namespace: string, waitMs = CATALOGUE_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (catalogueReady(namespace)) {
      resolve();
      return;
    }
    const done = () => {
      stop();
      clearTimeout(timer);
      resolve();
    };
    const stop = useLocaleStore.subscribe(() => {
      if (catalogueReady(namespace)) done();
    });
    const timer = setTimeout(done, waitMs);
  });
}

/** React's `lazy` for such a page: `load` imports the page's module, which registers `namespace`. */
// biome-ignore lint/suspicious/noExplicitAny: the bound of React's own `lazy` (any props a page takes)
export function lazyWithCatalogue<Page extends ComponentType<any>>(
  load: () => Promise<{ default: Page }>,
  namespace: string,
): LazyExoticComponent<Page> {
  return lazy(() =>
    load().then(async (module) => {
      await catalogueLoaded(namespace);
      return module;
    }),
  );
}
