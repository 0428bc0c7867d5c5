/**
 * Data for the staff orders journeys, made through the real HTTP API: a manager with an
 * approved product of their own, an agent, and an order the agent placed for it.
 */
import type { CommissionData, Order, Product } from 'shared-api/contract';
import {
  apiAdmin,
  apiCall,
  apiCreateApprovedUser,
  apiLogin,
  apiUploadImage,
  uniqueOrderNumber,
  uniqueSuffix,
} from './api';

export interface Account {
  email: string;
  password: string;
  token: string;
  userId: string;
  name: string;
}

export async function approvedAccount(role: 'agent' | 'manager'): Promise<Account> {
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
  const created = await apiCall<Product>('/api/products', {
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
  const product = await apiCall<Product>(`/api/products/${created._id}/approve`, { method: 'PUT', token: adminToken });
  return { manager, product };
}

export async function apiApprovedAgent(): Promise<Account> {
  return approvedAccount('agent');
}

/** The agent places an order for the product, with an uploaded order screenshot. */
export async function apiPlaceOrder(agent: Account, productId: string): Promise<Order> {
  const orderScreenshot = await apiUploadImage(agent.token, 'order.png');
  return apiCall<Order>('/api/orders', {
    method: 'POST',
    token: agent.token,
    body: {
      productId,
      reviewType: 'no review',
      amzOrderNumber: uniqueOrderNumber(),
      // one buyer per order: a buyer on orders of two agents is a fraud signal that holds the commission
      buyerPayPal: `buyer.e2e.${uniqueSuffix()}@example.com`,
      buyerName: 'Bilal Buyer',
      orderScreenshot,
      comments: 'placed by the staff orders journey',
    },
  });
}

export async function apiOrder(token: string, orderId: string): Promise<Order> {
  return apiCall<Order>(`/api/order/${orderId}`, { token });
}

export async function apiAgentCommission(agent: Account): Promise<CommissionData> {
  return apiCall<CommissionData>(`/api/agent/comission/${agent.userId}`, { token: agent.token });
}
