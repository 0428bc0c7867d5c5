/**
 * Data for the agent order and alert journeys, made through the real HTTP API: an approved
 * product of a manager, orders an agent placed on it, and a look at what the API stored.
 */
import type { Order, OrderCreateInput, Product, ProductInput } from 'shared-api/contract';
import { apiAdmin, apiCreateApprovedUser, apiLogin, PNG_BYTES } from './api';
import { API_URL } from './env';

async function call<T>(path: string, token: string, method = 'GET', body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
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

/** A run-unique suffix for names. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A 3-7-7 Amazon order number no other test has used (duplicates are refused). */
export function uniqueOrderNumber(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1e9)
    .toString()
    .padStart(9, '0')}`.slice(-17);
  return `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10, 17)}`;
}

export interface Person {
  email: string;
  password: string;
  token: string;
  name: string;
}

/** An approved account of that role, signed in through the API. */
export async function apiPerson(role: 'agent' | 'manager'): Promise<Person> {
  const { email, password, user } = await apiCreateApprovedUser(role);
  const { token } = await apiLogin(email, password);
  return { email, password, token, name: user.name };
}

/** A public image uploaded with a token, as the screens upload screenshots. */
export async function apiUploadImage(token: string, name = 'shot.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), name);
  const { url } = await call<{ url: string }>('/api/uploads', token, 'POST', form);
  return url;
}

/** A manager's product, approved by the admin so agents can order it. */
export async function apiApprovedProduct(manager: Person, overrides: Partial<ProductInput> = {}): Promise<Product> {
  const created = await call<Product>('/api/products', manager.token, 'POST', {
    name: `E2E Blender ${uniqueSuffix()}`,
    productId: 'B0E2E00001',
    description: 'A product for the browser tests.',
    category: 'Kitchen',
    productCategory: 'Home & Kitchen',
    marketPlace: 'DE',
    price: 40,
    comission: 300,
    comissionWithTextReview: 350,
    comissionWithPictureReview: 420,
    image: await apiUploadImage(manager.token, 'product.png'),
    reviewTypes: [{ title: 'text' }, { title: 'picture' }, { title: 'no review' }],
    ...overrides,
  } satisfies ProductInput);
  const { token } = await apiAdmin();
  return call<Product>(`/api/products/${created._id}/approve`, token, 'PUT', {});
}

/** An order the agent placed on the product (as the submit page would send it). */
export async function apiPlaceOrder(
  agent: Person,
  product: Product,
  overrides: Partial<OrderCreateInput> = {},
): Promise<Order> {
  return call<Order>('/api/orders', agent.token, 'POST', {
    productId: product._id,
    reviewType: 'text',
    amzOrderNumber: uniqueOrderNumber(),
    buyerPayPal: `buyer-${uniqueSuffix()}@example.com`,
    buyerName: 'Bilal Buyer',
    orderScreenshot: await apiUploadImage(agent.token, 'order.png'),
    comments: '',
    ...overrides,
  } satisfies OrderCreateInput);
}

export async function apiOrder(token: string, id: string): Promise<Order> {
  return call<Order>(`/api/order/${id}`, token);
}
