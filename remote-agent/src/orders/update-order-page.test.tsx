import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, fetchOrder, fetchOrderHistory, fetchProduct, updateOrderAsAgent, uploadImage } from 'shared-api';
import { changedSinceLoaded, IDEMPOTENCY_MESSAGES, type Order, UUID_PATTERN } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  orderEventFixture,
  orderFixture,
  orderProductFixture,
  productFixture,
} from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { UpdateOrderPage } from './update-order-page';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchOrder: vi.fn(),
  fetchOrderHistory: vi.fn(),
  fetchProduct: vi.fn(),
  updateOrderAsAgent: vi.fn(),
  uploadImage: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const getOrder = vi.mocked(fetchOrder);
const getProduct = vi.mocked(fetchProduct);
const getHistory = vi.mocked(fetchOrderHistory);
const update = vi.mocked(updateOrderAsAgent);
const upload = vi.mocked(uploadImage);

/** The options of a submission (docs/domain.md, Submitting twice): its key, and the retry notice. */
const SUBMISSION = expect.objectContaining({
  idempotencyKey: expect.stringMatching(UUID_PATTERN),
  onRetry: expect.any(Function),
});

// product figures: base 450, text 500, picture 550, video none (falls back to 450)
const product = productFixture({
  _id: 'product-1',
  reviewTypes: [{ title: 'text' }, { title: 'picture' }, { title: 'video' }, { title: 'no review' }],
});
const order = orderFixture({
  _id: 'order-1',
  product: orderProductFixture(),
  productId: 'product-1',
  reviewType: 'text',
  comission: 500,
  AgentStatus: 'Ordered',
  amzOrderNumber: '123-4567890-1234567',
  buyerPayPal: 'buyer@example.com',
  buyerName: 'Bilal Buyer',
  orderScreenshot: 'https://images.example.com/orders/order-1.png',
  refundShot: 'https://images.example.com/orders/refund-1.png',
});

