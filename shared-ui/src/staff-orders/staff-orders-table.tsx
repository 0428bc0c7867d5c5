/**
 * The compact view of the staff orders list: one row an order, sortable by date and by
 * commission from the column headers (the same sort as the list's select), each order number
 * linking to the order's update page. Every column fits its box (1280 x 800 with the sidebar):
 * long names are cut short, the whole name on hover (title) and on focus. In a box narrower than
 * 40rem (a phone) a row shows its order number, buyer, status and commission, the rest under
 * the row's details button (docs/accessibility.md, Tables).
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ltr } from 'shared-api';
import { type Order, type OrderSort, routePath, UPDATE_ORDER_ROUTE } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from '../data-table';
import { FlagBadge } from '../flag-badge';
import { formatDate, formatDateTime, formatRs } from '../lib/format';
import { useT } from '../lib/i18n';
import { agentStatusLabel, commissionStatusLabel, orderStatusLabel } from '../lib/order-display';
import './staff-orders-table.css';

export interface StaffOrdersTableProps {
  orders: ReadonlyArray<Order>;
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
  /** the agent's and the product's names as the list shows them (links that narrow the list) */
  agentLabel: (order: Order) => ReactNode;
  productLabel: (order: Order) => ReactNode;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

type Direction = 'ascending' | 'descending' | 'none';

/** A sortable column's first click sorts the way people look first: newest, highest. */
const SORTABLE = {
  date: { descending: 'newest', ascending: 'oldest' },
  commission: { descending: 'commission-high', ascending: 'commission-low' },
} as const satisfies Record<string, { descending: OrderSort; ascending: OrderSort }>;

function directionOf(column: keyof typeof SORTABLE, sort: OrderSort): Direction {
  if (SORTABLE[column].descending === sort) return 'descending';
  if (SORTABLE[column].ascending === sort) return 'ascending';
  return 'none';
}

/** '123-4567890-1234567' may break after its dashes where the table is narrow (never at 1280). */
function OrderNumberText({ value }: { value: string }) {
  const parts = value.split('-');
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one number, in their order
        <Fragment key={index}>
          {index > 0 ? (
            <>
              -<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A name cut short to its cell: the whole name on hover (a title: the link's own, or `text`'s) and,
 * for a link, in full while it has focus.
 */
function Truncated({ text, children }: { text?: string; children?: ReactNode }) {
  return (
    <span className="ui-orders-table-truncate" title={text}>
      {children ?? text}
    </span>
  );
}

/** A phone has no room for a buyer column: the buyer's name goes under the order number (CSS shows it only there). */
function PhoneBuyer({ order }: { order: Order }) {
  return <span className="ui-orders-table-phone-buyer">{order.buyerName}</span>;
}

function SortHeader({ label, direction, onClick }: { label: string; direction: Direction; onClick: () => void }) {
  const arrow = direction === 'descending' ? '↓' : direction === 'ascending' ? '↑' : '↕';
  return (
    <button type="button" className="ui-orders-table-sort" onClick={onClick}>
      {label}
      <span aria-hidden="true" className="ui-orders-table-arrow">
        {arrow}
      </span>
    </button>
  );
}

export function StaffOrdersTable({
  orders,
  sort,
  onSort,
  agentLabel,
  productLabel,
  page,
  pageSize,
  total,
  onPageChange,
}: StaffOrdersTableProps) {
  const t = useT();
  function sortable(
    column: keyof typeof SORTABLE,
    label: string,
  ): Pick<DataTableColumn<Order>, 'header' | 'label' | 'sort'> {
    const direction = directionOf(column, sort);
    const next = direction === 'descending' ? SORTABLE[column].ascending : SORTABLE[column].descending;
    return {
      header: <SortHeader label={label} direction={direction} onClick={() => onSort(next)} />,
      label,
      sort: direction,
    };
  }

  const columns: ReadonlyArray<DataTableColumn<Order>> = [
    {
      key: 'date',
      ...sortable('date', t('ui.ordersTable.date')),
      priority: 'wide',
      className: 'ui-orders-table-col-date',
      render: (order) => (
        <time className="ui-orders-table-nowrap" dateTime={order.createdAt} title={formatDateTime(order.createdAt)}>
          {formatDate(order.createdAt)}
        </time>
      ),
    },
    {
      key: 'number',
      header: t('ui.ordersTable.orderNumber'),
      className: 'ui-orders-table-col-number',
      render: (order) =>
        order.AgentStatus === 'cancelled' ? (
          <>
            <span className="ui-orders-table-mono" title={t('ui.staffOrders.cancelledCannotUpdate')} dir="ltr">
              <OrderNumberText value={order.amzOrderNumber} />
            </span>
            <PhoneBuyer order={order} />
          </>
        ) : (
          <>
            <Link
              className="ui-orders-table-mono"
              to={routePath(UPDATE_ORDER_ROUTE.staff, { id: order._id })}
              title={t('ui.staffOrders.update')}
              dir="ltr"
            >
              <OrderNumberText value={order.amzOrderNumber} />
            </Link>
            <FlagBadge flags={order.flags} />
            <PhoneBuyer order={order} />
          </>
        ),
    },
    {
      key: 'product',
      header: t('ui.ordersTable.product'),
      priority: 'wide',
      render: (order) => <Truncated>{productLabel(order)}</Truncated>,
    },
    {
      key: 'agent',
      header: t('ui.ordersTable.agent'),
      priority: 'wide',
      render: (order) => <Truncated>{agentLabel(order)}</Truncated>,
    },
    {
      key: 'buyer',
      header: t('ui.ordersTable.buyer'),
      priority: 'wide',
      render: (order) => (
        <>
          <Truncated text={order.buyerName} />
          <span className="ui-orders-table-muted">
            <Truncated text={order.buyerPayPal} />
          </span>
        </>
      ),
    },
    // the chips' 'status': the agent's progress, on a phone too
    {
      key: 'agent-status',
      header: t('ui.ordersTable.agentStatus'),
      className: 'ui-orders-table-col-agent-status',
      render: (order) => agentStatusLabel(order.AgentStatus),
    },
    {
      key: 'status',
      header: t('ui.ordersTable.status'),
      priority: 'wide',
      className: 'ui-orders-table-col-status',
      render: (order) => orderStatusLabel(order.status),
    },
    {
      key: 'commission-status',
      header: t('ui.ordersTable.commissionStatus'),
      priority: 'wide',
      className: 'ui-orders-table-col-commission-status',
      render: (order) => commissionStatusLabel(order.comissionStatus),
    },
    {
      key: 'commission',
      ...sortable('commission', t('ui.ordersTable.commission')),
      className: 'ui-orders-table-col-commission',
      render: (order) => (
        <bdi dir="ltr" className="ui-orders-table-money">
          {formatRs(order.comission)}
        </bdi>
      ),
    },
  ];

  return (
    <div className="ui-orders-table">
      <DataTable<Order>
        caption={t('ui.ordersTable.caption')}
        columns={columns}
        rows={orders}
        getRowKey={(order) => order._id}
        empty={null}
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={onPageChange}
        rowDetails={(order) => t('ui.ordersTable.details', { number: ltr(order.amzOrderNumber) })}
      />
    </div>
  );
}
