import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAlerts, fetchUnreadAlertCount, markAllAlertsRead, onAlertsChanged } from './alerts';
import { setRuntimeConfig } from './config';
import type { Alert } from './contract/schemas';
import { answer, requests, resetFakeHttp } from './testing/fake-http';

const alert: Alert = {
  _id: 'a1',
  type: 'order_placed',
  message: 'New order 123-4567890-1234567 for "Earbuds" by Andy Agent.',
  link: '/manager/update/order/o1',
  read: false,
  createdAt: '2026-11-22T10:00:00.000Z',
};

describe('alerts', () => {
  beforeEach(() => {
    resetFakeHttp();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  });

  it('reads a page of alerts with the unread count and the total from X-Total-Count', async () => {
    answer(() => ({ status: 200, data: { alerts: [alert], unread: 1 }, headers: { 'x-total-count': '31' } }));

    const page = await fetchAlerts({ page: 2, limit: 20 });

    expect(page).toEqual({ alerts: [alert], unread: 1, total: 31 });
    expect(requests[0]?.url).toBe('/api/alerts');
    expect(requests[0]?.params).toEqual({ page: 2, limit: 20 });
  });

  it('marks all read with PUT and tells the listeners that the count changed', async () => {
    answer(() => ({ status: 200, data: { alerts: [{ ...alert, read: true }], unread: 0 } }));
    const listener = vi.fn();
    const stop = onAlertsChanged(listener);

    const page = await markAllAlertsRead();
    stop();
    await markAllAlertsRead();

    expect(requests[0]?.method?.toUpperCase()).toBe('PUT');
    expect(requests[0]?.url).toBe('/api/alerts/read-all');
    expect(page.unread).toBe(0);
    expect(page.total).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reads the unread count with one small request', async () => {
    answer(() => ({ status: 200, data: { alerts: [alert], unread: 7 } }));

    await expect(fetchUnreadAlertCount()).resolves.toBe(7);
    expect(requests[0]?.params).toEqual({ limit: 1 });
  });
});
