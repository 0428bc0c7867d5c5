/** The agent area on its own page (`npm run dev -w remote-agent`, or its production build). */
import { mountStandalone, StandaloneArea } from 'shared-ui/standalone-area';
import AgentApp from './app';
import { useT } from './i18n';

/** The page's frame, titled in the chosen language. */
function AgentStandalone() {
  const t = useT();
  return (
    <StandaloneArea title={t('agent.standaloneTitle')} basePath="/agent" landingPath="/agent/dashboard">
      <AgentApp />
    </StandaloneArea>
  );
}

mountStandalone(<AgentStandalone />, import.meta.env.VITE_API_BASE_URL);
