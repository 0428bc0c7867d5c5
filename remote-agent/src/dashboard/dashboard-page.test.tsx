import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import {
  ApiError,
  fetchAgentOrders,
  fetchApprovedProducts,
  fetchCommission,
  fetchOwnPayoutAccount,
  useSession,
} from 'shared-api';
import { MESSAGES, type User } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { DashboardPage } from './dashboard-page';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchApprovedProducts: vi.fn(),
  fetchAgentOrders: vi.fn(),
  fetchCommission: vi.fn(),
  fetchOwnPayoutAccount: vi.fn(),
}));

/** GET /api/agent/comission/:id answers its figures, or says it failed (success: false) */
function commissionAnswers(answer: 'loaded' | 'failed') {
  vi.mocked(fetchCommission).mockResolvedValue(
    answer === 'loaded'
      ? { success: true, paidCommission: 900, unpaidCommission: 450, orders: 3 }
      : { success: false, paidCommission: 0, unpaidCommission: 0, orders: 0 },
  );
}

const agent: User = {
  _id: 'agent-1',
  id: 'agent-1',
  name: 'Andy Agent',
  firstName: 'Andy',
  lastName: 'Agent',
  email: 'agent@example.com',
  role: 'agent',
  phoneNumber: '',
  gender: null,
  state: '',
  city: '',
  referralName: '',
  referralContact: '',
  referralUserId: null,
  status: 'approved',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const recent = [
  orderFixture({ _id: 'order-9', amzOrderNumber: '111-1111111-1111111' }),
  orderFixture({ _id: 'order-8', amzOrderNumber: '222-2222222-2222222', AgentStatus: 'Ordered' }),
];

function renderDashboard() {
  return renderWithQueries(
    <MemoryRouter>
      <DashboardPage />
      <ToastContainer />
    </MemoryRouter>,
  );
}

function tileValue(label: string): string | null {
  const tiles = screen.getByRole('list', { name: 'figures' });
  const card = within(tiles).getByText(label).closest('.ui-stat-card');
  return card?.querySelector('.ui-stat-card-value')?.textContent ?? null;
}

beforeEach(() => {
  useSession.getState().setSession('token', agent);
  commissionAnswers('loaded');
  vi.mocked(fetchApprovedProducts).mockResolvedValue({ items: [], total: 14 });
  vi.mocked(fetchOwnPayoutAccount).mockResolvedValue({
    method: 'easypaisa',
    account: '+923001234567',
    holderName: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  });
  vi.mocked(fetchAgentOrders).mockImplementation(async (_userId, params) =>
    params?.AgentStatus === 'submitted' ? { items: [], total: 2 } : { items: recent, total: 7 },
  );
});

afterEach(() => {
  vi.clearAllMocks();
  useSession.getState().logout();
});

describe('agent dashboard', () => {
  it('asks an agent without a payout account to add one, and only then', async () => {
    vi.mocked(fetchOwnPayoutAccount).mockResolvedValue(null);
    renderDashboard();
    expect(await screen.findByRole('link', { name: 'Add where you want to be paid' })).toHaveAttribute(
      'href',
      '/agent/settings',
    );
  });

  it('shows no account notice to an agent whose payout account is on file', async () => {
    renderDashboard();
    await waitFor(() => expect(tileValue('orders')).toBe('7'));
    expect(fetchOwnPayoutAccount).toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Add where you want to be paid' })).not.toBeInTheDocument();
  });

  it('greets the agent and counts approved products, submitted orders and all orders', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Andy Agent' })).toBeInTheDocument();
    await waitFor(() => expect(tileValue('orders')).toBe('7'));
    expect(tileValue('active products')).toBe('14');
    expect(tileValue('submitted orders')).toBe('2');

    expect(fetchApprovedProducts).toHaveBeenCalledWith({ limit: 1 });
    expect(fetchAgentOrders).toHaveBeenCalledWith('agent-1', { AgentStatus: 'submitted', limit: 1 });
    expect(fetchAgentOrders).toHaveBeenCalledWith('agent-1', expect.objectContaining({ page: 1 }));
    const tiles = screen.getByRole('list', { name: 'figures' });
    expect(within(tiles).getByRole('link', { name: /active products/ })).toHaveAttribute('href', '/agent/products');
    expect(within(tiles).getByRole('link', { name: /submitted orders/ })).toHaveAttribute('href', '/agent/orders');
  });

  it("shows the agent's own commission figures", async () => {
    renderDashboard();
    await waitFor(() => expect(fetchCommission).toHaveBeenCalledWith('agent', 'agent-1'));
    const paid = await screen.findByText('Rs 900');
    expect(paid.closest('.ui-stat-card')).toHaveTextContent('total paid commission');
    expect(screen.getByText('Rs 450').closest('.ui-stat-card')).toHaveTextContent('payable commission');
  });

  it('links the paid-commission card to the payouts page', async () => {
    renderDashboard();
    await screen.findByText('Rs 900');
    expect(screen.getByRole('link', { name: /total paid commission/ })).toHaveAttribute('href', '/agent/payouts');
  });

  it('draws the paid-commission card as a link: it says where it leads, in link style', async () => {
    renderDashboard();
    await screen.findByText('Rs 900');
    const link = screen.getByRole('link', { name: /total paid commission/ });
    expect(link).toHaveAccessibleName(/see payouts/);
    expect(within(link).getByText('see payouts')).toHaveClass('ui-stat-card-action');
    // the payable card leads nowhere for an agent, and says nothing of it
    expect(screen.getByText('Rs 450').closest('.ui-stat-card')).not.toHaveTextContent('see payouts');
  });

  it('lists the newest orders as recent activity, with a link to all orders', async () => {
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'recent activity' });
    expect(await within(table).findByText('order-9')).toBeInTheDocument();
    expect(within(table).getByText('order-8')).toBeInTheDocument();
    expect(within(table).getByText('Ordered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'view all orders' })).toHaveAttribute('href', '/agent/orders');
  });

  it('says so when the agent has no orders yet', async () => {
    vi.mocked(fetchAgentOrders).mockResolvedValue({ items: [], total: 0 });
    renderDashboard();
    expect(await screen.findByText(MESSAGES.noOrdersFound)).toBeInTheDocument();
    expect(tileValue('orders')).toBe('0');
  });

  it('shows a failure of a count and of the commission, and tries again', async () => {
    vi.mocked(fetchApprovedProducts).mockRejectedValueOnce(new ApiError('Network Error', 'network'));
    commissionAnswers('failed');
    renderDashboard();
    expect(await screen.findByText(MESSAGES.approvedProductsFailed)).toHaveAttribute('role', 'alert');
    expect(await screen.findByText(MESSAGES.commissionFetchFailed)).toHaveAttribute('role', 'alert');
    expect(tileValue('active products')).toBe('–');

    commissionAnswers('loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchCommission).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Rs 900')).toBeInTheDocument();
    await waitFor(() => expect(tileValue('active products')).toBe('14'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument());
  });

  it("shows the server's message when the orders cannot be loaded", async () => {
    vi.mocked(fetchAgentOrders).mockRejectedValue(
      new ApiError('The database cannot be reached.', 'response', 503, true),
    );
    renderDashboard();
    const alerts = await screen.findAllByText('The database cannot be reached.');
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((node) => node.closest('[role="alert"]'))).toBe(true);
  });
});
