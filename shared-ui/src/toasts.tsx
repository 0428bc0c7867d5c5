import { ToastContainer } from 'react-toastify';
import { DIRECTION, useLocale } from 'shared-api';

/**
 * The one toast container of a page: the shell's (the remotes' toasts show there too), or a
 * remote's standalone page's. What a toast says is announced: the container is a polite live
 * region and each toast an alert (docs/accessibility.md).
 */
export function Toasts() {
  // in the top inline-end corner, and written right to left in Urdu
  const rtl = DIRECTION[useLocale()] === 'rtl';
  return <ToastContainer position={rtl ? 'top-left' : 'top-right'} rtl={rtl} autoClose={5000} />;
}
