/**
 * /agent/alerts, the alert center every role opens (alerts are data, and 'mark all read' marks
 * them read; see docs/domain.md, Alerts): the caller's alerts newest first, unread ones marked, a page at a time.
 * New alerts arrive live: the stream the shell holds open writes them into the cached pages and
 * the unread count (shared-ui/src/lib/alert-cache.ts), which this page reads like any query.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, type ListParams, markAllAlertsRead } from 'shared-api';
import type { Alert } from 'shared-api/contract';
import { applyAlertsMarkedRead } from 'shared-ui/lib/alert-cache';
import { formatDateTime } from 'shared-ui/lib/format';
import { alertQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { Pagination } from 'shared-ui/pagination';
import { useT } from '../i18n';
import './alerts-page.css';

export const ALERTS_PAGE_SIZE = 20;

export function AlertsPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const params = { page, limit: ALERTS_PAGE_SIZE };
  const loaded = useResource(alertQueries.page(params), t('agent.alerts.fetchFailed'));
  const client = useQueryClient();
  // the answer is the page marked read: it replaces the cached page and the badge's count
  const markAll = useMutation({
    mutationFn: (at: ListParams) => markAllAlertsRead(at),
    onSuccess: (answer, at) => applyAlertsMarkedRead(client, at, answer),
  });
  const data = loaded.data;

  return (
    <section className="agent-alerts" aria-labelledby="agent-alerts-heading">
      <header className="agent-alerts-header">
        <div>
          <h1 id="agent-alerts-heading" className="agent-alerts-title">
            {t('agent.alerts.title')}
          </h1>
          {data ? (
            <p className="agent-alerts-count" aria-live="polite">
              {data.unread === 0 ? t('agent.alerts.allRead') : t('agent.alerts.unreadCount', { count: data.unread })}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="ui-button"
          onClick={() => markAll.mutate(params)}
          disabled={markAll.isPending || !data || data.unread === 0}
          aria-busy={markAll.isPending || undefined}
        >
          {t('agent.alerts.markAllRead')}
        </button>
      </header>

      {markAll.isError ? (
        <p className="agent-alerts-error" role="alert">
          {errorMessage(markAll.error, t('agent.alerts.markReadFailed'))}
        </p>
      ) : null}

      {loaded.error ? (
        <div className="agent-alerts-error" role="alert">
          <p>{loaded.error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={loaded.reload}>
            {t('agent.tryAgain')}
          </button>
        </div>
      ) : null}

      {loaded.loading && !data ? (
        <p className="agent-alerts-muted" role="status">
          {t('agent.loading')}
        </p>
      ) : null}

      {!loaded.error && data && data.alerts.length === 0 ? (
        <p className="agent-alerts-empty">{t('agent.alerts.none')}</p>
      ) : null}

      {data && data.alerts.length > 0 ? (
        <ul
          className="agent-alerts-list"
          aria-label={t('agent.alerts.listLabel')}
          aria-busy={loaded.loading || undefined}
        >
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
  const t = useT();
  return (
    <li className={`agent-alert${alert.read ? '' : ' agent-alert-unread'}`}>
      {alert.read ? null : <span className="agent-alert-badge">{t('agent.alerts.unread')}</span>}
      <p className="agent-alert-message">{alert.link ? <Link to={alert.link}>{alert.message}</Link> : alert.message}</p>
      <time className="agent-alert-time" dateTime={alert.createdAt}>
        {formatDateTime(alert.createdAt)}
      </time>
    </li>
  );
}
