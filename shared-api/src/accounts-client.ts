/**
 * The people side of the marketplace (docs/domain.md, Accounts): the admins' directory of users,
 * a user's record and history, the status moves and the admin's password reset link. Shapes:
 * ./contract/accounts.ts.
 */
import { apiList, apiRequest, type Page } from './client';
import type { ResetLink, UserDirectoryRow, UserEvent, UserRecord, UserSort } from './contract/accounts';
import type { Role, UserStatus } from './contract/constants';
import type { User } from './contract/schemas';
import { csvLanguageParams, type DownloadedFile, type DownloadOptions, filenameFromDisposition } from './orders';
import type { ListParams } from './products';

/** The directory's filters (userDirectoryQuerySchema's, as sent) and its page (GET /api/users). */
export interface UserDirectoryParams extends ListParams {
  role?: Role;
  status?: UserStatus;
  /** name, email or phone */
  q?: string;
  sort?: UserSort;
}

/** The filters as a query string's values, the unset ones left out. */
function directoryParams({ role, status, q, sort, page, limit }: UserDirectoryParams): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (role) params.role = role;
  if (status) params.status = status;
  if (q?.trim()) params.q = q.trim();
  if (sort) params.sort = sort;
  if (page) params.page = page;
  if (limit) params.limit = limit;
  return params;
}

/** One page of the directory (the total from X-Total-Count). */
export const fetchUsers = (params: UserDirectoryParams = {}): Promise<Page<UserDirectoryRow>> =>
  apiList<UserDirectoryRow>('/api/users', directoryParams(params));

/** A user's whole record: details, signed ID image links, masked payout account, counts, history. */
export async function fetchUserRecord(id: string): Promise<UserRecord> {
  const { data } = await apiRequest<UserRecord>(`/api/users/${encodeURIComponent(id)}`);
  return data;
}

/** The account's history, oldest first (an admin: anyone's; the person: its own, without notes). */
export async function fetchUserHistory(id: string): Promise<UserEvent[]> {
  const { data } = await apiRequest<UserEvent[]>(`/api/users/${encodeURIComponent(id)}/history`);
  return data;
}

async function moveStatus(id: string, move: 'reject' | 'suspend' | 'reactivate', reason?: string): Promise<User> {
  const { data } = await apiRequest<User>(`/api/user/${encodeURIComponent(id)}/${move}`, {
    method: 'PUT',
    data: reason === undefined ? {} : { reason },
  });
  return data;
}

/** A pending registration turned down, with the reason the person is shown at sign-in. */
export const rejectUser = (id: string, reason: string): Promise<User> => moveStatus(id, 'reject', reason);
/** An approved account stopped (every session ends), with the reason the person is shown. */
export const suspendUser = (id: string, reason: string): Promise<User> => moveStatus(id, 'suspend', reason);
/** A suspended account approved again. */
export const reactivateUser = (id: string): Promise<User> => moveStatus(id, 'reactivate');

/** A one-time password reset link for the admin to pass on by hand. */
export async function issueResetLink(id: string): Promise<ResetLink> {
  const { data } = await apiRequest<ResetLink>(`/api/user/${encodeURIComponent(id)}/password-reset`, {
    method: 'POST',
    data: {},
  });
  return data;
}

/** The export's address with the directory's filters (its page left out: the export has every row). */
export function usersExportUrl(params: UserDirectoryParams = {}): string {
  const { page: _page, limit: _limit, ...filters } = params;
  const query = new URLSearchParams(
    Object.entries(directoryParams(filters)).map(([name, value]) => [name, String(value)]),
  ).toString();
  return query ? `/api/users/export.csv?${query}` : '/api/users/export.csv';
}

/** An export of many users streams for a while on a slow line; the person can cancel it sooner. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/** The directory as CSV, with the session's token (a plain link would go without it). */
export async function downloadUsersCsv(
  params: UserDirectoryParams = {},
  { onProgress, signal, language }: DownloadOptions = {},
): Promise<DownloadedFile> {
  const { data, headers } = await apiRequest<Blob>(usersExportUrl(params), {
    params: csvLanguageParams(language),
    responseType: 'blob',
    onDownloadProgress: onProgress,
    signal,
    timeout: EXPORT_TIMEOUT_MS,
  });
  return {
    blob: data,
    filename:
      filenameFromDisposition(headers['content-disposition']) ?? `users-${new Date().toISOString().slice(0, 10)}.csv`,
  };
}