function renderPage(loaded: Order = order) {
  getOrder.mockResolvedValue(loaded);
  return renderWithQueries(
    <MemoryRouter initialEntries={[`/agent/update/order/${loaded._id}`]}>
      <Routes>
        <Route path="/agent/update/order/:id" element={<UpdateOrderPage />} />
        <Route path="/agent/orders" element={<h1>orders list</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function formReady() {
  return screen.findByRole('button', { name: 'Update Order' });
}

describe('agent update order page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    getProduct.mockResolvedValue(product);
    getHistory.mockResolvedValue([]);
  });

  it('prefills the form from the order and shows each review type with its commission', async () => {
    renderPage();
    await formReady();

    expect(getOrder).toHaveBeenCalledWith('order-1');
    expect(getProduct).toHaveBeenCalledWith('product-1');
    expect(screen.getByLabelText(/AMZ Order Number/)).toHaveValue('123-4567890-1234567');
    expect(screen.getByLabelText(/Buyer PayPal/)).toHaveValue('buyer@example.com');
    expect(screen.getByLabelText(/Buyer Name/)).toHaveValue('Bilal Buyer');
    expect(screen.getByRole('img', { name: 'order screenshot preview' })).toHaveAttribute(
      'src',
      'https://images.example.com/orders/order-1.png',
    );
    expect(screen.getByRole('button', { name: 'view refund screenshot' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Honest reviews' })).toBeInTheDocument();

    const types = screen.getByRole('group', { name: 'Review Type' });
    const labels = within(types)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(labels).toEqual(['textRs\u00a0500', 'pictureRs\u00a0550', 'videoRs\u00a0450', 'no reviewRs\u00a0450']);
    expect(within(types).getByRole('radio', { name: /text/ })).toBeChecked();
    expect(screen.getByText('Commission for this order: Rs 500')).toBeInTheDocument();

    await userEvent.setup().click(within(types).getByRole('radio', { name: /picture/ }));
    expect(screen.getByText('Commission for this order: Rs 550')).toBeInTheDocument();
  });

  it('offers only the agent statuses the server allows next', async () => {
    renderPage();
    await formReady();

    const status = screen.getByRole('combobox', { name: 'agent status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ordered', 'Reviewed', 'Feedbacked', 'Cancelled']);
  });

  it("shows a paid order read-only with 'the order is closed', its screenshots, and sends nothing", async () => {
    renderPage({
      ...order,
      AgentStatus: 'Reviewed',
      comissionStatus: 'paid',
      reviewScreenShot: 'https://images.example.com/orders/review-1.png',
    });

    const notice = await screen.findByText(
      "This order's commission is paid, so the order is closed and cannot be changed.",
    );
    expect(notice).toHaveAttribute('role', 'status');
    const card = screen.getByRole('article', { name: 'Order ID: order-1' });
    expect(within(card).getByText('123-4567890-1234567')).toBeInTheDocument();
    expect(within(card).getByText('Reviewed')).toBeInTheDocument();
    for (const shot of ['order', 'review', 'refund']) {
      expect(within(card).getByRole('button', { name: new RegExp(`${shot} screenshot`, 'i') })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Update Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'back to orders' })).toHaveAttribute('href', '/agent/orders');
    expect(update).not.toHaveBeenCalled();
    expect(upload).not.toHaveBeenCalled();
  });

  it('links the paid event of its history to the payout that paid it', async () => {
    getHistory.mockResolvedValue([
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
    ]);
    renderPage({ ...order, comissionStatus: 'paid' });
    const line = await screen.findByText(/^Paid in payout/);
    expect(within(line).getByRole('link', { name: 'PP-4411' })).toHaveAttribute('href', '/agent/payouts/payout-7');
  });

  it('keeps an unpaid order editable, with no closed notice', async () => {
    renderPage({ ...order, AgentStatus: 'Reviewed', comissionStatus: 'unpaid' });
    await formReady();

    expect(screen.getByRole('button', { name: 'Update Order' })).toBeEnabled();
    expect(screen.getByLabelText(/Buyer Name/)).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'agent status' })).toBeEnabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeEnabled();
    expect(screen.queryByText(/commission is paid/)).not.toBeInTheDocument();
  });

  it('shows a cancelled order read-only, with a note', async () => {
    renderPage({ ...order, AgentStatus: 'cancelled' });

    expect(await screen.findByText('Cancelled orders cannot be edited.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Order ID: order-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('checks the order number, PayPal and name with the messages of the submit form, and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await formReady();

    await user.clear(screen.getByLabelText(/AMZ Order Number/));
    await user.clear(screen.getByLabelText(/Buyer PayPal/));
    await user.clear(screen.getByLabelText(/Buyer Name/));
    await user.click(screen.getByRole('button', { name: 'Update Order' }));

    expect(screen.getByText('AMZ Order Number is required')).toBeInTheDocument();
    expect(screen.getByText('Buyer PayPal is required')).toBeInTheDocument();
    expect(screen.getByText('Buyer Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/AMZ Order Number/)).toHaveFocus();

    await user.type(screen.getByLabelText(/AMZ Order Number/), '12345');
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    expect(screen.getByText('Invalid AMZ Order Number format')).toBeInTheDocument();
    expect(screen.getByLabelText(/AMZ Order Number/)).toHaveValue('123-45');
    expect(update).not.toHaveBeenCalled();
  });

  it("saves only the changed fields, uploads a new screenshot, and goes back with 'Updated successfully!'", async () => {
    update.mockResolvedValue({ ...order, AgentStatus: 'Reviewed' });
    upload.mockImplementation(async (_file, onProgress) => {
      onProgress?.(0.5);
      return 'http://localhost:8000/uploads/review.png';
    });
    const user = userEvent.setup();
    renderPage();
    await formReady();

    await user.clear(screen.getByLabelText(/Buyer Name/));
    await user.type(screen.getByLabelText(/Buyer Name/), 'Sana Buyer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'agent status' }), 'Reviewed');
    await user.click(screen.getByRole('radio', { name: /picture/ }));
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'review.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('review screenshot'), png);
    await user.click(screen.getByRole('button', { name: 'Update Order' }));

    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'order-1',
        {
          buyerName: 'Sana Buyer',
          reviewType: 'picture',
          AgentStatus: 'Reviewed',
          reviewScreenShot: 'http://localhost:8000/uploads/review.png',
          version: 1,
        },
        SUBMISSION,
      ),
    );
    expect(upload).toHaveBeenCalledWith(png, expect.any(Function), { resumable: true });
    expect(toast.success).toHaveBeenCalledWith('Updated successfully!');
    expect(await screen.findByRole('heading', { name: 'orders list' })).toBeInTheDocument();
  });

  it('says so when nothing has changed, and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await formReady();

    await user.click(screen.getByRole('button', { name: 'Update Order' }));

    expect(screen.getByRole('status')).toHaveTextContent('Nothing has changed.');
    expect(update).not.toHaveBeenCalled();
  });

  it('asks before saving a move to Cancelled', async () => {
    update.mockResolvedValue({ ...order, AgentStatus: 'cancelled' });
    const user = userEvent.setup();
    renderPage();
    await formReady();

    await user.selectOptions(screen.getByRole('combobox', { name: 'agent status' }), 'Cancelled');
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order' });
    expect(update).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('order-1', { AgentStatus: 'cancelled', version: 1 }, SUBMISSION),
    );
  });

  it("says 'sending...' while the change is sent again, and sends the same change with the same key after no answer", async () => {
    let giveUp: (error: unknown) => void = () => {};
    update.mockImplementationOnce((_id, _input, options) => {
      options?.onRetry?.(1);
      return new Promise((_resolve, reject) => {
        giveUp = reject;
      });
    });
    const user = userEvent.setup();
    renderPage();
    await formReady();
    await user.clear(screen.getByLabelText(/Buyer Name/));
    await user.type(screen.getByLabelText(/Buyer Name/), 'Sana Buyer');
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    expect(await screen.findByRole('button', { name: IDEMPOTENCY_MESSAGES.sending })).toBeDisabled();

    giveUp(new ApiError('No response received from server.', 'network'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No response from server'));
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    const [first, second] = update.mock.calls.map((call) => call[2]?.idempotencyKey);
    expect(first).toMatch(UUID_PATTERN);
    expect(second).toBe(first);
  });

  it("keeps what was typed and shows the server's message, 'Failed to update order' or 'No response from server'", async () => {
    update
      .mockRejectedValueOnce(new ApiError('An order with this AMZ order number already exists.', 'response', 409, true))
      .mockRejectedValueOnce(new ApiError('Request failed with status code 502', 'response', 502, false))
      .mockRejectedValueOnce(new ApiError('No response received from server.', 'network'));
    const user = userEvent.setup();
    renderPage();
    await formReady();

    await user.clear(screen.getByLabelText(/AMZ Order Number/));
    await user.type(screen.getByLabelText(/AMZ Order Number/), '9999999999999999999');
    const save = screen.getByRole('button', { name: 'Update Order' });

    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('An order with this AMZ order number already exists.');
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update order'));
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No response from server'));

    expect(screen.getByLabelText(/AMZ Order Number/)).toHaveValue('999-9999999-9999999');
    expect(update).toHaveBeenLastCalledWith(
      'order-1',
      { amzOrderNumber: '999-9999999-9999999', version: 1 },
      SUBMISSION,
    );
    expect(screen.queryByRole('button', { name: 'reload the order' })).not.toBeInTheDocument();
  });

  it('refused as changed since it was loaded, names who and when and reloads the order into the form', async () => {
    const message = changedSinceLoaded('order', 'Mina Vendor', new Date('2026-11-27T12:34:00Z'));
    update.mockRejectedValueOnce(
      new ApiError(message, 'response', 409, true, {
        data: { message, changed: { by: 'Mina Vendor', at: '2026-11-27T12:34:00.000Z', version: 2 } },
      }),
    );
    const newer = { ...order, buyerName: 'Changed By Staff', version: 2 };
    const user = userEvent.setup();
    renderPage();
    await formReady();
    getOrder.mockResolvedValue(newer);

    await user.clear(screen.getByLabelText(/Buyer Name/));
    await user.type(screen.getByLabelText(/Buyer Name/), 'Sana Buyer');
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(update).toHaveBeenCalledWith('order-1', { buyerName: 'Sana Buyer', version: 1 }, SUBMISSION);
    expect(screen.queryByRole('heading', { name: 'orders list' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'reload the order' }));
    await waitFor(() => expect(screen.getByLabelText(/Buyer Name/)).toHaveValue('Changed By Staff'));
    expect(getOrder).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    update.mockResolvedValueOnce({ ...newer, buyerName: 'Sana Buyer', version: 3 });
    await user.clear(screen.getByLabelText(/Buyer Name/));
    await user.type(screen.getByLabelText(/Buyer Name/), 'Sana Buyer');
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    await waitFor(() =>
      expect(update).toHaveBeenLastCalledWith('order-1', { buyerName: 'Sana Buyer', version: 2 }, SUBMISSION),
    );
  });

  it("shows 'Failed to fetch order' or the server's message when the order cannot be loaded", async () => {
    getOrder.mockRejectedValueOnce(new ApiError('Order not found.', 'response', 404, true));
    renderWithQueries(
      <MemoryRouter initialEntries={['/agent/update/order/nope']}>
        <Routes>
          <Route path="/agent/update/order/:id" element={<UpdateOrderPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');

    getOrder.mockRejectedValueOnce(new ApiError('Request failed', 'response', 500, false));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch order'));
  });

  describe('history', () => {
    const placed = orderEventFixture({ _id: 'e1', at: '2026-11-20T09:00:00.000Z' });
    const renumbered = orderEventFixture({
      _id: 'e2',
      at: '2026-11-21T09:00:00.000Z',
      action: 'updated',
      changes: { amzOrderNumber: { from: '123-4567890-1234567', to: '999-9999999-9999999' } },
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
      getHistory.mockResolvedValue([placed, renumbered]);
      renderPage();
      const save = await formReady();

      expect(await historyTexts()).toEqual([
        'Andy Agent changed the order number from 123-4567890-1234567 to 999-9999999-9999999',
        'Andy Agent placed the order',
      ]);
      expect(getHistory).toHaveBeenCalledWith('order-1');
      const timeline = screen.getByRole('region', { name: 'History' });
      expect(save.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('shows the history of a closed order too, with who paid it', async () => {
      getHistory.mockResolvedValue([placed, paid]);
      renderPage({ ...order, comissionStatus: 'paid' });

      expect(await historyTexts()).toEqual(['Ada Admin marked the commission paid', 'Andy Agent placed the order']);
      expect(screen.queryByRole('button', { name: 'Update Order' })).not.toBeInTheDocument();
    });

    it('shows the saved change when the agent opens the order again after saving', async () => {
      const user = userEvent.setup();
      const renamed: Order = { ...order, amzOrderNumber: '999-9999999-9999999' };
      // the save invalidates the order and its history: every read after it sees the change
      getHistory.mockResolvedValueOnce([placed]).mockResolvedValue([placed, renumbered]);
      getOrder.mockResolvedValueOnce(order).mockResolvedValue(renamed);
      update.mockResolvedValue(renamed);
      renderWithQueries(
        <MemoryRouter initialEntries={['/agent/update/order/order-1']}>
          <Routes>
            <Route path="/agent/update/order/:id" element={<UpdateOrderPage />} />
            <Route path="/agent/orders" element={<Link to="/agent/update/order/order-1">update order-1</Link>} />
          </Routes>
        </MemoryRouter>,
      );
      await formReady();
      expect(await historyTexts()).toEqual(['Andy Agent placed the order']);

      await user.clear(screen.getByLabelText(/AMZ Order Number/));
      await user.type(screen.getByLabelText(/AMZ Order Number/), '9999999999999999999');
      await user.click(screen.getByRole('button', { name: 'Update Order' }));
      await user.click(await screen.findByRole('link', { name: 'update order-1' }));

      await formReady();
      expect(await historyTexts()).toEqual([
        'Andy Agent changed the order number from 123-4567890-1234567 to 999-9999999-9999999',
        'Andy Agent placed the order',
      ]);
      expect(getHistory.mock.calls.length).toBeGreaterThanOrEqual(2);
    });

    it('keeps the form usable when the history cannot be loaded', async () => {
      getHistory.mockRejectedValue(new ApiError('The service is busy.', 'response', 503, true));
      renderPage();
      const save = await formReady();
      const timeline = screen.getByRole('region', { name: 'History' });
      expect(await within(timeline).findByRole('alert')).toHaveTextContent('The service is busy.');
      expect(within(timeline).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(save).toBeEnabled();
    });
  });

  it("keeps the order's review type when the product cannot be read", async () => {
    getProduct.mockRejectedValue(new ApiError('Product not found.', 'response', 404, true));
    renderPage();
    await formReady();

    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /text/ })).toBeChecked();
  });
});
