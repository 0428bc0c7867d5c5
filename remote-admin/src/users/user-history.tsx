/**
 * An account's history as a timeline, newest first (docs/domain.md, Accounts: history): what
 * happened, the reason the person was given, the admins' note, what changed, who and when.
 */
import { useId } from 'react';
import { ACCOUNT_SCREEN_TEXTS, USER_EVENT_LABELS, type UserEvent } from 'shared-api/contract';
import { formatDateTime } from 'shared-ui/lib/format';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function UserHistory({ events }: { events: readonly UserEvent[] }) {
  const headingId = useId();
  const newestFirst = [...events].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="admin-user-history" aria-labelledby={headingId}>
      <h2 id={headingId}>history</h2>
      {newestFirst.length === 0 ? (
        <p className="admin-users-muted">{ACCOUNT_SCREEN_TEXTS.historyEmpty}</p>
      ) : (
        // reversed: the numbers count the events from the first, though the newest leads
        <ol className="admin-user-history-list" reversed>
          {newestFirst.map((event) => (
            <li key={event._id} className="admin-user-history-event">
              <p className="admin-user-history-text">{USER_EVENT_LABELS[event.type]}</p>
              {event.reason ? <p className="admin-user-history-detail">Reason: {event.reason}</p> : null}
              {event.note ? <p className="admin-user-history-detail">Note: {event.note}</p> : null}
              {Object.entries(event.changes).map(([field, change]) => (
                <p key={field} className="admin-user-history-detail">
                  {field}: {shown(change.from)} → {shown(change.to)}
                </p>
              ))}
              <p className="admin-user-history-meta">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                <span aria-hidden="true"> · </span>
                <span>
                  by {event.actor.name} ({event.actor.role})
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
