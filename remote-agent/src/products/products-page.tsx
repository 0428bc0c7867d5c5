/**
 * /agent/products: the approved products as a grid, filtered by marketplace, review type
 * and a search (through /api/products/filter), paged by the server. Order asks first, then
 * opens the submit-order page for the product.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMessages, useSession } from 'shared-api';
import { type Product, routePath } from 'shared-api/contract';
import { ConfirmDialog } from 'shared-ui/confirm-dialog';
import { FilterChips } from 'shared-ui/filter-chips';
import {
  isFiltered,
  MARKETPLACE_CHIPS,
  type ProductFilters,
  productQuery,
  REVIEW_TYPE_CHIPS,
  readFilters,
  SEARCH_DEBOUNCE_MS,
  writeFilters,
} from 'shared-ui/lib/product-filters';
import { productQueries } from 'shared-ui/lib/queries';
import { useDebouncedValue } from 'shared-ui/lib/use-debounced-value';
import { useResource } from 'shared-ui/lib/use-resource';
import { Pagination } from 'shared-ui/pagination';
import { ProductDetailsPanel } from 'shared-ui/product-details-panel';
import { useT } from '../i18n';
import { ProductCard } from './product-card';
import './products-page.css';

/** Cards per page of the grid. */
export const PRODUCTS_PAGE_SIZE = 12;

export function ProductsPage() {
  const t = useT();
  const messages = useMessages();
  const navigate = useNavigate();
  const headingId = useId();
  const searchId = useId();
  const _userId = useSession((s) => s.user?._id ?? null);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const filtered = isFiltered(filters);

  const [searchText, setSearchText] = useState(filters.keyword);
  const settledSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [detailsFor, setDetailsFor] = useState<string | null>(null);
  const [orderFor, setOrderFor] = useState<Product | null>(null);

  function setFilters(change: Partial<ProductFilters>, options: { replace?: boolean } = {}) {
    // a new filter starts again at the first page
    const next = { ...filters, page: 1, ...change };
    setSearchParams(writeFilters(next), { replace: options.replace ?? false });
  }

  // the search runs once typing pauses (replacing the history entry: no entry per keystroke)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search changes the filter
  useEffect(() => {
    const keyword = settledSearch.trim();
    if (keyword !== filters.keyword) setFilters({ keyword }, { replace: true });
  }, [settledSearch]);

  // the keyword changed from outside the box (back button, cleared): show it there
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the URL's keyword matters
  useEffect(() => {
    if (filters.keyword !== settledSearch.trim()) setSearchText(filters.keyword);
  }, [filters.keyword]);

  const { marketPlace, reviewType, page } = filters;
  const products = useResource(
    // the unfiltered list is the approved products; any filter goes through the filter endpoint
    productQueries.list(filtered ? 'filter' : 'approved', productQuery(filters, PRODUCTS_PAGE_SIZE)),
    filtered ? messages.filterProductsFailed : messages.approvedProductsFailed,
  );

  function onSearchSubmit(event: FormEvent) {
    event.preventDefault();
    const text = searchText.trim();
    if (text !== filters.keyword) setFilters({ keyword: text });
  }

  function clearFilters() {
    setSearchText('');
    setSearchParams(new URLSearchParams());
  }

  const items = products.data?.items ?? [];
  const total = products.data?.total ?? 0;
  const firstLoad = products.loading && !products.data;

  return (
    <section className="agent-products" aria-labelledby={headingId}>
      <header className="agent-products-header">
        <h1 id={headingId}>{t('agent.products.title')}</h1>
        <search className="agent-products-search">
          <form onSubmit={onSearchSubmit}>
            <label htmlFor={searchId} className="ui-visually-hidden">
              {t('agent.products.search')}
            </label>
            <input
              id={searchId}
              type="search"
              placeholder={t('agent.products.search')}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              autoComplete="off"
              maxLength={200}
            />
          </form>
        </search>
      </header>

      <div className="agent-products-filters">
        <FilterChips
          label={t('agent.products.reviewType')}
          options={REVIEW_TYPE_CHIPS}
          value={reviewType}
          onChange={(value) => setFilters({ reviewType: value })}
        />
        <FilterChips
          label={t('agent.products.marketplace')}
          options={MARKETPLACE_CHIPS}
          value={marketPlace}
          onChange={(value) => setFilters({ marketPlace: value })}
        />
      </div>

      {products.error ? (
        <div className="agent-products-problem">
          <p role="alert">{filtered ? messages.filterProductsFailed : messages.approvedProductsFailed}</p>
          <button type="button" className="ui-button ui-button-small" onClick={products.reload}>
            {t('agent.tryAgain')}
          </button>
        </div>
      ) : firstLoad ? (
        <p className="agent-products-status" role="status">
          {t('agent.loading')}
        </p>
      ) : items.length === 0 ? (
        <div className="agent-products-empty">
          <p>{messages.agentNoProductsFound}</p>
          {filtered ? (
            <button type="button" className="ui-button ui-button-small" onClick={clearFilters}>
              {t('agent.products.clearFilters')}
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <p className="agent-products-count" role="status">
            {products.loading ? t('agent.loading') : t('agent.products.count', { count: total })}
          </p>
          <ul
            className="agent-products-grid"
            aria-busy={products.loading || undefined}
            aria-label={t('agent.products.listLabel')}
          >
            {items.map((product) => (
              <li key={product._id}>
                <ProductCard
                  product={product}
                  onViewDetails={(p) => setDetailsFor(p._id)}
                  onOrder={(p) => setOrderFor(p)}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={PRODUCTS_PAGE_SIZE}
            total={total}
            onPageChange={(next) => setFilters({ page: next })}
          />
        </>
      )}

      <ProductDetailsPanel productId={detailsFor} onClose={() => setDetailsFor(null)} />
      <ConfirmDialog
        open={orderFor !== null}
        title={messages.orderConfirmTitle}
        message={messages.orderConfirmMessage}
        onCancel={() => setOrderFor(null)}
        onConfirm={() => {
          if (orderFor) navigate(routePath('/agent/detail/:id', { id: orderFor._id }));
        }}
      />
    </section>
  );
}
