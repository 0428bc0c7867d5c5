import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from 'shared-api';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_PRODUCT_IMAGE } from './lib/order-display';
import { OrderCard } from './order-card';
import { orderFixture, orderProductFixture } from './test/fixtures';

/** A local time, so the expected text is the same in every time zone. */
const updatedAt = new Date(2026, 10, 23, 15, 4).toISOString();

const order = orderFixture({
  _id: 'ord-7f3a',
  product: orderProductFixture({ marketPlace: 'DE', comission: 300, name: 'Espresso Grinder' }),
  comission: 450,
  amzOrderNumber: '402-1234567-7654321',
  buyerPayPal: 'sana.buyer@example.com',
  buyerName: 'Sana Buyer',
  reviewType: 'text',
  AgentStatus: 'Reviewed',
  status: 'Feedback Rfnd',
  comissionStatus: 'paid',
  updatedAt,
});

function fieldValue(card: HTMLElement, label: string): string | null {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('OrderCard', () => {
  it('shows every field of the admin and manager order screens, with the real marketplace and commission', () => {
    render(<OrderCard order={order} viewer="admin" />);
    const card = screen.getByRole('article', { name: 'Order ID: ord-7f3a' });

    expect(within(card).getByText('Nov 23, 2026, 3:04 PM')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Espresso Grinder' })).toHaveAttribute(
      'src',
      'https://images.example.com/products/earbuds.jpg',
    );
    expect(fieldValue(card, 'Product')).toBe('Espresso Grinder');
    expect(fieldValue(card, 'Marketplace')).toBe('🇩🇪 DE');
    expect(fieldValue(card, 'AMZ Order #')).toBe('402-1234567-7654321');
    expect(fieldValue(card, 'Buyer PayPal')).toBe('sana.buyer@example.com');
    expect(fieldValue(card, 'Buyer Name')).toBe('Sana Buyer');
    expect(fieldValue(card, 'Manager')).toBe('Mia Manager');
    expect(fieldValue(card, 'Agent')).toBe('Andy Agent');
    expect(fieldValue(card, 'Review Type')).toBe('text');
    // the order's own commission, not the product's figure and never a fixed Rs.300
    expect(fieldValue(card, 'Commission')).toBe('Rs\u00a0450');
    expect(within(card).queryByText(/Rs\.?\s?300/)).not.toBeInTheDocument();
    expect(fieldValue(card, 'Agent Status')).toBe('Reviewed');
    expect(fieldValue(card, 'Order Status')).toBe('Feedback Refund');
    expect(fieldValue(card, 'Commission Status')).toBe('paid');
    expect(within(card).queryByText(/CA/)).not.toBeInTheDocument();
  });

  it('shows the agent the same order fields, without naming the agent', () => {
    render(<OrderCard order={order} viewer="agent" />);
    const card = screen.getByRole('article');
    expect(fieldValue(card, 'Marketplace')).toBe('🇩🇪 DE');
    expect(fieldValue(card, 'AMZ Order #')).toBe('402-1234567-7654321');
    expect(fieldValue(card, 'Buyer PayPal')).toBe('sana.buyer@example.com');
    expect(fieldValue(card, 'Buyer Name')).toBe('Sana Buyer');
    expect(fieldValue(card, 'Manager')).toBe('Mia Manager');
    expect(fieldValue(card, 'Commission')).toBe('Rs\u00a0450');
    expect(within(card).queryByText('Agent', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('says when the manager has not set a status yet', () => {
    render(<OrderCard order={orderFixture({ status: '' })} viewer="manager" />);
    expect(fieldValue(screen.getByRole('article'), 'Order Status')).toBe('Not set');
  });

  it('marks only a cancelled order as cancelled', () => {
    const { unmount } = render(<OrderCard order={order} viewer="manager" />);
    expect(screen.queryByText('Cancelled')).not.toBeInTheDocument();
    unmount();

    render(<OrderCard order={{ ...order, AgentStatus: 'cancelled' }} viewer="manager" />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('Cancelled', { selector: '.ui-order-card-badge' })).toBeInTheDocument();
    expect(fieldValue(card, 'Agent Status')).toBe('Cancelled');
  });

  it('offers only the screenshots the order has, each opening in the lightbox', async () => {
    const user = userEvent.setup();
    render(
      <OrderCard
        order={{ ...order, reviewScreenShot: 'https://img.example.com/review.png', FeedbackScreenShot: '' }}
        viewer="admin"
      />,
    );
    expect(screen.getByRole('button', { name: 'order screenshot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'review screenshot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'feedback screenshot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'refund screenshot' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'review screenshot' }));
    const dialog = screen.getByRole('dialog', { name: 'review screenshot' });
    expect(within(dialog).getByRole('img', { name: 'review screenshot' })).toHaveAttribute(
      'src',
      'https://img.example.com/review.png',
    );
    await user.click(within(dialog).getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no screenshot buttons for an order without screenshots', () => {
    render(<OrderCard order={{ ...order, orderScreenshot: '' }} viewer="agent" />);
    expect(screen.queryByRole('button', { name: /screenshot/ })).not.toBeInTheDocument();
  });

  it("renders the area's actions in the card", () => {
    render(
      <OrderCard
        order={order}
        viewer="agent"
        actions={
          <button type="button" disabled>
            update Order
          </button>
        }
      />,
    );
    expect(within(screen.getByRole('article')).getByRole('button', { name: 'update Order' })).toBeDisabled();
  });

  it("shows the area's own product and agent names when it gives them (links that filter its list)", () => {
    render(
      <OrderCard
        order={order}
        viewer="admin"
        productLabel={<a href="?product=p-1">{order.product.name}</a>}
        agentLabel={<a href="?agent=a-1">{order.agent.name}</a>}
      />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Espresso Grinder' })).toHaveAttribute('href', '?product=p-1');
    expect(within(card).getByRole('link', { name: order.agent.name })).toHaveAttribute('href', '?agent=a-1');
    expect(fieldValue(card, 'Product')).toBe('Espresso Grinder');
  });

  it('shows the placeholder for a product without an image or with a broken one', () => {
    const noImage = orderFixture({ product: orderProductFixture({ image: '', name: 'No Picture' }) });
    const { unmount } = render(<OrderCard order={noImage} viewer="agent" />);
    expect(screen.getByRole('img', { name: 'No Picture' })).toHaveAttribute('src', FALLBACK_PRODUCT_IMAGE);
    unmount();

    render(<OrderCard order={order} viewer="agent" />);
    const image = screen.getByRole('img', { name: 'Espresso Grinder' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', FALLBACK_PRODUCT_IMAGE);
  });
});

describe('OrderCard in Urdu', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('names its fields and statuses in Urdu, keeping the numbers and the PayPal left to right', async () => {
    await act(() => setLocale('ur'));
    render(<OrderCard order={order} viewer="admin" />);
    const card = screen.getByRole('article');

    expect(fieldValue(card, 'ایجنٹ اسٹیٹس')).toBe('ریویو ہو گیا');
    expect(fieldValue(card, 'آرڈر اسٹیٹس')).toBe('فیڈبیک ریفنڈ');
    expect(fieldValue(card, 'کمیشن اسٹیٹس')).toBe('ادا شدہ');
    expect(fieldValue(card, 'ریویو کی قسم')).toBe('تحریری');
    const number = within(card).getByText('402-1234567-7654321');
    expect(number.tagName).toBe('BDI');
    expect(number).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByText('sana.buyer@example.com')).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('آرڈر ID: ord-7f3a');
  });
});
