/**
 * Data for the staff orders journeys, made through the real HTTP API: a manager with an
 * approved product of their own, an agent, and an order the agent placed for it.
 */
import type { CommissionData, Order, Product } from 'shared-api/contract';
import { apiAdmin, apiCreateApprovedUser, apiLogin, PNG_BYTES } from './api';
import { API_URL } from './env';

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  token: string;
  body?: unknown;
}

/** Calls the API with a token; a refusal throws with the server's message. */
async function call<T>(path: string, { method = 'GET', token, body }: CallOptions): Promise<T> {
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

/** A public image uploaded with a token, as the forms do. */
export async function apiUploadImage(token: string, name = 'image.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), name);
  const { url } = await call<{ url: string }>('/api/uploads', { method: 'POST', token, body: form });
  return url;
}

/** An Amazon-style order number (3-7-7 digits) no other test has used. */
export function uniqueOrderNumber(): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
  const stamp = String(Date.now()).slice(-7);
  return `${digits(3)}-${stamp}-${digits(7)}`;
}

export interface Account {
  email: string;
  password: string;
  token: string;
  userId: string;
  name: string;
}

async function approvedAccount(role: 'agent' | 'manager'): Promise<Account> {
  const { email, password, user } = await apiCreateApprovedUser(role);
  const { token } = await apiLogin(email, password);
  return { email, password, token, userId: user._id, name: `${user.firstName} ${user.lastName}` };
}

/** A manager whose product the admin has approved (a manager's product starts pending). */
export async function apiManagerWithApprovedProduct(
  comission: number,
): Promise<{ manager: Account; product: Product }> {
  const manager = await approvedAccount('manager');
  const image = await apiUploadImage(manager.token, 'product.png');
  const created = await call<Product>('/api/products', {
    method: 'POST',
    token: manager.token,
    body: {
      name: `Staff orders lamp ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
      productId: 'B0E2E00001',
      description: 'A desk lamp for the staff orders journey.',
      category: 'Lighting',
      productCategory: 'Home & Kitchen',
      marketPlace: 'UK',
      price: 25,
      comission,
      image,
      reviewTypes: ['no review', 'text'],
    },
  });
  const { token: adminToken } = await apiAdmin();
  const product = await call<Product>(`/api/products/${created._id}/approve`, { method: 'PUT', token: adminToken });
  return { manager, product };
}

export async function apiApprovedAgent(): Promise<Account> {
  return approvedAccount('agent');
}

/** The agent places an order for the product, with an uploaded order screenshot. */
export async function apiPlaceOrder(agent: Account, productId: string): Promise<Order> {
  const orderScreenshot = await apiUploadImage(agent.token, 'order.png');
  return call<Order>('/api/orders', {
    method: 'POST',
    token: agent.token,
    body: {
      productId,
      reviewType: 'no review',
      amzOrderNumber: uniqueOrderNumber(),
      buyerPayPal: 'buyer.e2e@example.com',
      buyerName: 'Bilal Buyer',
      orderScreenshot,
      comments: 'placed by the staff orders journey',
    },
  });
}

export async function apiOrder(token: string, orderId: string): Promise<Order> {
  return call<Order>(`/api/order/${orderId}`, { token });
}

export async function apiAgentCommission(agent: Account): Promise<CommissionData> {
  return call<CommissionData>(`/api/agent/comission/${agent.userId}`, { token: agent.token });
}
