/**
 * The dashboard every role sees: greeting, commission cards, the admin
 * contact, count tiles, an optional chart and the recent activity table. The area page
 * fetches; this only shows what it is given.
 */
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, type Order } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from './data-table';
import { formatDateTime, formatRs, whatsAppLink } from './lib/format';
import {
  agentStatusLabel,
  marketplaceFlag,
  marketplaceName,
  productImageSrc,
  showFallbackImage,
} from './lib/order-display';
import { StatCard } from './stat-card';
import './button.css';
import './dashboard-view.css';

export interface DashboardTile {
  label: string;
  /** null while the figure is not known yet */
  value: number | null;
  to?: string;
}

export interface DashboardViewProps {
  userName: string;
  /** null until known (shown as Rs 0) */
  commission: { paidCommission: number; unpaidCommission: number } | null;
  /** where the commission cards lead (the payouts behind the figure), for a role that has such a page */
  commissionLinks?: { paid?: string; unpaid?: string };
  tiles: ReadonlyArray<DashboardTile>;
  /** null while loading */
  recentOrders: Order[] | null;
  error?: string | null;
  viewAllTo: string;
  /** the admin's WhatsApp number from the runtime configuration; '' when none is configured */
  adminWhatsApp: string;
  chart?: ReactNode;
}

/** What a commission card that leads to the payouts says it does. */
export const COMMISSION_LINK_ACTION = 'see payouts';

const RECENT_ORDER_COLUMNS: ReadonlyArray<DataTableColumn<Order>> = [
  {
    key: 'image',
    header: 'Product',
    render: (order) => (
      <img
        className="ui-dashboard-product-image"
        src={productImageSrc(order.product.image)}
        alt={order.product.name}
        width={40}
        height={40}
        loading="lazy"
        onError={showFallbackImage}
      />
    ),
  },
  {
    key: 'id',
    header: 'AMZ ORD#',
    render: (order) => (
      <span className="ui-dashboard-order-id">
        <span className="ui-dashboard-mono">{order._id}</span>{' '}
        <span className="ui-dashboard-muted">{order.amzOrderNumber}</span>
      </span>
    ),
  },
  {
    key: 'market',
    header: 'Market',
    render: ({ product }) => (
      <span title={marketplaceName(product.marketPlace)}>
        <span aria-hidden="true">{marketplaceFlag(product.marketPlace)}</span> {product.marketPlace}
      </span>
    ),
  },
  {
    key: 'date',
    header: 'Date/Time',
    render: (order) => <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>,
  },
  {
    key: 'status',
    header: 'Status',
    render: (order) => (
      <span className={`ui-dashboard-status ui-dashboard-status-${order.AgentStatus.toLowerCase()}`}>
        {agentStatusLabel(order.AgentStatus)}
      </span>
    ),
  },
];

export function DashboardView({
  userName,
  commission,
  commissionLinks,
  tiles,
  recentOrders,
  error = null,
  viewAllTo,
  adminWhatsApp,
  chart,
}: DashboardViewProps) {
  const greetingId = useId();
  const recentId = useId();
  const whatsApp = adminWhatsApp.trim();

  return (
    <section className="ui-dashboard" aria-labelledby={greetingId}>
      <header className="ui-dashboard-banner">
        <h1 id={greetingId}>Welcome, {userName}</h1>
        <p>Here is how your work is going.</p>
      </header>

      <div className="ui-dashboard-summary">
        <StatCard
          label="total paid commission"
          value={formatRs(commission?.paidCommission ?? 0)}
          to={commissionLinks?.paid}
          action={COMMISSION_LINK_ACTION}
        />
        <StatCard
          label="payable commission"
          value={formatRs(commission?.unpaidCommission ?? 0)}
          to={commissionLinks?.unpaid}
          action={COMMISSION_LINK_ACTION}
        />
        <aside className="ui-dashboard-contact" aria-label="contact admin">
          <h2>contact admin</h2>
          {whatsApp ? (
            <p>
              For general queries, message the admin on WhatsApp:{' '}
              <a href={whatsAppLink(whatsApp)} target="_blank" rel="noopener noreferrer">
                {whatsApp}
              </a>
            </p>
          ) : (
            <p>For general queries, please contact the admin.</p>
          )}
        </aside>
      </div>

      {tiles.length > 0 ? (
        <ul className="ui-dashboard-tiles" aria-label="figures">
          {tiles.map((tile) => (
            <li key={tile.label}>
              <StatCard label={tile.label} value={tile.value ?? '–'} to={tile.to} />
            </li>
          ))}
        </ul>
      ) : null}

      {chart ? <div className="ui-dashboard-chart">{chart}</div> : null}

      <section className="ui-dashboard-recent" aria-labelledby={recentId}>
        <div className="ui-dashboard-recent-header">
          <h2 id={recentId}>recent activity</h2>
          <Link className="ui-button ui-button-primary ui-button-small" to={viewAllTo}>
            view all orders
          </Link>
        </div>
        <DataTable
          caption="recent activity"
          columns={RECENT_ORDER_COLUMNS}
          rows={recentOrders ?? []}
          getRowKey={(order) => order._id}
          loading={recentOrders === null && !error}
          error={error}
          empty={MESSAGES.noOrdersFound}
        />
      </section>
    </section>
  );
}
