/**
 * Data for the agent shopping journey (products → order), made through the real HTTP API:
 * an approved agent, a product the admin created (approved at once) and a look at the
 * orders the API stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order, OrderCreateInput, Product, ProductInput } from 'shared-api/contract';
import { apiAdmin, apiCreateApprovedUser, apiLogin, PNG_BYTES } from './api';
import { API_URL } from './env';

async function call<T>(urlPath: string, token: string, method = 'GET', body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${API_URL}${urlPath}`, { method, headers, body: payload });
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const message = (data as { message?: string } | undefined)?.message ?? text;
    throw new Error(`${method} ${urlPath} answered ${response.status}: ${message}`);
  }
  return data as T;
}

/** A run-unique word for names and searches (letters and digits only). */
export function uniqueWord(): string {
  return `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
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

export interface Shopper {
  email: string;
  password: string;
  token: string;
  id: string;
  name: string;
}

/** An approved agent, signed in through the API. */
export async function apiShopper(): Promise<Shopper> {
  const { email, password, user } = await apiCreateApprovedUser('agent');
  const { token } = await apiLogin(email, password);
  return { email, password, token, id: user._id, name: user.name };
}

/** A product the admin creates (approved at once), with a real uploaded image. */
export async function apiAdminProduct(overrides: Partial<ProductInput> = {}): Promise<Product> {
  const { token } = await apiAdmin();
  const form = new FormData();
  form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'kettle.png');
  const { url } = await call<{ url: string }>('/api/uploads', token, 'POST', form);
  return call<Product>('/api/products', token, 'POST', {
    name: `Travel Kettle ${uniqueWord()}`,
    productId: 'B0SHOP0001',
    description: 'A folding kettle for the browser tests.',
    category: 'Kitchen',
    productCategory: 'Home & Kitchen',
    marketPlace: 'AU',
    price: 19.5,
    comission: 300,
    comissionWithTextReview: 375,
    comissionWithPictureReview: 420,
    image: url,
    reviewTypes: [{ title: 'text' }, { title: 'picture' }, { title: 'no review' }],
    guidelines: ['Use it for a week before reviewing.'],
    ...overrides,
  } satisfies ProductInput);
}

/** An order the agent places through the API (to make a number already taken). */
export async function apiPlaceOrder(shopper: Shopper, product: Product, amzOrderNumber: string): Promise<Order> {
  return call<Order>('/api/orders', shopper.token, 'POST', {
    productId: product._id,
    reviewType: 'no review',
    amzOrderNumber,
    buyerPayPal: 'taken@example.com',
    buyerName: 'Taken Buyer',
    orderScreenshot: product.image,
  } satisfies OrderCreateInput);
}

/** The agent's orders as the API stores them (newest first). */
export async function apiShopperOrders(shopper: Shopper): Promise<Order[]> {
  return call<Order[]>(`/api/agents/${shopper.id}/orders?limit=50`, shopper.token);
}

/** A real PNG file on disk, as a person would pick it. */
export function screenshotFile(name = 'order-screenshot.png'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-order-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, PNG_BYTES);
  return file;
}
