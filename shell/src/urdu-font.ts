/**
 * The Urdu font (Noto Nastaliq Urdu, about 160 KB a weight): fetched once Urdu is chosen, never
 * for a page shown in English. global.css names it first for `:lang(ur)`, so the text shows in a
 * system face until it arrives (the font's `font-display: swap`).
 */
import { type Locale, useLocaleStore } from 'shared-api';

let requested = false;

function loadFor(locale: Locale): void {
  if (locale !== 'ur' || requested) return;
  requested = true;
  Promise.all([
    import('@fontsource/noto-nastaliq-urdu/arabic-400.css'),
    import('@fontsource/noto-nastaliq-urdu/arabic-700.css'),
  ]).catch(() => {
    // no connection for it: the system face stays, and the next switch to Urdu asks again
    requested = false;
  });
}

/** Loads the font now if Urdu is on, or when it is first chosen. */
export function loadUrduFontWhenChosen(): void {
  loadFor(useLocaleStore.getState().locale);
  useLocaleStore.subscribe((state) => loadFor(state.locale));
}
