import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DashboardView } from './dashboard-view';
import { FALLBACK_PRODUCT_IMAGE } from './lib/order-display';
import { orderFixture, orderProductFixture } from './test/fixtures';

type Props = ComponentProps<typeof DashboardView>;

const baseProps: Props = {
  userName: 'Andy Agent',
  commission: { paidCommission: 1200, unpaidCommission: 450.5 },
  tiles: [
    { label: 'active products', value: 12, to: '/agent/products' },
    { label: 'pending products', value: 3 },
    { label: 'orders', value: 27, to: '/agent/orders' },
  ],
  recentOrders: [],
  viewAllTo: '/agent/orders',
  adminWhatsApp: '',
};

function renderDashboard(props: Partial<Props> = {}) {
  return render(
    <MemoryRouter>
      <DashboardView {...baseProps} {...props} />
    </MemoryRouter>,
  );
}

/** The value shown on the card whose label is `label`. */
function cardValue(label: string): string | null {
  const card = screen.getByText(label).closest('.ui-stat-card');
  return card?.querySelector('.ui-stat-card-value')?.textContent ?? null;
}

describe('DashboardView', () => {
  it('greets the user by name and shows both commission figures in Rs', () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Andy Agent' })).toBeInTheDocument();
    expect(cardValue('total paid commission')).toBe('Rs\u00a01,200');
    expect(cardValue('payable commission')).toBe('Rs\u00a0450.50');
  });

  it('shows Rs 0 for both commission figures until they are known', () => {
    renderDashboard({ commission: null });
    expect(cardValue('total paid commission')).toBe('Rs\u00a00');
    expect(cardValue('payable commission')).toBe('Rs\u00a00');
  });

  it('links the commission cards to the payouts when the role has such a page, and not otherwise', () => {
    const { unmount } = renderDashboard({ commissionLinks: { paid: '/agent/payouts' } });
    expect(screen.getByRole('link', { name: /total paid commission/ })).toHaveAttribute('href', '/agent/payouts');
    expect(screen.queryByRole('link', { name: /payable commission/ })).not.toBeInTheDocument();
    unmount();

    renderDashboard();
    expect(screen.queryByRole('link', { name: /commission/ })).not.toBeInTheDocument();
  });

  it('shows each tile with its value, linking where the tile says', () => {
    renderDashboard({ tiles: [...baseProps.tiles, { label: 'alerts', value: null }] });
    const tiles = screen.getByRole('list', { name: 'figures' });
    expect(within(tiles).getAllByRole('listitem')).toHaveLength(4);
    expect(cardValue('active products')).toBe('12');
    expect(cardValue('pending products')).toBe('3');
    expect(cardValue('orders')).toBe('27');
    expect(cardValue('alerts')).toBe('–');
    expect(within(tiles).getByRole('link', { name: /active products/ })).toHaveAttribute('href', '/agent/products');
    expect(within(tiles).getByRole('link', { name: /orders/ })).toHaveAttribute('href', '/agent/orders');
    expect(within(tiles).queryByRole('link', { name: /pending products/ })).not.toBeInTheDocument();
  });

  it("shows 'Loading...' while the recent orders load", () => {
    renderDashboard({ recentOrders: null });
    const table = screen.getByRole('table', { name: 'recent activity' });
    expect(within(table).getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('No orders found.')).not.toBeInTheDocument();
  });

  it("shows 'No orders found.' when there are none", () => {
    renderDashboard({ recentOrders: [] });
    expect(within(screen.getByRole('table', { name: 'recent activity' })).getByText('No orders found.')).toBeVisible();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows why the recent orders could not load', () => {
    renderDashboard({ recentOrders: null, error: 'Failed to fetch order' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch order');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('lists a row per order with its image, id, real marketplace, creation time and agent status', () => {
    const orders = [
      orderFixture({
        _id: 'ord-1',
        amzOrderNumber: '111-1111111-1111111',
        product: orderProductFixture({ marketPlace: 'DE', name: 'Espresso Grinder' }),
        createdAt: new Date(2026, 10, 22, 15, 4).toISOString(),
        AgentStatus: 'Ordered',
      }),
      orderFixture({
        _id: 'ord-2',
        amzOrderNumber: '222-2222222-2222222',
        product: orderProductFixture({ marketPlace: 'AU', image: '', name: 'Yoga Mat' }),
        createdAt: new Date(2026, 0, 5, 9, 30).toISOString(),
        AgentStatus: 'cancelled',
      }),
    ];
    renderDashboard({ recentOrders: orders });
    const table = screen.getByRole('table', { name: 'recent activity' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Product', 'AMZ ORD#', 'Market', 'Date/Time', 'Status']);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);

    expect(cells(first)).toEqual(['', 'ord-1 111-1111111-1111111', '🇩🇪 DE', 'Nov 22, 2026, 3:04 PM', 'Ordered']);
    expect(within(first).getByRole('img', { name: 'Espresso Grinder' })).toHaveAttribute(
      'src',
      'https://images.example.com/products/earbuds.jpg',
    );
    expect(cells(second)).toEqual(['', 'ord-2 222-2222222-2222222', '🇦🇺 AU', 'Jan 5, 2026, 9:30 AM', 'Cancelled']);
    expect(within(second).getByRole('img', { name: 'Yoga Mat' })).toHaveAttribute('src', FALLBACK_PRODUCT_IMAGE);
    expect(within(table).queryByText(/\bCA\b/)).not.toBeInTheDocument();
  });

  it('swaps a broken product image for the placeholder', () => {
    renderDashboard({ recentOrders: [orderFixture()] });
    const image = screen.getByRole('img', { name: 'Wireless Earbuds Pro' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', FALLBACK_PRODUCT_IMAGE);
  });

  it("links 'view all orders' to the area's order list", () => {
    renderDashboard({ viewAllTo: '/admin/orders' });
    expect(screen.getByRole('link', { name: 'view all orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it('offers the admin on WhatsApp when a number is configured', () => {
    renderDashboard({ adminWhatsApp: '+92 300 1234567' });
    const contact = screen.getByRole('complementary', { name: 'contact admin' });
    expect(within(contact).getByRole('link', { name: '+92 300 1234567' })).toHaveAttribute(
      'href',
      'https://wa.me/923001234567',
    );
  });

  it('says whom to contact without a link when no number is configured', () => {
    renderDashboard({ adminWhatsApp: '' });
    const contact = screen.getByRole('complementary', { name: 'contact admin' });
    expect(within(contact).queryByRole('link')).not.toBeInTheDocument();
    expect(contact).toHaveTextContent('For general queries, please contact the admin.');
  });

  it('shows the chart it is given', () => {
    renderDashboard({ chart: <figure aria-label="orders in the last 30 days" /> });
    expect(screen.getByRole('figure', { name: 'orders in the last 30 days' })).toBeInTheDocument();
  });
});
