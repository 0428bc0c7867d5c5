/**
 * The dashboard every role sees: greeting, commission cards, the admin
 * contact, count tiles, an optional chart and the recent activity table. The area page
 * fetches; this only shows what it is given.
 */
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { useMessages } from 'shared-api';
import type { Order } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from './data-table';
import { formatDateTime, formatRs, whatsAppLink } from './lib/format';
import { type UiKey, useT } from './lib/i18n';
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

/** What a commission card that leads to the payouts says it does (English; the card shows the current language's). */
export const COMMISSION_LINK_ACTION = 'see payouts';

/** The recent orders' columns; headers are catalogue keys, said in the current language. */
const RECENT_ORDER_COLUMNS: ReadonlyArray<Omit<DataTableColumn<Order>, 'header'> & { header: UiKey }> = [
  {
    key: 'image',
    header: 'ui.dashboard.column.product',
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
    header: 'ui.dashboard.column.amzOrder',
    render: (order) => (
      <span className="ui-dashboard-order-id">
        <bdi dir="ltr" className="ui-dashboard-mono">
          {order._id}
        </bdi>{' '}
        <bdi dir="ltr" className="ui-dashboard-muted">
          {order.amzOrderNumber}
        </bdi>
      </span>
    ),
  },
  {
    key: 'market',
    header: 'ui.dashboard.column.market',
    render: ({ product }) => (
      <span title={marketplaceName(product.marketPlace)}>
        <span aria-hidden="true">{marketplaceFlag(product.marketPlace)}</span> {product.marketPlace}
      </span>
    ),
  },
  {
    key: 'date',
    header: 'ui.dashboard.column.dateTime',
    render: (order) => <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>,
  },
  {
    key: 'status',
    header: 'ui.dashboard.column.status',
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
  const t = useT();
  const messages = useMessages();
  const greetingId = useId();
  const recentId = useId();
  const whatsApp = adminWhatsApp.trim();
  const columns = RECENT_ORDER_COLUMNS.map((column) => ({ ...column, header: t(column.header) }));

  return (
    <section className="ui-dashboard" aria-labelledby={greetingId}>
      <header className="ui-dashboard-banner">
        <h1 id={greetingId}>{t('ui.dashboard.welcome', { name: userName })}</h1>
        <p>{t('ui.dashboard.intro')}</p>
      </header>

      <div className="ui-dashboard-summary">
        <StatCard
          label={t('ui.dashboard.paidCommission')}
          value={<bdi dir="ltr">{formatRs(commission?.paidCommission ?? 0)}</bdi>}
          to={commissionLinks?.paid}
          action={t('ui.dashboard.seePayouts')}
        />
        <StatCard
          label={t('ui.dashboard.payableCommission')}
          value={<bdi dir="ltr">{formatRs(commission?.unpaidCommission ?? 0)}</bdi>}
          to={commissionLinks?.unpaid}
          action={t('ui.dashboard.seePayouts')}
        />
        <aside className="ui-dashboard-contact" aria-label={t('ui.dashboard.contactAdmin')}>
          <h2>{t('ui.dashboard.contactAdmin')}</h2>
          {whatsApp ? (
            <p>
              {t('ui.dashboard.whatsApp')}{' '}
              <a href={whatsAppLink(whatsApp)} target="_blank" rel="noopener noreferrer" dir="ltr">
                {whatsApp}
              </a>
            </p>
          ) : (
            <p>{t('ui.dashboard.contactAdminPlain')}</p>
          )}
        </aside>
      </div>

      {tiles.length > 0 ? (
        <ul className="ui-dashboard-tiles" aria-label={t('ui.dashboard.figures')}>
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
          <h2 id={recentId}>{t('ui.dashboard.recentActivity')}</h2>
          <Link className="ui-button ui-button-primary ui-button-small" to={viewAllTo}>
            {t('ui.dashboard.viewAllOrders')}
          </Link>
        </div>
        <DataTable
          caption={t('ui.dashboard.recentActivity')}
          columns={columns}
          rows={recentOrders ?? []}
          getRowKey={(order) => order._id}
          loading={recentOrders === null && !error}
          error={error}
          empty={messages.noOrdersFound}
        />
      </section>
    </section>
  );
}
