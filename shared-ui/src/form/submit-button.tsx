/**
 * A form's submit button. While the form's write is on its way it waits (disabled, aria-busy) and
 * says so in words (its busy label, e.g. 'saving...'), so a screen reader still reads a label.
 */
import type { ReactNode } from 'react';
import '../button.css';

export interface SubmitButtonProps {
  /** the write is on its way (its mutation's isPending) */
  busy: boolean;
  /** the label while busy; the button's own label when none is given */
  busyLabel?: ReactNode;
  /** also waits, without saying busy (e.g. nothing loaded yet to send) */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  className = 'ui-button ui-button-primary',
  children,
}: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
