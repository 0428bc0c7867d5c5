import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import {
  ApiError,
  fetchAllOrders,
  fetchApprovedProducts,
  fetchCommission,
  fetchHeldOrders,
  fetchManagerOrders,
  fetchManagerProducts,
  fetchOrderStats,
  fetchPendingProducts,
  fetchPlatformCommission,
  setRuntimeConfig,
  useSession,
} from 'shared-api';
import type { Order, OrderStats, Product, User } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFixture, productFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { DashboardPage } from './dashboard-page';
import { RECENT_ORDERS } from './use-dashboard-data';

// the product's English text (the catalogue's admin.dashboard.commissionNote)
const ADMIN_COMMISSION_NOTE =
  'The commission cards add up the commission of all orders that are not cancelled, paid and payable.';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchAllOrders: vi.fn(),
  fetchApprovedProducts: vi.fn(),
  fetchCommission: vi.fn(),
  fetchHeldOrders: vi.fn(),
  fetchManagerOrders: vi.fn(),
  fetchManagerProducts: vi.fn(),
  fetchOrderStats: vi.fn(),
  fetchPendingProducts: vi.fn(),
  fetchPlatformCommission: vi.fn(),
}));

const allOrders = vi.mocked(fetchAllOrders);
const approvedProducts = vi.mocked(fetchApprovedProducts);
const heldOrders = vi.mocked(fetchHeldOrders);
const managerOrders = vi.mocked(fetchManagerOrders);
const managerProducts = vi.mocked(fetchManagerProducts);
const orderStats = vi.mocked(fetchOrderStats);
const pendingProducts = vi.mocked(fetchPendingProducts);
const platformCommission = vi.mocked(fetchPlatformCommission);

