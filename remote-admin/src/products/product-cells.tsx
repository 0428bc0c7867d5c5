/** What a product row of the admin tables shows: its title with a details link, image, price and status. */
import type { Product } from 'shared-api/contract';
import { formatPrice } from 'shared-ui/lib/format';
import { productImageSrc, showFallbackImage } from 'shared-ui/lib/order-display';

export function ProductTitle({ product, onViewDetails }: { product: Product; onViewDetails: (id: string) => void }) {
  return (
    <div className="admin-products-title">
      <span className="admin-products-name">{product.name}</span>
      <button
        type="button"
        className="admin-products-details-link"
        aria-label={`(view details) of ${product.name}`}
        onClick={() => onViewDetails(product._id)}
      >
        (view details)
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
  return <span className="admin-products-price">{formatPrice(product.price)}</span>;
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
  return <span className={`admin-products-status admin-products-status-${product.status}`}>{product.status}</span>;
}
