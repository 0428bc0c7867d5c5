/** One approved product on the agent grid: picture, name, description, price in $, details and Order. */
import { useId } from 'react';
import type { Product } from 'shared-api/contract';
import { formatPrice } from 'shared-ui/lib/format';
import {
  marketplaceFlag,
  marketplaceName,
  productImageSrc,
  reviewTypeLabel,
  showFallbackImage,
} from 'shared-ui/lib/order-display';
import { useT } from '../i18n';

export interface ProductCardProps {
  product: Product;
  onViewDetails: (product: Product) => void;
  onOrder: (product: Product) => void;
}

export function ProductCard({ product, onViewDetails, onOrder }: ProductCardProps) {
  const t = useT();
  const nameId = useId();
  return (
    <article className="agent-product-card" aria-labelledby={nameId}>
      <img
        className="agent-product-image"
        src={productImageSrc(product.image)}
        alt=""
        loading="lazy"
        onError={showFallbackImage}
      />
      <div className="agent-product-body">
        <h2 id={nameId} className="agent-product-name">
          {product.name}
        </h2>
        <p className="agent-product-market">
          <span aria-hidden="true">{marketplaceFlag(product.marketPlace)}</span>{' '}
          <abbr title={marketplaceName(product.marketPlace)}>{product.marketPlace}</abbr>
          <span className="agent-product-review-types">
            {' · '}
            {product.reviewTypes.map((type) => reviewTypeLabel(type.title)).join(t('agent.listSeparator'))}
          </span>
        </p>
        {product.description.trim() ? <p className="agent-product-description">{product.description}</p> : null}
        <p className="agent-product-price">
          <span className="ui-visually-hidden">{t('agent.products.price')} </span>
          <bdi dir="ltr">{formatPrice(product.price)}</bdi>
        </p>
        <div className="agent-product-actions">
          <button
            type="button"
            className="agent-product-details-link"
            aria-describedby={nameId}
            onClick={() => onViewDetails(product)}
          >
            {t('agent.products.viewDetails')}
          </button>
          <button
            type="button"
            className="ui-button ui-button-primary"
            aria-describedby={nameId}
            onClick={() => onOrder(product)}
          >
            {t('agent.products.order')}
          </button>
        </div>
      </div>
    </article>
  );
}
