/**
 * The orders list of the staff (admin/manager orders): /admin/orders shows
 * every order, /manager/orders the orders of the manager's products. Filters and page live in
 * the URL, so coming back from an order's update page keeps them.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { fetchAllOrders, fetchManagerOrders, type OrderFilter } from 'shared-api';
import {
  AGENT_STATUS_LABELS,
  AGENT_STATUSES,
  type AgentStatus,
  COMMISSION_STATUSES,
  type CommissionStatus,
  type Order,
  routePath,
  UPDATE_ORDER_ROUTE,
} from 'shared-api/contract';
import { FilterChips } from './filter-chips';
import { useApi } from './lib/use-api';
import { OrderCard } from './order-card';
import { Pagination } from './pagination';
import './button.css';
import './staff-orders-screen.css';

export interface StaffOrdersScreenProps {
  /** admin: every order, with the commission filter; manager: the orders of own products */
  viewer: 'admin' | 'manager';
}

/** Cards are tall: a page holds fewer of them than a table would. */
export const STAFF_ORDERS_PAGE_SIZE = 20;

export const ORDERS_FETCH_FAILED = 'Failed to fetch orders. Please try again.';
export const NO_ORDER_FOUND = 'No order found';

type StatusChip = AgentStatus | 'all';
type CommissionChip = CommissionStatus | 'all';

/** The staff's chip order, the progress order: submitted, Ordered, Reviewed, Feedbacked, Cancelled (after All). */
const STATUS_OPTIONS: ReadonlyArray<{ value: StatusChip; label: string }> = [
  { value: 'all', label: 'All' },
  ...AGENT_STATUSES.map((status) => ({ value: status, label: AGENT_STATUS_LABELS[status] })),
];

/** The commission status chips, paid and unpaid (after All). */
const COMMISSION_OPTIONS: ReadonlyArray<{ value: CommissionChip; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'paid' },
  { value: 'unpaid', label: 'unpaid' },
];

function readStatus(value: string | null): StatusChip {
  const match = AGENT_STATUSES.find((status) => status.toLowerCase() === value?.toLowerCase());
  return match ?? 'all';
}

function readCommission(value: string | null): CommissionChip {
  return (COMMISSION_STATUSES as readonly string[]).includes(value ?? '') ? (value as CommissionStatus) : 'all';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function StaffOrdersScreen({ viewer }: StaffOrdersScreenProps) {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const commission = viewer === 'admin' ? readCommission(params.get('commission')) : 'all';
  const page = readPage(params.get('page'));

  const { data, loading, error, reload } = useApi(
    () => {
      const filter: OrderFilter = { page, limit: STAFF_ORDERS_PAGE_SIZE };
      if (status !== 'all') filter.AgentStatus = status;
      if (commission !== 'all') filter.comissionStatus = commission;
      return viewer === 'admin' ? fetchAllOrders(filter) : fetchManagerOrders(filter);
    },
    [viewer, status, commission, page],
    ORDERS_FETCH_FAILED,
  );

  /** Changes the URL's filters; a new filter starts again at page 1. */
  function update(changes: Record<string, string | null>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: false },
    );
  }

  const orders = data?.items ?? [];
  const total = data?.total ?? 0;

  return (
    <section className="ui-staff-orders" aria-labelledby="ui-staff-orders-heading" aria-busy={loading}>
      <header className="ui-staff-orders-header">
        <h1 id="ui-staff-orders-heading" className="ui-staff-orders-title">
          orders
        </h1>
        <p className="ui-staff-orders-count" aria-live="polite">
          {data && !error ? `${total} order(s)` : '\u00a0'}
        </p>
      </header>

      <div className="ui-staff-orders-filters">
        <FilterChips
          label="status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(value) => update({ status: value === 'all' ? null : value, page: null })}
        />
        {viewer === 'admin' ? (
          <FilterChips
            label="commission"
            options={COMMISSION_OPTIONS}
            value={commission}
            onChange={(value) => update({ commission: value === 'all' ? null : value, page: null })}
          />
        ) : null}
      </div>

      {error ? (
        <div className="ui-staff-orders-error" role="alert">
          <p>{error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={reload}>
            try again
          </button>
        </div>
      ) : loading && !data ? (
        <p className="ui-staff-orders-note" role="status">
          Loading...
        </p>
      ) : orders.length === 0 ? (
        <div className="ui-staff-orders-note">
          <p>{NO_ORDER_FOUND}</p>
          {page > 1 && total > 0 ? (
            <button type="button" className="ui-button ui-button-small" onClick={() => update({ page: null })}>
              go to the first page
            </button>
          ) : null}
        </div>
      ) : (
        <>
          {loading ? (
            <p className="ui-visually-hidden" role="status">
              Loading...
            </p>
          ) : null}
          <ul className="ui-staff-orders-list">
            {orders.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} viewer={viewer} actions={<UpdateOrderAction order={order} />} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={STAFF_ORDERS_PAGE_SIZE}
            total={total}
            onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
          />
        </>
      )}
    </section>
  );
}

/** 'update order' for an order; a cancelled order cannot be updated from the list. */
function UpdateOrderAction({ order }: { order: Order }) {
  const label = `update order ${order.amzOrderNumber}`;
  if (order.AgentStatus === 'cancelled') {
    return (
      <button
        type="button"
        className="ui-button ui-button-small"
        disabled
        aria-label={label}
        title="Cancelled orders cannot be updated."
      >
        update order
      </button>
    );
  }
  return (
    <Link
      className="ui-button ui-button-small ui-button-primary"
      to={routePath(UPDATE_ORDER_ROUTE.staff, { id: order._id })}
      aria-label={label}
    >
      update order
    </Link>
  );
}
