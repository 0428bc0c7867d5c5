/**
 * What the users directory reads from its URL (docs/domain.md, Accounts: the directory): the
 * role and status chips, the search, the sort and the page, so a link or Back reopens the
 * same view. Values the contract does not know read as unset.
 */
import type { Translate, UserDirectoryParams } from 'shared-api';
import { ROLES, type Role, USER_SORTS, USER_STATUSES, type UserSort, type UserStatus } from 'shared-api/contract';
import type { UsersKey } from './i18n';
import { statusLabel } from './user-texts';

export const USERS_PAGE_SIZE = 20;
export const USERS_PATH = '/admin/users';
export const USER_PATH = '/admin/users/:id';

export type RoleChip = Role | 'all';
export type StatusChip = UserStatus | 'all';

/** The role chips, in the chosen language. */
export function roleOptions(t: Translate<UsersKey>): ReadonlyArray<{ value: RoleChip; label: string }> {
  const labels: Record<Role, string> = {
    admin: t('admin.users.chip.admin'),
    manager: t('admin.users.chip.manager'),
    agent: t('admin.users.chip.agent'),
  };
  return [
    { value: 'all', label: t('admin.users.chip.all') },
    ...ROLES.map((role) => ({ value: role, label: labels[role] })),
  ];
}

/** The status chips, in the chosen language (the contract's USER_STATUS_LABELS, translated). */
export function statusOptions(t: Translate<UsersKey>): ReadonlyArray<{ value: StatusChip; label: string }> {
  return [
    { value: 'all', label: t('admin.users.chip.all') },
    ...USER_STATUSES.map((status) => ({ value: status, label: statusLabel(t, status) })),
  ];
}

export interface DirectoryView {
  role: RoleChip;
  status: StatusChip;
  q: string;
  sort: UserSort;
  page: number;
}

const DEFAULT_SORT: UserSort = '-createdAt';

function oneOf<V extends string>(values: readonly V[], value: string | null): V | undefined {
  return values.find((known) => known === value);
}

export function readDirectoryView(params: URLSearchParams): DirectoryView {
  const page = Number(params.get('page'));
  return {
    role: oneOf(ROLES, params.get('role')) ?? 'all',
    status: oneOf(USER_STATUSES, params.get('status')) ?? 'all',
    q: (params.get('q') ?? '').slice(0, 100),
    sort: oneOf(USER_SORTS, params.get('sort')) ?? DEFAULT_SORT,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string for a view; defaults (all, no search, newest first, page 1) are left out. */
export function writeDirectoryView(view: DirectoryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.role !== 'all') params.set('role', view.role);
  if (view.status !== 'all') params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The filters as the API takes them (the export leaves the page out itself). */
export function directoryParams(view: DirectoryView): UserDirectoryParams {
  return {
    ...(view.role === 'all' ? {} : { role: view.role }),
    ...(view.status === 'all' ? {} : { status: view.status }),
    ...(view.q ? { q: view.q } : {}),
    sort: view.sort,
    page: view.page,
    limit: USERS_PAGE_SIZE,
  };
}
