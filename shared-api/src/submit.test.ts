import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { setRuntimeConfig } from './config';
import { UUID_PATTERN } from './contract/constants';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './contract/idempotency';
import { createOrder, updateOrderAsAgent } from './orders';
import { createPayout } from './payouts';
import { useSession } from './session';
import { apiSubmit, SUBMIT_RETRY_DELAYS_MS } from './submit';
import { answer, requests, resetFakeHttp } from './testing/fake-http';
import { agentUser } from './testing/users';

const keyOf = (index: number) => {
  return requests[index]?.headers[IDEMPOTENCY_KEY_HEADER];
};

describe('submissions that are safe to send twice (Idempotency-Key)', () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.getState().setSession('the-token', agentUser);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('sends a new UUID as the key of each submission, or the one it is given', async () => {
    answer(() => ({ status: 201, data: {} }));
    await apiSubmit('/api/orders', { method: 'POST', data: {} });
    await apiSubmit('/api/orders', { method: 'POST', data: {} });
    await apiSubmit('/api/orders', { method: 'POST', data: {}, idempotencyKey: 'the-key' });
    expect(keyOf(0)).toMatch(UUID_PATTERN);
    expect(keyOf(1)).toMatch(UUID_PATTERN);
    expect(keyOf(0)).not.toBe(keyOf(1));
    expect(keyOf(2)).toBe('the-key');
  });

  it('sends it again with the same key when no answer came, waiting 0.5, 1 and 2 s, and gives the answer that came', async () => {
    let calls = 0;
    answer(() => (++calls < 4 ? 'network-error' : { status: 201, data: { _id: 'order-1' } }));
    const retries: number[] = [];
    const sent = apiSubmit('/api/orders', { method: 'POST', data: {}, onRetry: (retry) => retries.push(retry) });

    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    expect(retries).toEqual([1]);
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_DELAYS_MS[0] ?? 0);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_DELAYS_MS[1] ?? 0);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_DELAYS_MS[2] ?? 0);

    await expect(sent).resolves.toMatchObject({ data: { _id: 'order-1' } });
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((_, index) => keyOf(index))).size).toBe(1);
    expect(retries).toEqual([1, 2, 3]);
    expect(SUBMIT_RETRY_DELAYS_MS).toEqual([500, 1_000, 2_000]);
  });

  it('gives up after three retries with the error of no answer', async () => {
    answer(() => 'network-error');
    const sent = apiSubmit('/api/orders', { method: 'POST', data: {} }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await sent;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
    expect(requests).toHaveLength(4);
  });

  it('never sends again an answer that came, an error too', async () => {
    for (const status of [400, 409, 422, 500, 503]) {
      resetFakeHttp();
      answer(() => ({ status, data: { message: `refused ${status}` } }));
      const error = await apiSubmit('/api/payouts', { method: 'POST', data: {} }).catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(status);
      expect(requests).toHaveLength(1);
    }
  });

  it("the order and payout submissions carry their key: the agent's order, its edit and the admin's payout", async () => {
    answer(() => ({ status: 200, data: {} }));
    await createOrder({} as Parameters<typeof createOrder>[0], { idempotencyKey: 'k-order' });
    await updateOrderAsAgent('o-1', {}, { idempotencyKey: 'k-edit' });
    await createPayout({} as Parameters<typeof createPayout>[0], { idempotencyKey: 'k-payout' });
    expect([0, 1, 2].map(keyOf)).toEqual(['k-order', 'k-edit', 'k-payout']);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/orders',
      'PUT /api/orders/agent/o-1',
      'POST /api/payouts',
    ]);
  });

  it('makes a UUID also where crypto.randomUUID is missing (a page not served over https)', () => {
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = [newIdempotencyKey(), newIdempotencyKey()];
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
