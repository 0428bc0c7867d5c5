import { apiList, apiRequest, type Page } from './client';
import type { UserDirectoryQuery, UserDirectoryRow, UserRecord } from './contract/accounts';
import type { Role } from './contract/constants';
import type {
  CommissionData,
  LoginResponse,
  PasswordUpdateInput,
  PasswordUpdateResponse,
  RegisterInput,
  User,
} from './contract/schemas';
import { type DownloadedFile, type DownloadOptions, filenameFromDisposition } from './orders';
import type { ListParams } from './products';

export async function register(input: RegisterInput): Promise<LoginResponse> {
  const { data } = await apiRequest<LoginResponse>('/api/register', { method: 'POST', data: input, anonymous: true });
  return data;
}

/** The answer carries a new token: the change revokes the user's older tokens. */
export async function updatePassword(input: PasswordUpdateInput): Promise<PasswordUpdateResponse> {
  const { data } = await apiRequest<PasswordUpdateResponse>('/api/update/password', { method: 'PUT', data: input });
  return data;
}

export const fetchPendingUsers = (params: ListParams = {}): Promise<Page<User>> =>
  apiList<User>('/api/all/pendingusers', { ...params });

export async function fetchPendingUser(id: string): Promise<User> {
  const { data } = await apiRequest<User>(`/api/pendinguser/${encodeURIComponent(id)}`);
  return data;
}

export async function approveUser(id: string, password?: string): Promise<User> {
  const { data } = await apiRequest<User>(`/api/user/${encodeURIComponent(id)}/approve`, {
    method: 'PUT',
    data: password ? { password } : {},
  });
  return data;
}

export async function fetchCommission(
  role: Extract<Role, 'manager' | 'agent'>,
  userId: string,
): Promise<CommissionData> {
  const { data } = await apiRequest<CommissionData>(`/api/${role}/comission/${encodeURIComponent(userId)}`);
  return data;
}

// --- the users directory (docs/domain.md, Accounts, Directory) ---
/** The directory's filters and sort, and a page of it. */
export interface UserDirectoryFilter extends ListParams, UserDirectoryQuery {}

/** A page of every user (admins), filtered and sorted; the total is X-Total-Count's. */
export const fetchUsers = (params: UserDirectoryFilter = {}): Promise<Page<UserDirectoryRow>> =>
  apiList<UserDirectoryRow>('/api/users', { ...params });

/** One user's whole record (admins): ID images as short-lived links, counts, payout account, history. */
export async function fetchUserRecord(id: string): Promise<UserRecord> {
  const { data } = await apiRequest<UserRecord>(`/api/users/${encodeURIComponent(id)}`);
  return data;
}

/** The directory's file, for when its header cannot be read (a UTC day, as the server's). */
const defaultUsersExportName = () => `users-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * The users a directory shows, as CSV (`GET /api/users/export.csv`, with the session's token):
 * every user matching its filters, in its sort (its page is left out).
 */
export async function downloadUsersCsv(
  filters: UserDirectoryFilter = {},
  { onProgress, signal }: DownloadOptions = {},
): Promise<DownloadedFile> {
  const { page: _page, limit: _limit, ...params } = filters;
  const { data, headers } = await apiRequest<Blob>('/api/users/export.csv', {
    params,
    responseType: 'blob',
    onDownloadProgress: onProgress,
    signal,
    // streamed: a long directory on a slow line takes a while, the person can cancel it sooner
    timeout: 10 * 60_000,
  });
  return { blob: data, filename: filenameFromDisposition(headers['content-disposition']) ?? defaultUsersExportName() };
}
