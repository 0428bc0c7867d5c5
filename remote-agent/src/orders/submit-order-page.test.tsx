import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ApiError, createOrder, fetchProduct, uploadImage } from 'shared-api';
import { IDEMPOTENCY_MESSAGES, MESSAGES, UUID_PATTERN } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFixture, productFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { SubmitOrderPage } from './submit-order-page';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchProduct: vi.fn(),
  createOrder: vi.fn(),
  uploadImage: vi.fn(),
}));

// text 500, picture 550, no review 450 (the base)
const product = productFixture({ _id: 'p-1', name: 'Wireless Earbuds Pro', price: 25, marketPlace: 'UK' });
const UPLOADED = 'http://localhost:8000/uploads/abc.png';
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'order.png', { type: 'image/png' });

/** The options of a submission (docs/domain.md, Submitting twice): its key, and the retry notice. */
const SUBMISSION = expect.objectContaining({
  idempotencyKey: expect.stringMatching(UUID_PATTERN),
  onRetry: expect.any(Function),
});

function renderPage() {
  return renderWithQueries(
    <MemoryRouter initialEntries={['/agent/detail/p-1']}>
      <Routes>
        <Route path="/agent/detail/:id" element={<SubmitOrderPage />} />
        <Route path="/agent/orders" element={<p>orders page</p>} />
        <Route path="/agent/products" element={<p>products page</p>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

async function fillValidOrder(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText(/^Review Type/), 'text');
  await user.type(screen.getByLabelText(/^AMZ Order Number/), '1234567890123456789');
  await user.type(screen.getByLabelText(/^Buyer PayPal/), 'buyer@example.com');
  await user.type(screen.getByLabelText(/^Buyer Name/), 'Bilal Buyer');
  await user.upload(screen.getByLabelText(/^Order Screenshot/), png());
  await user.type(screen.getByLabelText('Comments'), 'Delivered on time');
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:order-preview');
  URL.revokeObjectURL = vi.fn();
  vi.mocked(fetchProduct).mockResolvedValue(product);
  vi.mocked(uploadImage).mockImplementation(async (_file, onProgress) => {
    onProgress?.(0.5);
    onProgress?.(1);
    return UPLOADED;
  });
  vi.mocked(createOrder).mockResolvedValue(orderFixture());
});

afterEach(() => {
  vi.clearAllMocks();
});

// long typing on a busy machine: these journeys take a few seconds each
vi.setConfig({ testTimeout: 20_000 });

describe('submit order page', () => {
  it('shows the product being ordered: name, image, price and marketplace', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'submit order' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const summary = await screen.findByRole('complementary', { name: 'product' });
    expect(within(summary).getByRole('heading', { name: 'Wireless Earbuds Pro' })).toBeInTheDocument();
    expect(within(summary).getByRole('img', { name: 'Wireless Earbuds Pro' })).toHaveAttribute('src', product.image);
    expect(summary).toHaveTextContent('$25.00');
    expect(summary).toHaveTextContent('United Kingdom (UK)');
    expect(fetchProduct).toHaveBeenCalledWith('p-1');
  });

  it("offers the product's review types, each with its commission", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const select = await screen.findByLabelText(/^Review Type/);
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Select a review type',
      'text — commission Rs\u00a0500',
      'picture — commission Rs\u00a0550',
      'no review — commission Rs\u00a0450',
    ]);
    await user.selectOptions(select, 'picture');
    expect(screen.getByText('Your commission for this order: Rs 550')).toBeInTheDocument();
  });

  it('shows the honest-review notice', async () => {
    renderPage();
    expect(await screen.findByRole('note')).toHaveTextContent(MESSAGES.reviewHonestyNotice);
  });

  it("shows the product's failure and offers a way back", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(fetchProduct).mockRejectedValueOnce(new ApiError('Product not found.', 'response', 404, true));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Review Type/)).toBeInTheDocument();
    expect(fetchProduct).toHaveBeenCalledTimes(2);
  });

  it('checks the rules in order, each message by its field, and sends nothing while invalid', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByLabelText(/^Review Type/);
    const submit = screen.getByRole('button', { name: 'Submit' });

    await user.click(submit);
    // react-hook-form's resolver answers after the click: wait for its messages
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual([
        MESSAGES.reviewTypeRequired,
        MESSAGES.orderNumberRequired,
        MESSAGES.buyerPayPalRequired,
        MESSAGES.buyerNameRequired,
        MESSAGES.orderScreenshotRequired,
      ]),
    );
    expect(screen.getByLabelText(/^Review Type/)).toHaveFocus();
    expect(screen.getByLabelText(/^Review Type/)).toHaveAccessibleDescription(MESSAGES.reviewTypeRequired);

    await user.selectOptions(screen.getByLabelText(/^Review Type/), 'text');
    await user.type(screen.getByLabelText(/^AMZ Order Number/), '12345');
    expect(screen.queryByText(MESSAGES.reviewTypeRequired)).not.toBeInTheDocument();
    await user.click(submit);
    await waitFor(() => expect(screen.getAllByRole('alert')[0]).toHaveTextContent(MESSAGES.orderNumberInvalid));
    expect(screen.getByLabelText(/^AMZ Order Number/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^AMZ Order Number/), '67890123456789');
    await user.type(screen.getByLabelText(/^Buyer PayPal/), 'buyer@example.com');
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual([
        MESSAGES.buyerNameRequired,
        MESSAGES.orderScreenshotRequired,
      ]),
    );
    expect(screen.getByLabelText(/^Buyer Name/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Buyer Name/), 'Bilal Buyer');
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual([MESSAGES.orderScreenshotRequired]),
    );
    expect(screen.getByLabelText(/^Order Screenshot/)).toHaveFocus();

    expect(uploadImage).not.toHaveBeenCalled();
    expect(createOrder).not.toHaveBeenCalled();
  });

  it('uploads the screenshot, creates the order, says so and opens the orders list', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await fillValidOrder(user);
    expect(screen.getByLabelText(/^AMZ Order Number/)).toHaveValue('123-4567890-1234567');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(await screen.findByText('Order is created successfully')).toBeInTheDocument();
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(vi.mocked(uploadImage).mock.calls[0]?.[0]).toBeInstanceOf(File);
    // a proof screenshot goes in chunks that resume (docs/domain.md, Images, Uploads that resume)
    expect(vi.mocked(uploadImage).mock.calls[0]?.[2]).toEqual({ resumable: true });
    expect(createOrder).toHaveBeenCalledWith(
      {
        productId: 'p-1',
        reviewType: 'text',
        amzOrderNumber: '123-4567890-1234567',
        buyerPayPal: 'buyer@example.com',
        buyerName: 'Bilal Buyer',
        orderScreenshot: UPLOADED,
        comments: 'Delivered on time',
      },
      SUBMISSION,
    );
  });

  it('shows the upload progress while the screenshot uploads', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: (url: string) => void = () => {};
    vi.mocked(uploadImage).mockImplementation(
      (_file, onProgress) =>
        new Promise<string>((resolve) => {
          onProgress?.(0.4);
          finish = resolve;
        }),
    );
    renderPage();
    await fillValidOrder(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    finish(UPLOADED);
    expect(await screen.findByText('orders page')).toBeInTheDocument();
  });

  it("says 'sending...' while the order is sent again, and sends it with the same key when the person taps again after no answer", async () => {
    const user = userEvent.setup({ delay: null });
    let giveUp: (error: unknown) => void = () => {};
    vi.mocked(createOrder).mockImplementationOnce((_input, options) => {
      options?.onRetry?.(1);
      return new Promise((_resolve, reject) => {
        giveUp = reject;
      });
    });
    renderPage();
    await fillValidOrder(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: IDEMPOTENCY_MESSAGES.sending })).toBeDisabled();

    giveUp(new ApiError(MESSAGES.noResponse, 'network'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.orderNoResponse);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const [first, second] = vi.mocked(createOrder).mock.calls.map((call) => call[1]?.idempotencyKey);
    expect(first).toMatch(UUID_PATTERN);
    expect(second).toBe(first);
  });

  it('sends a changed order with a new key', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(createOrder).mockRejectedValueOnce(new ApiError(MESSAGES.noResponse, 'network'));
    renderPage();
    await fillValidOrder(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.orderNoResponse);
    await user.type(screen.getByLabelText('Comments'), ' and well packed');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const [first, second] = vi.mocked(createOrder).mock.calls.map((call) => call[1]?.idempotencyKey);
    expect(second).toMatch(UUID_PATTERN);
    expect(second).not.toBe(first);
  });

  it("shows the server's message on a duplicate order number and keeps everything typed", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(createOrder).mockRejectedValueOnce(
      new ApiError('An order with this AMZ order number already exists.', 'response', 409, true),
    );
    renderPage();
    await fillValidOrder(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.getAllByText(MESSAGES.orderNumberTaken).length).toBeGreaterThan(0));
    expect(screen.getByLabelText(/^AMZ Order Number/)).toHaveAccessibleDescription(MESSAGES.orderNumberTaken);
    expect(screen.getByLabelText(/^AMZ Order Number/)).toHaveFocus();
    expect(screen.queryByText('orders page')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Review Type/)).toHaveValue('text');
    expect(screen.getByLabelText(/^AMZ Order Number/)).toHaveValue('123-4567890-1234567');
    expect(screen.getByLabelText(/^Buyer PayPal/)).toHaveValue('buyer@example.com');
    expect(screen.getByLabelText(/^Buyer Name/)).toHaveValue('Bilal Buyer');
    expect(screen.getByLabelText('Comments')).toHaveValue('Delivered on time');
    expect(screen.getByRole('img', { name: /Order Screenshot preview/ })).toBeInTheDocument();

    // a new number, sent again: the screenshot is not uploaded twice
    const orderNumber = screen.getByLabelText(/^AMZ Order Number/);
    await user.clear(orderNumber);
    await user.type(orderNumber, '12345678901234580');
    expect(orderNumber).toHaveValue('123-4567890-1234580');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(createOrder).toHaveBeenLastCalledWith(
      expect.objectContaining({ amzOrderNumber: '123-4567890-1234580', orderScreenshot: UPLOADED }),
      SUBMISSION,
    );
  });

  it('keeps everything when the screenshot upload fails, and says why', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(uploadImage).mockRejectedValueOnce(new ApiError(MESSAGES.imageTooLarge, 'response', 413, true));
    renderPage();
    await fillValidOrder(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.imageTooLarge);
    expect(createOrder).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Buyer Name/)).toHaveValue('Bilal Buyer');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('goes back to the products on Cancel', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('products page')).toBeInTheDocument();
  });
});
