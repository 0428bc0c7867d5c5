/**
 * The agent area, exposed as `remoteAgent/App` and mounted by the shell under /agent/*
 * (and by the standalone page). Its routes are relative to that mount point. The alert
 * center lives here and is used by every role.
 */
import { useCatalogueReady } from 'shared-api';
import './i18n';
import { AgentRoutes } from './routes';
import './agent-area.css';

export default function AgentApp() {
  // Urdu is loaded when chosen: the area shows no English half-way while it comes
  const ready = useCatalogueReady('agent');
  return (
    <div className="agent-area">
      {ready ? (
        <AgentRoutes />
      ) : (
        // the catalogue itself is what is missing: a word every reader of the app knows
        <p className="agent-muted" role="status">
          Loading...
        </p>
      )}
    </div>
  );
}
