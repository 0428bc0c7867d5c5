/**
 * The orders list of the staff (admin/manager orders): /admin/orders shows every order,
 * /manager/orders the orders of the manager's products. A search, chips, a range of days, one
 * agent or product, a sort, the view (cards or a compact table) and the page live in the URL, so
 * a link reopens the same view and coming back from an order's update page keeps it. Export CSV
 * downloads what the list shows.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { downloadOrdersCsv, errorMessage } from 'shared-api';
import {
  AGENT_STATUSES,
  type AgentStatus,
  type CommissionStatus,
  type Order,
  routePath,
  UPDATE_ORDER_ROUTE,
} from 'shared-api/contract';
import { ExportButton } from './export/export-button';
import { FilterChips } from './filter-chips';
import { ordersCount } from './lib/format';
import { t as translate, useT } from './lib/i18n';
import { agentStatusLabel, commissionStatusLabel } from './lib/order-display';
import { allChip } from './lib/product-filters';
import { orderQueries } from './lib/queries';
import {
  changeStaffOrderQuery,
  readStaffOrderQuery,
  type StaffOrderQuery,
  staffOrderFilter,
} from './lib/staff-order-query';
import { useResource } from './lib/use-resource';
import { OrderCard } from './order-card';
import { Pagination } from './pagination';
import { StaffOrderFilters } from './staff-orders/staff-order-filters';
import { StaffOrdersTable } from './staff-orders/staff-orders-table';
import './button.css';
import './staff-orders-screen.css';

export interface StaffOrdersScreenProps {
  /** admin: every order, with the commission filter; manager: the orders of own products */
  viewer: 'admin' | 'manager';
}

/** Cards are tall: a page holds fewer of them than a table does. */
export const STAFF_ORDERS_PAGE_SIZE = 20;
export const STAFF_ORDERS_TABLE_PAGE_SIZE = 50;

// English, for tests and code that compare with them; the screen shows the current language's
export const ORDERS_FETCH_FAILED = 'Failed to fetch orders. Please try again.';
export const NO_ORDER_FOUND = 'No order found';

const ordersFetchFailed = (error: unknown) => errorMessage(error, translate('ui.staffOrders.fetchFailed'));

type StatusChip = AgentStatus | 'all';
type CommissionChip = CommissionStatus | 'all';

// the chips' labels are getters: read in the current language each time they are shown

/** The staff's chip order, the progress order: submitted, Ordered, Reviewed, Feedbacked, Cancelled (after All). */
const STATUS_OPTIONS: ReadonlyArray<{ value: StatusChip; readonly label: string }> = [
  allChip<StatusChip>('all'),
  ...AGENT_STATUSES.map((status) => ({
    value: status,
    get label() {
      return agentStatusLabel(status);
    },
  })),
];

/** The commission status chips, paid and unpaid (after All). */
const COMMISSION_OPTIONS: ReadonlyArray<{ value: CommissionChip; readonly label: string }> = [
  allChip<CommissionChip>('all'),
  ...(['paid', 'unpaid'] as const).map((status) => ({
    value: status,
    get label() {
      return commissionStatusLabel(status);
    },
  })),
];

/** fraud signals: only the orders a flag holds (admins). */
const FLAG_OPTIONS: ReadonlyArray<{ value: StaffOrderQuery['flags']; readonly label: string }> = [
  allChip<StaffOrderQuery['flags']>('all'),
  {
    value: 'flagged',
    get label() {
      return translate('ui.staffOrders.flagged');
    },
  },
];

/** Everything that narrows the list (not its order, view or page), as "clear the filters" resets it. */
const NO_FILTERS: Partial<StaffOrderQuery> = {
  status: 'all',
  commission: 'all',
  q: '',
  agentId: '',
  productId: '',
  from: '',
  to: '',
  flags: 'all',
};

