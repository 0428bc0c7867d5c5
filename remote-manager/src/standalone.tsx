/** The manager area on its own page (`npm run dev -w remote-manager`, or its production build). */
import { mountStandalone, StandaloneArea } from 'shared-ui/standalone-area';
import ManagerApp from './app';
import { useT } from './i18n';

/** The page's frame, titled in the chosen language. */
function ManagerStandalone() {
  const t = useT();
  return (
    <StandaloneArea title={t('manager.standaloneTitle')} basePath="/manager" landingPath="/manager/orders">
      <ManagerApp />
    </StandaloneArea>
  );
}

mountStandalone(<ManagerStandalone />, import.meta.env.VITE_API_BASE_URL);
