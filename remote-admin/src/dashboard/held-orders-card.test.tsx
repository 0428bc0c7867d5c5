import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, fetchHeldOrders } from 'shared-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { HeldOrdersCard } from './held-orders-card';

// the product's English text (the catalogue's admin.dashboard.held.failed)
const HELD_ORDERS_FAILED = 'Failed to fetch the orders on hold.';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchHeldOrders: vi.fn(),
}));

const held = vi.mocked(fetchHeldOrders);

const renderCard = () =>
  renderWithQueries(
    <MemoryRouter>
      <HeldOrdersCard />
    </MemoryRouter>,
  );

describe('HeldOrdersCard', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows how many orders a fraud flag holds, with a link to the flagged orders', async () => {
    held.mockResolvedValue({ orders: 1234 });
    renderCard();
    const card = screen.getByRole('region', { name: 'orders on hold' });
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'see the flagged orders' })).toHaveAttribute(
      'href',
      '/admin/orders?flags=flagged',
    );
    expect(card).toBeInTheDocument();
  });

  it('says when the count could not be loaded, and loads it again on Retry', async () => {
    held.mockRejectedValueOnce(new ApiError('No response from server', 'network'));
    held.mockResolvedValueOnce({ orders: 3 });
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(HELD_ORDERS_FAILED);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3')).toBeInTheDocument();
  });
});
