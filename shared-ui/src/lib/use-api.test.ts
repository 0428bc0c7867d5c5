import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-api';
import { describe, expect, it, vi } from 'vitest';
import { useApi } from './use-api';

describe('useApi', () => {
  it('loads, then exposes the data', async () => {
    const { result } = renderHook(() => useApi(() => Promise.resolve([1, 2]), [], 'Failed'));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual([1, 2]);
    expect(result.current.error).toBeNull();
  });

  it("shows the server's message, else the screen's fallback", async () => {
    const fromServer = renderHook(() =>
      useApi(() => Promise.reject(new ApiError('Only admins can see this.', 'response', 403, true)), [], 'Failed'),
    );
    await waitFor(() => expect(fromServer.result.current.error).toBe('Only admins can see this.'));
    const bare = renderHook(() => useApi(() => Promise.reject(new Error('boom')), [], 'Failed to fetch order'));
    await waitFor(() => expect(bare.result.current.error).toBe('Failed to fetch order'));
  });

  it('loads again on reload and when a dependency changes, keeping only the newest answer', async () => {
    const load = vi.fn((n: number) => Promise.resolve(n));
    const { result, rerender } = renderHook(({ n }) => useApi(() => load(n), [n], 'Failed'), {
      initialProps: { n: 1 },
    });
    await waitFor(() => expect(result.current.data).toBe(1));
    rerender({ n: 2 });
    await waitFor(() => expect(result.current.data).toBe(2));
    act(() => result.current.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
  });
});
