/**
 * The admin area, exposed as `remoteAdmin/App` and mounted by the shell under /admin/*
 * (and by the standalone page). Its routes are relative to that mount point.
 */
import { useCatalogueReady } from 'shared-api';
import './i18n';
import { AdminRoutes } from './routes';
import './admin-area.css';

export default function AdminApp() {
  // Urdu is loaded when chosen: the area shows no English half-way while it comes
  const ready = useCatalogueReady('admin');
  return (
    <div className="admin-area">
      {ready ? (
        <AdminRoutes />
      ) : (
        // the catalogue itself is what is missing: a word every reader of the app knows
        <p role="status">Loading...</p>
      )}
    </div>
  );
}
