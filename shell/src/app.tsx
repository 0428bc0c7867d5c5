import { ToastContainer } from 'react-toastify';
import { ErrorBoundary } from './errors/error-boundary';
import { AppRoutes } from './routes';

/** The shell: its routes and the one toast container (remotes' toasts show here too). */
export function App() {
  return (
    <>
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
      <ToastContainer position="top-right" autoClose={5000} />
    </>
  );
}
