/**
 * The product details side panel: opens for a product id, fetches the product and
 * shows it with its real marketplace, category, keyword and brand (or 'N/A').
 */
import { type ReactNode, useEffect, useState } from 'react';
import { fetchProduct } from 'shared-api';
import { MESSAGES, type Product } from 'shared-api/contract';
import { marketplaceFlag, marketplaceName, productImageSrc, showFallbackImage } from './lib/order-display';
import { SidePanel } from './side-panel';
import './product-details-panel.css';

export interface ProductDetailsPanelProps {
  /** the product to show; null keeps the panel closed */
  productId: string | null;
  onClose: () => void;
}

/** An answer, and the product id it is for. */
type Answer = { status: 'loaded'; id: string; product: Product } | { status: 'failed'; id: string; message: string };

export function ProductDetailsPanel({ productId, onClose }: ProductDetailsPanelProps) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  // until the answer for this product arrives it is loading (an earlier product's is never shown)
  const state = answer && answer.id === productId ? answer : { status: 'loading' as const };

  useEffect(() => {
    if (productId === null) return;
    let current = true;
    fetchProduct(productId).then(
      (product) => {
        if (current) setAnswer({ status: 'loaded', id: productId, product });
      },
      (error: unknown) => {
        if (current) {
          const message = error instanceof Error ? error.message : MESSAGES.somethingWentWrong;
          setAnswer({ status: 'failed', id: productId, message });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [productId]);

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
