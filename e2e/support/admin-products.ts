/** Products for the admin-products journeys, made through the real API (the back door, not the journey). */
import type { Product, ProductInput } from 'shared-api/contract';
import { apiCall, apiUploadImage } from './api';

/** A product name no other test (or earlier run on the same database) has used. */
export function uniqueProductName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
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
    image: await apiUploadImage(token, 'product.png'),
    reviewTypes: [{ title: 'text' }],
    ...overrides,
  };
  return apiCall<Product>('/api/products', { method: 'POST', token, body: input });
}
