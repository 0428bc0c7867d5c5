import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initialLocale, setLocale, useLocaleStore, useSession } from 'shared-api';
import { App } from './app';
import { t } from './i18n';
import { loadRuntimeConfig } from './runtime-config/shell-config';
import { loadUrduFontWhenChosen } from './urdu-font';
import './global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The first paint is in the device's language: English at once, Urdu once its catalogue is here. */
function startInLanguage(): Promise<void> {
  const locale = initialLocale();
  return locale === 'en' ? Promise.resolve() : setLocale(locale).catch(() => {});
}

loadUrduFontWhenChosen();
// the tab's title in the chosen language (index.html's is the English one)
useLocaleStore.subscribe(() => {
  document.title = t('shell.brand');
});

// The API base URL comes from the runtime JSON, so the session boots after it is read.
void Promise.all([loadRuntimeConfig(), startInLanguage()]).then(() => {
  void useSession.getState().boot();
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
});

// the service worker (offline, push) after the page has loaded: the sign-in page never waits for it
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./pwa/register-service-worker')
      .then((pwa) => pwa.registerServiceWorker())
      .catch((error: unknown) => {
        // its chunk did not load (a network blip): the app works without it; the next start tries again
        console.warn('The service worker registration module could not be loaded.', error);
      });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
