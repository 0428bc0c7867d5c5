/** Rendering a screen in a test: with a QueryClient of its own, which tries nothing twice. */
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

// TanStack Query tells components of an answer on the next macrotask; in tests it does so as soon
// as the answer's promise settles, as the screens' tests were written for
notifyManager.setScheduler(queueMicrotask);

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
}

/** render() inside a QueryClientProvider; `client` to look at or share the cache. */
export function renderWithQueries(ui: ReactElement, options: RenderOptions & { client?: QueryClient } = {}) {
  const { client = testQueryClient(), wrapper: Outer, ...rest } = options;
  function Wrapper({ children }: { children: ReactNode }) {
    const inner = <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    return Outer ? <Outer>{inner}</Outer> : inner;
  }
  return { client, ...render(ui, { wrapper: Wrapper, ...rest }) };
}
