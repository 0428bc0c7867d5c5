/**
 * /agent/alerts, the alert center every role opens (alerts are data, and 'mark all read' marks
 * them read; see docs/domain.md, Alerts): the caller's alerts newest first, unread ones marked, a page at a time.
 * New alerts arrive live (shared-api onLiveAlerts, fed by the stream the shell holds open): the
 * first page shows them on top, every page the unread count.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { type AlertPage, errorMessage, markAllAlertsRead, notifyAlertsChanged, onLiveAlerts } from 'shared-api';
import type { Alert } from 'shared-api/contract';
import { formatDateTime } from 'shared-ui/lib/format';
import { alertQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { Pagination } from 'shared-ui/pagination';
import './alerts-page.css';

export const ALERTS_PAGE_SIZE = 20;
export const NO_ALERTS = 'No alerts yet.';
export const ALERTS_FETCH_FAILED = 'Failed to load your alerts.';
export const MARK_READ_FAILED = 'Failed to mark the alerts as read.';

export function AlertsPage() {
  const [page, setPage] = useState(1);
  const loaded = useResource(alertQueries.page({ page, limit: ALERTS_PAGE_SIZE }), ALERTS_FETCH_FAILED);
  // the answer of 'mark all read' replaces the loaded page until the next load
  const [marked, setMarked] = useState<AlertPage | null>(null);
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState<string | null>(null);

  // what arrived live since the page loaded: alerts to show on top, the latest unread count
  const [live, setLive] = useState<{ alerts: Alert[]; unread: number | null }>(NOTHING_LIVE);

  useEffect(() => {
    if (loaded.loading) {
      setMarked(null);
      setLive(NOTHING_LIVE);
    }
  }, [loaded.loading]);

  useEffect(
    () =>
      onLiveAlerts((update) => {
        if (update.kind === 'unread') setLive((now) => ({ ...now, unread: update.unread }));
        else if (page === 1) setLive((now) => ({ ...now, alerts: [update.alert, ...now.alerts] }));
      }),
    [page],
  );

  // the shell's badge may count alerts this page has just loaded
  useEffect(() => {
    if (loaded.data) notifyAlertsChanged();
  }, [loaded.data]);

  const data = withLive(marked ?? loaded.data, live);

  async function markAllRead() {
    setMarking(true);
    setMarkError(null);
    try {
      setMarked(await markAllAlertsRead({ page, limit: ALERTS_PAGE_SIZE }));
      setLive(NOTHING_LIVE);
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

const NOTHING_LIVE: { alerts: Alert[]; unread: number | null } = { alerts: [], unread: null };

/** The page with the alerts that arrived live on top (each once), and the live unread count. */
function withLive(page: AlertPage | undefined, live: { alerts: Alert[]; unread: number | null }) {
  if (!page || (live.alerts.length === 0 && live.unread === null)) return page;
  const seen = new Set(page.alerts.map((alert) => alert._id));
  const arrived: Alert[] = [];
  for (const alert of live.alerts) {
    if (seen.has(alert._id)) continue;
    seen.add(alert._id);
    arrived.push(alert);
  }
  return {
    alerts: [...arrived, ...page.alerts].slice(0, ALERTS_PAGE_SIZE),
    unread: live.unread ?? page.unread,
    total: page.total + arrived.length,
  };
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
