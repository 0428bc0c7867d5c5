import { apiList, apiRequest, type Page } from './client';
import type { AgentStatus, CommissionStatus } from './contract/constants';
import type {
  Order,
  OrderAgentUpdateInput,
  OrderCreateInput,
  OrderHistory,
  OrderManagerUpdateInput,
  OrderStats,
} from './contract/schemas';
import type { ListParams } from './products';

export interface OrderFilter extends ListParams {
  AgentStatus?: AgentStatus;
  comissionStatus?: CommissionStatus;
}

export const fetchManagerOrders = (params: OrderFilter = {}): Promise<Page<Order>> =>
  apiList<Order>('/api/manager/orders', { ...params });

export const fetchAllOrders = (params: OrderFilter = {}): Promise<Page<Order>> =>
  apiList<Order>('/api/orders/all', { ...params });

export const fetchAgentOrders = (userId: string, params: OrderFilter = {}): Promise<Page<Order>> =>
  apiList<Order>(`/api/agents/${encodeURIComponent(userId)}/orders`, { ...params });

export async function fetchOrder(id: string): Promise<Order> {
  const { data } = await apiRequest<Order>(`/api/order/${encodeURIComponent(id)}`);
  return data;
}

export async function createOrder(input: OrderCreateInput): Promise<Order> {
  const { data } = await apiRequest<Order>('/api/orders', { method: 'POST', data: input });
  return data;
}

export async function updateOrderAsAgent(id: string, input: OrderAgentUpdateInput): Promise<Order> {
  const { data } = await apiRequest<Order>(`/api/orders/agent/${encodeURIComponent(id)}`, {
    method: 'PUT',
    data: input,
  });
  return data;
}

export async function updateOrderAsManager(id: string, input: OrderManagerUpdateInput): Promise<Order> {
  const { data } = await apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}`, { method: 'PUT', data: input });
  return data;
}

export async function fetchOrderStats(): Promise<OrderStats> {
  const { data } = await apiRequest<OrderStats>('/api/stats/orders');
  return data;
}

/** The order's history, oldest first (docs/domain.md, Order history). */
export async function fetchOrderHistory(id: string): Promise<OrderHistory> {
  const { data } = await apiRequest<OrderHistory>(`/api/orders/${encodeURIComponent(id)}/history`);
  return data;
}