export function StaffOrdersScreen({ viewer }: StaffOrdersScreenProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = readStaffOrderQuery(params, viewer);
  const { page, view } = query;
  const filter = staffOrderFilter(query);
  const pageSize = view === 'table' ? STAFF_ORDERS_TABLE_PAGE_SIZE : STAFF_ORDERS_PAGE_SIZE;

  const { data, loading, error, reload } = useResource(
    orderQueries.staffList(viewer, { page, limit: pageSize, ...filter }),
    ordersFetchFailed,
  );

  /** Changes the URL's view; anything but a new page starts again at page 1. */
  function update(changes: Partial<StaffOrderQuery>) {
    setParams((current) => changeStaffOrderQuery(current, changes), { replace: false });
  }

  /** A link to this list narrowed further (an agent's or a product's orders). */
  function narrowed(changes: Partial<StaffOrderQuery>): { search: string } {
    return { search: `?${changeStaffOrderQuery(params, changes).toString()}` };
  }

  const orders = data?.items ?? [];
  const total = data?.total ?? 0;
  const filtered = Object.keys(filter).some((key) => key !== 'sort');

  // every order of a narrowed list has that agent (product): its name comes with them
  const agentName = orders.find((order) => order.agent._id === query.agentId)?.agent.name;
  const productName = orders.find((order) => order.productId === query.productId)?.product.name;

  const agentLabel = (order: Order): ReactNode => (
    <Link
      to={narrowed({ agentId: order.agent._id })}
      aria-label={t('ui.staffOrders.onlyAgent', { name: order.agent.name })}
      title={t('ui.staffOrders.onlyAgent', { name: order.agent.name })}
    >
      {order.agent.name}
    </Link>
  );
  const productLabel = (order: Order): ReactNode => (
    <Link
      to={narrowed({ productId: order.productId })}
      aria-label={t('ui.staffOrders.onlyProduct', { name: order.product.name })}
      title={t('ui.staffOrders.onlyProduct', { name: order.product.name })}
    >
      {order.product.name}
    </Link>
  );

  return (
    <section className="ui-staff-orders" aria-labelledby="ui-staff-orders-heading" aria-busy={loading}>
      <header className="ui-staff-orders-header">
        <h1 id="ui-staff-orders-heading" className="ui-staff-orders-title">
          {t('ui.staffOrders.title')}
        </h1>
        <p className="ui-staff-orders-count" aria-live="polite">
          {data && !error ? ordersCount(total) : '\u00a0'}
        </p>
        <div className="ui-staff-orders-export">
          <ExportButton download={(options) => downloadOrdersCsv(filter, options)} />
        </div>
      </header>

      <StaffOrderFilters query={query} onChange={update} agentName={agentName} productName={productName}>
        <div className="ui-staff-orders-filters">
          <FilterChips
            label={t('ui.staffOrders.status')}
            options={STATUS_OPTIONS}
            value={query.status}
            onChange={(value) => update({ status: value })}
          />
          {viewer === 'admin' ? (
            <FilterChips
              label={t('ui.staffOrders.commission')}
              options={COMMISSION_OPTIONS}
              value={query.commission}
              onChange={(value) => update({ commission: value })}
            />
          ) : null}
          {viewer === 'admin' ? (
            <FilterChips
              label={t('ui.staffOrders.fraud')}
              options={FLAG_OPTIONS}
              value={query.flags}
              onChange={(value) => update({ flags: value })}
            />
          ) : null}
        </div>
      </StaffOrderFilters>

      {error ? (
        <div className="ui-staff-orders-error" role="alert">
          <p>{error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={reload}>
            {t('ui.staffOrders.tryAgain')}
          </button>
        </div>
      ) : loading && !data ? (
        <p className="ui-staff-orders-note" role="status">
          {t('ui.table.loading')}
        </p>
      ) : orders.length === 0 ? (
        <div className="ui-staff-orders-note">
          <p>{t('ui.staffOrders.noneFound')}</p>
          {page > 1 && total > 0 ? (
            <button type="button" className="ui-button ui-button-small" onClick={() => update({ page: 1 })}>
              {t('ui.staffOrders.firstPage')}
            </button>
          ) : filtered ? (
            <button type="button" className="ui-button ui-button-small" onClick={() => update(NO_FILTERS)}>
              {t('ui.staffOrders.clearFilters')}
            </button>
          ) : null}
        </div>
      ) : (
        <>
          {loading ? (
            <p className="ui-visually-hidden" role="status">
              {t('ui.table.loading')}
            </p>
          ) : null}
          {view === 'table' ? (
            <StaffOrdersTable
              orders={orders}
              sort={query.sort}
              onSort={(sort) => update({ sort })}
              agentLabel={agentLabel}
              productLabel={productLabel}
              page={page}
              pageSize={pageSize}
              total={total}
              onPageChange={(next) => update({ page: next })}
            />
          ) : (
            <>
              <ul className="ui-staff-orders-list">
                {orders.map((order) => (
                  <li key={order._id}>
                    <OrderCard
                      order={order}
                      viewer={viewer}
                      actions={<UpdateOrderAction order={order} />}
                      agentLabel={agentLabel(order)}
                      productLabel={productLabel(order)}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageSize={pageSize}
                total={total}
                onPageChange={(next) => update({ page: next })}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** 'update order' for an order; a cancelled order cannot be updated from the list. */
function UpdateOrderAction({ order }: { order: Order }) {
  const t = useT();
  const label = t('ui.staffOrders.updateLabel', { number: order.amzOrderNumber });
  if (order.AgentStatus === 'cancelled') {
    return (
      <button
        type="button"
        className="ui-button ui-button-small"
        disabled
        aria-label={label}
        title={t('ui.staffOrders.cancelledCannotUpdate')}
      >
        {t('ui.staffOrders.update')}
      </button>
    );
  }
  return (
    <Link
      className="ui-button ui-button-small ui-button-primary"
      to={routePath(UPDATE_ORDER_ROUTE.staff, { id: order._id })}
      aria-label={label}
    >
      {t('ui.staffOrders.update')}
    </Link>
  );
}
