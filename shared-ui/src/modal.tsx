/** A dialog over a dimmed page: title, content, optional footer of actions. */
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from './lib/i18n';
import { useDialogFocus } from './lib/use-dialog-focus';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the close button and a click on the dimmed page call it */
  onClose: () => void;
  children: ReactNode;
  /** the dialog's actions, shown at the bottom */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

export function Modal({ open, title, onClose, children, footer, size = 'md' }: ModalProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { onKeyDown } = useDialogFocus(dialogRef, open, onClose);

  if (!open) return null;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the dimmed page closes; the keyboard's way is Escape
    <div
      className="ui-modal-overlay"
      data-testid="modal-overlay"
      onMouseDown={(event) => {
        // only a press on the dimmed page itself, not a drag that started inside the dialog
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`ui-modal ui-modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="ui-modal-header">
          <h2 id={titleId} className="ui-modal-title">
            {title}
          </h2>
          <button type="button" className="ui-modal-close" aria-label={t('ui.common.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="ui-modal-body">{children}</div>
        {footer ? <footer className="ui-modal-footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
