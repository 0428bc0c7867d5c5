/**
 * Export CSV: downloads what a list shows as a file and saves it under the server's name. While
 * it runs the button is disabled and counts the bytes received (an export is streamed, so there
 * is no percentage); a failure shows the server's message.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { type DownloadedFile, type DownloadOptions, errorMessage, ltr, useLocale } from 'shared-api';
import { formatBytes } from '../lib/format';
import { useT } from '../lib/i18n';
import '../button.css';
import './export-button.css';

// English, for tests and code that compare with them; the button shows the current language's
export const EXPORT_CSV = 'Export CSV';
export const EXPORTING = 'Exporting…';
export const EXPORT_FAILED = 'The export failed. Please try again.';

export interface ExportButtonProps {
  /** fetches the file, the list's filters already applied (e.g. `(o) => downloadOrdersCsv(filters, o)`) */
  download: (options: DownloadOptions) => Promise<DownloadedFile>;
  /** 'Export CSV' (in the current language) when none is given */
  label?: string;
  /**
   * In Urdu, offer the file's column names in Urdu (English stays the default: a file goes on to
   * people and tools that read English). False for a file whose columns a bank reads.
   */
  offerUrduHeaders?: boolean;
}

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; bytes: number }
  | { phase: 'saved'; filename: string }
  /** the server's message, or null for the screen's own (said in the current language) */
  | { phase: 'failed'; message: string | null };

/** A browser keeps an object URL's file until it is revoked; the download has begun long before this. */
const REVOKE_AFTER_MS = 40_000;

/** Hands a downloaded file to the browser's downloads, under its name (an object URL and a temporary link). */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function ExportButton({ download, label, offerUrduHeaders = true }: ExportButtonProps) {
  const t = useT();
  const urdu = useLocale() === 'ur' && offerUrduHeaders;
  const [urduHeaders, setUrduHeaders] = useState(false);
  const headersId = useId();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  // leaving the page stops the download (a file the user asked for, saved once: not a read to cache, so no query)
  useEffect(() => () => running.current?.abort(), []);

  async function start() {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'running', bytes: 0 });
    try {
      const file = await download({
        signal: controller.signal,
        ...(urdu && urduHeaders ? { language: 'ur' as const } : {}),
        onProgress: (bytes) => {
          if (!controller.signal.aborted) setState({ phase: 'running', bytes });
        },
      });
      if (controller.signal.aborted) return;
      saveFile(file);
      setState({ phase: 'saved', filename: file.filename });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = errorMessage(error, '');
      setState({ phase: 'failed', message: message || null });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  function cancel() {
    running.current?.abort();
    running.current = null;
    setState({ phase: 'idle' });
  }

  const busy = state.phase === 'running';
  return (
    <div className="ui-export">
      <button type="button" className="ui-button ui-button-small" onClick={start} disabled={busy} aria-busy={busy}>
        {busy
          ? state.bytes > 0
            ? t('ui.export.runningBytes', { bytes: ltr(formatBytes(state.bytes)) })
            : t('ui.export.running')
          : (label ?? t('ui.export.csv'))}
      </button>
      {urdu ? (
        <span className="ui-export-language">
          <input
            id={headersId}
            type="checkbox"
            checked={urduHeaders}
            disabled={busy}
            onChange={(event) => setUrduHeaders(event.target.checked)}
          />
          <label htmlFor={headersId}>{t('ui.export.urduHeaders')}</label>
        </span>
      ) : null}
      {busy ? (
        <button type="button" className="ui-button ui-button-small" onClick={cancel}>
          {t('ui.export.cancel')}
        </button>
      ) : null}
      {/* a live region without the status role: a list's own 'Loading...' stays its one status */}
      <p className="ui-export-note" aria-live="polite">
        {state.phase === 'saved' ? t('ui.export.saved', { filename: ltr(state.filename) }) : ''}
      </p>
      {state.phase === 'failed' ? (
        <p className="ui-export-error" role="alert">
          {state.message ?? t('ui.export.failed')}
        </p>
      ) : null}
    </div>
  );
}
