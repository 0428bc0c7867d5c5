import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { fetchManagerOrders, fetchOrder, useSession } from 'shared-api';
import { APP_ROUTES } from 'shared-api/contract';
import { testUser } from 'shared-api/testing/users';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../shared-ui/src/test/render';
import ManagerApp from './app';
import { MANAGER_PAGES } from './routes';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchManagerOrders: vi.fn(async () => ({ items: [], total: 0 })),
  fetchOrder: vi.fn(() => new Promise(() => {})),
}));

const manager = testUser('manager', { _id: 'u2', id: 'u2' });

function renderArea(path: string) {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/manager/*" element={<ManagerApp />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

describe('manager area', () => {
  beforeEach(() => useSession.getState().setSession('token', manager));

  it('has a page for every manager route of the route table', () => {
    const tablePaths = APP_ROUTES.filter((r) => r.remote === 'manager').map((r) => r.path);
    expect(Object.keys(MANAGER_PAGES).sort()).toEqual([...tablePaths].sort());
  });

  it("lists the orders of the manager's products at /manager/orders, with no greeting", async () => {
    renderArea('/manager/orders');
    expect(await screen.findByRole('heading', { name: 'orders' })).toBeInTheDocument();
    expect(await screen.findByText('No order found')).toBeInTheDocument();
    expect(vi.mocked(fetchManagerOrders)).toHaveBeenCalled();
    expect(screen.queryByText(/Welcome/)).not.toBeInTheDocument();
  });

  it('shows the page named by the route', async () => {
    renderArea('/manager/update/order/7');
    expect(await screen.findByRole('heading', { name: 'update order' })).toBeInTheDocument();
    // The page asks for its order in an effect, which React may run just after the heading is on screen.
    await waitFor(() => expect(vi.mocked(fetchOrder)).toHaveBeenCalledWith('7'));
  });

  it('shows the password settings at /manager/settings', async () => {
    renderArea('/manager/settings');
    expect(await screen.findByRole('heading', { name: 'update password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^current password/)).toHaveAttribute('type', 'password');
  });
});
