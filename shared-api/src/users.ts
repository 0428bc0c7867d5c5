import { apiList, apiRequest, type Page } from './client';
import type { Role } from './contract/constants';
import type {
  CommissionData,
  LoginResponse,
  PasswordUpdateInput,
  PasswordUpdateResponse,
  RegisterInput,
  User,
} from './contract/schemas';
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
