import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from 'shared-api';
import { LoadingScreen } from '../layout/loading-screen';

const AppLayout = lazy(() => import('../layout/app-layout'));
// only a signed-in pending account sees it: off the sign-in page
const WaitingForApproval = lazy(() => import('./waiting-for-approval'));

/**
 * Guards the areas: waits for the session to boot, sends a signed-out visitor to '/',
 * shows a pending account only the waiting screen, and otherwise the sidebar layout.
 */
export function RequireSession() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);

  if (status === 'booting') return <LoadingScreen />;
  if (status !== 'signed-in' || !user) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      {user.status === 'pending' ? <WaitingForApproval /> : <AppLayout />}
    </Suspense>
  );
}
