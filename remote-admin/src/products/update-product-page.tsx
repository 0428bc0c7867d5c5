/** /admin/update-product/:id (admin any product, manager its own): the form prefilled with the stored product. */
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useSession } from 'shared-api';
import { productQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { useT } from './i18n';
import { ProductForm } from './product-form';
import { PRODUCT_TEXTS } from './product-texts';
import { useGoBack } from './use-go-back';
import './product-form.css';

export function UpdateProductPage() {
  const t = useT();
  const { id = '' } = useParams();
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  const goBack = useGoBack();
  const {
    data: product,
    loading,
    error,
    reload,
  } = useResource(productQueries.one(id), PRODUCT_TEXTS.productLoadFailed);

  let body: ReactNode;
  if (loading) {
    body = (
      <p className="admin-product-page-status" role="status">
        {t('admin.common.loading')}
      </p>
    );
  } else if (error || !product) {
    body = (
      <div className="admin-product-page-failed">
        <p className="admin-product-form-error" role="alert">
          {error ?? PRODUCT_TEXTS.productLoadFailed}
        </p>
        <div className="admin-product-form-inline">
          <button type="button" className="ui-button" onClick={reload}>
            {t('admin.products.tryAgain')}
          </button>
          <button type="button" className="ui-button" onClick={goBack}>
            {t('admin.products.form.back')}
          </button>
        </div>
      </div>
    );
  } else {
    // keyed: another product (or a reload that found a newer version) starts the form afresh from what is stored
    body = (
      <ProductForm
        key={`${product._id}:${product.version}`}
        product={product}
        isAdmin={isAdmin}
        onBack={goBack}
        onReload={reload}
      />
    );
  }

  return (
    <section className="admin-product-page" aria-labelledby="admin-update-product-heading">
      <h1 id="admin-update-product-heading">{t('admin.products.updateTitle')}</h1>
      {body}
    </section>
  );
}
