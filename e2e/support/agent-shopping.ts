/**
 * Data for the agent shopping journey (products → order), made through the real HTTP API:
 * an approved agent, a product the admin created (approved at once) and a look at the
 * orders the API stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order, OrderCreateInput, Product, ProductInput } from 'shared-api/contract';
import { apiAdmin, apiCall, apiCreateApprovedUser, apiLogin, apiUploadImage, uniquePng } from './api';

/** A run-unique word for names and searches (letters and digits only). */
export function uniqueWord(): string {
  return `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
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
  const image = await apiUploadImage(token, 'kettle.png');
  return apiCall<Product>('/api/products', {
    method: 'POST',
    token,
    body: {
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
      image,
      reviewTypes: [{ title: 'text' }, { title: 'picture' }, { title: 'no review' }],
      guidelines: ['Use it for a week before reviewing.'],
      ...overrides,
    } satisfies ProductInput,
  });
}

/** An order the agent places through the API (to make a number already taken). */
export async function apiPlaceOrder(shopper: Shopper, product: Product, amzOrderNumber: string): Promise<Order> {
  return apiCall<Order>('/api/orders', {
    method: 'POST',
    token: shopper.token,
    body: {
      productId: product._id,
      reviewType: 'no review',
      amzOrderNumber,
      buyerPayPal: 'taken@example.com',
      buyerName: 'Taken Buyer',
      orderScreenshot: await apiUploadImage(shopper.token, 'order.png'),
    } satisfies OrderCreateInput,
  });
}

/** The agent's orders as the API stores them (newest first). */
export async function apiShopperOrders(shopper: Shopper): Promise<Order[]> {
  return apiCall<Order[]>(`/api/agents/${shopper.id}/orders?limit=50`, { token: shopper.token });
}

/** A real PNG file on disk, as a person would pick it. */
export function screenshotFile(name = 'order-screenshot.png'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-order-'));
  const file = path.join(dir, name);
  // a different picture each time: the same one on two orders is a fraud signal
  fs.writeFileSync(file, uniquePng());
  return file;
}
