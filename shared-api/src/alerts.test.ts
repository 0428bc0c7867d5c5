import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAlerts, fetchUnreadAlertCount, type LiveAlertUpdate, markAllAlertsRead, startLiveAlerts } from './alerts';
import { setRuntimeConfig } from './config';
import type { Alert } from './contract/schemas';
import { setLocale } from './i18n';
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
    expect(requests[0]?.path).toBe('/api/alerts');
    expect(requests[0]?.params).toEqual({ page: 2, limit: 20 });
  });

  it('marks all read with PUT and answers the page asked for', async () => {
    answer(() => ({ status: 200, data: { alerts: [{ ...alert, read: true }], unread: 0 } }));

    const page = await markAllAlertsRead({ page: 1, limit: 20 });

    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.path).toBe('/api/alerts/read-all');
    expect(requests[0]?.params).toEqual({ page: 1, limit: 20 });
    expect(page).toEqual({ alerts: [{ ...alert, read: true }], unread: 0, total: 1 });
  });

  it('reads the unread count with one small request', async () => {
    answer(() => ({ status: 200, data: { alerts: [alert], unread: 7 } }));

    await expect(fetchUnreadAlertCount()).resolves.toBe(7);
    expect(requests[0]?.params).toEqual({ limit: 1 });
  });

  describe('the live stream', () => {
    afterEach(() => vi.unstubAllGlobals());

    it("hands the stream's alerts and unread counts to the one who opened it, until it is closed", async () => {
      const encoder = new TextEncoder();
      let server!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          server = controller;
        },
      });
      const fetchStream = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(body));
      vi.stubGlobal('fetch', fetchStream);
      const updates: LiveAlertUpdate[] = [];

      const stop = startLiveAlerts((update) => updates.push(update));
      await vi.waitFor(() => expect(fetchStream).toHaveBeenCalledTimes(1));
      expect(String(fetchStream.mock.calls[0]?.[0])).toBe('http://api.test/api/alerts/stream');
      server.enqueue(encoder.encode(`id: a1\nevent: alert\ndata: ${JSON.stringify(alert)}\n\n`));
      server.enqueue(encoder.encode('id: a1\nevent: unread\ndata: {"unread":1}\n\n'));

      await vi.waitFor(() =>
        expect(updates).toEqual([
          { kind: 'alert', alert },
          { kind: 'unread', unread: 1 },
        ]),
      );
      stop();
      expect(fetchStream.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    });

    it('asks for the alerts in the chosen language, and opens the stream again when it is switched', async () => {
      const fetchStream = vi.fn(
        async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(new ReadableStream<Uint8Array>()),
      );
      vi.stubGlobal('fetch', fetchStream);
      const headerOf = (call: number) =>
        (fetchStream.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.['accept-language'];

      const stop = startLiveAlerts(() => {});
      await vi.waitFor(() => expect(fetchStream).toHaveBeenCalledTimes(1));
      expect(headerOf(0)).toBe('en');

      await setLocale('ur');
      try {
        await vi.waitFor(() => expect(fetchStream).toHaveBeenCalledTimes(2));
        expect(fetchStream.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
        expect(headerOf(1)).toBe('ur');
      } finally {
        stop();
        await setLocale('en');
      }
      expect(fetchStream.mock.calls[1]?.[1]?.signal?.aborted).toBe(true);
      // closed: a switch after it opens nothing
      expect(fetchStream).toHaveBeenCalledTimes(2);
    });
  });
});
