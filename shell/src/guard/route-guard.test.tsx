import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from 'shared-api';
import { answer, requests, resetFakeHttp } from 'shared-api/testing/fake-http';
import { testUser } from 'shared-api/testing/users';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, sessionOf } from '../test/render-app';

async function expectLocation(path: string) {
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`)));
}

describe('route guard', () => {
  afterEach(() => {
    localStorage.clear();
    resetFakeHttp();
  });

  it.each([
    ['admin', '/manager/orders', '/admin/dashboard'],
    ['admin', '/agent/orders', '/admin/dashboard'],
    ['manager', '/admin/orders', '/admin/dashboard'],
    ['manager', '/admin/pending/users', '/admin/dashboard'],
    ['agent', '/admin/dashboard', '/agent/dashboard'],
    ['agent', '/manager/update/order/42', '/agent/dashboard'],
  ] as const)('sends an %s who opens %s to %s', async (role, path, dashboard) => {
    sessionOf(testUser(role));
    renderApp(path);
    await expectLocation(dashboard);
    expect(await screen.findByRole('heading', { name: `${dashboard.split('/')[1]} area: ${dashboard}` })).toBeVisible();
  });

  it('sends a signed-in user on an unknown area path to their dashboard', async () => {
    sessionOf(testUser('agent'));
    renderApp('/agent/no-such-page');
    await expectLocation('/agent/dashboard');
  });

  it.each([
    ['admin', '/manager/update/order/42', 'manager'],
    ['manager', '/agent/alerts', 'agent'],
    ['agent', '/agent/detail/7', 'agent'],
  ] as const)('lets an %s open %s, rendered by the %s remote', async (role, path, remote) => {
    sessionOf(testUser(role));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: `${remote} area: ${path}` })).toBeVisible();
  });

  it('sends a signed-in user on the login page to their dashboard', async () => {
    sessionOf(testUser('manager'));
    renderApp('/');
    await expectLocation('/admin/dashboard');
  });

  it.each(['/admin/dashboard', '/agent/alerts', '/manager/orders'])(
    'sends a signed-out visitor on %s to /',
    async (path) => {
      sessionOf(null);
      renderApp(path);
      await expectLocation('/');
      expect(screen.getByRole('heading', { name: 'login' })).toBeVisible();
    },
  );

  it('shows a loading state while the session boots', () => {
    sessionOf(null, 'booting');
    renderApp('/admin/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
  });

  it('shows a pending user only the waiting screen, with log out', async () => {
    sessionOf(testUser('agent', { status: 'pending' }));
    renderApp('/agent/dashboard');

    // the waiting screen loads on its own, off the sign-in page
    expect(await screen.findByRole('heading', { name: 'Your account is waiting for approval' })).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /agent area/ })).not.toBeInTheDocument();

    answer(() => ({ status: 204 }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'log out' }));
    await expectLocation('/');
    expect(useSession.getState().status).toBe('signed-out');
    await waitFor(() => expect(requests.map((r) => r.path)).toEqual(['/api/logout']));
  });

  it('lets anyone open the register page, with a link back to sign-in', async () => {
    sessionOf(null);
    renderApp('/register/abc123');
    expect(await screen.findByRole('heading', { name: 'register' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/');
  });
});
