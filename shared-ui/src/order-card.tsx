/**
 * One order as the order screens show it (the agent's and the admin's/manager's):
 * the real marketplace and commission, both statuses, the screenshots it has, and a slot
 * for the area's own actions (menu, cancel dropdown).
 */
import { type ReactNode, useId } from 'react';
import type { Order } from 'shared-api/contract';
import { FlagBadge } from './flag-badge';
import { formatDateTime, formatRs } from './lib/format';
import {
  agentStatusLabel,
  marketplaceFlag,
  marketplaceName,
  orderScreenshots,
  orderStatusLabel,
  productImageSrc,
  showFallbackImage,
} from './lib/order-display';
import { ScreenshotGallery } from './screenshot-gallery';
import './order-card.css';

export interface OrderCardProps {
  order: Order;
  /** who is looking: admins and managers also see which agent placed the order */
  viewer: 'admin' | 'manager' | 'agent';
  /** the area's controls for this order (menu, cancel dropdown) */
  actions?: ReactNode;
  /** what the card shows for the product's and the agent's names (e.g. links that filter a list by them) */
  productLabel?: ReactNode;
  agentLabel?: ReactNode;
}

export function OrderCard({ order, viewer, actions, productLabel, agentLabel }: OrderCardProps) {
  const headingId = useId();
  const { product } = order;
  const cancelled = order.AgentStatus === 'cancelled';

  const fields: Array<[string, ReactNode]> = [
    ['Product', productLabel ?? product.name],
    [
      'Marketplace',
      <>
        <span aria-hidden="true">{marketplaceFlag(product.marketPlace)}</span>{' '}
        <abbr title={marketplaceName(product.marketPlace)}>{product.marketPlace}</abbr>
      </>,
    ],
    ['AMZ Order #', order.amzOrderNumber],
    ['Buyer PayPal', order.buyerPayPal],
    ['Buyer Name', order.buyerName],
    ['Manager', product.vendor.name],
  ];
  if (viewer !== 'agent') fields.push(['Agent', agentLabel ?? order.agent.name]);
  fields.push(
    ['Review Type', order.reviewType],
    ['Commission', formatRs(order.comission)],
    ['Agent Status', agentStatusLabel(order.AgentStatus)],
    ['Order Status', orderStatusLabel(order.status)],
    ['Commission Status', order.comissionStatus],
  );
  if (order.comments.trim()) fields.push(['Comments', order.comments]);

  return (
    <article className={`ui-order-card${cancelled ? ' ui-order-card-cancelled' : ''}`} aria-labelledby={headingId}>
      <header className="ui-order-card-header">
        <div className="ui-order-card-title">
          <h2 id={headingId} className="ui-order-card-id">
            Order ID: <span className="ui-order-card-mono">{order._id}</span>
          </h2>
          <p className="ui-order-card-updated">
            Last update: <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt)}</time>
          </p>
        </div>
        {cancelled ? <span className="ui-order-card-badge">Cancelled</span> : null}
        {viewer !== 'agent' ? <FlagBadge flags={order.flags} /> : null}
        {actions ? <div className="ui-order-card-actions">{actions}</div> : null}
      </header>

      <div className="ui-order-card-body">
        <img
          className="ui-order-card-image"
          src={productImageSrc(product.image)}
          alt={product.name}
          width={96}
          height={96}
          loading="lazy"
          onError={showFallbackImage}
        />
        <dl className="ui-order-card-fields">
          {fields.map(([label, value]) => (
            <div key={label} className="ui-order-card-field">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <ScreenshotGallery screenshots={orderScreenshots(order)} label={`screenshots of order ${order._id}`} />
    </article>
  );
}
