/**
 * /agent/alerts, the alert center every role opens (alerts are data, and 'mark all read' marks
 * them read; see docs/domain.md, Alerts): the caller's alerts newest first, unread ones marked, a page at a time.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { type AlertPage, errorMessage, fetchAlerts, markAllAlertsRead, notifyAlertsChanged } from 'shared-api';
import type { Alert } from 'shared-api/contract';
import { formatDateTime } from 'shared-ui/lib/format';
import { useApi } from 'shared-ui/lib/use-api';
import { Pagination } from 'shared-ui/pagination';
import './alerts-page.css';

export const ALERTS_PAGE_SIZE = 20;
export const NO_ALERTS = 'No alerts yet.';
export const ALERTS_FETCH_FAILED = 'Failed to load your alerts.';
export const MARK_READ_FAILED = 'Failed to mark the alerts as read.';

export function AlertsPage() {
  const [page, setPage] = useState(1);
  const loaded = useApi(() => fetchAlerts({ page, limit: ALERTS_PAGE_SIZE }), [page], ALERTS_FETCH_FAILED);
  // the answer of 'mark all read' replaces the loaded page until the next load
  const [marked, setMarked] = useState<AlertPage | null>(null);
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState<string | null>(null);

  useEffect(() => {
    if (loaded.loading) setMarked(null);
  }, [loaded.loading]);

  // the shell's badge may count alerts this page has just loaded
  useEffect(() => {
    if (loaded.data) notifyAlertsChanged();
  }, [loaded.data]);

  const data = marked ?? loaded.data;

  async function markAllRead() {
    setMarking(true);
    setMarkError(null);
    try {
      setMarked(await markAllAlertsRead({ page, limit: ALERTS_PAGE_SIZE }));
    } catch (failure) {
      setMarkError(errorMessage(failure, MARK_READ_FAILED));
    } finally {
      setMarking(false);
    }
  }

  return (
    <section className="agent-alerts" aria-labelledby="agent-alerts-heading">
      <header className="agent-alerts-header">
        <div>
          <h1 id="agent-alerts-heading" className="agent-alerts-title">
            alert center
          </h1>
          {data ? (
            <p className="agent-alerts-count" aria-live="polite">
              {data.unread === 0 ? 'All caught up: no unread alerts.' : `${data.unread} unread`}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="ui-button"
          onClick={() => void markAllRead()}
          disabled={marking || !data || data.unread === 0}
          aria-busy={marking || undefined}
        >
          mark all read
        </button>
      </header>

      {markError ? (
        <p className="agent-alerts-error" role="alert">
          {markError}
        </p>
      ) : null}

      {loaded.error ? (
        <div className="agent-alerts-error" role="alert">
          <p>{loaded.error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={loaded.reload}>
            Try again
          </button>
        </div>
      ) : null}

      {loaded.loading && !data ? (
        <p className="agent-alerts-muted" role="status">
          Loading...
        </p>
      ) : null}

      {!loaded.error && data && data.alerts.length === 0 ? <p className="agent-alerts-empty">{NO_ALERTS}</p> : null}

      {data && data.alerts.length > 0 ? (
        <ul className="agent-alerts-list" aria-label="alerts" aria-busy={loaded.loading || undefined}>
          {data.alerts.map((alert) => (
            <AlertItem key={alert._id} alert={alert} />
          ))}
        </ul>
      ) : null}

      {data ? <Pagination page={page} pageSize={ALERTS_PAGE_SIZE} total={data.total} onPageChange={setPage} /> : null}
    </section>
  );
}

function AlertItem({ alert }: { alert: Alert }) {
  return (
    <li className={`agent-alert${alert.read ? '' : ' agent-alert-unread'}`}>
      {alert.read ? null : <span className="agent-alert-badge">unread</span>}
      <p className="agent-alert-message">{alert.link ? <Link to={alert.link}>{alert.message}</Link> : alert.message}</p>
      <time className="agent-alert-time" dateTime={alert.createdAt}>
        {formatDateTime(alert.createdAt)}
      </time>
    </li>
  );
}
