import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { setLocale, useSession } from 'shared-api';
import { APP_ROUTES } from 'shared-api/contract';
import { testUser } from 'shared-api/testing/users';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../shared-ui/src/test/render';
import AdminApp from './app';
import { ADMIN_PAGES } from './routes';

const admin = testUser('admin', { _id: 'u1', id: 'u1' });

function renderArea(path: string) {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

describe('admin area', () => {
  beforeEach(() => useSession.getState().setSession('token', admin));

  it('has a page for every admin route of the route table', () => {
    const tablePaths = APP_ROUTES.filter((r) => r.remote === 'admin').map((r) => r.path);
    expect(Object.keys(ADMIN_PAGES).sort()).toEqual([...tablePaths].sort());
  });

  it('greets the signed-in user on the dashboard and says welcome back once', async () => {
    renderArea('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Admin' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Ada!')).toBeInTheDocument();
  });

  it('shows the page named by the route', async () => {
    renderArea('/admin/pending/user/42');
    expect(await screen.findByRole('heading', { name: 'pending user' })).toBeInTheDocument();
  });

  it('shows the password settings at /admin/settings', async () => {
    renderArea('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'update password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^current password/)).toHaveAttribute('type', 'password');
  });

  it('offers the language switch in the settings, under Language', async () => {
    renderArea('/admin/settings');
    const heading = await screen.findByRole('heading', { name: 'Language' });
    const section = heading.closest('section') as HTMLElement;
    expect(within(section).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('button', { name: 'اردو' })).toHaveAttribute('aria-pressed', 'false');
  });

  describe('in Urdu', () => {
    afterEach(() => act(() => setLocale('en')));

    it("shows the settings' Language section in Urdu", async () => {
      await act(() => setLocale('ur'));
      renderArea('/admin/settings');
      expect(await screen.findByRole('heading', { name: 'زبان' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'اردو' })).toHaveAttribute('aria-pressed', 'true');
    });
  });
});
