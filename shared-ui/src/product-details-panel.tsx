/**
 * The product details side panel: opens for a product id, fetches the product and
 * shows it with its real marketplace, category, keyword and brand (or 'N/A').
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { translateMessage } from 'shared-api';
import { MESSAGES, type Product } from 'shared-api/contract';
import { t as translate, useT } from './lib/i18n';
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
  const t = useT();
  // until the answer for this product arrives it is loading (an earlier product's is never shown)
  const product = useQuery({ ...productQueries.one(productId ?? ''), enabled: productId !== null });
  const state = product.isSuccess
    ? { status: 'loaded' as const, product: product.data }
    : product.isError && !product.isFetching
      ? { status: 'failed' as const, message: product.error.message || translateMessage(MESSAGES.somethingWentWrong) }
      : { status: 'loading' as const };

  return (
    <SidePanel open={productId !== null} title={t('ui.product.details')} onClose={onClose}>
      {state.status === 'loading' ? (
        <p className="ui-product-details-status" role="status">
          {t('ui.product.loading')}
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

function orNA(value: string): string {
  return value.trim() ? value : translate('ui.product.na');
}

function ProductDetails({ product }: { product: Product }) {
  const t = useT();
  const commissions: Array<[string, number | null]> = [
    [t('ui.product.noReviewCommission'), product.comission],
    [t('ui.product.textReviewCommission'), product.comissionWithTextReview],
    [t('ui.product.pictureReviewCommission'), product.comissionWithPictureReview],
    [t('ui.product.videoReviewCommission'), product.comissionWithVideoReview],
  ];
  const lists: Array<[string, string[]]> = [
    [t('ui.product.guidelines'), product.guidelines],
    [t('ui.product.marketerInstructions'), product.marketerInstructions],
    [t('ui.product.commissionPolicy'), product.commissionPolicies],
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
        <Field label={t('ui.product.marketplace')}>
          <span aria-hidden="true">{marketplaceFlag(product.marketPlace)}</span> {marketplaceName(product.marketPlace)}
        </Field>
        <Field label={t('ui.product.soldBy')}>{product.vendor.name}</Field>
        <Field label={t('ui.product.keyword')}>{orNA(product.keyword)}</Field>
        <Field label={t('ui.product.price')}>{t('ui.product.priceValue', { price: product.price })}</Field>
        <Field label={t('ui.product.amzImage')}>
          {product.amzImage.trim() ? (
            <img
              className="ui-product-details-amz-image"
              src={product.amzImage}
              alt={t('ui.product.onAmazon', { name: product.name })}
              onError={showFallbackImage}
            />
          ) : (
            t('ui.product.na')
          )}
        </Field>
        <Field label={t('ui.product.category')}>{orNA(product.productCategory || product.category)}</Field>
        <Field label={t('ui.product.brand')}>{orNA(product.brandName)}</Field>
        <Field label={t('ui.product.manager')}>{product.vendor.name}</Field>
      </dl>

      <section className="ui-product-details-section">
        <h4>{t('ui.product.commissionDetails')}</h4>
        <ul>
          {commissions
            .filter((entry): entry is [string, number] => entry[1] !== null)
            .map(([label, amount]) => (
              <li key={label}>
                {t('ui.product.commissionLine', { label, amount: t('ui.product.commissionValue', { amount }) })}
              </li>
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
