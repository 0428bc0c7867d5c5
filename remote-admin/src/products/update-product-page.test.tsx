import { screen, waitFor } from '@testing-library/react';
import { ApiError, fetchProduct, updateProduct } from 'shared-api';
import { changedSinceLoaded, MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '../../../shared-ui/src/test/fixtures';
import { AddProductPage } from './add-product-page';
import { renderPage, signInAs } from './test-helpers';
import { UpdateProductPage } from './update-product-page';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchProduct: vi.fn(),
  updateProduct: vi.fn(),
}));

const stored = productFixture({ _id: 'p-lamp', name: 'Desk Lamp' });
const show = () => renderPage(<UpdateProductPage />, '/admin/update-product/p-lamp', '/admin/update-product/:id');

beforeEach(() => signInAs('admin'));
afterEach(() => vi.clearAllMocks());

vi.setConfig({ testTimeout: 15_000 });

describe('update product page', () => {
  it('loads the product, then shows the form prefilled', async () => {
    vi.mocked(fetchProduct).mockResolvedValue(stored);
    show();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByLabelText(/^name/)).toHaveValue('Desk Lamp');
    expect(fetchProduct).toHaveBeenCalledWith('p-lamp');
    expect(screen.getByLabelText('affiliate link')).toHaveValue(stored.productLink);
    expect(screen.getByRole('button', { name: 'Update Product' })).toBeInTheDocument();
  });

  it('saves and goes back to where the person came from', async () => {
    vi.mocked(fetchProduct).mockResolvedValue(stored);
    vi.mocked(updateProduct).mockResolvedValue(stored);
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
  });

  it('sends the version it loaded; refused as changed since, it names who and when and reloads the product into the form', async () => {
    const newer = { ...stored, name: 'Desk Lamp Pro', version: 2 };
    vi.mocked(fetchProduct).mockResolvedValueOnce(stored).mockResolvedValueOnce(newer);
    const message = changedSinceLoaded('product', 'Mina Vendor', new Date('2026-11-27T12:34:00Z'));
    vi.mocked(updateProduct).mockRejectedValue(
      new ApiError(message, 'response', 409, true, {
        data: { message, changed: { by: 'Mina Vendor', at: '2026-11-27T12:34:00.000Z', version: 2 } },
      }),
    );
    const { user } = show();
    await user.clear(await screen.findByLabelText(/^name/));
    await user.type(screen.getByLabelText(/^name/), 'My Lamp');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(vi.mocked(updateProduct).mock.calls[0]?.[1]).toMatchObject({ name: 'My Lamp', version: 1 });
    // nothing was saved: the person stays on the form
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'reload the product' }));
    await waitFor(() => expect(screen.getByLabelText(/^name/)).toHaveValue('Desk Lamp Pro'));
    expect(fetchProduct).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // the next save carries the version reloaded
    vi.mocked(updateProduct).mockResolvedValue(newer);
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(vi.mocked(updateProduct).mock.calls[1]?.[1]).toMatchObject({ version: 2 }));
  });

  it('shows any other refusal as before, without a reload', async () => {
    vi.mocked(fetchProduct).mockResolvedValue(stored);
    vi.mocked(updateProduct).mockRejectedValue(
      new ApiError(MESSAGES.productArchivedNotEditable, 'response', 409, true, {
        data: { message: MESSAGES.productArchivedNotEditable },
      }),
    );
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Update Product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productArchivedNotEditable);
    expect(screen.queryByRole('button', { name: 'reload the product' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the product cannot be loaded", async () => {
    vi.mocked(fetchProduct).mockRejectedValue(new ApiError(MESSAGES.productNotFound, 'response', 404, true));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productNotFound);
    expect(screen.queryByRole('button', { name: 'Update Product' })).not.toBeInTheDocument();
  });
});

describe('add product page', () => {
  it("shows the empty form with 'Create Product', without the affiliate link for a manager", () => {
    signInAs('manager');
    renderPage(<AddProductPage />, '/admin/add-product');
    expect(screen.getByRole('heading', { name: 'add product' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^name/)).toHaveValue('');
    expect(screen.queryByLabelText('affiliate link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeInTheDocument();
  });

  it('goes back with the Back button', async () => {
    const { user } = renderPage(<AddProductPage />, '/admin/add-product');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
  });
});
