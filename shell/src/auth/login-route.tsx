import { Navigate } from 'react-router-dom';
import { useSession } from 'shared-api';
import { DASHBOARD_BY_ROLE } from 'shared-api/contract';
import { LoadingScreen } from '../layout/loading-screen';
import { LoginPage } from './login-page';

/** '/': the sign-in page, or the user's dashboard when already signed in. */
export function LoginRoute() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);

  if (status === 'booting') return <LoadingScreen />;
  if (status === 'signed-in' && user) return <Navigate to={DASHBOARD_BY_ROLE[user.role]} replace />;
  return <LoginPage />;
}
