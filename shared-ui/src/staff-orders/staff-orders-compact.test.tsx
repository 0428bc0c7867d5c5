import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fetchAllOrders } from 'shared-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffOrdersScreen } from '../staff-orders-screen';
import { orderFixture, orderProductFixture } from '../test/fixtures';
import { renderWithQueries } from '../test/render';
import { activeFilterCount, filtersButtonLabel } from './staff-order-filters';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchAllOrders: vi.fn(),
  fetchManagerOrders: vi.fn(),
}));

const allOrders = vi.mocked(fetchAllOrders);

const LONG_NAME = 'Professional Stainless Steel Espresso Grinder with Forty Settings and a Timer';
const order = orderFixture({
  _id: 'ord-long',
  amzOrderNumber: '111-1111111-1111111',
  comission: 300,
  buyerName: 'Bilal Buyer',
  buyerPayPal: 'bilal@example.com',
  product: orderProductFixture({ name: LONG_NAME }),
});

function renderScreen(path: string) {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/orders" element={<StaffOrdersScreen viewer="admin" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('StaffOrdersScreen: the compact table and the filters on a phone', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    allOrders.mockResolvedValue({ items: [order], total: 1 });
  });

  it("counts the orders in words: '1 order', '45 orders'", async () => {
    const { unmount } = renderScreen('/admin/orders');
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    unmount();
    allOrders.mockResolvedValue({ items: [order], total: 45 });
    renderScreen('/admin/orders?page=1');
    expect(await screen.findByText('45 orders')).toBeInTheDocument();
  });

  it("folds the filters behind a 'Filters' button that says how many are on", async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders?status=Reviewed&from=2026-11-01&sort=oldest&view=table&q=bilal');
    await screen.findByRole('table', { name: 'orders' });
    // a status and a first day narrow the list; the order, the view and the search box (always shown) do not count
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('group', { name: 'status' }));
    expect(panel).toContainElement(screen.getByLabelText('from'));
    expect(panel).not.toContainElement(screen.getByRole('searchbox'));
    expect(panel).toHaveAttribute('data-open', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
  });

  it("reads 'Filters' alone while none is on", () => {
    const none = {
      status: 'all',
      commission: 'all',
      q: 'x',
      agentId: '',
      productId: '',
      from: '',
      to: '',
      sort: 'oldest',
      flags: 'all',
      view: 'table',
      page: 3,
    } as const;
    expect(filtersButtonLabel(activeFilterCount(none))).toBe('Filters');
    expect(
      filtersButtonLabel(activeFilterCount({ ...none, commission: 'paid', flags: 'flagged', to: '2026-11-02' })),
    ).toBe('Filters (3)');
  });

  it('gives a long product name its full text on hover and to a screen reader, cut short in its cell', async () => {
    renderScreen('/admin/orders?view=table');
    const table = await screen.findByRole('table', { name: 'orders' });
    const product = within(table).getByRole('link', { name: `${LONG_NAME}: show only this product's orders` });
    expect(product).toHaveAttribute('title', `${LONG_NAME}: show only this product's orders`);
    expect(product.closest('.ui-orders-table-truncate')).not.toBeNull();
    expect(within(table).getByTitle('Bilal Buyer')).toHaveTextContent('Bilal Buyer');
  });

  it('opens a row on its details button: what a phone does not show in the row, named by its column', async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders?view=table');
    const table = await screen.findByRole('table', { name: 'orders' });
    const details = within(table).getByRole('button', { name: 'details of order 111-1111111-1111111' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByRole('term')).not.toBeInTheDocument();

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const opened = document.getElementById(details.getAttribute('aria-controls') ?? '');
    expect(opened).not.toBeNull();
    const terms = within(opened as HTMLElement)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['date', 'product', 'agent', 'buyer', 'status', 'commission status']);
    expect(within(opened as HTMLElement).getByText('bilal@example.com')).toBeInTheDocument();

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByRole('term')).not.toBeInTheDocument();
  });
});
