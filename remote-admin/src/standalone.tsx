/** The admin area on its own page (`npm run dev -w remote-admin`, or its production build). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { setRuntimeConfig, useSession } from 'shared-api';
import { StandaloneArea } from 'shared-ui/standalone-area';
import AdminApp from './app';
import { useT } from './i18n';

setRuntimeConfig({ apiBaseUrl: import.meta.env.VITE_API_BASE_URL });
// the session is asked for once, at start, as in the shell's main.tsx (StandaloneArea waits for it)
void useSession.getState().boot();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The page's frame, titled in the chosen language. */
function AdminStandalone() {
  const t = useT();
  return (
    <StandaloneArea title={t('admin.area.title')} basePath="/admin" landingPath="/admin/dashboard">
      <AdminApp />
    </StandaloneArea>
  );
}

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AdminStandalone />
    </BrowserRouter>
    <ToastContainer position="top-right" autoClose={5000} />
  </StrictMode>,
);
