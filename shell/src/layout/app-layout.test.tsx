import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { notifyAlertsChanged, publishLiveAlerts, useSession } from 'shared-api';
import { testUser } from 'shared-api/testing/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRemoteLoader, renderApp, sessionOf } from '../test/render-app';

describe('signed-in layout', () => {
  afterEach(() => localStorage.clear());

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

  it('shows the unread-alert count on alert center, and refreshes it when alerts change', async () => {
    sessionOf(testUser('manager'));
    const unread = vi.fn().mockResolvedValueOnce(3).mockResolvedValue(0);
    renderApp('/admin/dashboard', fakeRemoteLoader, unread);

    expect(await screen.findByRole('link', { name: 'alert center 3 unread alerts' })).toHaveAttribute(
      'href',
      '/agent/alerts',
    );

    await act(async () => notifyAlertsChanged());

    await waitFor(() => expect(screen.getByRole('link', { name: 'alert center' })).toBeVisible());
    expect(screen.queryByText('3')).not.toBeInTheDocument();
  });

  it('updates the count from the live alert stream without a reload, and closes the stream on sign-out', async () => {
    sessionOf(testUser('agent'));
    const stopStream = vi.fn();
    const startStream = vi.fn(() => stopStream);
    renderApp('/agent/orders', fakeRemoteLoader, async () => 1, startStream);
    expect(await screen.findByRole('link', { name: 'alert center 1 unread alerts' })).toBeVisible();
    expect(startStream).toHaveBeenCalledTimes(1);

    await act(async () => publishLiveAlerts({ kind: 'unread', unread: 4 }));

    expect(await screen.findByRole('link', { name: 'alert center 4 unread alerts' })).toBeVisible();
    expect(stopStream).not.toHaveBeenCalled();
    await act(async () => useSession.setState({ token: null, user: null, status: 'signed-out' }));
    expect(stopStream).toHaveBeenCalledTimes(1);
  });

  it('shows no badge when nothing is unread or the count cannot be loaded', async () => {
    sessionOf(testUser('agent'));
    renderApp('/agent/orders', fakeRemoteLoader, () => Promise.reject(new Error('offline')));
    expect(await screen.findByRole('link', { name: 'alert center' })).toBeVisible();
  });

  it('has a skip link to the content', async () => {
    sessionOf(testUser('admin'));
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#content');
  });
});
