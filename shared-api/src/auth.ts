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

/** Ends this token's session on the server (POST /api/logout): the token is refused from then on. */
export async function logout(token: string): Promise<void> {
  await apiRequest<void>('/api/logout', { method: 'POST', token });
}
