/**
 * /admin/products/pending (admin): products waiting for approval. Approving one takes it
 * off this list; the search box filters on the server.
 */
import { useMutationState } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { approveProduct } from 'shared-api';
import type { Product } from 'shared-api/contract';
import { failureText } from 'shared-ui/form/form-alert';
import { CHANGES, useInvalidate, useWrite } from 'shared-ui/lib/mutations';
import { productQuery } from 'shared-ui/lib/product-filters';
import { productQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { useT } from './i18n';
import { ProductSearch } from './product-search';
import { EditDeleteActions, PRODUCTS_PAGE_SIZE, ProductTable } from './product-table';
import { PRODUCT_TEXTS } from './product-texts';
import { useDeleteProduct } from './use-delete-product';
import './products.css';

const APPROVING = ['approve-product'];

export function PendingProductsPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');

  const invalidate = useInvalidate();
  const { data, loading, error, reload } = useResource(
    productQueries.list('pending', productQuery({ page, keyword }, PRODUCTS_PAGE_SIZE)),
    PRODUCT_TEXTS.pendingProductsFailed,
  );
  const deletion = useDeleteProduct();
  const approve = useWrite((product: Product) => approveProduct(product._id), {
    mutationKey: APPROVING,
    onSuccess: (_approved, product) => toast.success(PRODUCT_TEXTS.approved(product.name)),
    // approved or not (e.g. another admin approved or deleted it meanwhile), the reload shows how it is now
    onSettled: () => invalidate(CHANGES.product),
  });
  // every approval on its way (several rows can be approved at once); the state's variables are
  // untyped there, and under this key they are always the product being approved
  const approving = useMutationState({
    filters: { mutationKey: APPROVING, status: 'pending' },
    select: (mutation) => (mutation.state.variables as Product | undefined)?._id,
  });
  const actionError = approve.error ? failureText(approve.error, PRODUCT_TEXTS.approveFailed) : deletion.error;

  const total = data?.total ?? 0;

  const search = useCallback((next: string) => {
    setKeyword(next);
    setPage(1);
  }, []);

  function renderActions(p: Product) {
    const busy = approving.includes(p._id);
    return (
      <>
        <button
          type="button"
          className="ui-button ui-button-small ui-button-primary"
          aria-label={t('admin.products.pending.approveNamed', { name: p.name })}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => {
            deletion.reset();
            approve.mutate(p);
          }}
        >
          {busy ? t('admin.products.pending.approving') : t('admin.products.pending.approve')}
        </button>
        <EditDeleteActions
          product={p}
          onDelete={(product) => {
            approve.reset();
            deletion.ask(product);
          }}
          disabled={busy}
        />
      </>
    );
  }

  return (
    <section className="admin-products" aria-labelledby="admin-pending-products-heading">
      <header className="admin-products-header">
        <div>
          <h1 id="admin-pending-products-heading">{t('admin.products.pending.title')}</h1>
          {data && !loading && !error ? (
            <p className="admin-products-count">{t('admin.products.pending.count', { count: total })}</p>
          ) : null}
        </div>
        <Link className="ui-button ui-button-primary" to="/admin/add-product">
          {t('admin.products.list.addNew')}
        </Link>
      </header>

      <div className="admin-products-filters">
        <ProductSearch keyword={keyword} onSearch={search} />
      </div>

      <ProductTable
        caption={t('admin.products.pending.title')}
        data={data}
        loading={loading}
        error={error}
        reload={reload}
        page={page}
        onPageChange={setPage}
        actionError={actionError}
        actions={renderActions}
      />
      {deletion.dialog}
    </section>
  );
}
