/**
 * /agent/update/order/{id}: loads the order, and the product for its
 * review types. A cancelled order, and one whose commission is paid (the server closes it to
 * its agent), is shown read-only with the reason; any other opens the update form.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ltr, useMessages } from 'shared-api';
import { PAYOUT_ROUTE, routePath } from 'shared-api/contract';
import { orderQueries, productQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { OrderCard } from 'shared-ui/order-card';
import { OrderTimeline } from 'shared-ui/order-timeline';
import { ReviewNotice } from 'shared-ui/review-notice';
import { useT } from '../i18n';
import { describeOrderFetchError } from './update/order-errors';
import { ORDERS_ROUTE, UpdateOrderForm } from './update/update-order-form';
import './orders.css';

const agentPayoutLink = (id: string) => routePath(PAYOUT_ROUTE.agent, { id });

export function UpdateOrderPage() {
  const t = useT();
  const messages = useMessages();
  const { id = '' } = useParams();
  const order = useResource(orderQueries.one(id), describeOrderFetchError);
  const loaded = order.data && order.data._id === id ? order.data : undefined;
  // the order's product carries the commission figures but not the review types; none when
  // the product cannot be read (archived), and the review type then stays as it is
  const product = useQuery({ ...productQueries.one(loaded?.productId ?? ''), enabled: !!loaded, retry: false });
  const reviewTypes = product.data ? product.data.reviewTypes.map((item) => item.title) : null;
  const productReady = !!loaded && !product.isPending;
  const cancelled = loaded?.AgentStatus === 'cancelled';
  const readOnly = cancelled || loaded?.comissionStatus === 'paid';

  return (
    <section className="agent-page" aria-labelledby="agent-update-order-heading">
      <h1 id="agent-update-order-heading" className="agent-page-title">
        {t('agent.update.title')}
      </h1>
      {loaded ? (
        <p className="agent-muted">
          {t('agent.update.orderFor', { number: ltr(loaded.amzOrderNumber), product: loaded.product.name })}
        </p>
      ) : null}

      {order.error ? (
        <div className="agent-error-box" role="alert">
          <p>{order.error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={order.reload}>
            {t('agent.tryAgain')}
          </button>
          <Link to={ORDERS_ROUTE}>{t('agent.update.backToOrders')}</Link>
        </div>
      ) : null}

      {!order.error && (!loaded || (!readOnly && !productReady)) ? (
        <p className="agent-muted" role="status">
          {t('agent.loading')}
        </p>
      ) : null}

      {!order.error && loaded && readOnly ? (
        <>
          {cancelled ? (
            <p className="agent-note" role="note">
              {messages.orderCancelledNotEditable}
            </p>
          ) : (
            <p className="agent-note" role="status">
              {messages.orderPaidClosed}
            </p>
          )}
          <OrderCard order={loaded} viewer="agent" />
          <p>
            <Link to={ORDERS_ROUTE}>{t('agent.update.backToOrders')}</Link>
          </p>
        </>
      ) : null}

      {!order.error && loaded && !readOnly && productReady ? (
        <>
          <ReviewNotice />
          {/* keyed by version: a reload that found a newer one starts the form afresh from it */}
          <UpdateOrderForm
            key={`${loaded._id}:${loaded.version}`}
            order={loaded}
            reviewTypes={reviewTypes}
            onReload={order.reload}
          />
        </>
      ) : null}

      {/* a save leads back to the orders list: the history loads afresh each time the screen opens */}
      {!order.error && loaded && (readOnly || productReady) ? (
        <OrderTimeline orderId={loaded._id} payoutLink={agentPayoutLink} />
      ) : null}
    </section>
  );
}
