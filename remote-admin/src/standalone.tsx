/** The admin area on its own page (`npm run dev -w remote-admin`, or its production build). */
import { mountStandalone, StandaloneArea } from 'shared-ui/standalone-area';
import AdminApp from './app';
import { useT } from './i18n';

/** The page's frame, titled in the chosen language. */
function AdminStandalone() {
  const t = useT();
  return (
    <StandaloneArea title={t('admin.area.title')} basePath="/admin" landingPath="/admin/dashboard">
      <AdminApp />
    </StandaloneArea>
  );
}

mountStandalone(<AdminStandalone />, import.meta.env.VITE_API_BASE_URL);
