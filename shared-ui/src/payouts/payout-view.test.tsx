import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, type DownloadedFile, type DownloadOptions, downloadPayoutCsv, fetchPayout } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../lib/format';
import { payoutDetailFixture, payoutOrderFixture } from '../test/payout-fixtures';
import { renderWithQueries } from '../test/render';
import { PAYOUT_FETCH_FAILED, PayoutView, TRANSFER_CSV_LABEL } from './payout-view';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchPayout: vi.fn(),
  downloadPayoutCsv: vi.fn(),
}));

const getPayout = vi.mocked(fetchPayout);
const download = vi.mocked(downloadPayoutCsv);

const payout = payoutDetailFixture({
  reference: 'PP-4411',
  items: [
    payoutOrderFixture({ _id: 'o1', amzOrderNumber: '111-0000000-0000001', comission: 350 }),
    payoutOrderFixture({ _id: 'o2', amzOrderNumber: '111-0000000-0000002', comission: 420, buyerName: 'Hina Shah' }),
  ],
});

function renderView(props: Partial<Parameters<typeof PayoutView>[0]> = {}) {
  return renderWithQueries(
    <MemoryRouter>
      <PayoutView payoutId="payout-1" orderLink={(id) => `/agent/update/order/${id}`} {...props} />
    </MemoryRouter>,
  );
}

const field = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;

describe('PayoutView', () => {
  beforeEach(() => {
    getPayout.mockReset().mockResolvedValue(payout);
    download.mockReset();
  });

  afterEach(() => vi.restoreAllMocks());

  it('shows the reference, agent, date, who made it, the count and the total, and the orders it paid', async () => {
    renderView();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'payout PP-4411' })).toBeInTheDocument();
    expect(getPayout).toHaveBeenCalledWith('payout-1');
    expect(field('reference')).toHaveTextContent('PP-4411');
    expect(field('agent')).toHaveTextContent('Ali Khan');
    expect(field('date')).toHaveTextContent(formatDateTime(payout.createdAt));
    expect(field('created by')).toHaveTextContent('Ada Admin');
    expect(field('paid to')).toHaveTextContent('no account on file');
    expect(field('orders')).toHaveTextContent('2');
    expect(field('total')).toHaveTextContent('Rs 770');

    const table = screen.getByRole('table', { name: 'orders in this payout' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: '111-0000000-0000002' })).toHaveAttribute(
      'href',
      '/agent/update/order/o2',
    );
    expect(rows[1]).toHaveTextContent('Hina Shah');
    expect(rows[1]).toHaveTextContent('Rs 420');
  });

  it('shows what the screen has to say, and a way back', async () => {
    renderView({ notice: 'Paid 2 orders, Rs 770, to Ali Khan.', back: { to: '/admin/payouts', label: 'payouts' } });
    expect(await screen.findByRole('status')).toHaveTextContent('Paid 2 orders, Rs 770, to Ali Khan.');
    expect(screen.getByRole('link', { name: '← payouts' })).toHaveAttribute('href', '/admin/payouts');
  });

  it('exports the payout as CSV with progress, and can cancel', async () => {
    let options: DownloadOptions = {};
    download.mockImplementation((_id, given) => {
      options = given ?? {};
      return new Promise<DownloadedFile>(() => {});
    });
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'payout PP-4411' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(download).toHaveBeenCalledWith('payout-1', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(screen.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'cancel export' }));
    expect(options.signal?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("shows the server's message when the payout cannot be loaded, and tries again", async () => {
    getPayout.mockRejectedValueOnce(new ApiError(MESSAGES.payoutNotFound, 'response', 404, true));
    getPayout.mockRejectedValueOnce(new ApiError('Request failed', 'response', 500, false));
    const user = userEvent.setup();
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.payoutNotFound);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYOUT_FETCH_FAILED);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'payout PP-4411' })).toBeInTheDocument();
  });

  it('shows the copy of the account the payout paid, masked, and offers transfer.csv to an admin only', async () => {
    getPayout.mockResolvedValue({
      ...payout,
      payoutAccount: { method: 'bank', account: '•••• 6702', holderName: 'Hira Gill' },
    });
    const { unmount } = renderView({ transferFile: true });
    expect(await screen.findByText('Bank account (IBAN) •••• 6702, Hira Gill')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TRANSFER_CSV_LABEL })).toBeInTheDocument();
    unmount();
    renderView();
    expect(await screen.findByText('Bank account (IBAN) •••• 6702, Hira Gill')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TRANSFER_CSV_LABEL })).not.toBeInTheDocument();
  });
});
