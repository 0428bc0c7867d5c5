import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, fetchPayouts } from 'shared-api';
import { formatDateTime } from 'shared-ui/lib/format';
import { PAYOUTS_PAGE_SIZE } from 'shared-ui/lib/payout-list';
import { PAYOUTS_FETCH_FAILED } from 'shared-ui/payouts/payouts-table';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { payoutFixture } from '../../../shared-ui/src/test/payout-fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { NO_PAYOUTS_YET, PayoutsPage } from './payouts-page';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchPayouts: vi.fn(),
}));

const payouts = vi.mocked(fetchPayouts);

function renderPage(path = '/agent/payouts') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/agent/payouts" element={<PayoutsPage />} />
        <Route path="/agent/payouts/:id" element={<p>one payout</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('agent PayoutsPage', () => {
  beforeEach(() => payouts.mockReset());

  it("lists the agent's payouts with date, reference, orders and total, each leading to its page", async () => {
    payouts.mockResolvedValue({
      items: [
        payoutFixture({
          _id: 'payout-2',
          reference: 'BANK-202',
          orders: 4,
          total: 1500,
          createdAt: '2026-11-23T10:00:00.000Z',
        }),
        payoutFixture({ _id: 'payout-1', reference: 'PP-101', orders: 1, total: 350 }),
      ],
      total: 2,
    });
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'payouts' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'your payouts' });
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    const newest = rows[0] as HTMLElement;
    expect(newest).toHaveTextContent(formatDateTime('2026-11-23T10:00:00.000Z'));
    expect(newest).toHaveTextContent('4');
    expect(newest).toHaveTextContent('Rs 1,500');
    expect(within(table).queryByRole('columnheader', { name: 'agent' })).not.toBeInTheDocument();
    expect(payouts).toHaveBeenCalledWith({ page: 1, limit: PAYOUTS_PAGE_SIZE });

    await user.click(within(newest).getByRole('link', { name: 'BANK-202' }));
    expect(await screen.findByText('one payout')).toBeInTheDocument();
  });

  it('reads its page from the URL', async () => {
    payouts.mockResolvedValue({ items: [payoutFixture()], total: PAYOUTS_PAGE_SIZE + 1 });
    renderPage('/agent/payouts?page=2');
    expect(
      await screen.findByText(`Showing ${PAYOUTS_PAGE_SIZE + 1}–${PAYOUTS_PAGE_SIZE + 1} of ${PAYOUTS_PAGE_SIZE + 1}`),
    ).toBeInTheDocument();
    expect(payouts).toHaveBeenCalledWith({ page: 2, limit: PAYOUTS_PAGE_SIZE });
  });

  it('says so when the agent was never paid', async () => {
    payouts.mockResolvedValue({ items: [], total: 0 });
    renderPage();
    expect(await screen.findByText(NO_PAYOUTS_YET)).toBeInTheDocument();
  });

  it('says the payouts could not be loaded, and tries again', async () => {
    payouts.mockRejectedValueOnce(new ApiError('Request failed', 'response', 500, false));
    payouts.mockResolvedValue({ items: [payoutFixture({ reference: 'PP-101' })], total: 1 });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYOUTS_FETCH_FAILED);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'PP-101' })).toBeInTheDocument();
  });
});
