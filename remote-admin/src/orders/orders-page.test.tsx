import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fetchAllOrders, fetchManagerOrders } from 'shared-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { OrdersPage } from './orders-page';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchAllOrders: vi.fn(),
  fetchManagerOrders: vi.fn(),
}));

const allOrders = vi.mocked(fetchAllOrders);

describe('admin OrdersPage', () => {
  beforeEach(() => allOrders.mockReset());

  it('lists every order for the admin, with the paid and unpaid filter', async () => {
    allOrders.mockResolvedValue({ items: [orderFixture({ _id: 'ord-9', AgentStatus: 'Ordered' })], total: 1 });
    const user = userEvent.setup();
    renderWithQueries(
      <MemoryRouter initialEntries={['/admin/orders']}>
        <Routes>
          <Route path="/admin/orders" element={<OrdersPage />} />
        </Routes>
      </MemoryRouter>,
    );

    const card = await screen.findByRole('article', { name: 'Order ID: ord-9' });
    expect(screen.getByText('1 order')).toBeInTheDocument();
    expect(within(card).getByText('Andy Agent')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /^update order/ })).toHaveAttribute(
      'href',
      '/manager/update/order/ord-9',
    );
    expect(vi.mocked(fetchManagerOrders)).not.toHaveBeenCalled();

    await user.click(within(screen.getByRole('group', { name: 'commission' })).getByRole('button', { name: 'unpaid' }));
    expect(allOrders).toHaveBeenLastCalledWith({ page: 1, limit: 20, comissionStatus: 'unpaid' });
  });

  it('reopens a search in the table view from its link, with Export CSV for what it shows', async () => {
    allOrders.mockResolvedValue({
      items: [orderFixture({ _id: 'ord-9', amzOrderNumber: '402-1234567-7654321' })],
      total: 1,
    });
    renderWithQueries(
      <MemoryRouter initialEntries={['/admin/orders?q=402-1234567&sort=commission-high&view=table']}>
        <Routes>
          <Route path="/admin/orders" element={<OrdersPage />} />
        </Routes>
      </MemoryRouter>,
    );

    const table = await screen.findByRole('table', { name: 'orders' });
    expect(within(table).getByRole('link', { name: '402-1234567-7654321' })).toHaveAttribute(
      'href',
      '/manager/update/order/ord-9',
    );
    expect(allOrders).toHaveBeenCalledWith({ page: 1, limit: 50, q: '402-1234567', sort: 'commission-high' });
    expect(screen.getByRole('searchbox', { name: 'search orders' })).toHaveValue('402-1234567');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
