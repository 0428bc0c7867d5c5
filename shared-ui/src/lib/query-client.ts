/**
 * The one QueryClient of the signed-in app (docs/architecture.md, Server data). The shell makes
 * it with its signed-in layout and every remote reads it from React's context: TanStack Query is
 * shared by federation as a singleton, like the session store. A standalone remote page makes
 * its own.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError, useLocaleStore } from 'shared-api';

/** A refusal (4xx) is the same the next time: only a lost connection or a 5xx is tried again. */
export function worthRetrying(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.kind === 'network' || (error.status !== undefined && error.status >= 500);
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      // a screen opened again shows what it had at once and asks again behind it; a change
      // invalidates the resources it touches (./mutations.ts)
      queries: { staleTime: 0, retry: worthRetrying },
      // offline, a write fails at once with the lost connection's message rather than waiting
      // unseen for the network (docs/architecture.md, Phone app); reads wait, showing what is kept
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // the API answers in the chosen language (alerts, flags, refusals): a switch asks again for
  // what is on screen, so nothing stays in the language left (docs/architecture.md, Languages)
  useLocaleStore.subscribe((state, previous) => {
    if (state.locale !== previous.locale) void client.invalidateQueries();
  });
  return client;
}
