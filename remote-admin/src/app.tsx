/**
 * The admin area, exposed as `remoteAdmin/App` and mounted by the shell under /admin/*
 * (and by the standalone page). Its routes are relative to that mount point.
 */
import { AdminRoutes } from './routes';
import './admin-area.css';

export default function AdminApp() {
  return (
    <div className="admin-area">
      <AdminRoutes />
    </div>
  );
}
