/**
 * What every dialog of the kit (modal, side panel, lightbox) does with the keyboard: while
 * open, focus moves into the dialog (to an element marked `data-autofocus`, else the dialog
 * itself), Tab and Shift+Tab stay inside it, Escape closes it, the page behind does not
 * scroll, and on close focus returns to where it was.
 */
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/** Open dialogs, innermost last: only the innermost one answers Escape and keeps focus. */
const openDialogs: HTMLElement[] = [];

export function useDialogFocus(
  dialogRef: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
): { onKeyDown: (event: KeyboardEvent<HTMLElement>) => void } {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(dialog);
    const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog;
    target.focus();

    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    return () => {
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      // the element may have gone meanwhile (a row deleted by the dialog's action)
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open, dialogRef]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const dialog = dialogRef.current;
      if (!dialog || openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(dialog);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [dialogRef],
  );

  return { onKeyDown };
}