function userFixture(overrides: Partial<User>): User {
  return {
    _id: 'admin-1',
    id: 'admin-1',
    name: 'Ada Admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@example.com',
    role: 'admin',
    phoneNumber: '',
    gender: null,
    state: '',
    city: '',
    referralName: '',
    referralContact: '',
    referralUserId: null,
    status: 'approved',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const admin = userFixture({});
const manager = userFixture({
  _id: 'manager-1',
  id: 'manager-1',
  name: 'Mia Manager',
  firstName: 'Mia',
  role: 'manager',
});

/** 30 days ending on 2026-11-30, with orders on three of them. */
function statsFixture(
  counts: Record<string, number> = { '2026-11-03': 2, '2026-11-20': 5, '2026-11-30': 1 },
): OrderStats {
  return Array.from({ length: 30 }, (_, i) => {
    const date = `2026-11-${String(i + 1).padStart(2, '0')}`;
    return { date, count: counts[date] ?? 0 };
  });
}

const page = <T,>(items: T[], total = items.length) => ({ items, total });
const products = (total: number) => page<Product>([productFixture()], total);

function cardValue(label: string): string | null {
  const card = screen.getByText(label, { selector: '.ui-stat-card-label' }).closest('.ui-stat-card');
  return card?.querySelector('.ui-stat-card-value')?.textContent ?? null;
}

function renderDashboard() {
  return renderWithQueries(
    <MemoryRouter initialEntries={['/admin/dashboard']}>
      <DashboardPage />
      <ToastContainer />
    </MemoryRouter>,
  );
}

/** a manager's own figures (GET /api/manager/comission/:id) */
const ownCommission = vi.mocked(fetchCommission);

beforeEach(() => {
  for (const mock of [
    allOrders,
    approvedProducts,
    managerOrders,
    managerProducts,
    orderStats,
    pendingProducts,
    platformCommission,
    ownCommission,
  ]) {
    mock.mockReset();
  }
  orderStats.mockResolvedValue(statsFixture());
  setRuntimeConfig({ adminWhatsApp: '+923001112233' });
});

afterEach(() => {
  useSession.getState().logout();
  setRuntimeConfig({});
});

describe('admin dashboard', () => {
  beforeEach(() => {
    useSession.getState().setSession('token', admin);
    approvedProducts.mockResolvedValue(products(12));
    pendingProducts.mockResolvedValue(products(3));
    // the recent-orders page answers the orders tile; the commission comes in one answer
    allOrders.mockResolvedValue(page([orderFixture({ _id: 'order-newest', AgentStatus: 'Ordered' })], 27));
    platformCommission.mockResolvedValue({ paidCommission: 300, unpaidCommission: 450.5, orders: 2 });
    // stubbed like the rest: unstubbed, its request fails and shows a second alert
    heldOrders.mockResolvedValue({ orders: 2 });
  });

  it('greets the admin once with a toast and counts approved products, pending products and all orders', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Admin' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Ada!')).toBeInTheDocument();

    await waitFor(() => expect(cardValue('orders')).toBe('27'));
    expect(cardValue('active products')).toBe('12');
    expect(cardValue('pending products')).toBe('3');
    expect(approvedProducts).toHaveBeenCalledWith({ limit: 1 });
    expect(pendingProducts).toHaveBeenCalledWith({ limit: 1 });
    expect(allOrders).toHaveBeenCalledWith({ page: 1, limit: RECENT_ORDERS });
    expect(managerProducts).not.toHaveBeenCalled();
    expect(managerOrders).not.toHaveBeenCalled();

    const tiles = screen.getByRole('list', { name: 'figures' });
    expect(within(tiles).getByRole('link', { name: /pending products/ })).toHaveAttribute(
      'href',
      '/admin/products/pending',
    );
    expect(within(tiles).getByRole('link', { name: /orders/ })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: 'view all orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: '+923001112233' })).toHaveAttribute('href', 'https://wa.me/923001112233');
  });

  it('shows the newest orders as recent activity', async () => {
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'recent activity' });
    expect(await within(table).findByText('order-newest')).toBeInTheDocument();
    expect(within(table).getByText('Ordered')).toBeInTheDocument();
  });

  it("shows the platform's paid and payable commission from one request, the cards leading to the payouts", async () => {
    renderDashboard();
    await waitFor(() => expect(cardValue('total paid commission')).toBe('Rs\u00a0300'));
    expect(cardValue('payable commission')).toBe('Rs\u00a0450.50');
    expect(platformCommission).toHaveBeenCalledTimes(1);
    // no page of orders is summed on the screen any more: the only orders asked are the recent ones
    expect(allOrders).toHaveBeenCalledTimes(1);
    expect(allOrders).toHaveBeenCalledWith({ page: 1, limit: RECENT_ORDERS });
    expect(ownCommission).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /total paid commission/ })).toHaveAttribute('href', '/admin/payouts');
    expect(screen.getByRole('link', { name: /payable commission/ })).toHaveAttribute('href', '/admin/payouts');
    expect(screen.getByText(ADMIN_COMMISSION_NOTE)).toBeInTheDocument();
  });

  it('shows a failed commission load with the reason, and a retry that loads it again', async () => {
    platformCommission.mockRejectedValueOnce(new ApiError('Only an admin can see this.', 'response', 403, true));
    const user = userEvent.setup();
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only an admin can see this.');
    expect(cardValue('total paid commission')).toBe('Rs\u00a00');

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cardValue('total paid commission')).toBe('Rs\u00a0300'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says No orders found. when there are none', async () => {
    allOrders.mockResolvedValue(page<Order>([]));
    renderDashboard();
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(cardValue('orders')).toBe('0');
  });

  it('draws 30 bars of orders per day with a text alternative', async () => {
    const { container } = renderDashboard();
    const chart = await screen.findByRole('img', {
      name: '8 orders in the last 30 days; the busiest day was Nov 20, 2026 with 5 orders.',
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    const table = screen.getByRole('table', { name: 'orders per day, last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: 'Nov 20, 2026' }).nextElementSibling).toHaveTextContent('5');
    expect(container.querySelector('rect[data-date="2026-11-20"] title')).toHaveTextContent('Nov 20: 5 orders');
    expect(orderStats).toHaveBeenCalledTimes(1);
  });

  it('shows a failed count as – with the reason, and a retry that loads it again', async () => {
    pendingProducts.mockRejectedValueOnce(new ApiError('The database cannot be reached.', 'response', 503, true));
    const user = userEvent.setup();
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database cannot be reached.');
    expect(cardValue('pending products')).toBe('–');

    pendingProducts.mockResolvedValue(products(4));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cardValue('pending products')).toBe('4'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the recent orders failure in the table and the chart failure in the chart', async () => {
    allOrders.mockRejectedValue(new ApiError('No response received from server.', 'network'));
    orderStats.mockRejectedValue(new ApiError('No response received from server.', 'network'));
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'recent activity' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('Failed to fetch orders.');
    expect(await screen.findByText('Failed to fetch the orders per day.')).toBeInTheDocument();
    expect(cardValue('orders')).toBe('–');
  });
  it('shows the number of orders on hold', async () => {
    renderDashboard();
    const held = await screen.findByRole('region', { name: 'orders on hold' });
    await waitFor(() => expect(within(held).getByText('2')).toBeInTheDocument());
  });
});

describe('manager dashboard', () => {
  beforeEach(() => {
    useSession.getState().setSession('token', manager);
    ownCommission.mockResolvedValue({ success: true, paidCommission: 1500, unpaidCommission: 250, orders: 9 });
    managerProducts.mockResolvedValue(products(7));
    pendingProducts.mockResolvedValue(products(2));
    managerOrders.mockResolvedValue(page([orderFixture({ _id: 'mine-1' })], 9));
  });

  it("counts the manager's approved products, pending products and orders", async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Mia Manager' })).toBeInTheDocument();
    await waitFor(() => expect(cardValue('orders')).toBe('9'));
    expect(cardValue('active products')).toBe('7');
    expect(cardValue('pending products')).toBe('2');
    expect(managerProducts).toHaveBeenCalledWith({ status: 'approved', limit: 1 });
    expect(pendingProducts).toHaveBeenCalledWith({ limit: 1 });
    expect(managerOrders).toHaveBeenCalledWith({ page: 1, limit: RECENT_ORDERS });
    expect(approvedProducts).not.toHaveBeenCalled();
    expect(allOrders).not.toHaveBeenCalled();
    expect(platformCommission).not.toHaveBeenCalled();
    // a manager has no payouts screen: the commission cards lead nowhere
    expect(screen.queryByRole('link', { name: /commission/ })).not.toBeInTheDocument();

    const tiles = screen.getByRole('list', { name: 'figures' });
    expect(within(tiles).getByRole('link', { name: /orders/ })).toHaveAttribute('href', '/manager/orders');
    expect(within(tiles).getByRole('link', { name: /pending products/ })).toHaveAttribute('href', '/admin/products');
    expect(screen.getByRole('link', { name: 'view all orders' })).toHaveAttribute('href', '/manager/orders');
  });

  it("shows the manager's own commission figures", async () => {
    renderDashboard();
    await waitFor(() => expect(cardValue('total paid commission')).toBe('Rs\u00a01,500'));
    expect(cardValue('payable commission')).toBe('Rs\u00a0250');
    expect(ownCommission).toHaveBeenCalledWith('manager', manager._id);
    await waitFor(() => expect(cardValue('orders')).toBe('9'));
  });

  it('asks for the figures once for everything on the screen that shows them', async () => {
    const { client } = renderDashboard();
    await waitFor(() => expect(cardValue('orders')).toBe('9'));
    await waitFor(() => expect(cardValue('total paid commission')).toBe('Rs\u00a01,500'));
    expect(ownCommission).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['commission', manager._id])).toMatchObject({ paidCommission: 1500 });
  });

  it('shows a failed commission load with a retry', async () => {
    ownCommission.mockRejectedValueOnce(new ApiError('Network Error', 'network'));
    const user = userEvent.setup();
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred while fetching the agent commission data.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cardValue('total paid commission')).toBe('Rs\u00a01,500'));
    expect(ownCommission).toHaveBeenCalledTimes(2);
  });
});
