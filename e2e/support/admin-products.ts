/** Products for the admin-products journeys, made through the real API (the back door, not the journey). */
import type { Product, ProductInput } from 'shared-api/contract';
import { PNG_BYTES } from './api';
import { API_URL } from './env';

/** A product name no other test (or earlier run on the same database) has used. */
export function uniqueProductName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function send<T>(path: string, token: string, init: { method: string; body: BodyInit; json?: boolean }) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.json) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API_URL}${path}`, { method: init.method, headers, body: init.body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A public image uploaded with the caller's token, as the product form does. */
export async function apiUploadProductImage(token: string, name = 'product.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), name);
  const { url } = await send<{ url: string }>('/api/uploads', token, { method: 'POST', body: form });
  return url;
}

/** Creates a product as the token's user (an admin's is approved at once, a manager's pending). */
export async function apiCreateProduct(token: string, overrides: Partial<ProductInput> = {}): Promise<Product> {
  const input: ProductInput = {
    name: uniqueProductName('API Product'),
    productId: 'B0E2E00001',
    description: 'Made by a browser test.',
    category: 'Testing',
    price: 12.5,
    comission: 250,
    image: await apiUploadProductImage(token),
    reviewTypes: [{ title: 'text' }],
    ...overrides,
  };
  return send<Product>('/api/products', token, { method: 'POST', body: JSON.stringify(input), json: true });
}
