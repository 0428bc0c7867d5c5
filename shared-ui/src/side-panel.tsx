/** A panel that slides in from the right over a dimmed page (details of one thing). */
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from './lib/i18n';
import { useDialogFocus } from './lib/use-dialog-focus';
import './side-panel.css';

export interface SidePanelProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the close button and a click on the dimmed page call it */
  onClose: () => void;
  children: ReactNode;
}

export function SidePanel({ open, title, onClose, children }: SidePanelProps) {
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { onKeyDown } = useDialogFocus(panelRef, open, onClose);

  if (!open) return null;

  return createPortal(
    <div className="ui-side-panel-root">
      <div className="ui-side-panel-overlay" data-testid="side-panel-overlay" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className="ui-side-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="ui-side-panel-header">
          <h2 id={titleId} className="ui-side-panel-title">
            {title}
          </h2>
          <button type="button" className="ui-side-panel-close" aria-label={t('ui.common.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="ui-side-panel-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
