import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, fetchAlerts, markAllAlertsRead, publishLiveAlerts } from 'shared-api';
import type { Alert } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { AlertsPage } from './alerts-page';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchAlerts: vi.fn(),
  markAllAlertsRead: vi.fn(),
}));

const load = vi.mocked(fetchAlerts);
const markAll = vi.mocked(markAllAlertsRead);

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

function renderPage() {
  return renderWithQueries(
    <MemoryRouter>
      <AlertsPage />
    </MemoryRouter>,
  );
}

describe('alert center', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows a new alert on top of the first page and the new unread count as they arrive live, each alert once', async () => {
    load.mockResolvedValue({ alerts: [welcome], unread: 0, total: 1 });
    renderPage();
    await screen.findByRole('list', { name: 'alerts' });

    publishLiveAlerts({ kind: 'alert', alert: newOrder });
    publishLiveAlerts({ kind: 'alert', alert: newOrder });
    publishLiveAlerts({ kind: 'unread', unread: 1 });
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

  it("clears the unread marks and the count with 'mark all read'", async () => {
    load.mockResolvedValue({ alerts: [newOrder, welcome], unread: 1, total: 2 });
    markAll.mockResolvedValue({ alerts: [{ ...newOrder, read: true }, welcome], unread: 0, total: 2 });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('1 unread');

    await user.click(screen.getByRole('button', { name: 'mark all read' }));

    await waitFor(() => expect(screen.queryByText('unread')).not.toBeInTheDocument());
    expect(markAll).toHaveBeenCalledWith({ page: 1, limit: 20 });
    expect(screen.getByText('All caught up: no unread alerts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'mark all read' })).toBeDisabled();
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
