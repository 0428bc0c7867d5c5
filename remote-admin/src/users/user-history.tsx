/**
 * An account's history as a timeline, newest first (docs/domain.md, Accounts: history): what
 * happened, the reason the person was given, the admins' note, what changed, who and when.
 */
import { useId } from 'react';
import type { UserEvent, UserEventType } from 'shared-api/contract';
import { formatDateTime } from 'shared-ui/lib/format';
import { type UsersKey, useT } from './i18n';
import { roleWord } from './user-texts';

/** One line per kind of event (the contract's USER_EVENT_LABELS, translated). */
const EVENT_LABELS: Record<UserEventType, UsersKey> = {
  approved: 'admin.users.event.approved',
  rejected: 'admin.users.event.rejected',
  suspended: 'admin.users.event.suspended',
  reactivated: 'admin.users.event.reactivated',
  edited: 'admin.users.event.edited',
  'password-reset-issued': 'admin.users.event.passwordResetIssued',
  'password-reset': 'admin.users.event.passwordReset',
  'payout-account-changed': 'admin.users.event.payoutAccountChanged',
};

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function UserHistory({ events }: { events: readonly UserEvent[] }) {
  const t = useT();
  const headingId = useId();
  const newestFirst = [...events].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="admin-user-history" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.users.history.title')}</h2>
      {newestFirst.length === 0 ? (
        <p className="admin-users-muted">{t('admin.users.history.empty')}</p>
      ) : (
        // reversed: the numbers count the events from the first, though the newest leads
        <ol className="admin-user-history-list" reversed>
          {newestFirst.map((event) => (
            <li key={event._id} className="admin-user-history-event">
              <p className="admin-user-history-text">{t(EVENT_LABELS[event.type])}</p>
              {event.reason ? (
                <p className="admin-user-history-detail">{t('admin.users.history.reason', { reason: event.reason })}</p>
              ) : null}
              {event.note ? (
                <p className="admin-user-history-detail">{t('admin.users.history.note', { note: event.note })}</p>
              ) : null}
              {Object.entries(event.changes).map(([field, change]) => (
                <p key={field} className="admin-user-history-detail">
                  {field}: <bdi>{shown(change.from)}</bdi> <span className="admin-user-history-arrow">→</span>{' '}
                  <bdi>{shown(change.to)}</bdi>
                </p>
              ))}
              <p className="admin-user-history-meta">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                <span aria-hidden="true"> · </span>
                <span>
                  {t('admin.users.history.by', { name: event.actor.name, role: roleWord(t, event.actor.role) })}
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
