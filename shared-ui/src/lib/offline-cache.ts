/**
 * What the app keeps for offline use (docs/architecture.md, Phone app): the answers behind the
 * agent's dashboard figures and orders list, as last seen, in localStorage under the signed-in
 * person's id. Restored into the QueryClient only for that person; anything kept for another id is
 * deleted then, and shared-api's session deletes every kept key at sign-out.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { OFFLINE_STORAGE_PREFIX } from 'shared-api/contract';
import { RESOURCES } from './queries';

/** A kept answer: its key, its data and when it was fetched. */
interface KeptQuery {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

/** More than this (characters of JSON) is not kept: a phone's storage is small and shared. */
export const MAX_KEPT_CHARS = 256 * 1024;

const keyOf = (userId: string) => `${OFFLINE_STORAGE_PREFIX}queries:${userId}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The queries kept for `userId`: their own orders' pages and counts, their commission figures,
 * and the count of products they may order.
 */
export function isKeptQuery(queryKey: QueryKey, userId: string): boolean {
  const [resource, scope, third] = queryKey;
  if (resource === RESOURCES.orders) return scope === 'agent' && third === userId;
  if (resource === RESOURCES.commission) return scope === userId && queryKey.length === 2;
  if (resource === RESOURCES.products) return scope === 'approved' && isRecord(third) && third.limit === 1;
  return false;
}

function read(storage: Storage, userId: string): KeptQuery[] {
  try {
    const kept: unknown = JSON.parse(storage.getItem(keyOf(userId)) ?? '[]');
    if (!Array.isArray(kept)) return [];
    return kept.filter(
      (entry): entry is KeptQuery =>
        isRecord(entry) &&
        Array.isArray(entry.queryKey) &&
        typeof entry.updatedAt === 'number' &&
        entry.data !== undefined &&
        isKeptQuery(entry.queryKey, userId),
    );
  } catch {
    return [];
  }
}

/** Writes what `queryClient` holds of `userId`'s kept queries now. */
export function saveKeptQueries(queryClient: QueryClient, userId: string, storage: Storage = localStorage): void {
  const kept: KeptQuery[] = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isKeptQuery(query.queryKey, userId) })
    .filter((query) => query.state.status === 'success' && query.state.data !== undefined)
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
  try {
    const text = JSON.stringify(kept);
    if (text.length <= MAX_KEPT_CHARS) storage.setItem(keyOf(userId), text);
    else storage.removeItem(keyOf(userId));
  } catch {
    // storage full or unavailable: nothing is kept, the app works online as before
  }
}

/**
 * Puts what was kept for `userId` into `queryClient` (as of when it was fetched: a screen asks
 * again at once when online) and deletes what was kept for anyone else.
 */
export function restoreKeptQueries(queryClient: QueryClient, userId: string, storage: Storage = localStorage): void {
  for (const key of Object.keys(storage)) {
    if (key.startsWith(`${OFFLINE_STORAGE_PREFIX}queries:`) && key !== keyOf(userId)) storage.removeItem(key);
  }
  for (const { queryKey, data, updatedAt } of read(storage, userId)) {
    if (queryClient.getQueryData(queryKey) !== undefined) continue;
    queryClient.setQueryData(queryKey, data, { updatedAt });
    // stale at once whatever the client's staleTime: kept figures show until the server answers,
    // never instead of asking it (a payout made since must show at the next start)
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
}

/**
 * Restores `userId`'s kept queries, then keeps them each time one of them is answered. Returns
 * the stop; call it when the person changes (the session deletes the kept data at sign-out).
 */
export function keepForOffline(queryClient: QueryClient, userId: string, storage: Storage = localStorage): () => void {
  restoreKeptQueries(queryClient, userId, storage);
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKeptQuery(event.query.queryKey, userId) || scheduled) return;
    // one write for the answers that arrive together
    scheduled = setTimeout(() => {
      scheduled = undefined;
      saveKeptQueries(queryClient, userId, storage);
    }, 0);
  });
  return () => {
    unsubscribe();
    clearTimeout(scheduled);
  };
}
