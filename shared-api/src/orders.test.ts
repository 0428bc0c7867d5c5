import { beforeEach, describe, expect, it } from 'vitest';
import { downloadUsersCsv } from './accounts-client';
import { ApiError } from './client';
import { setRuntimeConfig } from './config';
import { MESSAGES } from './contract/messages';
import { downloadOrdersCsv, fetchAllOrders, filenameFromDisposition } from './orders';
import { downloadPayoutCsv } from './payouts';
import { useSession } from './session';
import { answer, authorizationOf, requests, resetFakeHttp } from './testing/fake-http';
import { testUser } from './testing/users';

const CSV = 'Order number,Buyer\r\n111-1111111-1111111,Bilal Buyer\r\n';

describe('order lists and exports', () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.setState({ token: null, user: null, status: 'signed-out' });
    useSession.getState().setSession('admin-token', testUser('admin'));
  });

  it('sends the staff search with the chips and the page', async () => {
    answer(() => ({ status: 200, data: [], headers: { 'x-total-count': '0' } }));

    await fetchAllOrders({
      page: 2,
      limit: 50,
      AgentStatus: 'Reviewed',
      q: 'Bilal',
      agentId: '7f1c2a52-5b7e-4d5f-9a3e-0c4f5b6a7d8e',
      from: '2026-11-01',
      to: '2026-11-23',
      sort: 'commission-high',
    });

    expect(requests[0]?.path).toBe('/api/orders/all');
    expect(requests[0]?.timeout).toBe(30_000);
    expect(requests[0]?.params).toEqual({
      page: 2,
      limit: 50,
      AgentStatus: 'Reviewed',
      q: 'Bilal',
      agentId: '7f1c2a52-5b7e-4d5f-9a3e-0c4f5b6a7d8e',
      from: '2026-11-01',
      to: '2026-11-23',
      sort: 'commission-high',
    });
  });

  it("downloads the export with the session's token and the list's filters, without its page", async () => {
    answer(() => ({
      status: 200,
      data: new Blob([CSV], { type: 'text/csv' }),
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="orders-2026-11-23.csv"',
      },
    }));

    const file = await downloadOrdersCsv({ page: 3, limit: 20, q: 'Bilal', comissionStatus: 'unpaid' });

    expect(requests[0]?.path).toBe('/api/orders/export.csv');
    expect(requests[0]?.params).toEqual({ q: 'Bilal', comissionStatus: 'unpaid' });
    expect(requests[0]?.responseType).toBe('blob');
    // a large export may take longer than an ordinary call's 30 s
    expect(requests[0]?.timeout).toBeGreaterThan(30_000);
    expect(authorizationOf(requests[0])).toBe('Bearer admin-token');
    expect(file.filename).toBe('orders-2026-11-23.csv');
    expect(await file.blob.text()).toBe(CSV);
  });

  it('asks for the column names in Urdu only when told; English sends no language at all', async () => {
    answer(() => ({ status: 200, data: new Blob([CSV]), headers: {} }));
    await downloadOrdersCsv({ q: 'Bilal' }, { language: 'ur' });
    await downloadOrdersCsv({ q: 'Bilal' }, { language: 'en' });
    await downloadPayoutCsv('p-1', { language: 'ur' });
    await downloadUsersCsv({ status: 'suspended' }, { language: 'ur' });
    expect(requests.map((request) => request.params)).toEqual([
      { q: 'Bilal', language: 'ur' },
      { q: 'Bilal' },
      { language: 'ur' },
      { language: 'ur' },
    ]);
    expect(requests[3]?.path).toBe('/api/users/export.csv?status=suspended');
  });

  it('reports the bytes received while the export downloads', async () => {
    const received: number[] = [];
    answer((request) => {
      request.onDownloadProgress?.(65_536);
      request.onDownloadProgress?.(1_200_000);
      return { status: 200, data: new Blob([CSV]), headers: {} };
    });

    await downloadOrdersCsv({}, { onProgress: (bytes) => received.push(bytes) });

    expect(received).toEqual([65_536, 1_200_000]);
  });

  it("names the file as the server's export does when its header cannot be read", async () => {
    answer(() => ({ status: 200, data: new Blob([CSV]), headers: {} }));
    const { filename } = await downloadOrdersCsv();
    expect(filename).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("turns a refused export, which arrives as a Blob, into an ApiError with the server's message", async () => {
    answer(() => ({
      status: 400,
      data: new Blob([JSON.stringify({ message: MESSAGES.searchDateRange })], { type: 'application/json' }),
    }));

    const error = await downloadOrdersCsv({ from: '2026-11-23', to: '2026-11-01' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: MESSAGES.searchDateRange, status: 400, kind: 'response', fromServer: true });
  });

  it('says something went wrong when a refused export carries no JSON', async () => {
    answer(() => ({ status: 502, data: new Blob(['<html>Bad gateway</html>'], { type: 'text/html' }) }));

    const error = await downloadOrdersCsv().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, fromServer: false });
  });

  it('signs out when the server refuses the token of an export (401)', async () => {
    answer(() => ({
      status: 401,
      data: new Blob([JSON.stringify({ message: 'Your session has ended. Please sign in again.' })]),
    }));

    await expect(downloadOrdersCsv()).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
    expect(useSession.getState().status).toBe('signed-out');
  });

  it("rejects with the signal's reason when the export is cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    answer(() => ({ status: 200, data: new Blob([CSV]) }));

    const error = await downloadOrdersCsv({}, { signal: controller.signal }).catch((e: unknown) => e);

    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBe(controller.signal.reason);
    expect(requests).toHaveLength(0);
  });
});

describe('filenameFromDisposition', () => {
  it('reads a quoted, a bare and an RFC 5987 file name, preferring the last', () => {
    expect(filenameFromDisposition('attachment; filename="orders-2026-11-23.csv"')).toBe('orders-2026-11-23.csv');
    expect(filenameFromDisposition('attachment; filename=orders.csv')).toBe('orders.csv');
    expect(
      filenameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''commandes%20%C3%A9t%C3%A9.csv`),
    ).toBe('commandes été.csv');
  });

  it('keeps a name, never a path, and gives nothing for a header without one', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/orders.csv"')).toBe('orders.csv');
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition(undefined)).toBeUndefined();
    expect(filenameFromDisposition('attachment; filename=""')).toBeUndefined();
  });
});
