import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { downloadOrdersCsv, fetchAllOrders, fetchManagerOrders } from 'shared-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { OrdersPage } from './orders-page';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchAllOrders: vi.fn(),
  fetchManagerOrders: vi.fn(),
  downloadOrdersCsv: vi.fn(),
}));

const managerOrders = vi.mocked(fetchManagerOrders);

describe('manager OrdersPage', () => {
  beforeEach(() => vi.clearAllMocks());

  it("searches the manager's own orders, switches to the table and exports what it shows", async () => {
    managerOrders.mockResolvedValue({ items: [orderFixture({ _id: 'ord-4', AgentStatus: 'Ordered' })], total: 1 });
    vi.mocked(downloadOrdersCsv).mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    renderWithQueries(
      <MemoryRouter initialEntries={['/manager/orders']}>
        <Routes>
          <Route path="/manager/orders" element={<OrdersPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByRole('article', { name: 'Order ID: ord-4' });

    await user.type(screen.getByRole('searchbox', { name: 'search orders' }), 'Bilal{Enter}');
    await user.click(within(screen.getByRole('group', { name: 'view' })).getByRole('button', { name: 'table' }));

    expect(await screen.findByRole('table', { name: 'orders' })).toBeInTheDocument();
    expect(managerOrders).toHaveBeenLastCalledWith({ page: 1, limit: 50, q: 'Bilal' });
    expect(vi.mocked(fetchAllOrders)).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloadOrdersCsv).toHaveBeenCalledWith({ q: 'Bilal' }, expect.anything());
    expect(screen.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
  });
});
