/**
 * Data for the agent order and alert journeys, made through the real HTTP API: an approved
 * product of a manager, orders an agent placed on it, and a look at what the API stored.
 */
import type { Order, OrderCreateInput, Product, ProductInput } from 'shared-api/contract';
import {
  apiAdmin,
  apiCall,
  apiCreateApprovedUser,
  apiLogin,
  apiUploadImage,
  uniqueOrderNumber,
  uniqueSuffix,
} from './api';

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

/** A manager's product, approved by the admin so agents can order it. */
export async function apiApprovedProduct(manager: Person, overrides: Partial<ProductInput> = {}): Promise<Product> {
  const created = await apiCall<Product>('/api/products', {
    method: 'POST',
    token: manager.token,
    body: {
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
    } satisfies ProductInput,
  });
  const { token } = await apiAdmin();
  return apiCall<Product>(`/api/products/${created._id}/approve`, { method: 'PUT', token, body: {} });
}

/** An order the agent placed on the product (as the submit page would send it). */
export async function apiPlaceOrder(
  agent: Person,
  product: Product,
  overrides: Partial<OrderCreateInput> = {},
): Promise<Order> {
  return apiCall<Order>('/api/orders', {
    method: 'POST',
    token: agent.token,
    body: {
      productId: product._id,
      reviewType: 'text',
      amzOrderNumber: uniqueOrderNumber(),
      buyerPayPal: `buyer-${uniqueSuffix()}@example.com`,
      buyerName: 'Bilal Buyer',
      orderScreenshot: await apiUploadImage(agent.token, 'order.png'),
      comments: '',
      ...overrides,
    } satisfies OrderCreateInput,
  });
}

export async function apiOrder(token: string, id: string): Promise<Order> {
  return apiCall<Order>(`/api/order/${id}`, { token });
}
