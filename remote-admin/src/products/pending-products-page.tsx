/**
 * /admin/products/pending (admin): products waiting for approval. Approving one takes it
 * off this list; the search box filters on the server.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { approveProduct, errorMessage, fetchPendingProducts } from 'shared-api';
import type { Product } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from 'shared-ui/data-table';
import { useApi } from 'shared-ui/lib/use-api';
import { ProductDetailsPanel } from 'shared-ui/product-details-panel';
import { NoProducts } from './no-products';
import { ProductDescription, ProductPrice, ProductStatus, ProductThumbnail, ProductTitle } from './product-cells';
import { PRODUCTS_PAGE_SIZE, productQuery } from './product-filters';
import { ProductSearch } from './product-search';
import { PRODUCT_TEXTS } from './product-texts';
import { useDeleteProduct } from './use-delete-product';
import './products.css';

export function PendingProductsPage() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [approving, setApproving] = useState<ReadonlySet<string>>(new Set());

  const { data, loading, error, reload } = useApi(
    () => fetchPendingProducts(productQuery({ page, keyword })),
    [page, keyword],
    PRODUCT_TEXTS.pendingProductsFailed,
  );
  const deletion = useDeleteProduct({ onDeleted: reload, onError: setActionError });

  const total = data?.total ?? 0;
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
    if (!loading && data && data.items.length === 0 && page > lastPage) setPage(lastPage);
  }, [loading, data, page, total]);

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
      reload();
    }
  }

  const columns: ReadonlyArray<DataTableColumn<Product>> = [
    { key: 'number', header: '#', render: (_, index) => index + 1 },
    { key: 'title', header: 'title', render: (p) => <ProductTitle product={p} onViewDetails={setDetailsId} /> },
    { key: 'description', header: 'description', render: (p) => <ProductDescription product={p} /> },
    { key: 'price', header: 'price', render: (p) => <ProductPrice product={p} /> },
    { key: 'image', header: 'image', render: (p) => <ProductThumbnail product={p} /> },
    { key: 'status', header: 'status', render: (p) => <ProductStatus product={p} /> },
    {
      key: 'actions',
      header: 'actions',
      render: (p) => {
        const busy = approving.has(p._id);
        return (
          <div className="admin-products-actions">
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
            <Link
              className="ui-button ui-button-small"
              to={`/admin/update-product/${encodeURIComponent(p._id)}`}
              aria-label={`Edit ${p.name}`}
            >
              Edit
            </Link>
            <button
              type="button"
              className="ui-button ui-button-small admin-products-delete"
              aria-label={`Delete ${p.name}`}
              disabled={busy}
              onClick={() => deletion.ask(p)}
            >
              Delete
            </button>
          </div>
        );
      },
    },
  ];

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

      {actionError ? (
        <p className="admin-products-error" role="alert">
          {actionError}
        </p>
      ) : null}

      <DataTable
        caption="pending products"
        columns={columns}
        rows={data?.items ?? []}
        getRowKey={(p) => p._id}
        loading={loading}
        error={error}
        empty={<NoProducts />}
        page={page}
        pageSize={PRODUCTS_PAGE_SIZE}
        total={total}
        onPageChange={setPage}
      />
      {error ? (
        <button type="button" className="ui-button admin-products-retry" onClick={reload}>
          try again
        </button>
      ) : null}

      {deletion.dialog}
      <ProductDetailsPanel productId={detailsId} onClose={() => setDetailsId(null)} />
    </section>
  );
}
