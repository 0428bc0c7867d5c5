import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, fetchPayableAgents, fetchPayableSummary, fetchPayouts } from 'shared-api';
import { PAYOUTS_PAGE_SIZE } from 'shared-ui/lib/payout-list';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { payableAgentFixture, payoutFixture } from '../../../shared-ui/src/test/payout-fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { PayoutsPage } from './payouts-page';

// the product's English texts (the catalogue's admin.payouts.*)
const NO_AGENT_OWED = 'No agent is owed commission.';
const AGENT_SUSPENDED_HOLD = 'agent suspended: every order on hold';
const NO_AGENT_FOUND = 'No agent owed commission matches the search.';
const PAYABLE_AGENTS_FAILED = 'Failed to fetch the agents owed commission. Please try again.';
const PAYABLE_SUMMARY_FAILED = 'Failed to fetch the total owed. Please try again.';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchPayableAgents: vi.fn(),
  fetchPayableSummary: vi.fn(),
  fetchPayouts: vi.fn(),
}));

const payableAgents = vi.mocked(fetchPayableAgents);
const payouts = vi.mocked(fetchPayouts);
const summary = vi.mocked(fetchPayableSummary);

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/admin/payouts') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/payouts" element={<PayoutsPage />} />
        <Route path="/admin/payouts/agent/:id" element={<p>payable page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;

describe('PayoutsPage', () => {
  beforeEach(() => {
    payableAgents.mockReset();
    payouts.mockReset();
    payouts.mockResolvedValue({ items: [], total: 0 });
    summary.mockReset().mockResolvedValue({ agents: 0, orders: 0, total: 0, held: { orders: 0, total: 0 } });
  });

  it('lists the agents owed commission with their unpaid orders and sum, each leading to its payable orders', async () => {
    payableAgents.mockResolvedValue({
      items: [
        payableAgentFixture({ orders: 12, total: 3400 }),
        payableAgentFixture({
          agent: { _id: 'agent-2', name: 'Sara Iqbal', email: 'sara@example.com' },
          orders: 1,
          total: 300,
        }),
      ],
      total: 2,
    });
    renderPage();

    const table = await screen.findByRole('table', { name: 'agents owed commission' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(first).toHaveTextContent('Ali Khan');
    expect(first).toHaveTextContent('ali@example.com');
    expect(first).toHaveTextContent('12');
    expect(first).toHaveTextContent('Rs 3,400');
    expect(within(first).getByRole('link', { name: 'Ali Khan: pay this agent' })).toHaveAttribute(
      'href',
      '/admin/payouts/agent/agent-1',
    );
    expect(payableAgents).toHaveBeenCalledWith({ page: 1, limit: PAYOUTS_PAGE_SIZE });
  });

  it('filters by agent status, kept in the URL, and the links keep the filter', async () => {
    payableAgents.mockResolvedValue({ items: [payableAgentFixture()], total: 1 });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Ali Khan: pay this agent' });

    await user.click(screen.getByRole('button', { name: 'Feedbacked' }));
    expect(location()).toBe('/admin/payouts?status=Feedbacked');
    await waitFor(() =>
      expect(payableAgents).toHaveBeenLastCalledWith({ page: 1, limit: PAYOUTS_PAGE_SIZE, AgentStatus: 'Feedbacked' }),
    );
    expect(screen.getByRole('button', { name: 'Feedbacked' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: 'Ali Khan: pay this agent' })).toHaveAttribute(
      'href',
      '/admin/payouts/agent/agent-1?status=Feedbacked',
    );

    await user.click(screen.getByRole('link', { name: 'Ali Khan: pay this agent' }));
    expect(await screen.findByText('payable page')).toBeInTheDocument();
  });

  it('opens with the filter the URL names', async () => {
    payableAgents.mockResolvedValue({ items: [], total: 0 });
    renderPage('/admin/payouts?status=reviewed');
    expect(await screen.findByText('No agent is owed commission for Reviewed orders.')).toBeInTheDocument();
    expect(payableAgents).toHaveBeenCalledWith({ page: 1, limit: PAYOUTS_PAGE_SIZE, AgentStatus: 'Reviewed' });
    expect(screen.getByRole('button', { name: 'Reviewed' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when no agent is owed commission', async () => {
    payableAgents.mockResolvedValue({ items: [], total: 0 });
    renderPage();
    expect(await screen.findByText(NO_AGENT_OWED)).toBeInTheDocument();
    expect(await screen.findByText('No payout yet.')).toBeInTheDocument();
  });

  it("shows the server's message when the agents cannot be loaded, and tries again", async () => {
    payableAgents.mockRejectedValueOnce(new ApiError('Only an admin can see the payouts.', 'response', 403, true));
    payableAgents.mockRejectedValueOnce(new ApiError('No response received from server.', 'network'));
    payableAgents.mockResolvedValue({ items: [payableAgentFixture()], total: 1 });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an admin can see the payouts.');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYABLE_AGENTS_FAILED);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ali Khan: pay this agent' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the grand total cannot be loaded, and tries again', async () => {
    payableAgents.mockResolvedValue({ items: [payableAgentFixture()], total: 1 });
    summary.mockReset();
    summary.mockRejectedValueOnce(new ApiError('No response received from server.', 'network'));
    summary.mockResolvedValue({ agents: 1, orders: 2, total: 700, held: { orders: 0, total: 0 } });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(PAYABLE_SUMMARY_FAILED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^1 agent owed: Rs\s700 payable now/)).toBeInTheDocument();
  });

  it('shows the payout history, newest first as the server sends it, each leading to its payout, paged in the URL', async () => {
    payableAgents.mockResolvedValue({ items: [], total: 0 });
    payouts.mockImplementation(async ({ page = 1 } = {}) => ({
      items:
        page === 1
          ? Array.from({ length: PAYOUTS_PAGE_SIZE }, (_, i) =>
              payoutFixture({ _id: `payout-${i}`, reference: `PP-${i}`, orders: 2, total: 700 }),
            )
          : [payoutFixture({ _id: 'payout-old', reference: 'BANK-OLD' })],
      total: PAYOUTS_PAGE_SIZE + 1,
    }));
    const user = userEvent.setup();
    renderPage();

    const history = await screen.findByRole('table', { name: 'payout history' });
    const link = await within(history).findByRole('link', { name: 'PP-0' });
    expect(link).toHaveAttribute('href', '/admin/payouts/payout-0');
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Ali Khan');
    expect(row).toHaveTextContent('Rs 700');
    expect(payouts).toHaveBeenCalledWith({ page: 1, limit: PAYOUTS_PAGE_SIZE });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(location()).toBe('/admin/payouts?history=2');
    expect(await within(history).findByRole('link', { name: 'BANK-OLD' })).toBeInTheDocument();
    expect(payouts).toHaveBeenLastCalledWith({ page: 2, limit: PAYOUTS_PAGE_SIZE });
  });

  it("shows each agent's payout account masked, and says plainly which agents have none yet", async () => {
    payableAgents.mockResolvedValue({
      items: [
        payableAgentFixture({
          payoutAccount: {
            method: 'easypaisa',
            account: '•••• 4567',
            holderName: null,
            updatedAt: '2026-11-27T08:00:00.000Z',
          },
        }),
        payableAgentFixture({ agent: { _id: 'agent-2', name: 'Sara Iqbal', email: 'sara@example.com' } }),
      ],
      total: 2,
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'agents owed commission' });
    const rows = await within(table).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Easypaisa •••• 4567');
    expect(rows[2]).toHaveTextContent('no account on file');
  });

  it("shows each agent's orders on hold beside what is owed: '1 order on hold, Rs 200'", async () => {
    payableAgents.mockResolvedValue({
      items: [
        payableAgentFixture({ orders: 10, total: 2150, held: { orders: 1, total: 200 } }),
        payableAgentFixture({
          agent: { _id: 'agent-2', name: 'Sana Mir', email: 'sana@example.com' },
          // as the server counts a suspended agent's: nothing payable now, all on hold
          orders: 0,
          total: 0,
          suspended: true,
          held: { orders: 2, total: 500 },
        }),
      ],
      total: 2,
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'agents owed commission' });
    const [, ali, sana] = await within(table).findAllByRole('row');
    expect(ali).toHaveTextContent('Rs 2,150');
    expect(ali).toHaveTextContent('1 order on hold, Rs 200');
    expect(sana).toHaveTextContent(AGENT_SUSPENDED_HOLD);
    expect(sana).toHaveTextContent('2 orders on hold, Rs 500');
  });

  it('shows the grand total over every page, payable now and on hold, as the server counts it', async () => {
    payableAgents.mockResolvedValue({ items: [payableAgentFixture()], total: 50 });
    summary.mockResolvedValue({ agents: 50, orders: 120, total: 98_765, held: { orders: 3, total: 700 } });
    renderPage();
    expect(
      await screen.findByText('50 agents owed: Rs 98,765 payable now; 3 orders on hold, Rs 700.'),
    ).toBeInTheDocument();
    expect(summary).toHaveBeenCalledWith({});
  });

  it('finds an agent by name, email or phone on the server, kept in the URL, from page 1', async () => {
    const user = userEvent.setup();
    payableAgents.mockResolvedValue({ items: [], total: 0 });
    renderPage('/admin/payouts?page=3');
    const box = await screen.findByRole('searchbox', { name: 'find an agent' });
    await user.type(box, '0333{Enter}');
    await waitFor(() => expect(location()).toBe('/admin/payouts?q=0333'));
    await waitFor(() =>
      expect(payableAgents).toHaveBeenLastCalledWith({ page: 1, limit: PAYOUTS_PAGE_SIZE, q: '0333' }),
    );
    expect(summary).toHaveBeenLastCalledWith({ q: '0333' });
    expect(await screen.findByText(NO_AGENT_FOUND)).toBeInTheDocument();
  });
});
