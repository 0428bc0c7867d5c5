import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, fetchAlerts, fetchUnreadAlertCount, markAllAlertsRead } from 'shared-api';
import type { Alert } from 'shared-api/contract';
import { applyLiveAlert } from 'shared-ui/lib/alert-cache';
import { alertQueries } from 'shared-ui/lib/queries';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { AlertsPage } from './alerts-page';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchAlerts: vi.fn(),
  fetchUnreadAlertCount: vi.fn(),
  markAllAlertsRead: vi.fn(),
}));

const load = vi.mocked(fetchAlerts);
const markAll = vi.mocked(markAllAlertsRead);
const unreadCount = vi.mocked(fetchUnreadAlertCount);

/** Local times, so the expected text is the same in every time zone. */
const newOrder: Alert = {
  _id: 'a2',
  type: 'order_placed',
  message: 'New order 123-4567890-1234567 for "Earbuds" by Andy Agent.',
  link: '/manager/update/order/o1',
  read: false,
  createdAt: new Date(2026, 10, 23, 15, 4).toISOString(),
};
const welcome: Alert = {
  _id: 'a1',
  type: 'user_approved',
  message: 'Your account was approved. Welcome!',
  link: '',
  read: true,
  createdAt: new Date(2026, 10, 20, 9, 30).toISOString(),
};

/** What the shell's badge shows: the unread count query of the same cache. */
function Badge() {
  const { data } = useQuery(alertQueries.unread());
  return <output aria-label="badge">{data ?? ''}</output>;
}

function renderPage({ withBadge = false } = {}) {
  return renderWithQueries(
    <MemoryRouter>
      <AlertsPage />
      {withBadge ? <Badge /> : null}
    </MemoryRouter>,
  );
}

describe('alert center', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows a new alert on top of the first page and the new unread count as the stream brings them, each alert once, without asking again', async () => {
    load.mockResolvedValue({ alerts: [welcome], unread: 0, total: 1 });
    const { client } = renderPage();
    await screen.findByRole('list', { name: 'alerts' });

    act(() => {
      applyLiveAlert(client, { kind: 'alert', alert: newOrder });
      applyLiveAlert(client, { kind: 'alert', alert: newOrder });
      applyLiveAlert(client, { kind: 'unread', unread: 1 });
    });
    expect(await screen.findByText('1 unread')).toBeInTheDocument();

    const items = within(screen.getByRole('list', { name: 'alerts' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.agent-alert-message')?.textContent)).toEqual([
      newOrder.message,
      welcome.message,
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lists the alerts newest first, marking the unread ones, with their time and link', async () => {
    load.mockResolvedValue({ alerts: [newOrder, welcome], unread: 1, total: 2 });
    renderPage();

    const items = within(await screen.findByRole('list', { name: 'alerts' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('unread')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link', { name: newOrder.message })).toHaveAttribute(
      'href',
      '/manager/update/order/o1',
    );
    expect(within(items[0] as HTMLElement).getByText('Nov 23, 2026, 3:04 PM')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByText('unread')).not.toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Your account was approved. Welcome!')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith({ page: 1, limit: 20 });
  });

  it("clears the unread marks, the count and the badge with 'mark all read', from its answer", async () => {
    load.mockResolvedValue({ alerts: [newOrder, welcome], unread: 1, total: 2 });
    unreadCount.mockResolvedValue(1);
    markAll.mockResolvedValue({ alerts: [{ ...newOrder, read: true }, welcome], unread: 0, total: 2 });
    const user = userEvent.setup();
    renderPage({ withBadge: true });
    await screen.findByText('1 unread');
    await waitFor(() => expect(screen.getByRole('status', { name: 'badge' })).toHaveTextContent('1'));

    await user.click(screen.getByRole('button', { name: 'mark all read' }));

    await waitFor(() => expect(screen.queryByText('unread')).not.toBeInTheDocument());
    expect(markAll).toHaveBeenCalledWith({ page: 1, limit: 20 });
    expect(screen.getByText('All caught up: no unread alerts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'mark all read' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'badge' })).toHaveTextContent('0');
    expect(load).toHaveBeenCalledTimes(1);
    expect(unreadCount).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when 'mark all read' fails, and keeps the marks", async () => {
    load.mockResolvedValue({ alerts: [newOrder], unread: 1, total: 1 });
    markAll.mockRejectedValue(
      new ApiError('Too many requests. Please wait a minute and try again.', 'response', 429, true),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('1 unread');

    await user.click(screen.getByRole('button', { name: 'mark all read' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a minute and try again.',
    );
    expect(screen.getByText('unread')).toBeInTheDocument();
  });

  it("says 'No alerts yet.' when there are none", async () => {
    load.mockResolvedValue({ alerts: [], unread: 0, total: 0 });
    renderPage();

    expect(await screen.findByText('No alerts yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'mark all read' })).toBeDisabled();
  });

  it('shows loading, then an error with a way to try again', async () => {
    load.mockRejectedValueOnce(new ApiError('Request failed', 'network'));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your alerts.');

    load.mockResolvedValueOnce({ alerts: [welcome], unread: 0, total: 1 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your account was approved. Welcome!')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages through the alerts', async () => {
    load.mockImplementation(async (params) =>
      params?.page === 2 ? { alerts: [welcome], unread: 1, total: 21 } : { alerts: [newOrder], unread: 1, total: 21 },
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(newOrder.message);

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(welcome.message)).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith({ page: 2, limit: 20 });
  });
});
