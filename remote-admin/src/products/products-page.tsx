/**
 * /admin/products: an admin sees every product (but archived ones), a manager its own.
 * Search, review-type and marketplace chips filter on the server; rows page through it.
 */
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMessages, useSession } from 'shared-api';
import { FilterChips } from 'shared-ui/filter-chips';
import {
  ALL,
  MARKETPLACE_CHIPS,
  type MarketplaceChoice,
  productQuery,
  REVIEW_TYPE_CHIPS,
  type ReviewTypeChoice,
} from 'shared-ui/lib/product-filters';
import { productQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { useT } from './i18n';
import { ProductSearch } from './product-search';
import { EditDeleteActions, PRODUCTS_PAGE_SIZE, ProductTable } from './product-table';
import { useDeleteProduct } from './use-delete-product';
import './products.css';

export function ProductsPage() {
  const t = useT();
  const messages = useMessages();
  const isManager = useSession((s) => s.user?.role === 'manager');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [reviewType, setReviewType] = useState<ReviewTypeChoice>(ALL);
  const [marketPlace, setMarketPlace] = useState<MarketplaceChoice>(ALL);

  // GET /api/products/filter answers within the caller's scope: all products for an admin, its own for a manager
  const { data, loading, error, reload } = useResource(
    productQueries.list('filter', productQuery({ page, keyword, reviewType, marketPlace }, PRODUCTS_PAGE_SIZE)),
    messages.filterProductsFailed,
  );
  const deletion = useDeleteProduct();

  const total = data?.total ?? 0;

  const search = useCallback((next: string) => {
    setKeyword(next);
    setPage(1);
  }, []);

  const title = isManager ? t('admin.products.list.mine') : t('admin.products.list.all');

  return (
    <section className="admin-products" aria-labelledby="admin-products-heading">
      <header className="admin-products-header">
        <div>
          <h1 id="admin-products-heading">{title}</h1>
          {data && !loading && !error ? (
            <p className="admin-products-count">{t('admin.products.list.count', { count: total })}</p>
          ) : null}
        </div>
        <Link className="ui-button ui-button-primary" to="/admin/add-product">
          {t('admin.products.list.addNew')}
        </Link>
      </header>

      <div className="admin-products-filters">
        <ProductSearch keyword={keyword} onSearch={search} />
        <FilterChips
          label={t('admin.products.list.reviewType')}
          options={REVIEW_TYPE_CHIPS}
          value={reviewType}
          onChange={(value) => {
            setReviewType(value);
            setPage(1);
          }}
        />
        <FilterChips
          label={t('admin.products.list.marketplace')}
          options={MARKETPLACE_CHIPS}
          value={marketPlace}
          onChange={(value) => {
            setMarketPlace(value);
            setPage(1);
          }}
        />
      </div>

      <ProductTable
        caption={title}
        data={data}
        loading={loading}
        error={error}
        reload={reload}
        page={page}
        onPageChange={setPage}
        actionError={deletion.error}
        actions={(p) => <EditDeleteActions product={p} onDelete={deletion.ask} />}
      />
      {deletion.dialog}
    </section>
  );
}
