import { QueryClient } from '@tanstack/react-query';
import { OFFLINE_STORAGE_PREFIX } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isKeptQuery, keepForOffline, MAX_KEPT_CHARS, restoreKeptQueries, saveKeptQueries } from './offline-cache';

const AGENT = 'agent-1';
const OTHER = 'agent-2';
const ordersPage = { items: [{ _id: 'o1', orderNumber: '111' }], total: 1 };
const ordersKey = ['orders', 'agent', AGENT, { page: 1, limit: 5 }] as const;
const keptKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(OFFLINE_STORAGE_PREFIX));

describe('the offline cache', () => {
  beforeEach(() => localStorage.clear());

  it("keeps only the signed-in agent's dashboard figures and orders", () => {
    expect(isKeptQuery(ordersKey, AGENT)).toBe(true);
    expect(isKeptQuery(['commission', AGENT], AGENT)).toBe(true);
    expect(isKeptQuery(['products', 'approved', { limit: 1 }], AGENT)).toBe(true);
    expect(isKeptQuery(['orders', 'agent', OTHER, { page: 1 }], AGENT)).toBe(false);
    expect(isKeptQuery(['commission', OTHER], AGENT)).toBe(false);
    expect(isKeptQuery(['order', 'o1'], AGENT)).toBe(false);
    expect(isKeptQuery(['payout-account', 'own'], AGENT)).toBe(false);
    expect(isKeptQuery(['products', 'approved', { limit: 12 }], AGENT)).toBe(false);
  });

  it('keeps what a screen was answered and restores it, as of when it was fetched, for the same person', async () => {
    const seen = new QueryClient();
    const stop = keepForOffline(seen, AGENT);
    seen.setQueryData(ordersKey, ordersPage, { updatedAt: 1_700_000_000_000 });
    seen.setQueryData(['order', 'o1'], { _id: 'o1' });
    await vi.waitFor(() => expect(keptKeys()).toEqual([`${OFFLINE_STORAGE_PREFIX}queries:${AGENT}`]));
    stop();

    const next = new QueryClient();
    restoreKeptQueries(next, AGENT);
    expect(next.getQueryData(ordersKey)).toEqual(ordersPage);
    expect(next.getQueryState(ordersKey)?.dataUpdatedAt).toBe(1_700_000_000_000);
    // shown until the server answers, never instead of asking it: stale even for a long staleTime
    expect(next.getQueryState(ordersKey)?.isInvalidated).toBe(true);
    // an order's own page is not kept
    expect(next.getQueryData(['order', 'o1'])).toBeUndefined();
  });

  it('never restores one person’s data for another, and deletes it then', () => {
    const seen = new QueryClient();
    seen.setQueryData(ordersKey, ordersPage);
    saveKeptQueries(seen, AGENT);

    const other = new QueryClient();
    restoreKeptQueries(other, OTHER);

    expect(other.getQueryCache().getAll()).toEqual([]);
    expect(keptKeys()).toEqual([]);
  });

  it('ignores what was kept under a person’s name for someone else’s keys', () => {
    localStorage.setItem(
      `${OFFLINE_STORAGE_PREFIX}queries:${AGENT}`,
      JSON.stringify([{ queryKey: ['orders', 'agent', OTHER, {}], data: ordersPage, updatedAt: 1 }]),
    );
    const client = new QueryClient();
    restoreKeptQueries(client, AGENT);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('keeps nothing past its size limit, and survives a broken entry', () => {
    const client = new QueryClient();
    client.setQueryData(ordersKey, { items: ['x'.repeat(MAX_KEPT_CHARS)], total: 1 });
    saveKeptQueries(client, AGENT);
    expect(keptKeys()).toEqual([]);

    localStorage.setItem(`${OFFLINE_STORAGE_PREFIX}queries:${AGENT}`, '{not json');
    expect(() => restoreKeptQueries(new QueryClient(), AGENT)).not.toThrow();
  });

  it('writes nothing more once stopped (the person signed out)', async () => {
    const client = new QueryClient();
    const stop = keepForOffline(client, AGENT);
    client.setQueryData(ordersKey, ordersPage);
    stop();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(keptKeys()).toEqual([]);
  });
});
