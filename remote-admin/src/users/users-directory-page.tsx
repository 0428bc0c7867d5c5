/**
 * /admin/users (admin): every account (docs/domain.md, Accounts: the directory), narrowed by
 * role and status chips and a search of name, email and phone, sorted by name or date joined,
 * a page at a time, with the counts an admin needs and the export of what the filters match.
 * The view lives in the URL. 'pending users' keeps its own list; this one has every status.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { downloadUsersCsv, useMessages } from 'shared-api';
import { routePath, type UserDirectoryRow, type UserSort } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from 'shared-ui/data-table';
import { ExportButton } from 'shared-ui/export/export-button';
import { FilterChips } from 'shared-ui/filter-chips';
import { accountQueries } from 'shared-ui/lib/account-queries';
import { formatDate, formatDateTime } from 'shared-ui/lib/format';
import { useResource } from 'shared-ui/lib/use-resource';
import { SearchBox } from 'shared-ui/search-box';
import {
  type DirectoryView,
  directoryParams,
  readDirectoryView,
  roleOptions,
  statusOptions,
  USER_PATH,
  USERS_PAGE_SIZE,
  writeDirectoryView,
} from './directory-query';
import { useT } from './i18n';
import { UserCountsList } from './user-counts';
import { UserStatusBadge } from './user-status-badge';
import { roleWord } from './user-texts';
import './users.css';

type Direction = 'ascending' | 'descending' | 'none';

/** A sortable column's first click: names A to Z, newest first. */
const SORTABLE = {
  name: { first: 'name', second: '-name' },
  joined: { first: '-createdAt', second: 'createdAt' },
} as const satisfies Record<string, { first: UserSort; second: UserSort }>;

function directionOf(sort: UserSort, column: keyof typeof SORTABLE): Direction {
  if (sort !== SORTABLE[column].first && sort !== SORTABLE[column].second) return 'none';
  return sort.startsWith('-') ? 'descending' : 'ascending';
}

function SortHeader({ label, direction, onClick }: { label: string; direction: Direction; onClick: () => void }) {
  const arrow = direction === 'descending' ? '↓' : direction === 'ascending' ? '↑' : '↕';
  return (
    <button type="button" className="admin-users-sort" onClick={onClick}>
      {label}
      <span aria-hidden="true">{arrow}</span>
    </button>
  );
}

export function UsersDirectoryPage() {
  const t = useT();
  const messages = useMessages();
  const [params, setParams] = useSearchParams();
  const view = readDirectoryView(params);
  const filters = directoryParams(view);
  const users = useResource(accountQueries.directory(filters), t('admin.users.directory.failed'));

  function change(changes: Partial<DirectoryView>) {
    // any filter but the page starts again from the first page
    const page = changes.page ?? 1;
    setParams(writeDirectoryView({ ...view, ...changes, page }));
  }

  function sortable(column: keyof typeof SORTABLE, label: string) {
    const direction = directionOf(view.sort, column);
    const next = view.sort === SORTABLE[column].first ? SORTABLE[column].second : SORTABLE[column].first;
    return {
      header: <SortHeader label={label} direction={direction} onClick={() => change({ sort: next })} />,
      sort: direction,
    };
  }

  const columns: ReadonlyArray<DataTableColumn<UserDirectoryRow>> = [
    {
      key: 'name',
      ...sortable('name', t('admin.users.directory.column.name')),
      render: (user) => (
        <span className="admin-users-person">
          <Link to={routePath(USER_PATH, { id: user._id })}>{user.name}</Link>
          <bdi dir="ltr" className="admin-users-muted">
            {user.email}
          </bdi>
          {user.phoneNumber ? (
            <bdi dir="ltr" className="admin-users-muted">
              {user.phoneNumber}
            </bdi>
          ) : null}
        </span>
      ),
    },
    { key: 'role', header: t('admin.users.directory.column.role'), render: (user) => roleWord(t, user.role) },
    {
      key: 'status',
      header: t('admin.users.directory.column.status'),
      render: (user) => <UserStatusBadge status={user.status} />,
    },
    {
      key: 'joined',
      ...sortable('joined', t('admin.users.directory.column.joined')),
      render: (user) =>
        user.createdAt ? (
          <time className="admin-users-nowrap" dateTime={user.createdAt} title={formatDateTime(user.createdAt)}>
            {formatDate(user.createdAt)}
          </time>
        ) : (
          '—'
        ),
    },
    {
      key: 'counts',
      header: t('admin.users.directory.column.counts'),
      render: (user) => <UserCountsList role={user.role} counts={user.counts} />,
    },
  ];

  const total = users.data?.total ?? 0;
  const filtered = view.role !== 'all' || view.status !== 'all' || view.q !== '';

  return (
    <section className="admin-users" aria-labelledby="admin-users-heading">
      <header className="admin-users-header admin-users-header-row">
        <div>
          <h1 id="admin-users-heading">{t('admin.users.directory.title')}</h1>
          {/* the live region: each new answer says how many users the filters match */}
          <p className="admin-users-count" aria-live="polite">
            {users.data && !users.error ? t('admin.users.directory.count', { count: total }) : ''}
          </p>
        </div>
        <ExportButton download={(options) => downloadUsersCsv(filters, options)} />
      </header>

      <div className="admin-users-filters">
        <FilterChips
          label={t('admin.users.directory.roleFilter')}
          options={roleOptions(t)}
          value={view.role}
          onChange={(role) => change({ role })}
        />
        <FilterChips
          label={t('admin.users.directory.statusFilter')}
          options={statusOptions(t)}
          value={view.status}
          onChange={(status) => change({ status })}
        />
        <UsersSearch q={view.q} onSearch={(q) => change({ q })} />
      </div>

      <DataTable
        caption={t('admin.users.directory.title')}
        columns={columns}
        rows={users.data?.items ?? []}
        getRowKey={(user) => user._id}
        loading={users.loading && !users.data}
        error={users.error}
        empty={<p>{filtered ? t('admin.users.directory.noMatch') : messages.noUsersFound}</p>}
        page={view.page}
        pageSize={USERS_PAGE_SIZE}
        total={total}
        onPageChange={(page) => change({ page })}
      />
      {users.error ? (
        <button type="button" className="ui-button ui-button-small admin-users-retry" onClick={users.reload}>
          {t('admin.common.retry')}
        </button>
      ) : null}
    </section>
  );
}

function UsersSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const t = useT();
  return (
    <SearchBox
      value={q}
      onSearch={onSearch}
      label={t('admin.users.directory.search')}
      placeholder={t('admin.users.directory.searchPlaceholder')}
      maxLength={100}
      classPrefix="admin-users"
    />
  );
}
