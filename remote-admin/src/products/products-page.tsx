/**
 * /admin/products: an admin sees every product (but archived ones), a manager its own.
 * Search, review-type and marketplace chips filter on the server; rows page through it.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { filterProducts, useSession } from 'shared-api';
import { MESSAGES, type Product } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from 'shared-ui/data-table';
import { FilterChips } from 'shared-ui/filter-chips';
import { useApi } from 'shared-ui/lib/use-api';
import { ProductDetailsPanel } from 'shared-ui/product-details-panel';
import { NoProducts } from './no-products';
import { ProductDescription, ProductPrice, ProductStatus, ProductThumbnail, ProductTitle } from './product-cells';
import {
  ALL,
  MARKETPLACE_CHIPS,
  type MarketplaceChoice,
  PRODUCTS_PAGE_SIZE,
  productQuery,
  REVIEW_TYPE_CHIPS,
  type ReviewTypeChoice,
} from './product-filters';
import { ProductSearch } from './product-search';
import { useDeleteProduct } from './use-delete-product';
import './products.css';

export function ProductsPage() {
  const isManager = useSession((s) => s.user?.role === 'manager');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [reviewType, setReviewType] = useState<ReviewTypeChoice>(ALL);
  const [marketPlace, setMarketPlace] = useState<MarketplaceChoice>(ALL);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // GET /api/products/filter answers within the caller's scope: all products for an admin, its own for a manager
  const { data, loading, error, reload } = useApi(
    () => filterProducts(productQuery({ page, keyword, reviewType, marketPlace })),
    [page, keyword, reviewType, marketPlace],
    MESSAGES.filterProductsFailed,
  );
  const deletion = useDeleteProduct({ onDeleted: reload, onError: setActionError });

  // a page emptied by a deletion (or a shorter list) shows the last page that has rows
  const total = data?.total ?? 0;
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
    if (!loading && data && data.items.length === 0 && page > lastPage) setPage(lastPage);
  }, [loading, data, page, total]);

  const search = useCallback((next: string) => {
    setKeyword(next);
    setPage(1);
  }, []);

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
      render: (p) => (
        <div className="admin-products-actions">
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
            onClick={() => deletion.ask(p)}
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  const title = isManager ? 'my products' : 'all products';

  return (
    <section className="admin-products" aria-labelledby="admin-products-heading">
      <header className="admin-products-header">
        <div>
          <h1 id="admin-products-heading">{title}</h1>
          {data && !loading && !error ? (
            <p className="admin-products-count">{`${total} product${total === 1 ? '' : 's'}`}</p>
          ) : null}
        </div>
        <Link className="ui-button ui-button-primary" to="/admin/add-product">
          add new product
        </Link>
      </header>

      <div className="admin-products-filters">
        <ProductSearch keyword={keyword} onSearch={search} />
        <FilterChips
          label="review type"
          options={REVIEW_TYPE_CHIPS}
          value={reviewType}
          onChange={(value) => {
            setReviewType(value);
            setPage(1);
          }}
        />
        <FilterChips
          label="marketplace"
          options={MARKETPLACE_CHIPS}
          value={marketPlace}
          onChange={(value) => {
            setMarketPlace(value);
            setPage(1);
          }}
        />
      </div>

      {actionError ? (
        <p className="admin-products-error" role="alert">
          {actionError}
        </p>
      ) : null}

      <DataTable
        caption={title}
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
