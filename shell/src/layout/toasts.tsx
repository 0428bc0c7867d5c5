import { ToastContainer } from 'react-toastify';

/**
 * The one toast container (remotes' toasts show here too). What a toast says is announced: the
 * container is a polite live region and each toast an alert (docs/accessibility.md).
 */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} />;
}
