import { Toasts } from 'shared-ui/toasts';
import { ErrorBoundary } from './errors/error-boundary';
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
