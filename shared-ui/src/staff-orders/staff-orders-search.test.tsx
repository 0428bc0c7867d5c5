import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, downloadOrdersCsv, fetchAllOrders, fetchManagerOrders, type OrderFilter } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../lib/product-filters';
import { STAFF_ORDERS_PAGE_SIZE, STAFF_ORDERS_TABLE_PAGE_SIZE, StaffOrdersScreen } from '../staff-orders-screen';
import { orderFixture, orderProductFixture } from '../test/fixtures';
import { renderWithQueries } from '../test/render';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchAllOrders: vi.fn(),
  fetchManagerOrders: vi.fn(),
  downloadOrdersCsv: vi.fn(),
}));

const allOrders = vi.mocked(fetchAllOrders);
const managerOrders = vi.mocked(fetchManagerOrders);
const download = vi.mocked(downloadOrdersCsv);

const AGENT = '7f1c2a52-5b7e-4d5f-9a3e-0c4f5b6a7d8e';
const PRODUCT = '0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4';

const cheap = orderFixture({
  _id: 'ord-cheap',
  amzOrderNumber: '111-1111111-1111111',
  comission: 300,
  createdAt: '2026-11-02T10:00:00.000Z',
  agent: { ...orderFixture().agent, _id: AGENT, name: 'Andy Agent' },
  product: orderProductFixture({ _id: PRODUCT, name: 'Espresso Grinder' }),
});
const dear = orderFixture({
  _id: 'ord-dear',
  amzOrderNumber: '222-2222222-2222222',
  comission: 900,
  buyerName: 'Sana Buyer',
  buyerPayPal: 'sana@example.com',
  AgentStatus: 'Reviewed',
  status: 'Refunded',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const cancelled = orderFixture({ _id: 'ord-gone', amzOrderNumber: '333-3333333-3333333', AgentStatus: 'cancelled' });

function Harness() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        browser back
      </button>
    </>
  );
}

function renderScreen(path: string, viewer: 'admin' | 'manager' = 'admin') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/orders" element={<StaffOrdersScreen viewer={viewer} />} />
        <Route path="/manager/orders" element={<StaffOrdersScreen viewer={viewer} />} />
        <Route path="/manager/update/order/:id" element={<h1>update order page</h1>} />
      </Routes>
      <Harness />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('location').textContent;
const searchCalls = (mock: typeof allOrders) =>
  mock.mock.calls.filter(([filter]: [OrderFilter?]) => filter?.q !== undefined).map(([filter]) => filter);

