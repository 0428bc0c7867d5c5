/**
 * /agent/detail/{id}: submit an order for an approved product. Loads the product, shows
 * what is being ordered and the order form.
 */
import { useId } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatPrice } from 'shared-ui/lib/format';
import { marketplaceFlag, marketplaceName, productImageSrc, showFallbackImage } from 'shared-ui/lib/order-display';
import { productQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { useT } from '../i18n';
import { SubmitOrderForm } from './submit/submit-order-form';
import './submit/submit-order.css';

const PRODUCTS_PATH = '/agent/products';
const ORDERS_PATH = '/agent/orders';

export function SubmitOrderPage() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const headingId = useId();
  const product = useResource(productQueries.one(id), t('agent.submit.productFailed'));

  return (
    <section className="agent-submit-order" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('agent.submit.title')}</h1>
      {product.loading ? (
        <p className="agent-submit-status" role="status">
          {t('agent.loading')}
        </p>
      ) : product.error || !product.data ? (
        <div className="agent-submit-problem">
          <p role="alert">{product.error ?? t('agent.submit.productFailed')}</p>
          <div className="agent-order-actions">
            <button type="button" className="ui-button" onClick={() => navigate(PRODUCTS_PATH)}>
              {t('agent.submit.backToProducts')}
            </button>
            <button type="button" className="ui-button ui-button-primary" onClick={product.reload}>
              {t('agent.tryAgain')}
            </button>
          </div>
        </div>
      ) : (
        <div className="agent-submit-layout">
          <aside className="agent-submit-product" aria-label={t('agent.submit.product')}>
            <img
              className="agent-submit-product-image"
              src={productImageSrc(product.data.image)}
              alt={product.data.name}
              onError={showFallbackImage}
            />
            <h2 className="agent-submit-product-name">{product.data.name}</h2>
            <dl className="agent-submit-product-facts">
              <div>
                <dt>{t('agent.products.price')}</dt>
                <dd>
                  <bdi dir="ltr">{formatPrice(product.data.price)}</bdi>
                </dd>
              </div>
              <div>
                <dt>{t('agent.products.marketplace')}</dt>
                <dd>
                  <span aria-hidden="true">{marketplaceFlag(product.data.marketPlace)}</span>{' '}
                  {marketplaceName(product.data.marketPlace)} ({product.data.marketPlace})
                </dd>
              </div>
            </dl>
          </aside>
          <SubmitOrderForm
            key={product.data._id}
            product={product.data}
            onCancel={() => navigate(PRODUCTS_PATH)}
            onCreated={() => navigate(ORDERS_PATH)}
          />
        </div>
      )}
    </section>
  );
}
