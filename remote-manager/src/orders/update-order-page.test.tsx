import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import {
  ApiError,
  fetchOrder,
  fetchOrderHistory,
  setLocale,
  updateOrderAsManager,
  uploadImage,
  useSession,
} from 'shared-api';
import { changedSinceLoaded, type Order, type OrderHistory, type User } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderEventFixture, orderFixture, orderProductFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { PAID_LOCKED_NOTE, UpdateOrderPage } from './update-order-page';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchOrder: vi.fn(),
  fetchOrderHistory: vi.fn(),
  updateOrderAsManager: vi.fn(),
  uploadImage: vi.fn(),
}));

const fetchOrderMock = vi.mocked(fetchOrder);
const historyMock = vi.mocked(fetchOrderHistory);
const updateMock = vi.mocked(updateOrderAsManager);
const uploadMock = vi.mocked(uploadImage);

function person(role: 'admin' | 'manager'): User {
  return {
    _id: `${role}-1`,
    id: `${role}-1`,
    name: role === 'admin' ? 'Ada Admin' : 'Mia Manager',
    firstName: role === 'admin' ? 'Ada' : 'Mia',
    lastName: role === 'admin' ? 'Admin' : 'Manager',
    email: `${role}@example.com`,
    role,
    phoneNumber: '',
    gender: null,
    state: '',
    city: '',
    referralName: '',
    referralContact: '',
    referralUserId: null,
    status: 'approved',
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

function renderPage(role: 'admin' | 'manager', order: Order) {
  useSession.getState().setSession('token', person(role));
  fetchOrderMock.mockResolvedValue(order);
  return renderWithQueries(
    <MemoryRouter initialEntries={[`/manager/update/order/${order._id}`]}>
      <Routes>
        <Route path="/manager/update/order/:id" element={<UpdateOrderPage />} />
        <Route path="/manager/orders" element={<h1>manager orders list</h1>} />
        <Route path="/admin/orders" element={<h1>admin orders list</h1>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

const order = orderFixture({
  _id: 'ord-42',
  amzOrderNumber: '402-1234567-7654321',
  comission: 450,
  reviewType: 'text',
  AgentStatus: 'Reviewed',
  reviewScreenShot: 'https://images.example.com/review.png',
  FeedbackScreenShot: 'https://images.example.com/feedback.png',
});

const PAID_HISTORY: OrderHistory = [
  {
    _id: 'e1',
    at: '2026-11-20T09:00:00.000Z',
    actor: { _id: 'agent-1', name: 'Andy Agent', role: 'agent' },
    action: 'placed',
    changes: {},
  },
  {
    _id: 'e2',
    at: '2026-11-22T15:04:00.000Z',
    actor: { _id: 'admin-1', name: 'Ada Admin', role: 'admin' },
    action: 'commission',
    changes: { comissionStatus: { from: 'unpaid', to: 'paid' } },
    payout: { _id: 'payout-7', reference: 'PP-4411' },
  },
];

async function loaded() {
  return screen.findByRole('article', { name: /^Order ID:/ });
}

describe('UpdateOrderPage', () => {
  beforeEach(() => {
    fetchOrderMock.mockReset();
    updateMock.mockReset();
    uploadMock.mockReset();
    historyMock.mockReset();
    historyMock.mockResolvedValue([]);
  });

  it("shows the order's details read-only, with its screenshots viewable", async () => {
    const user = userEvent.setup();
    renderPage('manager', order);
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    const card = await loaded();
    expect(fetchOrderMock).toHaveBeenCalledWith('ord-42');
    expect(within(card).getByRole('img', { name: 'Wireless Earbuds Pro' })).toBeInTheDocument();
    for (const text of ['402-1234567-7654321', 'buyer@example.com', 'Bilal Buyer', 'Andy Agent', 'text', 'Rs 450']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'feedback screenshot' }));
    expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'feedback screenshot' })).toHaveAttribute(
      'src',
      'https://images.example.com/feedback.png',
    );
  });

  it("offers the eight order statuses by their labels, plus 'Not set'", async () => {
    renderPage('manager', order);
    await loaded();
    const select = screen.getByLabelText('order status');
    expect(select).toHaveValue('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Not set',
      'On-Hold',
      'Refund Delayed',
      'Review Deleted',
      'Feedback Sent',
      'Sent to Seller',
      'Feedback Refund',
      'Review Awaited',
      'Refunded',
    ]);
    expect(within(select).getByRole('option', { name: 'Feedback Refund' })).toHaveAttribute('value', 'Feedback Rfnd');
  });

  it('gives a manager no commission selector and no breakdown', async () => {
    renderPage('manager', order);
    await loaded();
    expect(screen.queryByLabelText('commission status')).not.toBeInTheDocument();
    expect(screen.queryByText(/commission breakdown/)).not.toBeInTheDocument();
  });

  it('saves status and a picked refund screenshot as a manager, without commission status', async () => {
    const user = userEvent.setup();
    let reportProgress: ((f: number) => void) | undefined;
    let finishUpload: ((url: string) => void) | undefined;
    uploadMock.mockImplementation(
      (_file, onProgress) =>
        new Promise<string>((resolve) => {
          reportProgress = onProgress;
          finishUpload = resolve;
        }),
    );
    updateMock.mockImplementation(async (_id, input) => ({
      ...order,
      status: input.status ?? '',
      refundShot: input.refundShot ?? '',
    }));
    renderPage('manager', order);
    await loaded();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'refund.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('refund screenshot'), file);
    await user.selectOptions(screen.getByLabelText('order status'), 'Refunded');
    await user.click(screen.getByRole('button', { name: 'save' }));

    await waitFor(() => expect(reportProgress).toBeDefined());
    reportProgress?.(0.5);
    expect(await screen.findByRole('progressbar', { name: 'uploading refund screenshot' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    finishUpload?.('https://cdn.example.com/refund.png');

    expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
    expect(uploadMock).toHaveBeenCalledWith(file, expect.any(Function), undefined);
    expect(updateMock).toHaveBeenCalledWith('ord-42', {
      status: 'Refunded',
      refundShot: 'https://cdn.example.com/refund.png',
      version: 1,
    });
    expect(screen.getByLabelText('order status')).toHaveValue('Refunded');
    expect(screen.queryByRole('progressbar', { name: 'uploading refund screenshot' })).not.toBeInTheDocument();
  });

  describe('commission breakdown (admin)', () => {
    it('splits 450 into referral 9.00, agent 351.00 and platform fee 90.00', async () => {
      renderPage('admin', order);
      await loaded();
      const breakdown = screen.getByRole('region', { name: 'commission breakdown of Rs\u00a0450' });
      const rows = within(breakdown)
        .getAllByRole('definition')
        .map((dd) => dd.textContent);
      expect(rows).toEqual(['Rs\u00a09.00', 'Rs\u00a0351.00', 'Rs\u00a090.00']);
      expect(within(breakdown).getByText('referral (2%) — Rita Referrer')).toBeInTheDocument();
      expect(within(breakdown).getByText('agent (78%) — Andy Agent')).toBeInTheDocument();
      expect(within(breakdown).getByText('platform fee (20%)')).toBeInTheDocument();
    });

    it('rounds each part of 333.33 to two decimals', async () => {
      renderPage('admin', { ...order, comission: 333.33 });
      await loaded();
      const breakdown = screen.getByRole('region', { name: /commission breakdown/ });
      expect(
        within(breakdown)
          .getAllByRole('definition')
          .map((dd) => dd.textContent),
      ).toEqual(['Rs\u00a06.67', 'Rs\u00a0260.00', 'Rs\u00a066.67']);
    });

    it('uses the order commission, not the product figure, and writes thousands with separators', async () => {
      renderPage('admin', {
        ...order,
        product: orderProductFixture({ comission: 300 }),
        comission: 12345.5,
        agent: { ...order.agent, referralUserId: null },
      });
      await loaded();
      const breakdown = screen.getByRole('region', { name: 'commission breakdown of Rs\u00a012,345.50' });
      expect(
        within(breakdown)
          .getAllByRole('definition')
          .map((dd) => dd.textContent),
      ).toEqual(['Rs\u00a0246.91', 'Rs\u00a09,629.49', 'Rs\u00a02,469.10']);
      expect(within(breakdown).getByText('referral (2%)')).toBeInTheDocument();
    });
  });

  describe('the paid lock (admin)', () => {
    it('lets the admin choose paid while the commission is unpaid', async () => {
      renderPage('admin', order);
      await loaded();
      const select = screen.getByLabelText('commission status');
      expect(select).toBeEnabled();
      expect(select).toHaveValue('unpaid');
      expect(screen.queryByText(PAID_LOCKED_NOTE)).not.toBeInTheDocument();
    });

    it('locks the selector once the commission is paid, saying why', async () => {
      renderPage('admin', { ...order, comissionStatus: 'paid' });
      await loaded();
      const select = screen.getByLabelText('commission status');
      expect(select).toBeDisabled();
      expect(select).toHaveValue('paid');
      expect(select).toHaveAccessibleDescription(PAID_LOCKED_NOTE);
    });

    it('locks the selector for a cancelled order, which cannot be paid', async () => {
      renderPage('admin', { ...order, AgentStatus: 'cancelled' });
      await loaded();
      const select = screen.getByLabelText('commission status');
      expect(select).toBeDisabled();
      expect(select).toHaveAccessibleDescription('A cancelled order cannot be paid.');
    });

    it('asks before paying, saves paid, and locks the selector at once', async () => {
      const user = userEvent.setup();
      updateMock.mockImplementation(async (_id, input) => {
        const stored: Order = {
          ...order,
          status: input.status ?? '',
          comissionStatus: input.comissionStatus ?? 'unpaid',
        };
        // the order as stored from now on: what the page reads again after the save
        fetchOrderMock.mockResolvedValue(stored);
        return stored;
      });
      renderPage('admin', order);
      await loaded();

      await user.selectOptions(screen.getByLabelText('commission status'), 'paid');
      await user.click(screen.getByRole('button', { name: 'save' }));
      const dialog = screen.getByRole('dialog', { name: 'Mark commission paid?' });
      expect(dialog).toHaveTextContent('Rs 450');
      expect(updateMock).not.toHaveBeenCalled();

      // cancelling changes nothing
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(updateMock).not.toHaveBeenCalled();
      expect(screen.getByLabelText('commission status')).toHaveValue('paid');

      await user.click(screen.getByRole('button', { name: 'save' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Mark commission paid?' })).getByRole('button', {
          name: 'mark paid and save',
        }),
      );
      expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
      expect(updateMock).toHaveBeenCalledWith('ord-42', {
        status: '',
        refundShot: '',
        comissionStatus: 'paid',
        version: 1,
      });
      expect(screen.getByLabelText('commission status')).toBeDisabled();
      expect(screen.getByText(PAID_LOCKED_NOTE)).toBeInTheDocument();
    });

    it('saves a status change on a paid order without asking again', async () => {
      const user = userEvent.setup();
      const paidOrder: Order = { ...order, comissionStatus: 'paid' };
      updateMock.mockImplementation(async (_id, input) => ({ ...paidOrder, status: input.status ?? '' }));
      renderPage('admin', paidOrder);
      await loaded();
      await user.selectOptions(screen.getByLabelText('order status'), 'Feedback Rfnd');
      await user.click(screen.getByRole('button', { name: 'save' }));
      expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(updateMock).toHaveBeenCalledWith('ord-42', {
        status: 'Feedback Rfnd',
        refundShot: '',
        comissionStatus: 'paid',
        version: 1,
      });
    });
  });

  it('shows the cancelled badge and still lets the manager set status and refund', async () => {
    const user = userEvent.setup();
    const cancelledOrder: Order = { ...order, AgentStatus: 'cancelled' };
    updateMock.mockImplementation(async (_id, input) => ({ ...cancelledOrder, status: input.status ?? '' }));
    renderPage('manager', cancelledOrder);
    const card = await loaded();
    expect(within(card).getByText('Cancelled', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByLabelText('order status')).toBeEnabled();
    expect(screen.getByLabelText('refund screenshot')).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('order status'), 'On-Hold');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
    expect(updateMock).toHaveBeenCalledWith('ord-42', { status: 'On-Hold', refundShot: '', version: 1 });
  });

  describe('failures', () => {
    it.each([
      ['the server refuses', new ApiError('Order not found.', 'response', 404, true), 'Order not found.'],
      ['the server sends no message', new ApiError('Request failed', 'response', 500, false), 'Failed to fetch order'],
      [
        'the server cannot be reached',
        new ApiError('No response received from server.', 'network'),
        'No response from server',
      ],
    ])('says so when loading fails because %s', async (_case, failure, text) => {
      useSession.getState().setSession('token', person('manager'));
      fetchOrderMock.mockRejectedValueOnce(failure);
      fetchOrderMock.mockResolvedValueOnce(order);
      const user = userEvent.setup();
      renderWithQueries(
        <MemoryRouter initialEntries={['/manager/update/order/ord-42']}>
          <Routes>
            <Route path="/manager/update/order/:id" element={<UpdateOrderPage />} />
          </Routes>
        </MemoryRouter>,
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      await user.click(screen.getByRole('button', { name: 'try again' }));
      expect(await loaded()).toBeInTheDocument();
    });

    it.each([
      [
        'the server refuses',
        new ApiError('Commission is already paid and cannot be changed.', 'response', 409, true),
        'Commission is already paid and cannot be changed.',
      ],
      ['the server sends no message', new ApiError('Request failed', 'response', 500, false), 'Failed to update order'],
      [
        'the server cannot be reached',
        new ApiError('No response received from server.', 'network'),
        'No response from server',
      ],
    ])('keeps what was chosen and says so when saving fails because %s', async (_case, failure, text) => {
      const user = userEvent.setup();
      updateMock.mockRejectedValue(failure);
      renderPage('manager', order);
      await loaded();
      await user.selectOptions(screen.getByLabelText('order status'), 'Review Awaited');
      await user.click(screen.getByRole('button', { name: 'save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByLabelText('order status')).toHaveValue('Review Awaited');
      expect(screen.queryByText('Updated successfully!')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'save' })).toBeEnabled();
    });

    it('refused as changed since it was loaded, names who and when and reloads the order into the form', async () => {
      const message = changedSinceLoaded('order', 'Aziz Agent', new Date('2026-11-27T12:34:00Z'));
      updateMock.mockRejectedValueOnce(
        new ApiError(message, 'response', 409, true, {
          data: { message, changed: { by: 'Aziz Agent', at: '2026-11-27T12:34:00.000Z', version: 2 } },
        }),
      );
      const user = userEvent.setup();
      renderPage('admin', order);
      await loaded();
      fetchOrderMock.mockResolvedValue({ ...order, status: 'On-Hold', version: 2 });
      await user.selectOptions(screen.getByLabelText('order status'), 'Review Awaited');
      await user.click(screen.getByRole('button', { name: 'save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(updateMock).toHaveBeenCalledWith('ord-42', expect.objectContaining({ version: 1 }));
      expect(screen.queryByText('Updated successfully!')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'reload the order' }));
      await waitFor(() => expect(screen.getByLabelText('order status')).toHaveValue('On-Hold'));
      expect(fetchOrderMock).toHaveBeenCalledTimes(2);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      updateMock.mockImplementationOnce(async (_id, input) => ({ ...order, status: input.status ?? '', version: 3 }));
      await user.selectOptions(screen.getByLabelText('order status'), 'Refunded');
      await user.click(screen.getByRole('button', { name: 'save' }));
      expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
      expect(updateMock).toHaveBeenLastCalledWith(
        'ord-42',
        expect.objectContaining({ status: 'Refunded', version: 2 }),
      );
    });

    it('does not upload a refund screenshot twice when a save is retried', async () => {
      const user = userEvent.setup();
      uploadMock.mockResolvedValue('https://cdn.example.com/refund.png');
      updateMock.mockRejectedValueOnce(new ApiError('No response received from server.', 'network'));
      updateMock.mockImplementationOnce(async (_id, input) => ({ ...order, refundShot: input.refundShot ?? '' }));
      renderPage('manager', order);
      await loaded();
      await user.upload(
        screen.getByLabelText('refund screenshot'),
        new File([new Uint8Array([1])], 'refund.png', { type: 'image/png' }),
      );
      await user.click(screen.getByRole('button', { name: 'save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('No response from server');

      await user.click(screen.getByRole('button', { name: 'save' }));
      expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
      expect(uploadMock).toHaveBeenCalledTimes(1);
      expect(updateMock).toHaveBeenLastCalledWith('ord-42', {
        status: '',
        refundShot: 'https://cdn.example.com/refund.png',
        version: 1,
      });
    });
  });

  describe('history', () => {
    const placed = orderEventFixture({ _id: 'e1', at: '2026-11-20T09:00:00.000Z' });
    const refunded = orderEventFixture({
      _id: 'e2',
      at: '2026-11-21T09:00:00.000Z',
      actor: { _id: 'manager-1', name: 'Mia Manager', role: 'manager' },
      action: 'status',
      changes: { status: { from: '', to: 'Refunded' } },
    });
    const paid = orderEventFixture({
      _id: 'e3',
      at: '2026-11-22T09:00:00.000Z',
      actor: { _id: 'admin-1', name: 'Ada Admin', role: 'admin' },
      action: 'commission',
      changes: { comissionStatus: { from: 'unpaid', to: 'paid' } },
    });

    async function historyTexts() {
      const timeline = await screen.findByRole('region', { name: 'History' });
      const items = await within(timeline).findAllByRole('listitem');
      return items.map((item) => item.querySelector('p')?.textContent);
    }

    it("shows the order's history below the form, newest first", async () => {
      historyMock.mockResolvedValue([placed, refunded]);
      renderPage('manager', order);
      await loaded();

      expect(await historyTexts()).toEqual([
        'Mia Manager set the order status to Refunded',
        'Andy Agent placed the order',
      ]);
      expect(historyMock).toHaveBeenCalledWith('ord-42');
      const form = screen.getByRole('form', { name: 'status and refund' });
      const timeline = screen.getByRole('region', { name: 'History' });
      expect(form.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('loads the history again after a save, so the new event shows at once', async () => {
      const user = userEvent.setup();
      historyMock.mockResolvedValueOnce([placed, refunded]).mockResolvedValueOnce([placed, refunded, paid]);
      updateMock.mockImplementation(async (_id, input) => ({
        ...order,
        status: input.status ?? '',
        comissionStatus: input.comissionStatus ?? 'unpaid',
      }));
      renderPage('admin', { ...order, status: 'Refunded' });
      await loaded();
      expect(await historyTexts()).toHaveLength(2);

      await user.selectOptions(screen.getByLabelText('commission status'), 'paid');
      await user.click(screen.getByRole('button', { name: 'save' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Mark commission paid?' })).getByRole('button', {
          name: 'mark paid and save',
        }),
      );
      expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
      await waitFor(async () => expect(await historyTexts()).toHaveLength(3));
      expect(await historyTexts()).toEqual([
        'Ada Admin marked the commission paid',
        'Mia Manager set the order status to Refunded',
        'Andy Agent placed the order',
      ]);
      expect(historyMock).toHaveBeenCalledTimes(2);
    });

    it('does not load the history again when a save fails', async () => {
      const user = userEvent.setup();
      updateMock.mockRejectedValue(new ApiError('Order not found.', 'response', 404, true));
      renderPage('manager', order);
      await loaded();
      await screen.findByText('No changes recorded yet.');
      await user.selectOptions(screen.getByLabelText('order status'), 'On-Hold');
      await user.click(screen.getByRole('button', { name: 'save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');
      expect(historyMock).toHaveBeenCalledTimes(1);
    });

    it('keeps the form usable when the history cannot be loaded, and offers to try again', async () => {
      const user = userEvent.setup();
      historyMock.mockReset();
      historyMock.mockRejectedValueOnce(new ApiError('The service is busy.', 'response', 503, true));
      historyMock.mockResolvedValueOnce([placed]);
      renderPage('manager', order);
      await loaded();

      const timeline = screen.getByRole('region', { name: 'History' });
      expect(await within(timeline).findByRole('alert')).toHaveTextContent('The service is busy.');
      expect(screen.getByRole('button', { name: 'save' })).toBeEnabled();
      await user.click(within(timeline).getByRole('button', { name: 'Try again' }));
      expect(await historyTexts()).toEqual(['Andy Agent placed the order']);
    });
  });

  it('names the payout that paid the order: a link to it for an admin, text for a manager', async () => {
    historyMock.mockResolvedValue(PAID_HISTORY);
    const { unmount } = renderPage('admin', { ...order, comissionStatus: 'paid' });
    const line = await screen.findByText(/^Paid in payout/);
    expect(within(line).getByRole('link', { name: 'PP-4411' })).toHaveAttribute('href', '/admin/payouts/payout-7');
    unmount();

    renderPage('manager', { ...order, comissionStatus: 'paid' });
    const text = await screen.findByText(/^Paid in payout/);
    expect(text).toHaveTextContent('Paid in payout PP-4411');
    expect(within(text).queryByRole('link')).not.toBeInTheDocument();
  });

  it('leads back to the list of the viewer', async () => {
    const user = userEvent.setup();
    renderPage('admin', order);
    await loaded();
    await user.click(screen.getByRole('link', { name: 'back to orders' }));
    expect(screen.getByRole('heading', { name: 'admin orders list' })).toBeInTheDocument();
  });

  it('speaks Urdu when Urdu is chosen, with the commission kept left to right', async () => {
    await act(() => setLocale('ur'));
    try {
      renderPage('admin', order);
      expect(await screen.findByRole('heading', { level: 1, name: 'آرڈر اپ ڈیٹ کریں' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'اسٹیٹس، ریفنڈ اور کمیشن' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'محفوظ کریں' })).toBeInTheDocument();
      const breakdown = screen.getByRole('region', { name: /کمیشن کی تقسیم/ });
      expect(within(breakdown).getByText('پلیٹ فارم فیس (20 فیصد)')).toBeInTheDocument();
      expect(within(breakdown).getByText('Rs 90.00').closest('bdi')).toHaveAttribute('dir', 'ltr');
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
