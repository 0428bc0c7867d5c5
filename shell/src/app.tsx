import { ErrorBoundary } from './errors/error-boundary';
import { Toasts } from './layout/toasts';
import { AppRoutes } from './routes';

/** The shell: its routes and the one toast container. */
export function App() {
  return (
    <>
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
      <Toasts />
    </>
  );
}
