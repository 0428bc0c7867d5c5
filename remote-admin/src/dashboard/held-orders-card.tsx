/**
 * The admin's dashboard: how many orders a fraud flag holds (docs/domain.md, Fraud signals),
 * with the way to the list of flagged orders.
 */
import { Link } from 'react-router-dom';
import { orderQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import './held-orders-card.css';

export const HELD_ORDERS_FAILED = 'Failed to fetch the orders on hold.';

const count = new Intl.NumberFormat('en-US');

export function HeldOrdersCard() {
  const held = useResource(orderQueries.held(), HELD_ORDERS_FAILED);
  return (
    <section className="admin-held-orders" aria-labelledby="admin-held-orders-title">
      <h2 id="admin-held-orders-title" className="admin-held-orders-title">
        orders on hold
      </h2>
      {held.error ? (
        <p role="alert" className="admin-held-orders-error">
          {held.error}{' '}
          <button type="button" className="ui-button ui-button-small" onClick={held.reload}>
            Retry
          </button>
        </p>
      ) : (
        <p className="admin-held-orders-value" aria-live="polite">
          {held.data ? count.format(held.data.orders) : '…'}
        </p>
      )}
      <p className="admin-held-orders-note">
        Unpaid orders with a fraud flag nobody dismissed: they cannot be paid until an admin has looked.{' '}
        <Link to="/admin/orders?flags=flagged">see the flagged orders</Link>
      </p>
    </section>
  );
}
