/**
 * The API as the browser tests' back door: what a test needs done that is not the journey
 * under test (an admin's approval, a ready-made account), through the real HTTP API.
 */
import zlib from 'node:zlib';
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
  /** the language the API answers in (Accept-Language); none: the API's default, English */
  language?: 'en' | 'ur';
}

/** Calls the API (JSON or a form body, a token when given); a refusal throws with the server's message. */
export async function apiCall<T>(
  path: string,
  { method = 'GET', token, body, language }: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (language) headers['Accept-Language'] = language;
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

/**
 * Keeps the language on the account (PUT /api/user/locale): at sign-in and at every start the
 * account's language wins over the device's. A registration waiting for approval is refused
 * (403): its language is the one it registered in (apiRegisterPendingUser's `language`).
 */
export async function apiSetLocale(token: string, locale: 'en' | 'ur'): Promise<void> {
  await apiCall('/api/user/locale', { method: 'PUT', token, body: { locale } });
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
  form.append('file', new Blob([new Uint8Array(uniquePng())], { type: 'image/png' }), name);
  const { url } = await apiCall<{ url: string }>('/api/uploads', { method: 'POST', token, body: form });
  return url;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 48x32 PNG of random pixels, a different picture each call. Order screenshots must differ: the
 * server flags an order whose screenshot looks like another order's, and holds its commission
 * (docs/domain.md, Fraud signals). Pixel noise, not blocks: pictures of 8-pixel blocks of random
 * colours were found alike by the perceptual hash for about 1 pair in 200 (80 of 19,900 pairs;
 * none for pixel noise), enough to hold orders of other tests.
 */
export function uniquePng(): Buffer {
  const [width, height, block] = [48, 32, 1];
  const colours = Array.from({ length: (width / block) * (height / block) }, () =>
    Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)),
  );
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const colour = colours[Math.floor(y / block) * (width / block) + Math.floor(x / block)] ?? [0, 0, 0];
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
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
