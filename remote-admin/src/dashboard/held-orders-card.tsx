/**
 * The admin's dashboard: how many orders a fraud flag holds (docs/domain.md, Fraud signals),
 * with the way to the list of flagged orders.
 */
import { Link } from 'react-router-dom';
import { intlLocale } from 'shared-api';
import { orderQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { useT } from '../i18n';
import './held-orders-card.css';

export function HeldOrdersCard() {
  const t = useT();
  const held = useResource(orderQueries.held(), t('admin.dashboard.held.failed'));
  const count = new Intl.NumberFormat(intlLocale());
  return (
    <section className="admin-held-orders" aria-labelledby="admin-held-orders-title">
      <h2 id="admin-held-orders-title" className="admin-held-orders-title">
        {t('admin.dashboard.held.title')}
      </h2>
      {held.error ? (
        <p role="alert" className="admin-held-orders-error">
          {held.error}{' '}
          <button type="button" className="ui-button ui-button-small" onClick={held.reload}>
            {t('admin.common.retry')}
          </button>
        </p>
      ) : (
        <p className="admin-held-orders-value" aria-live="polite">
          {held.data ? count.format(held.data.orders) : '…'}
        </p>
      )}
      <p className="admin-held-orders-note">
        {t('admin.dashboard.held.note')} <Link to="/admin/orders?flags=flagged">{t('admin.dashboard.held.link')}</Link>
      </p>
    </section>
  );
}
