/** The manager area on its own page (`npm run dev -w remote-manager`, or its production build). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { DIRECTION, initialLocale, setLocale, setRuntimeConfig, useLocale, useSession } from 'shared-api';
import { StandaloneArea } from 'shared-ui/standalone-area';
import ManagerApp from './app';
import { useT } from './i18n';

setRuntimeConfig({ apiBaseUrl: import.meta.env.VITE_API_BASE_URL });
// the session is asked for once, at start, as in the shell's main.tsx (StandaloneArea waits for it)
void useSession.getState().boot();

// the device's language, as the shell starts in it (the area waits for its catalogue)
const locale = initialLocale();
if (locale !== 'en') void setLocale(locale).catch(() => {});

function Standalone() {
  const t = useT();
  const rtl = DIRECTION[useLocale()] === 'rtl';
  return (
    <>
      <BrowserRouter>
        <StandaloneArea title={t('manager.standaloneTitle')} basePath="/manager" landingPath="/manager/orders">
          <ManagerApp />
        </StandaloneArea>
      </BrowserRouter>
      <ToastContainer position={rtl ? 'top-left' : 'top-right'} rtl={rtl} autoClose={5000} />
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Standalone />
  </StrictMode>,
);
