/**
 * /admin/products/pending (admin): products waiting for approval. Approving one takes it
 * off this list; the search box filters on the server.
 */
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { approveProduct, errorMessage } from 'shared-api';
import type { Product } from 'shared-api/contract';
import { CHANGES, useInvalidate } from 'shared-ui/lib/mutations';
import { productQuery } from 'shared-ui/lib/product-filters';
import { productQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { ProductSearch } from './product-search';
import { EditDeleteActions, PRODUCTS_PAGE_SIZE, ProductTable } from './product-table';
import { PRODUCT_TEXTS } from './product-texts';
import { useDeleteProduct } from './use-delete-product';
import './products.css';

export function PendingProductsPage() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [approving, setApproving] = useState<ReadonlySet<string>>(new Set());

  const invalidate = useInvalidate();
  const { data, loading, error, reload } = useResource(
    productQueries.list('pending', productQuery({ page, keyword }, PRODUCTS_PAGE_SIZE)),
    PRODUCT_TEXTS.pendingProductsFailed,
  );
  const deletion = useDeleteProduct({ onError: setActionError });

  const total = data?.total ?? 0;

  const search = useCallback((next: string) => {
    setKeyword(next);
    setPage(1);
  }, []);

  async function approve(product: Product) {
    setActionError(null);
    setApproving((ids) => new Set(ids).add(product._id));
    try {
      await approveProduct(product._id);
      toast.success(PRODUCT_TEXTS.approved(product.name));
    } catch (failure) {
      // e.g. another admin approved or deleted it meanwhile: the reload shows how it is now
      setActionError(errorMessage(failure, PRODUCT_TEXTS.approveFailed));
    } finally {
      setApproving((ids) => {
        const next = new Set(ids);
        next.delete(product._id);
        return next;
      });
      await invalidate(CHANGES.product);
    }
  }

  function renderActions(p: Product) {
    const busy = approving.has(p._id);
    return (
      <>
        <button
          type="button"
          className="ui-button ui-button-small ui-button-primary"
          aria-label={`Approve ${p.name}`}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => approve(p)}
        >
          {busy ? 'Approving...' : 'Approve'}
        </button>
        <EditDeleteActions product={p} onDelete={deletion.ask} disabled={busy} />
      </>
    );
  }

  return (
    <section className="admin-products" aria-labelledby="admin-pending-products-heading">
      <header className="admin-products-header">
        <div>
          <h1 id="admin-pending-products-heading">pending products</h1>
          {data && !loading && !error ? (
            <p className="admin-products-count">{`${total} product${total === 1 ? '' : 's'} waiting for approval`}</p>
          ) : null}
        </div>
        <Link className="ui-button ui-button-primary" to="/admin/add-product">
          add new product
        </Link>
      </header>

      <div className="admin-products-filters">
        <ProductSearch keyword={keyword} onSearch={search} />
      </div>

      <ProductTable
        caption="pending products"
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
