/**
 * The manager area, exposed as `remoteManager/App` and mounted by the shell under
 * /manager/* (and by the standalone page). Its routes are relative to that mount point.
 */
import { useCatalogueReady } from 'shared-api';
import './i18n';
import { ManagerRoutes } from './routes';
import './manager-area.css';

export default function ManagerApp() {
  // Urdu is loaded when chosen: the area shows no English half-way while it comes
  const ready = useCatalogueReady('manager');
  return (
    <div className="manager-area">
      {ready ? (
        <ManagerRoutes />
      ) : (
        // the catalogue itself is what is missing: a word every reader of the app knows
        <p role="status">Loading...</p>
      )}
    </div>
  );
}