describe('StaffOrdersScreen: search, filters in the URL and the table view', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    allOrders.mockResolvedValue({ items: [cheap, dear, cancelled], total: 3 });
    managerOrders.mockResolvedValue({ items: [cheap, dear], total: 2 });
  });

  afterEach(() => vi.restoreAllMocks());

  it('reopens the view a link describes: search, days, agent, sort, table and page', async () => {
    allOrders.mockResolvedValue({ items: [cheap], total: 120 });
    renderScreen(
      `/admin/orders?q=Bilal&from=2026-11-01&to=2026-11-23&agent=${AGENT}&sort=commission-high&view=table&page=2`,
    );

    const table = await screen.findByRole('table', { name: 'orders' });
    expect(allOrders).toHaveBeenCalledTimes(1);
    expect(allOrders).toHaveBeenCalledWith({
      page: 2,
      limit: STAFF_ORDERS_TABLE_PAGE_SIZE,
      q: 'Bilal',
      from: '2026-11-01',
      to: '2026-11-23',
      agentId: AGENT,
      sort: 'commission-high',
    });
    expect(screen.getByRole('searchbox', { name: 'search orders' })).toHaveValue('Bilal');
    expect(screen.getByLabelText('from')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('to')).toHaveValue('2026-11-23');
    expect(screen.getByRole('combobox', { name: 'sort' })).toHaveValue('commission-high');
    expect(within(screen.getByRole('group', { name: 'view' })).getByRole('button', { name: 'table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'remove filter agent: Andy Agent' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'commission' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('searches once typing pauses, with one call for the whole text, from the first page', async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders?status=Reviewed&page=3');
    await screen.findByRole('article', { name: 'Order ID: ord-cheap' });

    await user.type(screen.getByRole('searchbox', { name: 'search orders' }), 'Bilal Buyer');
    expect(searchCalls(allOrders)).toEqual([]);

    await waitFor(() => expect(searchCalls(allOrders)).toHaveLength(1), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(allOrders).toHaveBeenLastCalledWith({
      page: 1,
      limit: STAFF_ORDERS_PAGE_SIZE,
      AgentStatus: 'Reviewed',
      q: 'Bilal Buyer',
    });
    expect(where()).toBe('/admin/orders?status=Reviewed&q=Bilal+Buyer');
  });

  it('searches at once on Enter', async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders');
    await screen.findByRole('article', { name: 'Order ID: ord-cheap' });

    await user.type(screen.getByRole('searchbox', { name: 'search orders' }), ' 111-1111111 {Enter}');

    expect(allOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, q: '111-1111111' });
    expect(where()).toBe('/admin/orders?q=111-1111111');
  });

  it('goes Back to the earlier search, in the box and in the list', async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders?q=Bilal');
    await screen.findByRole('article', { name: 'Order ID: ord-cheap' });
    const box = screen.getByRole('searchbox', { name: 'search orders' });

    await user.clear(box);
    await user.type(box, 'Sana{Enter}');
    expect(where()).toBe('/admin/orders?q=Sana');

    await user.click(screen.getByRole('button', { name: 'browser back' }));

    expect(where()).toBe('/admin/orders?q=Bilal');
    expect(box).toHaveValue('Bilal');
    expect(allOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, q: 'Bilal' });
    // the box's own settling does not search again for what it was showing before
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(where()).toBe('/admin/orders?q=Bilal');
  });

  it("narrows to a range of days, and shows the server's message for a bad range without losing the dates", async () => {
    allOrders.mockImplementation(async (filter = {}) => {
      if (filter.from && filter.to && filter.from > filter.to) {
        throw new ApiError(MESSAGES.searchDateRange, 'response', 400, true);
      }
      return { items: [cheap], total: 1 };
    });
    renderScreen('/admin/orders?page=2');
    await screen.findByRole('article', { name: 'Order ID: ord-cheap' });

    fireEvent.change(screen.getByLabelText('from'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(allOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, from: '2026-11-20' }),
    );
    fireEvent.change(screen.getByLabelText('to'), { target: { value: '2026-11-01' } });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.searchDateRange);
    expect(screen.getByLabelText('from')).toHaveValue('2026-11-20');
    expect(screen.getByLabelText('to')).toHaveValue('2026-11-01');
    expect(where()).toBe('/admin/orders?from=2026-11-20&to=2026-11-01');

    fireEvent.change(screen.getByLabelText('to'), { target: { value: '2026-11-30' } });
    expect(await screen.findByRole('article', { name: 'Order ID: ord-cheap' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('orders the list by the sort chosen, from the first page', async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders?page=2');
    await screen.findByRole('article', { name: 'Order ID: ord-cheap' });

    const sort = screen.getByRole('combobox', { name: 'sort' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['newest first', 'oldest first', 'commission, high to low', 'commission, low to high']);
    await user.selectOptions(sort, 'commission, low to high');

    expect(allOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, sort: 'commission-low' });
    expect(where()).toBe('/admin/orders?sort=commission-low');
  });

  it('switches to the table view, kept in the URL: a row an order, its number linking to the update page', async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders?status=Reviewed&page=2');
    await screen.findByRole('article', { name: 'Order ID: ord-cheap' });

    await user.click(within(screen.getByRole('group', { name: 'view' })).getByRole('button', { name: 'table' }));

    expect(where()).toBe('/admin/orders?status=Reviewed&view=table');
    expect(allOrders).toHaveBeenLastCalledWith({
      page: 1,
      limit: STAFF_ORDERS_TABLE_PAGE_SIZE,
      AgentStatus: 'Reviewed',
    });
    const table = await screen.findByRole('table', { name: 'orders' });
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[↑↓↕]/g, '')),
    ).toEqual([
      'details',
      'date',
      'order number',
      'product',
      'agent',
      'buyer',
      'agent status',
      'status',
      'commission status',
      'commission',
    ]);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .slice(2)
        .map((td) => td.textContent),
    ).toEqual([
      '111-1111111-1111111Bilal Buyer',
      'Espresso Grinder',
      'Andy Agent',
      'Bilal Buyerbuyer@example.com',
      'submitted',
      'Not set',
      'unpaid',
      'Rs\u00a0300',
    ]);
    expect(within(second as HTMLElement).getByText('Rs 900')).toBeInTheDocument();
    expect(within(third as HTMLElement).queryByRole('link', { name: '333-3333333-3333333' })).not.toBeInTheDocument();

    await user.click(within(first as HTMLElement).getByRole('link', { name: '111-1111111-1111111' }));
    expect(screen.getByRole('heading', { name: 'update order page' })).toBeInTheDocument();
    expect(where()).toBe('/manager/update/order/ord-cheap');

    await user.click(screen.getByRole('button', { name: 'browser back' }));
    expect(await screen.findByRole('table', { name: 'orders' })).toBeInTheDocument();
    expect(where()).toBe('/admin/orders?status=Reviewed&view=table');
  });

  it('sorts the table by commission and by date from the column headers, which say how it is sorted', async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders?view=table&page=2');
    const table = await screen.findByRole('table', { name: 'orders' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });

    expect(header('date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('commission')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('commission')).getByRole('button', { name: 'commission' }));
    expect(where()).toBe('/admin/orders?view=table&sort=commission-high');
    expect(allOrders).toHaveBeenLastCalledWith({
      page: 1,
      limit: STAFF_ORDERS_TABLE_PAGE_SIZE,
      sort: 'commission-high',
    });
    expect(header('commission')).toHaveAttribute('aria-sort', 'descending');
    expect(header('date')).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('combobox', { name: 'sort' })).toHaveValue('commission-high');

    await user.click(within(header('commission')).getByRole('button', { name: 'commission' }));
    expect(allOrders).toHaveBeenLastCalledWith({
      page: 1,
      limit: STAFF_ORDERS_TABLE_PAGE_SIZE,
      sort: 'commission-low',
    });
    expect(header('commission')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('date')).getByRole('button', { name: 'date' }));
    expect(where()).toBe('/admin/orders?view=table');
    expect(header('date')).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header('date')).getByRole('button', { name: 'date' }));
    expect(where()).toBe('/admin/orders?view=table&sort=oldest');
    expect(header('date')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('narrows to one agent or product by its name on a card, shown as a chip that removes it', async () => {
    const user = userEvent.setup();
    renderScreen('/admin/orders?q=Bilal&page=2');
    const card = await screen.findByRole('article', { name: 'Order ID: ord-cheap' });

    await user.click(within(card).getByRole('link', { name: "Andy Agent: show only this agent's orders" }));
    expect(where()).toBe(`/admin/orders?q=Bilal&agent=${AGENT}`);
    expect(allOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, q: 'Bilal', agentId: AGENT });

    const again = await screen.findByRole('article', { name: 'Order ID: ord-cheap' });
    await user.click(within(again).getByRole('link', { name: "Espresso Grinder: show only this product's orders" }));
    expect(allOrders).toHaveBeenLastCalledWith({
      page: 1,
      limit: STAFF_ORDERS_PAGE_SIZE,
      q: 'Bilal',
      agentId: AGENT,
      productId: PRODUCT,
    });
    expect(await screen.findByRole('button', { name: 'remove filter product: Espresso Grinder' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'remove filter agent: Andy Agent' }));
    expect(where()).toBe(`/admin/orders?q=Bilal&product=${PRODUCT}`);
    expect(screen.queryByRole('button', { name: /remove filter agent/ })).not.toBeInTheDocument();
  });

  it('offers to clear the filters when nothing matches them', async () => {
    allOrders.mockResolvedValue({ items: [], total: 0 });
    const user = userEvent.setup();
    renderScreen('/admin/orders?q=nobody&status=Reviewed&sort=oldest&view=table');

    expect(await screen.findByText('No order found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'clear the filters' }));

    expect(where()).toBe('/admin/orders?sort=oldest&view=table');
    expect(screen.getByRole('searchbox', { name: 'search orders' })).toHaveValue('');
  });

  it("exports what the list shows, without its page, and saves the file under the server's name", async () => {
    const blob = new Blob(['Order number\r\n'], { type: 'text/csv' });
    download.mockResolvedValue({ blob, filename: 'orders-2026-11-23.csv' });
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const user = userEvent.setup();
      renderScreen(`/admin/orders?q=Bilal&commission=unpaid&product=${PRODUCT}&sort=oldest&view=table&page=2`);
      await screen.findByRole('table', { name: 'orders' });

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));

      expect(download).toHaveBeenCalledWith(
        { q: 'Bilal', comissionStatus: 'unpaid', productId: PRODUCT, sort: 'oldest' },
        expect.objectContaining({ signal: expect.any(AbortSignal) }),
      );
      expect(await screen.findByText('Saved orders-2026-11-23.csv')).toBeInTheDocument();
      expect(saved).toEqual(['orders-2026-11-23.csv']);
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it("gives the manager the same search over the manager's own orders", async () => {
    const user = userEvent.setup();
    renderScreen('/manager/orders?commission=paid', 'manager');
    await screen.findByRole('article', { name: 'Order ID: ord-cheap' });

    await user.type(screen.getByRole('searchbox', { name: 'search orders' }), 'Sana{Enter}');
    expect(managerOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, q: 'Sana' });
    await user.click(within(screen.getByRole('group', { name: 'view' })).getByRole('button', { name: 'table' }));
    expect(await screen.findByRole('table', { name: 'orders' })).toBeInTheDocument();
    expect(managerOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_TABLE_PAGE_SIZE, q: 'Sana' });
    expect(allOrders).not.toHaveBeenCalled();
  });
});
