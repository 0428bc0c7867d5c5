/**
 * The admin/manager dashboard's data. The tiles are counts read from X-Total-Count (a page
 * of one product, or the recent-orders page whose total is the orders count), scoped as
 * docs/domain.md (Dashboards and lists) says: an admin counts approved products, pending products and
 * all orders; a manager its own approved products, its own pending products and the orders
 * of its products (the server scopes /api/products/pending and /api/manager/orders to the
 * manager).
 */
import {
  fetchAllOrders,
  fetchApprovedProducts,
  fetchManagerOrders,
  fetchManagerProducts,
  fetchOrderStats,
  fetchPendingProducts,
  type Page,
} from 'shared-api';
import { type CommissionStatus, MESSAGES, type Order, type Product } from 'shared-api/contract';
import { type ApiState, useApi } from 'shared-ui/lib/use-api';

export type DashboardRole = 'admin' | 'manager';

/** How many of the newest orders 'recent activity' shows. */
export const RECENT_ORDERS = 8;

export const DASHBOARD_ERRORS = {
  pendingProducts: 'Failed to fetch pending products.',
  orders: 'Failed to fetch orders.',
  orderStats: 'Failed to fetch the orders per day.',
  commissionTotals: 'Failed to fetch the commission totals.',
} as const;

interface Sources {
  approved: () => Promise<Page<Product>>;
  approvedError: string;
  pending: () => Promise<Page<Product>>;
  orders: () => Promise<Page<Order>>;
}

const SOURCES: Record<DashboardRole, Sources> = {
  admin: {
    approved: () => fetchApprovedProducts({ limit: 1 }),
    approvedError: MESSAGES.approvedProductsFailed,
    pending: () => fetchPendingProducts({ limit: 1 }),
    orders: () => fetchAllOrders({ page: 1, limit: RECENT_ORDERS }),
  },
  manager: {
    approved: () => fetchManagerProducts({ status: 'approved', limit: 1 }),
    approvedError: MESSAGES.filterProductsFailed,
    pending: () => fetchPendingProducts({ limit: 1 }),
    orders: () => fetchManagerOrders({ page: 1, limit: RECENT_ORDERS }),
  },
};

export interface DashboardData {
  approved: ApiState<Page<Product>>;
  pending: ApiState<Page<Product>>;
  /** the newest orders; `total` is the orders tile */
  orders: ApiState<Page<Order>>;
  stats: ApiState<Awaited<ReturnType<typeof fetchOrderStats>>>;
}

/** Loads everything again when the role or the signed-in user changes. */
export function useDashboardData(role: DashboardRole, userId: string): DashboardData {
  const sources = SOURCES[role];
  const approved = useApi(sources.approved, [role, userId], sources.approvedError);
  const pending = useApi(sources.pending, [role, userId], DASHBOARD_ERRORS.pendingProducts);
  const orders = useApi(sources.orders, [role, userId], DASHBOARD_ERRORS.orders);
  const stats = useApi(fetchOrderStats, [role, userId], DASHBOARD_ERRORS.orderStats);
  return { approved, pending, orders, stats };
}

/** Orders read per request, and at most this many requests per commission status. */
export const COMMISSION_PAGE_SIZE = 200;
export const COMMISSION_MAX_PAGES = 5;

export interface CommissionTotals {
  paidCommission: number;
  unpaidCommission: number;
  /** false when there were more orders than COMMISSION_PAGE_SIZE * COMMISSION_MAX_PAGES of a status */
  complete: boolean;
}

/**
 * The sum of `comission` over the orders of one commission status that are not cancelled
 * (the rule the manager and agent figures follow), read page by page, newest first, in cents
 * so the sum has no rounding drift.
 */
async function sumCommission(comissionStatus: CommissionStatus): Promise<{ sum: number; complete: boolean }> {
  let cents = 0;
  for (let page = 1; page <= COMMISSION_MAX_PAGES; page++) {
    const { items, total } = await fetchAllOrders({ comissionStatus, page, limit: COMMISSION_PAGE_SIZE });
    for (const order of items) {
      if (order.AgentStatus !== 'cancelled') cents += Math.round(order.comission * 100);
    }
    if (items.length < COMMISSION_PAGE_SIZE || page * COMMISSION_PAGE_SIZE >= total) {
      return { sum: cents / 100, complete: true };
    }
  }
  return { sum: cents / 100, complete: false };
}

/**
 * An admin's commission cards: there is no admin commission endpoint, so the sums come from
 * the admin's order list filtered by commission status (two requests while there are at most
 * COMMISSION_PAGE_SIZE orders of each status; bounded beyond that, and then marked incomplete).
 */
export async function fetchAdminCommissionTotals(): Promise<CommissionTotals> {
  const [paid, unpaid] = await Promise.all([sumCommission('paid'), sumCommission('unpaid')]);
  return { paidCommission: paid.sum, unpaidCommission: unpaid.sum, complete: paid.complete && unpaid.complete };
}

const nothing = async (): Promise<null> => null;

/** The admin's totals; nothing is loaded for a manager (its figures are in the session store). */
export function useAdminCommission(role: DashboardRole, userId: string): ApiState<CommissionTotals | null> {
  return useApi(
    role === 'admin' ? fetchAdminCommissionTotals : nothing,
    [role, userId],
    DASHBOARD_ERRORS.commissionTotals,
  );
}
