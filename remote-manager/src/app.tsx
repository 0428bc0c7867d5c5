/**
 * The manager area, exposed as `remoteManager/App` and mounted by the shell under
 * /manager/* (and by the standalone page). Its routes are relative to that mount point.
 */
import { ManagerRoutes } from './routes';
import './manager-area.css';

export default function ManagerApp() {
  return (
    <div className="manager-area">
      <ManagerRoutes />
    </div>
  );
}
