/**
 * The agent dashboard's figures (docs/domain.md, Dashboards and lists): approved products, the agent's
 * submitted orders and all the agent's orders, with the newest orders as recent activity.
 * Each count is asked with a tiny page: the total comes in X-Total-Count.
 */
import { useMessages } from 'shared-api';
import type { Order } from 'shared-api/contract';
import { orderQueries, productQueries } from 'shared-ui/lib/queries';
import { type ResourceState, useResource } from 'shared-ui/lib/use-resource';
import { useT } from '../i18n';

/** how many orders the recent activity table shows */
export const RECENT_ORDERS = 5;

export interface AgentDashboardData {
  approvedProducts: ResourceState<number>;
  submittedOrders: ResourceState<number>;
  /** the newest orders and the count of all the agent's orders */
  orders: ResourceState<{ recent: Order[]; total: number }>;
}

export function useAgentDashboard(userId: string | null): AgentDashboardData {
  const t = useT();
  const messages = useMessages();
  const ordersFailed = t('agent.dashboard.ordersFailed');
  const agentId = userId ?? '';
  const approvedProducts = useResource(
    { ...productQueries.list('approved', { limit: 1 }), select: (page) => page.total },
    messages.approvedProductsFailed,
  );
  const submittedOrders = useResource(
    {
      ...orderQueries.agentList(agentId, { AgentStatus: 'submitted', limit: 1 }),
      select: (page) => page.total,
      enabled: userId !== null,
    },
    ordersFailed,
  );
  const orders = useResource(
    {
      ...orderQueries.agentList(agentId, { page: 1, limit: RECENT_ORDERS }),
      select: (page) => ({ recent: page.items, total: page.total }),
      enabled: userId !== null,
    },
    ordersFailed,
  );
  return { approvedProducts, submittedOrders, orders };
}
