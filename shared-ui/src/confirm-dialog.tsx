/** Asks before an action: a message, Cancel and Confirm. */
import type { ReactNode } from 'react';
import { useT } from './lib/i18n';
import { Modal } from './modal';
import './button.css';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  /** 'Confirm' (in the current language) when none is given */
  confirmLabel?: string;
  /** 'Cancel' (in the current language) when none is given */
  cancelLabel?: string;
  onConfirm: () => void;
  /** also called by Escape, the close button and a click on the dimmed page (not while busy) */
  onCancel: () => void;
  /** the action is running: both buttons wait */
  busy?: boolean;
  /** the action destroys something: Confirm is red and Cancel has the focus */
  destructive?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  destructive = false,
}: ConfirmDialogProps) {
  const t = useT();
  const cancelIfIdle = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      open={open}
      title={title}
      onClose={cancelIfIdle}
      size="sm"
      footer={
        <>
          <button
            type="button"
            className="ui-button"
            onClick={cancelIfIdle}
            disabled={busy}
            data-autofocus={destructive ? '' : undefined}
          >
            {cancelLabel ?? t('ui.dialog.cancel')}
          </button>
          <button
            type="button"
            className={`ui-button ${destructive ? 'ui-button-danger' : 'ui-button-primary'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
            data-autofocus={destructive ? undefined : ''}
          >
            {confirmLabel ?? t('ui.dialog.confirm')}
          </button>
        </>
      }
    >
      {typeof message === 'string' ? (
        <p className="ui-confirm-message">{message}</p>
      ) : (
        <div className="ui-confirm-message">{message}</div>
      )}
    </Modal>
  );
}
