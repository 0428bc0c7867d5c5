/**
 * One order as the order screens show it (the agent's and the admin's/manager's):
 * the real marketplace and commission, both statuses, the screenshots it has, and a slot
 * for the area's own actions (menu, cancel dropdown).
 */
import { type ReactNode, useId } from 'react';
import { ltr } from 'shared-api';
import type { Order } from 'shared-api/contract';
import { FlagBadge } from './flag-badge';
import { formatDateTime, formatRs } from './lib/format';
import { useT } from './lib/i18n';
import {
  agentStatusLabel,
  commissionStatusLabel,
  marketplaceFlag,
  marketplaceName,
  orderScreenshots,
  orderStatusLabel,
  productImageSrc,
  reviewTypeLabel,
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
  const t = useT();
  const headingId = useId();
  const { product } = order;
  const cancelled = order.AgentStatus === 'cancelled';

  const fields: Array<[string, ReactNode]> = [
    [t('ui.orderCard.product'), productLabel ?? product.name],
    [
      t('ui.orderCard.marketplace'),
      <>
        <span aria-hidden="true">{marketplaceFlag(product.marketPlace)}</span>{' '}
        <abbr title={marketplaceName(product.marketPlace)}>{product.marketPlace}</abbr>
      </>,
    ],
    [
      t('ui.orderCard.amzOrderNumber'),
      <bdi key="number" dir="ltr">
        {order.amzOrderNumber}
      </bdi>,
    ],
    [
      t('ui.orderCard.buyerPayPal'),
      <bdi key="paypal" dir="ltr">
        {order.buyerPayPal}
      </bdi>,
    ],
    [t('ui.orderCard.buyerName'), order.buyerName],
    [t('ui.orderCard.manager'), product.vendor.name],
  ];
  if (viewer !== 'agent') fields.push([t('ui.orderCard.agent'), agentLabel ?? order.agent.name]);
  fields.push(
    [t('ui.orderCard.reviewType'), reviewTypeLabel(order.reviewType)],
    [
      t('ui.orderCard.commission'),
      <bdi key="commission" dir="ltr">
        {formatRs(order.comission)}
      </bdi>,
    ],
    [t('ui.orderCard.agentStatus'), agentStatusLabel(order.AgentStatus)],
    [t('ui.orderCard.orderStatus'), orderStatusLabel(order.status)],
    [t('ui.orderCard.commissionStatus'), commissionStatusLabel(order.comissionStatus)],
  );
  if (order.comments.trim()) fields.push([t('ui.orderCard.comments'), order.comments]);

  return (
    <article className={`ui-order-card${cancelled ? ' ui-order-card-cancelled' : ''}`} aria-labelledby={headingId}>
      <header className="ui-order-card-header">
        <div className="ui-order-card-title">
          <h2 id={headingId} className="ui-order-card-id">
            {t('ui.orderCard.orderId')}{' '}
            <bdi dir="ltr" className="ui-order-card-mono">
              {order._id}
            </bdi>
          </h2>
          <p className="ui-order-card-updated">
            {t('ui.orderCard.lastUpdate')} <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt)}</time>
          </p>
        </div>
        {cancelled ? <span className="ui-order-card-badge">{t('ui.orderCard.cancelled')}</span> : null}
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

      <ScreenshotGallery
        screenshots={orderScreenshots(order)}
        label={t('ui.orderCard.screenshots', { id: ltr(order._id) })}
      />
    </article>
  );
}
