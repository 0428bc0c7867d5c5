/**
 * The agent area, exposed as `remoteAgent/App` and mounted by the shell under /agent/*
 * (and by the standalone page). Its routes are relative to that mount point. The alert
 * center lives here and is used by every role.
 */
import { AgentRoutes } from './routes';
import './agent-area.css';

export default function AgentApp() {
  return (
    <div className="agent-area">
      <AgentRoutes />
    </div>
  );
}
