/**
 * The table both admin product lists show: number, title with '(view details)', description,
 * price, image, status and the page's own actions; loading, error with a retry, the empty
 * state, paging, and the details panel.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from 'shared-api';
import type { Product } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from 'shared-ui/data-table';
import { ProductDetailsPanel } from 'shared-ui/product-details-panel';
import { useT } from './i18n';
import { NoProducts } from './no-products';
import { ProductDescription, ProductPrice, ProductStatus, ProductThumbnail, ProductTitle } from './product-cells';

/** Rows per page of the product tables. */
export const PRODUCTS_PAGE_SIZE = 20;

export interface ProductTableProps {
  caption: string;
  data: Page<Product> | undefined;
  loading: boolean;
  error: string | null;
  reload: () => void;
  page: number;
  onPageChange: (page: number) => void;
  /** a refused approve or delete */
  actionError: string | null;
  actions: (product: Product) => ReactNode;
}

export function ProductTable({
  caption,
  data,
  loading,
  error,
  reload,
  page,
  onPageChange,
  actionError,
  actions,
}: ProductTableProps) {
  const t = useT();
  const [detailsId, setDetailsId] = useState<string | null>(null);

  // a page emptied by a deletion or an approval (or a shorter list) shows the last page that has rows
  const total = data?.total ?? 0;
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
    if (!loading && data && data.items.length === 0 && page > lastPage) onPageChange(lastPage);
  }, [loading, data, page, total, onPageChange]);

  const columns: ReadonlyArray<DataTableColumn<Product>> = [
    { key: 'number', header: '#', render: (_, index) => index + 1 },
    {
      key: 'title',
      header: t('admin.products.column.title'),
      render: (p) => <ProductTitle product={p} onViewDetails={setDetailsId} />,
    },
    {
      key: 'description',
      header: t('admin.products.column.description'),
      render: (p) => <ProductDescription product={p} />,
    },
    { key: 'price', header: t('admin.products.column.price'), render: (p) => <ProductPrice product={p} /> },
    { key: 'image', header: t('admin.products.column.image'), render: (p) => <ProductThumbnail product={p} /> },
    { key: 'status', header: t('admin.products.column.status'), render: (p) => <ProductStatus product={p} /> },
    {
      key: 'actions',
      header: t('admin.products.column.actions'),
      render: (p) => <div className="admin-products-actions">{actions(p)}</div>,
    },
  ];

  return (
    <>
      {actionError ? (
        <p className="admin-products-error" role="alert">
          {actionError}
        </p>
      ) : null}

      <DataTable
        caption={caption}
        columns={columns}
        rows={data?.items ?? []}
        getRowKey={(p) => p._id}
        loading={loading}
        error={error}
        empty={<NoProducts />}
        page={page}
        pageSize={PRODUCTS_PAGE_SIZE}
        total={total}
        onPageChange={onPageChange}
      />
      {error ? (
        <button type="button" className="ui-button admin-products-retry" onClick={reload}>
          {t('admin.products.tryAgain')}
        </button>
      ) : null}

      <ProductDetailsPanel productId={detailsId} onClose={() => setDetailsId(null)} />
    </>
  );
}

/** Edit (to the update form) and Delete (the page confirms first), on every product row. */
export function EditDeleteActions({
  product,
  onDelete,
  disabled = false,
}: {
  product: Product;
  onDelete: (product: Product) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <>
      <Link
        className="ui-button ui-button-small"
        to={`/admin/update-product/${encodeURIComponent(product._id)}`}
        aria-label={t('admin.products.editNamed', { name: product.name })}
      >
        {t('admin.products.edit')}
      </Link>
      <button
        type="button"
        className="ui-button ui-button-small admin-products-delete"
        aria-label={t('admin.products.deleteNamed', { name: product.name })}
        disabled={disabled}
        onClick={() => onDelete(product)}
      >
        {t('admin.products.delete')}
      </button>
    </>
  );
}
