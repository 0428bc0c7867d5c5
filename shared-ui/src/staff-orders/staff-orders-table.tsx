/**
 * The compact view of the staff orders list: one row an order, sortable by date and by
 * commission from the column headers (the same sort as the list's select), each order number
 * linking to the order's update page. It scrolls sideways on a phone.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type Order, type OrderSort, routePath, UPDATE_ORDER_ROUTE } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from '../data-table';
import { FlagBadge } from '../flag-badge';
import { formatDate, formatDateTime, formatRs } from '../lib/format';
import { agentStatusLabel, orderStatusLabel } from '../lib/order-display';
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
  function sortable(column: keyof typeof SORTABLE, label: string): Pick<DataTableColumn<Order>, 'header' | 'sort'> {
    const direction = directionOf(column, sort);
    const next = direction === 'descending' ? SORTABLE[column].ascending : SORTABLE[column].descending;
    return { header: <SortHeader label={label} direction={direction} onClick={() => onSort(next)} />, sort: direction };
  }

  const columns: ReadonlyArray<DataTableColumn<Order>> = [
    {
      key: 'date',
      ...sortable('date', 'date'),
      render: (order) => (
        <time className="ui-orders-table-nowrap" dateTime={order.createdAt} title={formatDateTime(order.createdAt)}>
          {formatDate(order.createdAt)}
        </time>
      ),
    },
    {
      key: 'number',
      header: 'order number',
      render: (order) =>
        order.AgentStatus === 'cancelled' ? (
          <span className="ui-orders-table-mono" title="Cancelled orders cannot be updated.">
            {order.amzOrderNumber}
          </span>
        ) : (
          <>
            <Link
              className="ui-orders-table-mono"
              to={routePath(UPDATE_ORDER_ROUTE.staff, { id: order._id })}
              title="update order"
            >
              {order.amzOrderNumber}
            </Link>
            <FlagBadge flags={order.flags} />
          </>
        ),
    },
    { key: 'product', header: 'product', render: productLabel },
    { key: 'agent', header: 'agent', render: agentLabel },
    {
      key: 'buyer',
      header: 'buyer',
      render: (order) => (
        <>
          {order.buyerName}
          <span className="ui-orders-table-muted">{order.buyerPayPal}</span>
        </>
      ),
    },
    { key: 'agent-status', header: 'agent status', render: (order) => agentStatusLabel(order.AgentStatus) },
    { key: 'status', header: 'status', render: (order) => orderStatusLabel(order.status) },
    { key: 'commission-status', header: 'commission status', render: (order) => order.comissionStatus },
    {
      key: 'commission',
      ...sortable('commission', 'commission'),
      render: (order) => <span className="ui-orders-table-money">{formatRs(order.comission)}</span>,
    },
  ];

  return (
    <div className="ui-orders-table">
      <DataTable<Order>
        caption="orders"
        columns={columns}
        rows={orders}
        getRowKey={(order) => order._id}
        empty={null}
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={onPageChange}
      />
    </div>
  );
}
