/**
 * The agent dashboard's figures (docs/domain.md, Dashboards and lists): approved products, the agent's
 * submitted orders and all the agent's orders, with the newest orders as recent activity.
 * Each count is asked with a tiny page: the total comes in X-Total-Count.
 */
import { fetchAgentOrders, fetchApprovedProducts } from 'shared-api';
import { MESSAGES, type Order } from 'shared-api/contract';
import { type ApiState, useApi } from 'shared-ui/lib/use-api';

/** how many orders the recent activity table shows */
export const RECENT_ORDERS = 5;

export const ORDERS_FETCH_FAILED = 'Failed to fetch your orders. Please try again.';

export interface AgentDashboardData {
  approvedProducts: ApiState<number>;
  submittedOrders: ApiState<number>;
  /** the newest orders and the count of all the agent's orders */
  orders: ApiState<{ recent: Order[]; total: number }>;
}

const NO_USER = () => Promise.reject(new Error(MESSAGES.tokenMissing));

export function useAgentDashboard(userId: string | null): AgentDashboardData {
  const approvedProducts = useApi(
    () => fetchApprovedProducts({ limit: 1 }).then((page) => page.total),
    [userId],
    MESSAGES.approvedProductsFailed,
  );
  const submittedOrders = useApi(
    userId ? () => fetchAgentOrders(userId, { AgentStatus: 'submitted', limit: 1 }).then((p) => p.total) : NO_USER,
    [userId],
    ORDERS_FETCH_FAILED,
  );
  const orders = useApi(
    userId
      ? () =>
          fetchAgentOrders(userId, { page: 1, limit: RECENT_ORDERS }).then((p) => ({ recent: p.items, total: p.total }))
      : NO_USER,
    [userId],
    ORDERS_FETCH_FAILED,
  );
  return { approvedProducts, submittedOrders, orders };
}
