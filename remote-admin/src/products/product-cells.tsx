/** What a product row of the admin tables shows: its title with a details link, image, price and status. */
import type { Product, ProductStatus as ProductStatusValue } from 'shared-api/contract';
import { formatPrice } from 'shared-ui/lib/format';
import { productImageSrc, showFallbackImage } from 'shared-ui/lib/order-display';
import { type ProductsKey, useT } from './i18n';

const STATUS_WORDS: Record<ProductStatusValue, ProductsKey> = {
  pending: 'admin.products.status.pending',
  approved: 'admin.products.status.approved',
  archived: 'admin.products.status.archived',
};

export function ProductTitle({ product, onViewDetails }: { product: Product; onViewDetails: (id: string) => void }) {
  const t = useT();
  return (
    <div className="admin-products-title">
      <span className="admin-products-name">{product.name}</span>
      <button
        type="button"
        className="admin-products-details-link"
        aria-label={t('admin.products.viewDetailsOf', { name: product.name })}
        onClick={() => onViewDetails(product._id)}
      >
        {t('admin.products.viewDetails')}
      </button>
    </div>
  );
}

export function ProductDescription({ product }: { product: Product }) {
  const text = product.description.trim();
  return text ? (
    <span className="admin-products-description" title={text}>
      {text}
    </span>
  ) : (
    <span className="admin-products-muted">—</span>
  );
}

export function ProductPrice({ product }: { product: Product }) {
  return (
    <bdi dir="ltr" className="admin-products-price">
      {formatPrice(product.price)}
    </bdi>
  );
}

export function ProductThumbnail({ product }: { product: Product }) {
  return (
    <img
      className="admin-products-thumb"
      src={productImageSrc(product.image)}
      alt={product.name}
      loading="lazy"
      width={48}
      height={48}
      onError={showFallbackImage}
    />
  );
}

export function ProductStatus({ product }: { product: Product }) {
  const t = useT();
  return (
    <span className={`admin-products-status admin-products-status-${product.status}`}>
      {t(STATUS_WORDS[product.status])}
    </span>
  );
}
