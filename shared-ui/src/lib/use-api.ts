/**
 * Loads data for a screen through a shared-api function: loading, error (the server's
 * message or the screen's own fallback) and a reload. A newer load wins over an older one.
 */
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from 'shared-api';

export interface ApiState<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

export function useApi<T>(load: () => Promise<T>, deps: DependencyList, fallbackError: string): ApiState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load again
  useEffect(() => {
    const call = ++latest.current;
    setLoading(true);
    setError(null);
    load().then(
      (value) => {
        if (call !== latest.current) return;
        setData(value);
        setLoading(false);
      },
      (failure: unknown) => {
        if (call !== latest.current) return;
        setError(errorMessage(failure, fallbackError));
        setLoading(false);
      },
    );
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, error, reload };
}
