import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchUnreadAlertCount, type LiveAlertUpdate, saveLocale, setLocale, useSession } from 'shared-api';
import { type Alert, OFFLINE_MESSAGES } from 'shared-api/contract';
import { testUser } from 'shared-api/testing/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRemoteLoader, renderApp, sessionOf } from '../test/render-app';
import { queryClient } from './app-layout';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchUnreadAlertCount: vi.fn(async () => 0),
  saveLocale: vi.fn(async () => {}),
}));

const unreadCount = vi.mocked(fetchUnreadAlertCount);

const statusAlert: Alert = {
  _id: 'a9',
  type: 'order_status',
  message: 'Order 123-4567890-1234567 is now "Accepted".',
  link: '/agent/update/order/o1',
  read: false,
  createdAt: '2026-11-23T10:00:00.000Z',
};

/** A live stream the test speaks for: `send` hands an update to whoever opened it. */
function fakeStream() {
  let listener: ((update: LiveAlertUpdate) => void) | undefined;
  const stop = vi.fn();
  const start = vi.fn((onUpdate: (update: LiveAlertUpdate) => void) => {
    listener = onUpdate;
    return stop;
  });
  const send = (update: LiveAlertUpdate) => act(() => listener?.(update));
  return { start, stop, send };
}

describe('signed-in layout', () => {
  afterEach(() => {
    localStorage.clear();
    queryClient.clear();
    unreadCount.mockReset().mockResolvedValue(0);
  });

  it("says 'You are offline.' while the browser has no connection, and no more once it has", async () => {
    sessionOf(testUser('agent'));
    renderApp('/agent/orders');
    await screen.findByRole('button', { name: 'menu' });
    expect(screen.queryByText(OFFLINE_MESSAGES.offline)).toBeNull();

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(OFFLINE_MESSAGES.offline)).toHaveAttribute('role', 'status');

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(OFFLINE_MESSAGES.offline)).toBeNull());
    onLine.mockRestore();
  });

  it('has a menu button that opens the sidebar, focuses its first entry, and Escape closes it', async () => {
    sessionOf(testUser('agent'));
    renderApp('/agent/orders');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'menu' });
    const sidebar = document.getElementById('app-sidebar') as HTMLElement;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'app-sidebar');

    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveClass('sidebar-open');
    expect(within(sidebar).getByRole('link', { name: 'dashboard' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).not.toHaveClass('sidebar-open');
    expect(button).toHaveFocus();
  });

  it('closes the menu once a page is picked', async () => {
    sessionOf(testUser('agent'));
    renderApp('/agent/orders');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'menu' }));

    await user.click(screen.getByRole('link', { name: 'all products' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/agent/products'));
    expect(screen.getByRole('button', { name: 'menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the unread-alert count on alert center, and asks again when a change touches the alerts', async () => {
    sessionOf(testUser('manager'));
    unreadCount.mockResolvedValueOnce(3).mockResolvedValue(0);
    renderApp('/admin/dashboard');

    expect(await screen.findByRole('link', { name: 'alert center 3 unread alerts' })).toHaveAttribute(
      'href',
      '/agent/alerts',
    );

    await act(() => queryClient.invalidateQueries({ queryKey: ['alerts'] }));

    await waitFor(() => expect(screen.getByRole('link', { name: 'alert center' })).toBeVisible());
    expect(screen.queryByText('3')).not.toBeInTheDocument();
  });

  it('updates the count from the live alert stream without asking the server, and closes the stream on sign-out', async () => {
    sessionOf(testUser('agent'));
    unreadCount.mockResolvedValue(1);
    const stream = fakeStream();
    renderApp('/agent/orders', fakeRemoteLoader, stream.start);
    expect(await screen.findByRole('link', { name: 'alert center 1 unread alerts' })).toBeVisible();
    expect(stream.start).toHaveBeenCalledTimes(1);

    stream.send({ kind: 'alert', alert: statusAlert });
    stream.send({ kind: 'unread', unread: 4 });

    expect(await screen.findByRole('link', { name: 'alert center 4 unread alerts' })).toBeVisible();
    expect(unreadCount).toHaveBeenCalledTimes(1);
    expect(stream.stop).not.toHaveBeenCalled();
    await act(async () => useSession.setState({ token: null, user: null, status: 'signed-out' }));
    expect(stream.stop).toHaveBeenCalledTimes(1);
  });

  it('announces a live alert through a live region, which says nothing before one comes', async () => {
    sessionOf(testUser('agent'));
    unreadCount.mockResolvedValue(0);
    const stream = fakeStream();
    renderApp('/agent/orders', fakeRemoteLoader, stream.start);
    await screen.findByRole('link', { name: 'alert center' });
    const region = screen.getAllByRole('status').find((status) => status.getAttribute('aria-live') === 'polite');
    expect(region).toBeDefined();
    expect(region).toHaveTextContent(/^$/);

    stream.send({ kind: 'alert', alert: statusAlert });

    await waitFor(() => expect(region).toHaveTextContent(`New alert: ${statusAlert.message}`));
  });

  it('shows no badge when nothing is unread or the count cannot be loaded', async () => {
    sessionOf(testUser('agent'));
    unreadCount.mockRejectedValue(new Error('offline'));
    renderApp('/agent/orders');
    expect(await screen.findByRole('link', { name: 'alert center' })).toBeVisible();
  });

  it('has a skip link to the content', async () => {
    sessionOf(testUser('admin'));
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#content');
  });

  it('has the language switch in the sidebar: Urdu turns the layout right to left and saves it on the account', async () => {
    sessionOf(testUser('agent'));
    renderApp('/agent/orders');
    const user = userEvent.setup();
    const sidebar = await screen.findByRole('complementary');
    try {
      await user.click(within(sidebar).getByRole('button', { name: 'اردو' }));

      expect(await within(sidebar).findByRole('link', { name: 'ڈیش بورڈ' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(screen.getByRole('button', { name: 'مینو' })).toHaveAttribute('aria-controls', 'app-sidebar');
      expect(screen.getByRole('link', { name: 'سیدھا مواد پر جائیں' })).toHaveAttribute('href', '#content');
      await waitFor(() => expect(saveLocale).toHaveBeenCalledWith('ur'));

      await user.click(within(sidebar).getByRole('button', { name: 'English' }));
      expect(await within(sidebar).findByRole('link', { name: 'dashboard' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
