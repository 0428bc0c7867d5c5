/**
 * The product details side panel: opens for a product id, fetches the product and
 * shows it with its real marketplace, category, keyword and brand (or 'N/A').
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MESSAGES, type Product } from 'shared-api/contract';
import { marketplaceFlag, marketplaceName, productImageSrc, showFallbackImage } from './lib/order-display';
import { productQueries } from './lib/queries';
import { SidePanel } from './side-panel';
import './product-details-panel.css';

export interface ProductDetailsPanelProps {
  /** the product to show; null keeps the panel closed */
  productId: string | null;
  onClose: () => void;
}

export function ProductDetailsPanel({ productId, onClose }: ProductDetailsPanelProps) {
  // until the answer for this product arrives it is loading (an earlier product's is never shown)
  const product = useQuery({ ...productQueries.one(productId ?? ''), enabled: productId !== null });
  const state = product.isSuccess
    ? { status: 'loaded' as const, product: product.data }
    : product.isError && !product.isFetching
      ? { status: 'failed' as const, message: product.error.message || MESSAGES.somethingWentWrong }
      : { status: 'loading' as const };

  return (
    <SidePanel open={productId !== null} title="Product details" onClose={onClose}>
      {state.status === 'loading' ? (
        <p className="ui-product-details-status" role="status">
          loading...
        </p>
      ) : state.status === 'failed' ? (
        <p className="ui-product-details-error" role="alert">
          {state.message}
        </p>
      ) : (
        <ProductDetails product={state.product} />
      )}
    </SidePanel>
  );
}

const NA = 'N/A';

function orNA(value: string): string {
  return value.trim() ? value : NA;
}

function ProductDetails({ product }: { product: Product }) {
  const commissions: Array<[string, number | null]> = [
    ['No Review Commission', product.comission],
    ['Text Review Commission', product.comissionWithTextReview],
    ['Picture Review Commission', product.comissionWithPictureReview],
    ['Video Review Commission', product.comissionWithVideoReview],
  ];
  const lists: Array<[string, string[]]> = [
    ['Review Guidelines', product.guidelines],
    ['Instructions for Marketer', product.marketerInstructions],
    ['Commission Policy', product.commissionPolicies],
  ];

  return (
    <div className="ui-product-details">
      <img
        className="ui-product-details-image"
        src={productImageSrc(product.image)}
        alt={product.name}
        onError={showFallbackImage}
      />
      <h3 className="ui-product-details-name">{product.name}</h3>
      {product.description.trim() ? <p className="ui-product-details-description">{product.description}</p> : null}

      <dl className="ui-product-details-fields">
        <Field label="Marketplace">
          <span aria-hidden="true">{marketplaceFlag(product.marketPlace)}</span> {marketplaceName(product.marketPlace)}
        </Field>
        <Field label="Sold By">{product.vendor.name}</Field>
        <Field label="Keyword">{orNA(product.keyword)}</Field>
        <Field label="Price">{`Rs. ${product.price}`}</Field>
        <Field label="AMZ Image">
          {product.amzImage.trim() ? (
            <img
              className="ui-product-details-amz-image"
              src={product.amzImage}
              alt={`${product.name} on Amazon`}
              onError={showFallbackImage}
            />
          ) : (
            NA
          )}
        </Field>
        <Field label="Product Category">{orNA(product.productCategory || product.category)}</Field>
        <Field label="Brand Name">{orNA(product.brandName)}</Field>
        <Field label="Manager">{product.vendor.name}</Field>
      </dl>

      <section className="ui-product-details-section">
        <h4>Commission Details</h4>
        <ul>
          {commissions
            .filter((entry): entry is [string, number] => entry[1] !== null)
            .map(([label, amount]) => (
              <li key={label}>{`${label}: Rs.${amount}`}</li>
            ))}
        </ul>
      </section>

      {lists
        .filter(([, items]) => items.length > 0)
        .map(([title, items]) => (
          <section key={title} className="ui-product-details-section">
            <h4>{title}</h4>
            <ul>
              {items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items may repeat; the list is never reordered
                <li key={i}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ui-product-details-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
