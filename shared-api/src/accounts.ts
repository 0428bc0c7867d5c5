/** An account's status moves and its history (docs/domain.md, Accounts). */
import { apiRequest } from './client';
import type { UserEvent } from './contract/accounts';
import type { User } from './contract/schemas';

const userPath = (id: string) => `/api/user/${encodeURIComponent(id)}`;

/** A pending registration turned down, with the reason the person is shown at sign-in (admins). */
export async function rejectUser(id: string, reason: string): Promise<User> {
  const { data } = await apiRequest<User>(`${userPath(id)}/reject`, { method: 'PUT', data: { reason } });
  return data;
}

/** An approved account suspended, with the reason the person is shown at sign-in (admins). */
export async function suspendUser(id: string, reason: string): Promise<User> {
  const { data } = await apiRequest<User>(`${userPath(id)}/suspend`, { method: 'PUT', data: { reason } });
  return data;
}

/** A suspended account approved again; a reason, when given, goes in its history (admins). */
export async function reactivateUser(id: string, reason?: string): Promise<User> {
  const { data } = await apiRequest<User>(`${userPath(id)}/reactivate`, {
    method: 'PUT',
    data: reason ? { reason } : {},
  });
  return data;
}

/** The account's history, oldest first (an admin: anyone's; the person: its own, without notes). */
export async function fetchUserHistory(id: string): Promise<UserEvent[]> {
  const { data } = await apiRequest<UserEvent[]>(`/api/users/${encodeURIComponent(id)}/history`);
  return data;
}
