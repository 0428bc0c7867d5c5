/** /admin/pending/users (admin): the accounts waiting for approval, newest first, a page at a time. */
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMessages } from 'shared-api';
import { routePath } from 'shared-api/contract';
import { userQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { Pagination } from 'shared-ui/pagination';
import { useT } from './i18n';
import './users.css';

export const PENDING_USERS_PAGE_SIZE = 12;

export function PendingUsersPage() {
  const t = useT();
  const messages = useMessages();
  const [page, setPage] = useState(1);
  const { data, loading, error, reload } = useResource(
    userQueries.pending({ page, limit: PENDING_USERS_PAGE_SIZE }),
    messages.pendingUsersFailed,
  );
  const users = data?.items ?? [];
  const total = data?.total ?? 0;

  // Approvals elsewhere can shrink the list under the page shown: go to its last page.
  const lastPage = Math.max(1, Math.ceil(total / PENDING_USERS_PAGE_SIZE));
  useEffect(() => {
    if (data && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  let body: ReactNode;
  if (error) {
    body = (
      <div className="admin-users-state admin-users-error" role="alert">
        <p>{messages.pendingUsersFailed}</p>
        {error !== messages.pendingUsersFailed ? <p className="admin-users-reason">{error}</p> : null}
        <button type="button" className="ui-button ui-button-small" onClick={reload}>
          {t('admin.common.retry')}
        </button>
      </div>
    );
  } else if (loading && !data) {
    body = (
      <p className="admin-users-state" role="status">
        {t('admin.common.loading')}
      </p>
    );
  } else if (users.length === 0) {
    body = <p className="admin-users-state">{messages.noUsersFound}</p>;
  } else {
    body = (
      <>
        <ul className="admin-user-cards" aria-busy={loading || undefined}>
          {users.map((user) => (
            <li key={user._id} className="admin-user-card">
              <h2 className="admin-user-card-name" id={`pending-user-${user._id}`}>
                {user.name}
              </h2>
              <dl className="admin-user-card-fields">
                <div>
                  <dt>{t('admin.users.field.email')}</dt>
                  <dd>
                    <bdi dir="ltr">{user.email}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('admin.users.field.phone')}</dt>
                  <dd>{user.phoneNumber ? <bdi dir="ltr">{user.phoneNumber}</bdi> : t('admin.common.notAvailable')}</dd>
                </div>
              </dl>
              <Link
                className="ui-button ui-button-primary ui-button-small admin-user-card-link"
                to={routePath('/admin/pending/user/:id', { id: user._id })}
                aria-describedby={`pending-user-${user._id}`}
              >
                {t('admin.users.pending.viewDetails')}
              </Link>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageSize={PENDING_USERS_PAGE_SIZE} total={total} onPageChange={setPage} />
      </>
    );
  }

  return (
    <section className="admin-users" aria-labelledby="admin-pending-users-heading">
      <header className="admin-users-header">
        <h1 id="admin-pending-users-heading">{t('admin.users.pending.title')}</h1>
        {data && !error ? (
          <p className="admin-users-count">{t('admin.users.pending.count', { count: total })}</p>
        ) : null}
      </header>
      {body}
    </section>
  );
}
