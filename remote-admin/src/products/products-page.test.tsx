import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, deleteProduct, fetchProduct, filterProducts } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '../../../shared-ui/src/test/fixtures';
import { PRODUCT_TEXTS } from './product-texts';
import { ProductsPage } from './products-page';
import { renderPage, signInAs } from './test-helpers';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  filterProducts: vi.fn(),
  deleteProduct: vi.fn(),
  fetchProduct: vi.fn(),
}));

const lamp = productFixture({ _id: 'p-lamp', name: 'Desk Lamp', status: 'approved', price: 19.99 });
const kettle = productFixture({ _id: 'p-kettle', name: 'Steel Kettle', status: 'pending', description: '' });

const show = () => renderPage(<ProductsPage />, '/admin/products');
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

beforeEach(() => {
  signInAs('admin');
  vi.mocked(filterProducts).mockResolvedValue({ items: [lamp, kettle], total: 2 });
});
afterEach(() => vi.clearAllMocks());

vi.setConfig({ testTimeout: 15_000 });

describe('products page', () => {
  it('lists the products with number, title, description, price, image, status and actions', async () => {
    show();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Desk Lamp')).toBeInTheDocument();
    expect(filterProducts).toHaveBeenCalledWith({ page: 1, limit: 20 });
    expect(screen.getByRole('heading', { name: 'all products' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'title',
      'description',
      'price',
      'image',
      'status',
      'actions',
    ]);
    const row = rowOf('Desk Lamp');
    expect(within(row).getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(within(row).getByText('$19.99')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Desk Lamp' })).toHaveAttribute('src', lamp.image);
    expect(within(row).getByText('approved')).toBeInTheDocument();
    expect(within(rowOf('Steel Kettle')).getByText('pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Desk Lamp' })).toHaveAttribute(
      'href',
      '/admin/update-product/p-lamp',
    );
    expect(screen.getByText('2 products')).toBeInTheDocument();
  });

  it('asks for a manager its own products and names the list so', async () => {
    signInAs('manager');
    show();
    expect(await screen.findByRole('heading', { name: 'my products' })).toBeInTheDocument();
    await waitFor(() => expect(filterProducts).toHaveBeenCalledWith({ page: 1, limit: 20 }));
  });

  it('filters by review type, marketplace and keyword through the API', async () => {
    const { user } = show();
    await screen.findByText('Desk Lamp');

    await user.click(within(screen.getByRole('group', { name: 'review type' })).getByRole('button', { name: 'video' }));
    await waitFor(() => expect(filterProducts).toHaveBeenLastCalledWith({ page: 1, limit: 20, reviewType: 'video' }));

    const markets = screen.getByRole('group', { name: 'marketplace' });
    expect(
      within(markets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'US', 'UK', 'DE', 'IT', 'ES', 'CA', 'AU']);
    await user.click(within(markets).getByRole('button', { name: 'UK' }));
    await waitFor(() =>
      expect(filterProducts).toHaveBeenLastCalledWith({ page: 1, limit: 20, reviewType: 'video', marketPlace: 'UK' }),
    );

    await user.type(screen.getByRole('searchbox', { name: 'search products' }), ' lamp {Enter}');
    await waitFor(() =>
      expect(filterProducts).toHaveBeenLastCalledWith({
        page: 1,
        limit: 20,
        keyword: 'lamp',
        reviewType: 'video',
        marketPlace: 'UK',
      }),
    );

    await user.click(within(screen.getByRole('group', { name: 'review type' })).getByRole('button', { name: 'All' }));
    await waitFor(() =>
      expect(filterProducts).toHaveBeenLastCalledWith({ page: 1, limit: 20, keyword: 'lamp', marketPlace: 'UK' }),
    );
  });

  it('searches a moment after typing stops', async () => {
    const { user } = show();
    await screen.findByText('Desk Lamp');
    await user.type(screen.getByRole('searchbox', { name: 'search products' }), 'kettle');
    await waitFor(() => expect(filterProducts).toHaveBeenLastCalledWith({ page: 1, limit: 20, keyword: 'kettle' }));
  });

  it('pages through the server', async () => {
    vi.mocked(filterProducts).mockResolvedValue({ items: [lamp, kettle], total: 45 });
    const { user } = show();
    await screen.findByText('Desk Lamp');
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(filterProducts).toHaveBeenLastCalledWith({ page: 2, limit: 20 }));
    expect(await screen.findByRole('cell', { name: '21' })).toBeInTheDocument();
  });

  it('asks before deleting, and deletes only on Delete', async () => {
    vi.mocked(deleteProduct).mockResolvedValue({ message: MESSAGES.productDeleted, archived: false });
    const { user } = show();
    await screen.findByText('Desk Lamp');

    await user.click(screen.getByRole('button', { name: 'Delete Desk Lamp' }));
    const dialog = screen.getByRole('dialog', { name: PRODUCT_TEXTS.confirmDeleteTitle });
    expect(dialog).toHaveTextContent(PRODUCT_TEXTS.confirmDelete('Desk Lamp'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteProduct).not.toHaveBeenCalled();

    vi.mocked(filterProducts).mockResolvedValue({ items: [kettle], total: 1 });
    await user.click(screen.getByRole('button', { name: 'Delete Desk Lamp' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(deleteProduct).toHaveBeenCalledWith('p-lamp');
    expect(await screen.findByText(MESSAGES.productDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Desk Lamp')).not.toBeInTheDocument());
    expect(screen.getByText('Steel Kettle')).toBeInTheDocument();
  });

  it("shows the server's message when a product with orders is archived instead", async () => {
    vi.mocked(deleteProduct).mockResolvedValue({ message: MESSAGES.productArchived, archived: true });
    const { user } = show();
    await screen.findByText('Desk Lamp');
    await user.click(screen.getByRole('button', { name: 'Delete Desk Lamp' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.productArchived)).toBeInTheDocument();
  });

  it('shows why a deletion was refused', async () => {
    vi.mocked(deleteProduct).mockRejectedValue(new ApiError(MESSAGES.productDeleteOwnOnly, 'response', 403, true));
    const { user } = show();
    await screen.findByText('Desk Lamp');
    await user.click(screen.getByRole('button', { name: 'Delete Desk Lamp' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productDeleteOwnOnly);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'no products found' with a way to add one", async () => {
    vi.mocked(filterProducts).mockResolvedValue({ items: [], total: 0 });
    const { user } = show();
    expect(await screen.findByText('no products found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'add product' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/add-product');
  });

  it('says so when the list cannot be fetched, and tries again', async () => {
    vi.mocked(filterProducts).mockRejectedValueOnce(new ApiError(MESSAGES.noResponse, 'network'));
    const { user } = show();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.filterProductsFailed);
    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(await screen.findByText('Desk Lamp')).toBeInTheDocument();
  });

  it('opens the product details panel from (view details)', async () => {
    vi.mocked(fetchProduct).mockResolvedValue(lamp);
    const { user } = show();
    await screen.findByText('Desk Lamp');
    await user.click(screen.getByRole('button', { name: '(view details) of Desk Lamp' }));
    const panel = await screen.findByRole('dialog', { name: 'Product details' });
    expect(fetchProduct).toHaveBeenCalledWith('p-lamp');
    expect(await within(panel).findByText('Rs. 19.99')).toBeInTheDocument();
  });
});
