/**
 * The API as the browser tests' back door: what a test needs done that is not the journey
 * under test (an admin's approval, a ready-made account), through the real HTTP API.
 */
import type { RegisterInput, User } from 'shared-api/contract';
import { ADMIN, API_URL } from './env';

/** A valid 48x32 blue PNG (the API checks images by content and re-encodes them). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwC18soRr8yH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wdJz6Z5X/F1EgAAAABJRU5ErkJggg==',
  'base64',
);

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string;
  body?: unknown;
}

/** Calls the API (JSON or a form body, a token when given); a refusal throws with the server's message. */
export async function apiCall<T>(path: string, { method = 'GET', token, body }: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${API_URL}${path}`, { method, headers, body: payload });
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const message = (data as { message?: string } | undefined)?.message ?? text;
    throw new Error(`${method} ${path} answered ${response.status}: ${message}`);
  }
  return data as T;
}

export interface SignedIn {
  token: string;
  user: User;
}

export async function apiLogin(email: string, password: string): Promise<SignedIn> {
  return apiCall<SignedIn>('/api/login', { method: 'POST', body: { email, password } });
}

export async function apiAdmin(): Promise<SignedIn> {
  return apiLogin(ADMIN.email, ADMIN.password);
}

export async function apiFindPendingUserByEmail(adminToken: string, email: string): Promise<User | undefined> {
  const users = await apiCall<User[]>('/api/all/pendingusers?limit=200', { token: adminToken });
  return users.find((user) => user.email.toLowerCase() === email.toLowerCase());
}

export async function apiPendingUser(adminToken: string, id: string): Promise<User> {
  return apiCall<User>(`/api/pendinguser/${id}`, { token: adminToken });
}

export async function apiApproveUser(adminToken: string, id: string): Promise<User> {
  return apiCall<User>(`/api/user/${id}/approve`, { method: 'PUT', token: adminToken, body: {} });
}

/**
 * An image uploaded with a token, as the product and order forms do: private to the uploader
 * (a short-lived signed link) until a product (public) or an order (private) takes it.
 */
export async function apiUploadImage(token: string, name = 'image.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), name);
  const { url } = await apiCall<{ url: string }>('/api/uploads', { method: 'POST', token, body: form });
  return url;
}

/** A registration CNIC image, uploaded without a token as the register page does. */
export async function apiUploadCnic(name = 'cnic.png'): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'cnic');
  form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), name);
  const { url } = await apiCall<{ url: string }>('/api/uploads', { method: 'POST', body: form });
  return url;
}

/** A run-unique suffix for names. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** The 17 digits of a 3-7-7 Amazon order number no other test has used (duplicates are refused). */
export function uniqueOrderDigits(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e9)
    .toString()
    .padStart(9, '0')}`.slice(-17);
}

/** '12345678901234567' → '123-4567890-1234567' */
export function dashed(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10, 17)}`;
}

/** A 3-7-7 Amazon order number no other test has used. */
export const uniqueOrderNumber = (): string => dashed(uniqueOrderDigits());

/** An e-mail address no other test (or earlier run on the same database) has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Registers through the API and has the admin approve the account: ready to sign in. */
export async function apiCreateApprovedUser(
  role: 'agent' | 'manager',
  overrides: Partial<RegisterInput> = {},
): Promise<{ email: string; password: string; user: User }> {
  const email = overrides.email ?? uniqueEmail(role);
  const password = overrides.password ?? 'first-password-1';
  const registered = await apiCall<SignedIn>('/api/register', {
    method: 'POST',
    body: {
      firstName: 'Test',
      lastName: role === 'agent' ? 'Agent' : 'Manager',
      gender: 'male',
      phoneNumber: '+923001234567',
      city: 'Lahore',
      state: 'pakistan',
      referralName: 'Referrer',
      referralContact: '+923000000000',
      role,
      cnicFront: await apiUploadCnic('front.png'),
      cnicBack: await apiUploadCnic('back.png'),
      ...overrides,
      email,
      password,
    } satisfies RegisterInput,
  });
  const { token } = await apiAdmin();
  const user = await apiApproveUser(token, registered.user._id);
  return { email, password, user };
}
