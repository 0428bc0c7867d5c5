/**
 * Every read a screen makes, as TanStack Query definitions keyed by resource (docs/architecture.md,
 * Server data): the first part of a key names the resource, so a change invalidates all its
 * reads at once (`invalidateQueries({ queryKey: ['orders'] })`). The endpoint functions stay in
 * shared-api; screens use these, never a fetch of their own.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  fetchAgentHeldOrders,
  fetchAgentOrders,
  fetchAlerts,
  fetchAllOrders,
  fetchApprovedProducts,
  fetchCommission,
  fetchHeldOrders,
  fetchManagerOrders,
  fetchManagerProducts,
  fetchOrder,
  fetchOrderHistory,
  fetchOrderStats,
  fetchOwnPayoutAccount,
  fetchPayableAgents,
  fetchPayableOrders,
  fetchPayableSummary,
  fetchPayout,
  fetchPayoutAccountReview,
  fetchPayouts,
  fetchPendingProducts,
  fetchPendingUser,
  fetchPendingUsers,
  fetchPlatformCommission,
  fetchProduct,
  fetchUnreadAlertCount,
  filterProducts,
  type ListParams,
  type OrderFilter,
  type PayableAgentsFilter,
  type PayableFilter,
  type ProductFilter,
} from 'shared-api';
import type { Role } from 'shared-api/contract';

/** The resources, the first part of every key: what a change invalidates. */
export const RESOURCES = {
  orders: 'orders',
  order: 'order',
  products: 'products',
  product: 'product',
  payouts: 'payouts',
  users: 'users',
  commission: 'commission',
  alerts: 'alerts',
  payoutAccount: 'payout-account',
} as const;

export const orderQueries = {
  /** one page of an agent's orders */
  agentList: (agentId: string, filter: OrderFilter) =>
    queryOptions({
      queryKey: [RESOURCES.orders, 'agent', agentId, filter] as const,
      queryFn: () => fetchAgentOrders(agentId, filter),
    }),
  /** one page of the staff's orders: a manager's, or every order for an admin */
  staffList: (viewer: 'admin' | 'manager', filter: OrderFilter) =>
    queryOptions({
      queryKey: [RESOURCES.orders, viewer, filter] as const,
      queryFn: () => (viewer === 'admin' ? fetchAllOrders(filter) : fetchManagerOrders(filter)),
    }),
  stats: () => queryOptions({ queryKey: [RESOURCES.orders, 'stats'] as const, queryFn: fetchOrderStats }),
  held: () => queryOptions({ queryKey: [RESOURCES.orders, 'held'] as const, queryFn: fetchHeldOrders }),
  one: (id: string) => queryOptions({ queryKey: [RESOURCES.order, id] as const, queryFn: () => fetchOrder(id) }),
  history: (id: string) =>
    queryOptions({ queryKey: [RESOURCES.order, id, 'history'] as const, queryFn: () => fetchOrderHistory(id) }),
};

/** The product lists: approved (agents' catalogue), pending, the search (`filter`, scoped by the server), a manager's own. */
export type ProductListScope = 'approved' | 'pending' | 'filter' | 'manager';

const PRODUCT_LISTS = {
  approved: fetchApprovedProducts,
  pending: fetchPendingProducts,
  filter: filterProducts,
  manager: fetchManagerProducts,
} as const;

export const productQueries = {
  list: (scope: ProductListScope, filter: ProductFilter) =>
    queryOptions({
      queryKey: [RESOURCES.products, scope, filter] as const,
      queryFn: () => PRODUCT_LISTS[scope](filter),
    }),
  one: (id: string) => queryOptions({ queryKey: [RESOURCES.product, id] as const, queryFn: () => fetchProduct(id) }),
};

export const payoutQueries = {
  list: (params: ListParams & { agentId?: string }) =>
    queryOptions({ queryKey: [RESOURCES.payouts, 'list', params] as const, queryFn: () => fetchPayouts(params) }),
  one: (id: string) =>
    queryOptions({ queryKey: [RESOURCES.payouts, 'one', id] as const, queryFn: () => fetchPayout(id) }),
  /** the owed list's grand total (every page of the same filter and search) */
  payableSummary: (filter: PayableAgentsFilter) =>
    queryOptions({
      queryKey: [RESOURCES.payouts, 'payable', 'summary', filter] as const,
      queryFn: () => fetchPayableSummary(filter),
    }),
  /** one agent's orders on hold, with why */
  heldOrders: (agentId: string, filter: PayableFilter) =>
    queryOptions({
      queryKey: [RESOURCES.payouts, 'payable', agentId, 'held', filter] as const,
      queryFn: () => fetchAgentHeldOrders(agentId, filter),
    }),
  payableAgents: (params: ListParams & PayableAgentsFilter) =>
    queryOptions({
      queryKey: [RESOURCES.payouts, 'payable', params] as const,
      queryFn: () => fetchPayableAgents(params),
    }),
  payableOrders: (agentId: string, filter: PayableFilter) =>
    queryOptions({
      queryKey: [RESOURCES.payouts, 'payable', agentId, filter] as const,
      queryFn: () => fetchPayableOrders(agentId, filter),
    }),
  /** the agent's payout account as the pay screen shows it, and a change still to confirm */
  accountReview: (agentId: string) =>
    queryOptions({
      queryKey: [RESOURCES.payoutAccount, 'review', agentId] as const,
      queryFn: () => fetchPayoutAccountReview(agentId),
    }),
};

export const payoutAccountQueries = {
  /** the agent's own payout account; null while it has none */
  own: () =>
    queryOptions({ queryKey: [RESOURCES.payoutAccount, 'own'] as const, queryFn: () => fetchOwnPayoutAccount() }),
};

export const userQueries = {
  pending: (params: ListParams) =>
    queryOptions({ queryKey: [RESOURCES.users, 'pending', params] as const, queryFn: () => fetchPendingUsers(params) }),
  pendingOne: (id: string) =>
    queryOptions({ queryKey: [RESOURCES.users, 'pending', id] as const, queryFn: () => fetchPendingUser(id) }),
};

export const commissionQueries = {
  /** a manager's or an agent's own figures (docs/domain.md, Money: the figures) */
  of: (role: Extract<Role, 'manager' | 'agent'>, userId: string) =>
    queryOptions({
      queryKey: [RESOURCES.commission, userId] as const,
      queryFn: () => fetchCommission(role, userId),
    }),
  /** the platform's paid and payable commission (admins) */
  platform: () =>
    queryOptions({ queryKey: [RESOURCES.commission, 'platform'] as const, queryFn: fetchPlatformCommission }),
};

/** The alerts (the live stream writes into both: ./alert-cache.ts). */
export const alertQueries = {
  page: (params: ListParams) =>
    queryOptions({ queryKey: [RESOURCES.alerts, 'page', params] as const, queryFn: () => fetchAlerts(params) }),
  /** how many are unread (the shell's badge) */
  unread: () => queryOptions({ queryKey: [RESOURCES.alerts, 'unread'] as const, queryFn: fetchUnreadAlertCount }),
};
