import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingScreen } from '../layout/loading-screen';
import { ErrorBoundary } from './error-boundary';

/** Around every route: a lazy page's loading state, and an error boundary reset by navigation. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
