import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from 'shared-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Product {
  id: string;
  name: string;
}

const columns: DataTableColumn<Product>[] = [
  { key: 'number', header: '#', render: (_, index) => index + 1 },
  { key: 'name', header: 'title', render: (row) => row.name },
];

const rows: Product[] = [
  { id: 'p1', name: 'Desk lamp' },
  { id: 'p2', name: 'Kettle' },
];

function table(props: Partial<Parameters<typeof DataTable<Product>>[0]> = {}) {
  return (
    <DataTable<Product>
      caption="products"
      columns={columns}
      rows={rows}
      getRowKey={(row) => row.id}
      empty={<p>no products found</p>}
      {...props}
    />
  );
}

describe('DataTable', () => {
  it('shows a row per item under the column headers, named by its caption', () => {
    render(table());
    const grid = screen.getByRole('table', { name: 'products' });
    expect(within(grid).getByRole('columnheader', { name: 'title' })).toBeInTheDocument();
    const bodyRows = within(grid).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual(['1Desk lamp', '2Kettle']);
  });

  it("shows 'Loading...' while loading, not the rows", () => {
    render(table({ loading: true }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Desk lamp')).not.toBeInTheDocument();
  });

  it('shows the error as an alert', () => {
    render(table({ error: 'Failed to fetch products. Please try again.', rows: [] }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch products. Please try again.');
    expect(screen.queryByText('no products found')).not.toBeInTheDocument();
  });

  it('shows the empty content when there are no rows', () => {
    render(table({ rows: [] }));
    expect(screen.getByText('no products found')).toBeInTheDocument();
  });

  it('pages: counts the rows shown, numbers them across pages and asks for the next page', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(table({ page: 1, pageSize: 50, total: 120, onPageChange }));
    expect(screen.getByText('Showing 1–50 of 120')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);

    rerender(table({ page: 2, pageSize: 50, total: 120, onPageChange }));
    expect(screen.getByText('Showing 51–100 of 120')).toBeInTheDocument();
    const firstRow = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveTextContent('51');
  });

  it('has no paged footer when one page holds everything', () => {
    render(table({ page: 1, pageSize: 50, total: 2, onPageChange: () => {} }));
    expect(screen.queryByRole('navigation', { name: 'pagination' })).not.toBeInTheDocument();
  });

  it('can be scrolled sideways with the keyboard', () => {
    render(table());
    expect(screen.getByRole('region', { name: 'products' })).toHaveAttribute('tabindex', '0');
  });

  it('says on a sortable column how the rows are sorted by it', () => {
    render(
      table({
        columns: [
          { key: 'number', header: '#', render: (_, index) => index + 1 },
          { key: 'name', header: 'title', sort: 'descending', render: (row) => row.name },
        ],
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'title' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: '#' })).not.toHaveAttribute('aria-sort');
  });
});

describe('DataTable in Urdu', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('says it is loading, and pages, in Urdu', async () => {
    await act(() => setLocale('ur'));
    const { rerender } = render(table({ loading: true }));
    expect(screen.getByRole('status')).toHaveTextContent('لوڈ ہو رہا ہے...');

    rerender(table({ page: 2, pageSize: 50, total: 230, onPageChange: () => {} }));
    expect(screen.getByRole('navigation', { name: 'صفحات' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'پچھلا' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'اگلا' })).toBeEnabled();
    // the figures stay left to right inside the Urdu sentence
    expect(screen.getByText(/دکھائے جا رہے ہیں/)).toHaveTextContent(
      '\u2066230\u2069 میں سے \u206651\u2069–\u2066100\u2069 دکھائے جا رہے ہیں',
    );
    expect(screen.getByText(/میں سے صفحہ/)).toHaveTextContent('\u20665\u2069 میں سے صفحہ \u20662\u2069');
  });

  it('names the details column in Urdu', async () => {
    await act(() => setLocale('ur'));
    render(table({ rowDetails: (row) => row.name }));
    expect(screen.getByRole('columnheader', { name: 'تفصیلات' })).toBeInTheDocument();
  });
});
