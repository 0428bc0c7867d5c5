import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, fetchProduct } from 'shared-api';
import type { Product } from 'shared-api/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_PRODUCT_IMAGE } from './lib/order-display';
import { ProductDetailsPanel } from './product-details-panel';
import { productFixture } from './test/fixtures';
import { renderWithQueries } from './test/render';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchProduct: vi.fn(),
}));

const fetchProductMock = vi.mocked(fetchProduct);

/** A fetch the test settles when it wants, to see the loading state. */
function pendingFetch() {
  let settle: { resolve: (p: Product) => void; reject: (e: unknown) => void } | undefined;
  fetchProductMock.mockImplementationOnce(
    () =>
      new Promise<Product>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return () => settle!;
}

function fieldValue(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  fetchProductMock.mockReset();
});

describe('ProductDetailsPanel', () => {
  it('stays closed and fetches nothing without a product id', () => {
    renderWithQueries(<ProductDetailsPanel productId={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchProductMock).not.toHaveBeenCalled();
  });

  it("shows 'loading...' and then the product with its real details", async () => {
    const settle = pendingFetch();
    renderWithQueries(<ProductDetailsPanel productId="product-1" onClose={() => {}} />);

    const panel = screen.getByRole('dialog', { name: 'Product details' });
    expect(within(panel).getByText('loading...')).toBeInTheDocument();
    expect(fetchProductMock).toHaveBeenCalledWith('product-1');

    settle().resolve(productFixture());
    expect(await within(panel).findByRole('heading', { name: 'Wireless Earbuds Pro' })).toBeInTheDocument();
    expect(within(panel).queryByText('loading...')).not.toBeInTheDocument();

    expect(within(panel).getByRole('img', { name: 'Wireless Earbuds Pro' })).toHaveAttribute(
      'src',
      'https://images.example.com/products/earbuds.jpg',
    );
    expect(fieldValue('Marketplace')).toBe('🇬🇧 United Kingdom');
    expect(fieldValue('Sold By')).toBe('Mia Manager');
    expect(fieldValue('Keyword')).toBe('wireless earbuds');
    expect(fieldValue('Price')).toBe('Rs. 25');
    expect(within(panel).getByRole('img', { name: 'Wireless Earbuds Pro on Amazon' })).toHaveAttribute(
      'src',
      'https://images.example.com/amz/earbuds.jpg',
    );
    expect(fieldValue('Product Category')).toBe('Electronics');
    expect(fieldValue('Brand Name')).toBe('SoundMax');
    expect(fieldValue('Manager')).toBe('Mia Manager');

    expect(within(panel).getByRole('heading', { name: 'Commission Details' })).toBeInTheDocument();
    expect(within(panel).getByText('No Review Commission: Rs.450')).toBeInTheDocument();
    expect(within(panel).getByText('Text Review Commission: Rs.500')).toBeInTheDocument();
    expect(within(panel).getByText('Picture Review Commission: Rs.550')).toBeInTheDocument();
    expect(within(panel).queryByText(/Video Review Commission/)).not.toBeInTheDocument();
    expect(within(panel).queryByText(/Rs\.300/)).not.toBeInTheDocument();

    expect(within(panel).getByRole('heading', { name: 'Review Guidelines' })).toBeInTheDocument();
    expect(within(panel).getByText('Use the product for a week before reviewing.')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Instructions for Marketer' })).toBeInTheDocument();
    expect(within(panel).getByText('Search by the keyword, do not use the direct link.')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Commission Policy' })).toBeInTheDocument();
    expect(within(panel).getByText('Commission is paid after the refund is confirmed.')).toBeInTheDocument();
  });

  it("shows 'N/A' for what the product does not have, and leaves out empty lists", async () => {
    fetchProductMock.mockResolvedValueOnce(
      productFixture({
        keyword: '',
        brandName: '',
        amzImage: '',
        productCategory: '',
        category: 'Kitchen gadgets',
        guidelines: [],
        marketerInstructions: ['Order with a gift card.'],
        commissionPolicies: [],
        comission: 120,
        comissionWithTextReview: null,
        comissionWithPictureReview: null,
        marketPlace: 'CA',
      }),
    );
    renderWithQueries(<ProductDetailsPanel productId="product-1" onClose={() => {}} />);
    await screen.findByRole('heading', { name: 'Wireless Earbuds Pro' });

    expect(fieldValue('Keyword')).toBe('N/A');
    expect(fieldValue('Brand Name')).toBe('N/A');
    expect(fieldValue('AMZ Image')).toBe('N/A');
    expect(fieldValue('Product Category')).toBe('Kitchen gadgets');
    expect(fieldValue('Marketplace')).toBe('🇨🇦 Canada');
    expect(screen.getByText('No Review Commission: Rs.120')).toBeInTheDocument();
    expect(screen.queryByText(/Text Review Commission/)).not.toBeInTheDocument();

    expect(screen.queryByRole('heading', { name: 'Review Guidelines' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Instructions for Marketer' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Commission Policy' })).not.toBeInTheDocument();
  });

  it('clears loading and shows the reason when the product cannot be fetched', async () => {
    fetchProductMock.mockRejectedValueOnce(new ApiError('Product not found.', 'response', 404));
    renderWithQueries(<ProductDetailsPanel productId="gone" onClose={() => {}} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found.');
    expect(screen.queryByText('loading...')).not.toBeInTheDocument();
  });

  it('closes on a click on the dimmed page', async () => {
    const user = userEvent.setup();
    fetchProductMock.mockResolvedValue(productFixture());
    const onClose = vi.fn();
    renderWithQueries(<ProductDetailsPanel productId="product-1" onClose={onClose} />);
    await screen.findByRole('heading', { name: 'Wireless Earbuds Pro' });

    await user.click(screen.getByTestId('side-panel-overlay'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape, with focus moved into the panel', async () => {
    const user = userEvent.setup();
    fetchProductMock.mockResolvedValue(productFixture());
    const onClose = vi.fn();
    renderWithQueries(<ProductDetailsPanel productId="product-1" onClose={onClose} />);
    await screen.findByRole('heading', { name: 'Wireless Earbuds Pro' });
    expect(screen.getByRole('dialog', { name: 'Product details' })).toContainElement(
      document.activeElement as HTMLElement,
    );

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the placeholder image for a product without one or with a broken one', async () => {
    fetchProductMock.mockResolvedValueOnce(productFixture({ image: '' }));
    const { unmount } = renderWithQueries(<ProductDetailsPanel productId="product-1" onClose={() => {}} />);
    expect(await screen.findByRole('img', { name: 'Wireless Earbuds Pro' })).toHaveAttribute(
      'src',
      FALLBACK_PRODUCT_IMAGE,
    );
    unmount();

    fetchProductMock.mockResolvedValueOnce(productFixture());
    renderWithQueries(<ProductDetailsPanel productId="product-1" onClose={() => {}} />);
    const image = await screen.findByRole('img', { name: 'Wireless Earbuds Pro' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', FALLBACK_PRODUCT_IMAGE);
  });

  it('shows the newly chosen product, never a late answer for the previous one', async () => {
    const first = pendingFetch();
    fetchProductMock.mockResolvedValueOnce(productFixture({ _id: 'product-2', name: 'Yoga Mat' }));
    const { rerender } = renderWithQueries(<ProductDetailsPanel productId="product-1" onClose={() => {}} />);
    rerender(<ProductDetailsPanel productId="product-2" onClose={() => {}} />);

    expect(await screen.findByRole('heading', { name: 'Yoga Mat' })).toBeInTheDocument();
    first().resolve(productFixture());
    await waitFor(() => expect(fetchProductMock).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('heading', { name: 'Yoga Mat' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Wireless Earbuds Pro' })).not.toBeInTheDocument();
  });
});
