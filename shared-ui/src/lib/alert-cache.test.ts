import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { AlertPage } from 'shared-api';
import type { Alert } from 'shared-api/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyAlertsMarkedRead, applyLiveAlert } from './alert-cache';
import { alertQueries } from './queries';

const placed: Alert = {
  _id: 'a2',
  type: 'order_placed',
  message: 'New order 123-4567890-1234567 for "Earbuds" by Andy Agent.',
  link: '/manager/update/order/o1',
  read: false,
  createdAt: '2026-11-23T15:04:00.000Z',
};
const welcome: Alert = { ...placed, _id: 'a1', type: 'user_approved', message: 'Welcome!', link: '', read: true };

const firstPage = alertQueries.page({ page: 1, limit: 2 }).queryKey;
const secondPage = alertQueries.page({ page: 2, limit: 2 }).queryKey;
const unread = alertQueries.unread().queryKey;

/** A cache holding reads as screens left them; `watch` keeps one on screen (a refetch would call its queryFn). */
function cacheWith(entries: [readonly unknown[], unknown][]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  for (const [key, data] of entries) client.setQueryData(key, data);
  const fetched = vi.fn(async () => 'again');
  const watch = (queryKey: readonly unknown[]) => {
    const observer = new QueryObserver(client, { queryKey, queryFn: fetched, refetchOnMount: false });
    return observer.subscribe(() => {});
  };
  return { client, fetched, watch };
}

const page = (alerts: Alert[], unreadCount: number, total: number): AlertPage => ({
  alerts,
  unread: unreadCount,
  total,
});

describe('the alerts in the query cache', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('puts a live alert on top of every cached first page, once, within its page size, asking nothing again', () => {
    const { client, fetched, watch } = cacheWith([[firstPage, page([welcome, { ...welcome, _id: 'a0' }], 0, 3)]]);
    stops.push(watch(firstPage));

    applyLiveAlert(client, { kind: 'alert', alert: placed });
    applyLiveAlert(client, { kind: 'alert', alert: placed });

    const shown = client.getQueryData<AlertPage>(firstPage);
    expect(shown?.alerts.map((alert) => alert._id)).toEqual(['a2', 'a1']);
    expect(shown?.total).toBe(4);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('leaves later pages as they are until they are shown again (they shifted by one)', () => {
    const { client, fetched } = cacheWith([[secondPage, page([welcome], 0, 3)]]);

    applyLiveAlert(client, { kind: 'alert', alert: placed });

    expect(client.getQueryData<AlertPage>(secondPage)?.alerts).toEqual([welcome]);
    expect(client.getQueryState(secondPage)?.isInvalidated).toBe(true);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('writes a live unread count into the badge and every cached page', () => {
    const { client } = cacheWith([
      [unread, 0],
      [firstPage, page([welcome], 0, 1)],
      [secondPage, page([welcome], 0, 3)],
    ]);

    applyLiveAlert(client, { kind: 'unread', unread: 5 });

    expect(client.getQueryData(unread)).toBe(5);
    expect(client.getQueryData<AlertPage>(firstPage)?.unread).toBe(5);
    expect(client.getQueryData<AlertPage>(secondPage)?.unread).toBe(5);
  });

  it('asks again for the order an alert names, its lists and the money, and no other order', async () => {
    const { client, fetched, watch } = cacheWith([
      [['order', 'o1'], 'the order'],
      [['order', 'o2'], 'another order'],
      [['orders', 'manager', {}], 'a list'],
      [['commission', 'm1'], 'figures'],
      [['products', 'approved', {}], 'the catalogue'],
    ]);
    for (const key of [
      ['order', 'o1'],
      ['order', 'o2'],
      ['orders', 'manager', {}],
    ])
      stops.push(watch(key));

    applyLiveAlert(client, { kind: 'alert', alert: placed });

    expect(client.getQueryState(['order', 'o1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['orders', 'manager', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['commission', 'm1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['order', 'o2'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['products', 'approved', {}])?.isInvalidated).toBe(false);
    // the two on screen are asked again at once
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(2));
  });

  it("asks again for the products when one of the caller's was approved", () => {
    const { client } = cacheWith([
      [['products', 'manager', {}], 'mine'],
      [['order', 'o1'], 'an order'],
    ]);

    applyLiveAlert(client, {
      kind: 'alert',
      alert: { ...placed, type: 'product_approved', link: '/admin/products' },
    });

    expect(client.getQueryState(['products', 'manager', {}])?.isInvalidated).toBe(true);
  });

  it("takes 'mark all read''s answer as the page and the badge's count, and leaves the other pages to be asked again", () => {
    const { client, fetched } = cacheWith([
      [unread, 3],
      [firstPage, page([placed], 3, 3)],
      [secondPage, page([{ ...placed, _id: 'a3' }], 3, 3)],
    ]);

    applyAlertsMarkedRead(client, { page: 1, limit: 2 }, page([{ ...placed, read: true }], 0, 3));

    expect(client.getQueryData(firstPage)).toEqual(page([{ ...placed, read: true }], 0, 3));
    expect(client.getQueryState(firstPage)?.isInvalidated).toBe(false);
    expect(client.getQueryData(unread)).toBe(0);
    expect(client.getQueryState(secondPage)?.isInvalidated).toBe(true);
    expect(fetched).not.toHaveBeenCalled();
  });
});
