import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, fetchApprovedProducts, fetchProduct, filterProducts, setLocale } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { SEARCH_DEBOUNCE_MS } from 'shared-ui/lib/product-filters';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { PRODUCTS_PAGE_SIZE, ProductsPage } from './products-page';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchApprovedProducts: vi.fn(),
  filterProducts: vi.fn(),
  fetchProduct: vi.fn(),
}));

const earbuds = productFixture({ _id: 'p-1', name: 'Wireless Earbuds Pro', price: 25, marketPlace: 'UK' });
const lamp = productFixture({
  _id: 'p-2',
  name: 'Desk Lamp',
  description: 'A warm LED lamp.',
  price: 12.99,
  marketPlace: 'US',
  image: '',
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage(path = '/agent/products') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/agent/products" element={<ProductsPage />} />
        <Route path="/agent/detail/:id" element={<p>submit order page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.mocked(fetchApprovedProducts).mockResolvedValue({ items: [earbuds, lamp], total: 2 });
  vi.mocked(filterProducts).mockResolvedValue({ items: [lamp], total: 1 });
  vi.mocked(fetchProduct).mockResolvedValue(earbuds);
});

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('agent products', () => {
  it('shows the approved products as cards with image, name, description and price in $', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const grid = await screen.findByRole('list', { name: 'approved products' });
    const cards = within(grid).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const lampCard = screen.getByRole('article', { name: 'Desk Lamp' });
    expect(lampCard).toHaveTextContent('A warm LED lamp.');
    expect(lampCard).toHaveTextContent('$12.99');
    expect(lampCard).toHaveTextContent('US');
    // no image: the placeholder
    expect(lampCard.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('article', { name: 'Wireless Earbuds Pro' })).toHaveTextContent('$25.00');
    expect(fetchApprovedProducts).toHaveBeenCalledWith({ page: 1, limit: PRODUCTS_PAGE_SIZE });
    expect(filterProducts).not.toHaveBeenCalled();
  });

  it('filters by marketplace and review type through the filter endpoint', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'approved products' });

    const markets = screen.getByRole('group', { name: 'Marketplace' });
    await user.click(within(markets).getByRole('button', { name: 'US' }));
    await waitFor(() =>
      expect(filterProducts).toHaveBeenLastCalledWith({ page: 1, limit: PRODUCTS_PAGE_SIZE, marketPlace: 'US' }),
    );
    expect(within(markets).getByRole('button', { name: 'US' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('article', { name: 'Desk Lamp' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Wireless Earbuds Pro' })).not.toBeInTheDocument();

    const types = screen.getByRole('group', { name: 'Review type' });
    await user.click(within(types).getByRole('button', { name: 'picture' }));
    await waitFor(() =>
      expect(filterProducts).toHaveBeenLastCalledWith({
        page: 1,
        limit: PRODUCTS_PAGE_SIZE,
        marketPlace: 'US',
        reviewType: 'picture',
      }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('marketPlace=US&reviewType=picture');

    await user.click(within(markets).getByRole('button', { name: 'All' }));
    await waitFor(() =>
      expect(filterProducts).toHaveBeenLastCalledWith({ page: 1, limit: PRODUCTS_PAGE_SIZE, reviewType: 'picture' }),
    );
  });

  it('searches once typing pauses, with one call for the whole word', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'approved products' });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'lamp');
    expect(filterProducts).not.toHaveBeenCalled();
    await waitFor(() => expect(filterProducts).toHaveBeenCalledTimes(1), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(filterProducts).toHaveBeenCalledWith({ page: 1, limit: PRODUCTS_PAGE_SIZE, keyword: 'lamp' });
    expect(await screen.findByRole('article', { name: 'Desk Lamp' })).toBeInTheDocument();
  });

  it('searches at once on Enter', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'approved products' });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), ' desk {Enter}');
    await waitFor(() =>
      expect(filterProducts).toHaveBeenCalledWith({ page: 1, limit: PRODUCTS_PAGE_SIZE, keyword: 'desk' }),
    );
  });

  it('pages through the server', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: PRODUCTS_PAGE_SIZE }, (_, i) =>
      productFixture({ _id: `p-${i}`, name: `Product ${i}` }),
    );
    vi.mocked(fetchApprovedProducts).mockResolvedValue({ items: many, total: 30 });
    renderPage();
    expect(await screen.findByText(`Showing 1–${PRODUCTS_PAGE_SIZE} of 30`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(fetchApprovedProducts).toHaveBeenLastCalledWith({ page: 2, limit: PRODUCTS_PAGE_SIZE }));
  });

  it("says 'No products found' when nothing matches, and can clear the filters", async () => {
    const user = userEvent.setup();
    vi.mocked(filterProducts).mockResolvedValue({ items: [], total: 0 });
    renderPage('/agent/products?marketPlace=AU');
    expect(await screen.findByText(MESSAGES.agentNoProductsFound)).toBeInTheDocument();
    expect(filterProducts).toHaveBeenCalledWith({ page: 1, limit: PRODUCTS_PAGE_SIZE, marketPlace: 'AU' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Desk Lamp' })).toBeInTheDocument();
  });

  it("says 'No products found' when there are no approved products at all", async () => {
    vi.mocked(fetchApprovedProducts).mockResolvedValue({ items: [], total: 0 });
    renderPage();
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows the failure message of a filtered load and tries again', async () => {
    const user = userEvent.setup();
    vi.mocked(filterProducts).mockRejectedValueOnce(new ApiError('Network Error', 'network'));
    renderPage('/agent/products?reviewType=video');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Desk Lamp' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the failure message of the unfiltered load', async () => {
    vi.mocked(fetchApprovedProducts).mockRejectedValue(new ApiError('Network Error', 'network'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.approvedProductsFailed);
  });

  it('opens the details panel from (view details)', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Wireless Earbuds Pro' });
    await user.click(within(card).getByRole('button', { name: '(view details)' }));
    const panel = await screen.findByRole('dialog', { name: 'Product details' });
    expect(fetchProduct).toHaveBeenCalledWith('p-1');
    expect(await within(panel).findByText('No Review Commission: Rs.450')).toBeInTheDocument();
  });

  it('asks before ordering: Cancel stays, Confirm opens the submit-order page for the product', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Desk Lamp' });
    await user.click(within(card).getByRole('button', { name: 'Order' }));
    let dialog = screen.getByRole('dialog', { name: 'Please Confirm' });
    expect(dialog).toHaveTextContent('Are you sure you want to create an order for this product?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/agent/products');

    await user.click(within(card).getByRole('button', { name: 'Order' }));
    dialog = screen.getByRole('dialog', { name: 'Please Confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('submit order page')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/agent/detail/p-2');
  });

  it('speaks Urdu when Urdu is chosen, with the price kept left to right', async () => {
    await act(() => setLocale('ur'));
    try {
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'پروڈکٹس' })).toBeInTheDocument();
      expect(await screen.findByText('2 پروڈکٹس')).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'پروڈکٹ تلاش کریں' })).toBeInTheDocument();
      const lampCard = screen.getByRole('article', { name: 'Desk Lamp' });
      expect(within(lampCard).getByRole('button', { name: 'آرڈر کریں' })).toBeInTheDocument();
      expect(within(lampCard).getByText('$12.99').closest('bdi')).toHaveAttribute('dir', 'ltr');
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
