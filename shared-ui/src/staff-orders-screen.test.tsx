import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, fetchAllOrders, fetchManagerOrders } from 'shared-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ORDERS_PAGE_SIZE, StaffOrdersScreen } from './staff-orders-screen';
import { orderFixture } from './test/fixtures';
import { renderWithQueries } from './test/render';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchAllOrders: vi.fn(),
  fetchManagerOrders: vi.fn(),
}));

const allOrders = vi.mocked(fetchAllOrders);
const managerOrders = vi.mocked(fetchManagerOrders);

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderScreen(viewer: 'admin' | 'manager', path = viewer === 'admin' ? '/admin/orders' : '/manager/orders') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/orders" element={<StaffOrdersScreen viewer={viewer} />} />
        <Route path="/manager/orders" element={<StaffOrdersScreen viewer={viewer} />} />
        <Route path="/manager/update/order/:id" element={<h1>update order page</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const submitted = orderFixture({ _id: 'ord-1', amzOrderNumber: '111-1111111-1111111', AgentStatus: 'submitted' });
const cancelled = orderFixture({ _id: 'ord-2', amzOrderNumber: '222-2222222-2222222', AgentStatus: 'cancelled' });

describe('StaffOrdersScreen', () => {
  beforeEach(() => {
    allOrders.mockReset();
    managerOrders.mockReset();
  });

  it('shows the manager the orders of their products with the count from the total', async () => {
    managerOrders.mockResolvedValue({ items: [submitted, cancelled], total: 57 });
    renderScreen('manager');

    expect(screen.getByText('Loading...')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('article', { name: 'Order ID: ord-1' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Order ID: ord-2' })).toBeInTheDocument();
    expect(screen.getByText('57 orders')).toBeInTheDocument();
    expect(managerOrders).toHaveBeenCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE });
    expect(allOrders).not.toHaveBeenCalled();
  });

  it('filters by agent status through the API, Cancelled sending cancelled, and All clearing it', async () => {
    managerOrders.mockResolvedValue({ items: [submitted], total: 1 });
    const user = userEvent.setup();
    renderScreen('manager');
    await screen.findByRole('article', { name: 'Order ID: ord-1' });

    const chips = screen.getByRole('group', { name: 'status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'submitted', 'Ordered', 'Reviewed', 'Feedbacked', 'Cancelled']);

    await user.click(within(chips).getByRole('button', { name: 'Reviewed' }));
    expect(managerOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, AgentStatus: 'Reviewed' });
    expect(within(chips).getByRole('button', { name: 'Reviewed' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(chips).getByRole('button', { name: 'Cancelled' }));
    expect(managerOrders).toHaveBeenLastCalledWith({
      page: 1,
      limit: STAFF_ORDERS_PAGE_SIZE,
      AgentStatus: 'cancelled',
    });

    await user.click(within(chips).getByRole('button', { name: 'All' }));
    expect(managerOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE });
  });

  it('gives only the admin the paid and unpaid chips, which filter by commission status', async () => {
    allOrders.mockResolvedValue({ items: [submitted], total: 1 });
    const user = userEvent.setup();
    renderScreen('admin');
    await screen.findByRole('article', { name: 'Order ID: ord-1' });
    expect(allOrders).toHaveBeenCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE });

    const commission = screen.getByRole('group', { name: 'commission' });
    await user.click(within(commission).getByRole('button', { name: 'paid' }));
    expect(allOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, comissionStatus: 'paid' });

    await user.click(within(screen.getByRole('group', { name: 'status' })).getByRole('button', { name: 'Ordered' }));
    expect(allOrders).toHaveBeenLastCalledWith({
      page: 1,
      limit: STAFF_ORDERS_PAGE_SIZE,
      AgentStatus: 'Ordered',
      comissionStatus: 'paid',
    });

    await user.click(within(commission).getByRole('button', { name: 'unpaid' }));
    expect(allOrders).toHaveBeenLastCalledWith({
      page: 1,
      limit: STAFF_ORDERS_PAGE_SIZE,
      AgentStatus: 'Ordered',
      comissionStatus: 'unpaid',
    });
    expect(managerOrders).not.toHaveBeenCalled();
  });

  it('has no commission chips for a manager, even with one in the URL', async () => {
    managerOrders.mockResolvedValue({ items: [submitted], total: 1 });
    renderScreen('manager', '/manager/orders?commission=paid');
    await screen.findByRole('article', { name: 'Order ID: ord-1' });
    expect(screen.queryByRole('group', { name: 'commission' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'paid' })).not.toBeInTheDocument();
    expect(managerOrders).toHaveBeenCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE });
  });

  it('links update order to the update page, and disables it for a cancelled order', async () => {
    managerOrders.mockResolvedValue({ items: [submitted, cancelled], total: 2 });
    const user = userEvent.setup();
    renderScreen('manager');

    const cancelledCard = await screen.findByRole('article', { name: 'Order ID: ord-2' });
    expect(within(cancelledCard).getByText('Cancelled', { selector: 'span' })).toBeInTheDocument();
    const disabled = within(cancelledCard).getByRole('button', { name: /^update order/ });
    expect(disabled).toBeDisabled();
    expect(within(cancelledCard).queryByRole('link', { name: /^update order/ })).not.toBeInTheDocument();

    const card = screen.getByRole('article', { name: 'Order ID: ord-1' });
    const link = within(card).getByRole('link', { name: /^update order/ });
    expect(link).toHaveAttribute('href', '/manager/update/order/ord-1');
    await user.click(link);
    expect(screen.getByRole('heading', { name: 'update order page' })).toBeInTheDocument();
  });

  it('opens an order screenshot in the lightbox', async () => {
    const withShots = orderFixture({
      _id: 'ord-3',
      reviewScreenShot: 'https://images.example.com/review.png',
      FeedbackScreenShot: 'https://images.example.com/feedback.png',
    });
    managerOrders.mockResolvedValue({ items: [withShots], total: 1 });
    const user = userEvent.setup();
    renderScreen('manager');

    const card = await screen.findByRole('article', { name: 'Order ID: ord-3' });
    await user.click(within(card).getByRole('button', { name: 'review screenshot' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'review screenshot' })).toHaveAttribute(
      'src',
      'https://images.example.com/review.png',
    );
    expect(within(card).getByRole('button', { name: 'feedback screenshot' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'order screenshot' })).toBeInTheDocument();
  });

  it('says No order found when there are none', async () => {
    allOrders.mockResolvedValue({ items: [], total: 0 });
    renderScreen('admin');
    expect(await screen.findByText('No order found')).toBeInTheDocument();
    expect(screen.getByText('0 orders')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("shows the server's message when the list fails, and loads again on request", async () => {
    managerOrders.mockRejectedValueOnce(new ApiError('The service is down.', 'response', 503, true));
    managerOrders.mockResolvedValueOnce({ items: [submitted], total: 1 });
    const user = userEvent.setup();
    renderScreen('manager');

    expect(await screen.findByRole('alert')).toHaveTextContent('The service is down.');
    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(await screen.findByRole('article', { name: 'Order ID: ord-1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a clear message when the server cannot be reached', async () => {
    managerOrders.mockRejectedValue(new ApiError('No response received from server.', 'network'));
    renderScreen('manager');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch orders. Please try again.');
  });

  it('pages through the server with page and limit, keeping the filter', async () => {
    const page1 = Array.from({ length: STAFF_ORDERS_PAGE_SIZE }, (_, i) =>
      orderFixture({ _id: `p1-${i}`, amzOrderNumber: `100-0000000-00000${String(i).padStart(2, '0')}` }),
    );
    const page2 = [orderFixture({ _id: 'p2-0' })];
    managerOrders.mockImplementation(async (params = {}) =>
      params.page === 2 ? { items: page2, total: STAFF_ORDERS_PAGE_SIZE + 1 } : { items: page1, total: 21 },
    );
    const user = userEvent.setup();
    renderScreen('manager', '/manager/orders?status=Ordered');

    await screen.findByRole('article', { name: 'Order ID: p1-0' });
    expect(screen.getByText(`Showing 1–${STAFF_ORDERS_PAGE_SIZE} of 21`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('article', { name: 'Order ID: p2-0' })).toBeInTheDocument();
    expect(managerOrders).toHaveBeenLastCalledWith({ page: 2, limit: STAFF_ORDERS_PAGE_SIZE, AgentStatus: 'Ordered' });
    expect(screen.getByTestId('location')).toHaveTextContent('/manager/orders?status=Ordered&page=2');

    // a new filter starts again at the first page
    await user.click(screen.getByRole('button', { name: 'Reviewed' }));
    expect(managerOrders).toHaveBeenLastCalledWith({ page: 1, limit: STAFF_ORDERS_PAGE_SIZE, AgentStatus: 'Reviewed' });
  });
});
