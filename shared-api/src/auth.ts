import { apiRequest } from './client';
import type { LoginInput, LoginResponse, User } from './contract/schemas';

export async function login(input: LoginInput): Promise<LoginResponse> {
  const { data } = await apiRequest<LoginResponse>('/api/login', { method: 'POST', data: input, anonymous: true });
  return data;
}

export async function fetchCurrentUser(): Promise<User> {
  const { data } = await apiRequest<User>('/api/user');
  return data;
}
