/**
 * A screen's read through TanStack Query (one of the definitions in ./queries), in the shape the
 * screens render: the data, whether the first answer is awaited, the error as the server's
 * message (or the screen's own fallback), and a reload.
 */
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { errorMessage, translateMessage } from 'shared-api';

export interface ResourceState<T> {
  data: T | undefined;
  /** waiting for the answer for this key: a first load, another page or filter (the last answer stays in data meanwhile), a reload after an error */
  loading: boolean;
  /** a request is on its way (also a reload of what is shown) */
  fetching: boolean;
  error: string | null;
  /** when the data shown was fetched (ms since the epoch; 0: nothing yet): kept data offline is older */
  updatedAt: number;
  reload: () => void;
}

export function useResource<TAnswer, T = TAnswer, K extends QueryKey = QueryKey>(
  options: UseQueryOptions<TAnswer, Error, T, K>,
  /** the message when the server gave none, or how to word a failure */
  fallbackError: string | ((error: unknown) => string),
): ResourceState<T> {
  // another page or filter keeps the last answer on screen until its own comes
  const query = useQuery({ placeholderData: keepPreviousData, ...options });
  return {
    data: query.data,
    loading: query.isFetching && (query.isPending || query.isPlaceholderData || query.isError),
    fetching: query.isFetching,
    error: query.isError && !query.isFetching ? describe(query.error, fallbackError) : null,
    updatedAt: query.dataUpdatedAt,
    reload: () => void query.refetch(),
  };
}

function describe(error: unknown, fallback: string | ((error: unknown) => string)): string {
  // a fallback is often a sentence of MESSAGES: shown in the current language
  return typeof fallback === 'function' ? fallback(error) : errorMessage(error, translateMessage(fallback));
}
