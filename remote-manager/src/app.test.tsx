import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { useSession } from 'shared-api';
import { APP_ROUTES, type User } from 'shared-api/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import ManagerApp from './app';
import { MANAGER_PAGES } from './routes';

const manager: User = {
  _id: 'u2',
  id: 'u2',
  name: 'Mia Manager',
  firstName: 'Mia',
  lastName: 'Manager',
  email: 'manager@example.com',
  role: 'manager',
  phoneNumber: '',
  gender: null,
  state: '',
  city: '',
  referralName: '',
  referralContact: '',
  referralUserId: null,
  status: 'approved',
  createdAt: '2024-01-01T00:00:00.000Z',
};

function renderArea(path: string) {
  return render(
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

  it('greets the signed-in user on its landing page and says welcome back once', async () => {
    renderArea('/manager/orders');
    expect(screen.getByRole('heading', { name: 'orders' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Mia Manager' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Mia!')).toBeInTheDocument();
  });

  it('shows the page named by the route', () => {
    renderArea('/manager/update/order/7');
    expect(screen.getByRole('heading', { name: 'update order' })).toBeInTheDocument();
  });
});
