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
  fetchPlatformCommission,
  type Page,
} from 'shared-api';
import { MESSAGES, type Order, type PlatformCommission, type Product } from 'shared-api/contract';
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

const nothing = async (): Promise<null> => null;

/**
 * The admin's commission cards: the platform's paid and payable commission over every order that
 * is not cancelled, in one request (GET /api/admin/comission); nothing is loaded for a manager
 * (its figures are in the session store).
 */
export function useAdminCommission(role: DashboardRole, userId: string): ApiState<PlatformCommission | null> {
  return useApi(
    role === 'admin' ? fetchPlatformCommission : nothing,
    [role, userId],
    DASHBOARD_ERRORS.commissionTotals,
  );
}
