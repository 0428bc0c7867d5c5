/** For the product pages' tests: a signed-in admin or manager, and a page rendered at its route. */
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { useSession } from 'shared-api';
import type { Role, User } from 'shared-api/contract';
import { renderWithQueries } from '../../../shared-ui/src/test/render';

export function signInAs(role: Extract<Role, 'admin' | 'manager'>): User {
  const user: User = {
    _id: `${role}-1`,
    id: `${role}-1`,
    name: role === 'admin' ? 'Ada Admin' : 'Mia Manager',
    firstName: role === 'admin' ? 'Ada' : 'Mia',
    lastName: role === 'admin' ? 'Admin' : 'Manager',
    email: `${role}@example.com`,
    role,
    phoneNumber: '+923001234567',
    gender: null,
    state: 'pakistan',
    city: 'Lahore',
    referralName: '',
    referralContact: '',
    referralUserId: null,
    status: 'approved',
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  useSession.getState().setSession('token', user);
  return user;
}

/** Shows where the app went (the other routes are not under test here). */
function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders `page` at `path` (its pattern `pattern`), with the other product routes as stand-ins. */
export function renderPage(page: ReactNode, path: string, pattern = path) {
  const user = userEvent.setup({ delay: null });
  const utils = renderWithQueries(
    <MemoryRouter initialEntries={['/admin/dashboard', path]} initialIndex={1}>
      <Routes>
        <Route path={pattern} element={page} />
        <Route path="*" element={<Where />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
  return { user, ...utils };
}
