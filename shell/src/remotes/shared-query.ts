/**
 * The @tanstack/react-query the shell offers the remotes: its own module (one QueryClient
 * context for every app), limited to the exports in the contract's SHARED_QUERY_EXPORTS so
 * that a first visit does not load what no app uses (hydration, infinite and suspense
 * queries, streamed queries). Tested: shared-modules.test.ts.
 */
export {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
