import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, approveProduct, deleteProduct, fetchPendingProducts } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '../../../shared-ui/src/test/fixtures';
import { PendingProductsPage } from './pending-products-page';
import { PRODUCT_TEXTS } from './product-texts';
import { renderPage, signInAs } from './test-helpers';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchPendingProducts: vi.fn(),
  approveProduct: vi.fn(),
  deleteProduct: vi.fn(),
}));

const lamp = productFixture({ _id: 'p-lamp', name: 'Desk Lamp', status: 'pending' });
const kettle = productFixture({ _id: 'p-kettle', name: 'Steel Kettle', status: 'pending' });

const show = () => renderPage(<PendingProductsPage />, '/admin/products/pending');

beforeEach(() => {
  signInAs('admin');
  vi.mocked(fetchPendingProducts).mockResolvedValue({ items: [lamp, kettle], total: 2 });
});
afterEach(() => vi.clearAllMocks());

vi.setConfig({ testTimeout: 15_000 });

describe('pending products page', () => {
  it('lists the pending products with approve, edit and delete', async () => {
    show();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Desk Lamp')).toBeInTheDocument();
    expect(fetchPendingProducts).toHaveBeenCalledWith({ page: 1, limit: 20 });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'title',
      'description',
      'price',
      'image',
      'status',
      'actions',
    ]);
    expect(screen.getByRole('button', { name: 'Approve Desk Lamp' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Edit Steel Kettle' })).toHaveAttribute(
      'href',
      '/admin/update-product/p-kettle',
    );
    expect(screen.getByRole('button', { name: 'Delete Steel Kettle' })).toBeEnabled();
  });

  it('approving takes the product off the list and says so', async () => {
    vi.mocked(approveProduct).mockImplementation(async (id) => {
      vi.mocked(fetchPendingProducts).mockResolvedValue({ items: [kettle], total: 1 });
      return { ...lamp, _id: id, status: 'approved' };
    });
    const { user } = show();
    await screen.findByText('Desk Lamp');

    await user.click(screen.getByRole('button', { name: 'Approve Desk Lamp' }));

    expect(approveProduct).toHaveBeenCalledWith('p-lamp');
    expect(await screen.findByText(PRODUCT_TEXTS.approved('Desk Lamp'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Desk Lamp' })).not.toBeInTheDocument());
    expect(screen.getByText('Steel Kettle')).toBeInTheDocument();
    expect(fetchPendingProducts).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message when the product is no longer pending, and refreshes the list", async () => {
    vi.mocked(approveProduct).mockRejectedValue(new ApiError(MESSAGES.productNotPending, 'response', 409, true));
    const { user } = show();
    await screen.findByText('Desk Lamp');
    await user.click(screen.getByRole('button', { name: 'Approve Desk Lamp' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productNotPending);
    await waitFor(() => expect(fetchPendingProducts).toHaveBeenCalledTimes(2));
  });

  it('searches the pending products on the server', async () => {
    const { user } = show();
    await screen.findByText('Desk Lamp');
    vi.mocked(fetchPendingProducts).mockResolvedValue({ items: [kettle], total: 1 });
    await user.type(screen.getByRole('searchbox', { name: 'search products' }), 'kettle{Enter}');
    await waitFor(() =>
      expect(fetchPendingProducts).toHaveBeenLastCalledWith({ page: 1, limit: 20, keyword: 'kettle' }),
    );
    await waitFor(() => expect(screen.queryByText('Desk Lamp')).not.toBeInTheDocument());
    expect(screen.getByText('Steel Kettle')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    vi.mocked(deleteProduct).mockResolvedValue({ message: MESSAGES.productDeleted, archived: false });
    const { user } = show();
    await screen.findByText('Desk Lamp');
    await user.click(screen.getByRole('button', { name: 'Delete Desk Lamp' }));
    expect(deleteProduct).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(deleteProduct).toHaveBeenCalledWith('p-lamp');
    expect(await screen.findByText(MESSAGES.productDeleted)).toBeInTheDocument();
  });

  it("shows 'no products found' with the add-product button when nothing waits", async () => {
    vi.mocked(fetchPendingProducts).mockResolvedValue({ items: [], total: 0 });
    show();
    expect(await screen.findByText('no products found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'add product' })).toHaveAttribute('href', '/admin/add-product');
  });

  it('says so when the list cannot be fetched', async () => {
    vi.mocked(fetchPendingProducts).mockRejectedValue(new ApiError(MESSAGES.forbidden, 'response', 403, true));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.forbidden);
  });
});
