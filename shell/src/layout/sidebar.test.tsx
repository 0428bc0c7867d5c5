import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer, toast } from 'react-toastify';
import { setLocale, setRuntimeConfig, useSession } from 'shared-api';
import { MENU, MESSAGES, type Role } from 'shared-api/contract';
import { answer, authorizationOf, requests, resetFakeHttp } from 'shared-api/testing/fake-http';
import { testUser } from 'shared-api/testing/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import ur from '../locales/ur.json';
import { LocationProbe, sessionOf } from '../test/render-app';
import { MENU_LABELS, Sidebar } from './sidebar';

function renderSidebar(role: Role, path: string) {
  sessionOf(testUser(role));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar id="sidebar" open={false} onClose={() => {}} />
      <LocationProbe />
      <ToastContainer />
    </MemoryRouter>,
  );
}

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const linkNamed = (name: string) => within(menu()).queryByRole('link', { name });

describe('sidebar', () => {
  beforeEach(() => {
    resetFakeHttp();
    setRuntimeConfig({ publicUrl: 'https://reviews.example.com' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("shows an admin every admin entry and the user's name", () => {
    renderSidebar('admin', '/admin/dashboard');
    expect(screen.getByText('Ada Admin')).toBeVisible();
    expect(linkNamed('dashboard')).toHaveAttribute('href', '/admin/dashboard');
    expect(linkNamed('alert center')).toHaveAttribute('href', '/agent/alerts');
    expect(linkNamed('orders')).toHaveAttribute('href', '/admin/orders');
    expect(linkNamed('pending users')).toHaveAttribute('href', '/admin/pending/users');
    expect(linkNamed('users')).toHaveAttribute('href', '/admin/users');
    expect(linkNamed('all products')).toHaveAttribute('href', '/admin/products');
    expect(linkNamed('pending products')).toHaveAttribute('href', '/admin/products/pending');
    expect(linkNamed('add new product')).toHaveAttribute('href', '/admin/add-product');
    expect(linkNamed('update password')).toHaveAttribute('href', '/admin/settings');
    expect(within(menu()).getByRole('button', { name: 'refer a friend' })).toBeVisible();
    expect(within(menu()).getByRole('button', { name: 'log out' })).toBeVisible();
  });

  it('groups the product entries under a products heading', () => {
    renderSidebar('admin', '/admin/dashboard');
    const group = within(menu()).getByRole('list', { name: 'products' });
    expect(
      within(group)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['all products', 'pending products', 'add new product']);
  });

  it("gives a manager the manager's entries and no admin-only ones", () => {
    renderSidebar('manager', '/admin/dashboard');
    expect(linkNamed('orders')).toHaveAttribute('href', '/manager/orders');
    expect(linkNamed('all products')).toHaveAttribute('href', '/admin/products');
    expect(linkNamed('add new product')).toHaveAttribute('href', '/admin/add-product');
    expect(linkNamed('pending users')).not.toBeInTheDocument();
    expect(linkNamed('pending products')).not.toBeInTheDocument();
  });

  it("gives an agent the agent's entries", () => {
    renderSidebar('agent', '/agent/dashboard');
    expect(linkNamed('dashboard')).toHaveAttribute('href', '/agent/dashboard');
    expect(linkNamed('orders')).toHaveAttribute('href', '/agent/orders');
    expect(linkNamed('all products')).toHaveAttribute('href', '/agent/products');
    expect(linkNamed('update password')).toHaveAttribute('href', '/agent/settings');
    expect(linkNamed('pending users')).not.toBeInTheDocument();
    expect(linkNamed('add new product')).not.toBeInTheDocument();
  });

  it('marks the current entry only', () => {
    renderSidebar('admin', '/admin/products');
    expect(linkNamed('all products')).toHaveAttribute('aria-current', 'page');
    expect(linkNamed('pending products')).not.toHaveAttribute('aria-current');
    expect(linkNamed('dashboard')).not.toHaveAttribute('aria-current');
  });

  it('copies the referral link and says so', async () => {
    const user = userEvent.setup(); // installs a clipboard stub on navigator
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderSidebar('agent', '/agent/dashboard');

    await user.click(within(menu()).getByRole('button', { name: 'refer a friend' }));

    expect(writeText).toHaveBeenCalledWith('https://reviews.example.com/register/agent-1');
    expect(await screen.findByText(MESSAGES.referralCopied)).toBeInTheDocument();
  });

  it('shows both referral toasts for 2 seconds', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    renderSidebar('admin', '/admin/dashboard');

    await user.click(within(menu()).getByRole('button', { name: 'refer a friend' }));
    expect(success).toHaveBeenCalledWith(MESSAGES.referralCopied, expect.objectContaining({ autoClose: 2000 }));

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(menu()).getByRole('button', { name: 'refer a friend' }));
    expect(error).toHaveBeenCalledWith(MESSAGES.referralCopyFailed, expect.objectContaining({ autoClose: 2000 }));
  });

  it('shows the name as first and last name joined when the API sent none', () => {
    sessionOf({ ...testUser('agent'), name: '' });
    render(
      <MemoryRouter>
        <Sidebar id="sidebar" open={false} onClose={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Andy Agent')).toBeVisible();
  });

  it('shows a badge after alert center when given one', () => {
    sessionOf(testUser('agent'));
    render(
      <MemoryRouter>
        <Sidebar id="sidebar" open={false} onClose={() => {}} alertBadge={<span className="sidebar-badge">3</span>} />
      </MemoryRouter>,
    );
    expect(within(menu()).getByRole('link', { name: 'alert center 3' })).toHaveAttribute('href', '/agent/alerts');
  });

  it('can be used with the keyboard alone', async () => {
    const user = userEvent.setup();
    renderSidebar('agent', '/agent/dashboard');

    await user.tab();
    expect(linkNamed('dashboard')).toHaveFocus();
    await user.tab();
    expect(linkNamed('alert center')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/agent/alerts'));
    expect(linkNamed('alert center')).toHaveAttribute('aria-current', 'page');
  });

  it('says when the referral link cannot be copied', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderSidebar('agent', '/agent/dashboard');

    await user.click(within(menu()).getByRole('button', { name: 'refer a friend' }));

    expect(await screen.findByText(MESSAGES.referralCopyFailed)).toBeInTheDocument();
  });

  it('logs out: ends the token on the server and goes to the sign-in page', async () => {
    answer(() => ({ status: 204 }));
    renderSidebar('manager', '/manager/orders');

    await userEvent.setup().click(within(menu()).getByRole('button', { name: 'log out' }));

    expect(useSession.getState()).toMatchObject({ status: 'signed-out', user: null, token: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/logout' });
    expect(authorizationOf(requests[0])).toBe('Bearer test-token');
  });

  it.each([
    ['cannot be reached', () => 'network-error' as const],
    ['fails', () => ({ status: 503, data: { message: MESSAGES.databaseUnavailable } })],
  ])('still signs out, without an error, when the API %s', async (_name, reply) => {
    answer(reply);
    renderSidebar('agent', '/agent/orders');

    await userEvent.setup().click(within(menu()).getByRole('button', { name: 'log out' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', user: null, token: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("has words in both languages for every entry of the contract's menu, the English its label", () => {
    for (const { label } of MENU) {
      const key = MENU_LABELS[label];
      expect(key, label).toBeDefined();
      if (key) {
        expect(en[key]).toBe(label);
        expect(ur[key]).toBeTruthy();
      }
    }
  });

  it('shows the menu, the role and the referral toast in Urdu', async () => {
    await act(() => setLocale('ur'));
    try {
      const user = userEvent.setup();
      vi.spyOn(navigator.clipboard, 'writeText');
      renderSidebar('agent', '/agent/dashboard');
      const nav = screen.getByRole('navigation', { name: 'مرکزی مینو' });
      expect(within(nav).getByRole('link', { name: 'ڈیش بورڈ' })).toHaveAttribute('href', '/agent/dashboard');
      expect(within(nav).getByRole('link', { name: 'تمام پروڈکٹس' })).toHaveAttribute('href', '/agent/products');
      expect(screen.getByText('ایجنٹ')).toBeVisible();

      await user.click(within(nav).getByRole('button', { name: 'دوست کو ریفر کریں' }));
      expect(await screen.findByText(/^ریفرل لنک کامیابی سے کاپی ہو گیا/)).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
