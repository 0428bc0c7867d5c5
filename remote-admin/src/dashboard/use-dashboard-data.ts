/**
 * The admin/manager dashboard's data. The tiles are counts read from X-Total-Count (a page
 * of one product, or the recent-orders page whose total is the orders count), scoped as
 * docs/domain.md (Dashboards and lists) says: an admin counts approved products, pending products and
 * all orders; a manager its own approved products, its own pending products and the orders
 * of its products (the server scopes /api/products/pending and /api/manager/orders to the
 * manager).
 */
import { type Page, translateMessage } from 'shared-api';
import { MESSAGES, type Order, type OrderStats, type PlatformCommission, type Product } from 'shared-api/contract';
import { commissionQueries, orderQueries, productQueries } from 'shared-ui/lib/queries';
import { type ResourceState, useResource } from 'shared-ui/lib/use-resource';
import { t } from '../i18n';

export type DashboardRole = 'admin' | 'manager';

/** How many of the newest orders 'recent activity' shows. */
export const RECENT_ORDERS = 8;

/** The dashboard's own failures, in the chosen language when read. */
export const DASHBOARD_ERRORS = {
  get pendingProducts() {
    return t('admin.dashboard.error.pendingProducts');
  },
  get orders() {
    return t('admin.dashboard.error.orders');
  },
  get orderStats() {
    return t('admin.dashboard.error.orderStats');
  },
  get commissionTotals() {
    return t('admin.dashboard.error.commissionTotals');
  },
};

/** The approved-products tile: every approved product for an admin, a manager's own. */
const APPROVED = {
  admin: { scope: 'approved', filter: { limit: 1 }, error: MESSAGES.approvedProductsFailed },
  manager: { scope: 'manager', filter: { status: 'approved', limit: 1 }, error: MESSAGES.filterProductsFailed },
} as const;

export interface DashboardData {
  approved: ResourceState<Page<Product>>;
  pending: ResourceState<Page<Product>>;
  /** the newest orders; `total` is the orders tile */
  orders: ResourceState<Page<Order>>;
  stats: ResourceState<OrderStats>;
}

/** Keyed by the role (and the session's user, whose change clears every query). */
export function useDashboardData(role: DashboardRole): DashboardData {
  const { scope, filter, error } = APPROVED[role];
  const approved = useResource(productQueries.list(scope, filter), translateMessage(error));
  const pending = useResource(productQueries.list('pending', { limit: 1 }), DASHBOARD_ERRORS.pendingProducts);
  const orders = useResource(orderQueries.staffList(role, { page: 1, limit: RECENT_ORDERS }), DASHBOARD_ERRORS.orders);
  const stats = useResource(orderQueries.stats(), DASHBOARD_ERRORS.orderStats);
  return { approved, pending, orders, stats };
}

/**
 * The admin's commission cards: the platform's paid and payable commission over every order that
 * is not cancelled, in one request (GET /api/admin/comission); nothing is loaded for a manager
 * (its own figures are its commission query).
 */
export function useAdminCommission(role: DashboardRole): ResourceState<PlatformCommission> {
  return useResource({ ...commissionQueries.platform(), enabled: role === 'admin' }, DASHBOARD_ERRORS.commissionTotals);
}
