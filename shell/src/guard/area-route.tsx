import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from 'shared-api';
import { canOpen, DASHBOARD_BY_ROLE, type RemoteName } from 'shared-api/contract';
import { RemoteArea } from '../remotes/remote-area';

/**
 * An area route (`/admin/*`, ...): the route table decides who may open the path; anyone
 * else (or an unknown path) goes to their own dashboard. Then the remote renders the page.
 */
export default function AreaRoute({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);

  if (!user) return <Navigate to="/" replace />;
  if (!canOpen(user.role, pathname)) return <Navigate to={DASHBOARD_BY_ROLE[user.role]} replace />;
  return <RemoteArea key={remote} remote={remote} />;
}
