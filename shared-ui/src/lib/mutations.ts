/**
 * Writes (docs/architecture.md, Server data): every write of a screen is a mutation (useWrite)
 * whose isPending drives its submit button and whose error its form alert. What each kind of
 * write changes is listed here: after a write succeeds these resources (the first part of every
 * key in ./queries) are invalidated, so every read of them, on screen or cached, is asked again.
 */
import { type UseMutationOptions, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { RESOURCES } from './queries';

type Resource = (typeof RESOURCES)[keyof typeof RESOURCES];

export const CHANGES = {
  /** an order placed or updated, a flag dismissed: lists, the order, the money and the alerts it sends */
  order: [RESOURCES.orders, RESOURCES.order, RESOURCES.commission, RESOURCES.payouts, RESOURCES.alerts],
  /** a product created, edited, approved or deleted: its lists, and the orders that show it */
  product: [RESOURCES.products, RESOURCES.product, RESOURCES.orders, RESOURCES.order],
  /** an account approved */
  user: [RESOURCES.users],
  /** a payout: the orders it paid and every figure of money */
  payout: [RESOURCES.payouts, RESOURCES.orders, RESOURCES.order, RESOURCES.commission],
  /** the agent's payout account set: its own reads, the admins' views of it */
  payoutAccount: [RESOURCES.payoutAccount, RESOURCES.payouts, RESOURCES.users, RESOURCES.alerts],
  /** alerts marked read */
  alerts: [RESOURCES.alerts],
} as const satisfies Record<string, readonly Resource[]>;

/** Invalidates what a write changed: `await invalidate(CHANGES.order)` after it succeeded. */
export function useInvalidate(): (resources: readonly Resource[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (resources) => {
      await Promise.all(resources.map((resource) => client.invalidateQueries({ queryKey: [resource] })));
    },
    [client],
  );
}

export interface WriteOptions<TData, TVariables>
  extends Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> {
  /** what the write changes (one of CHANGES): invalidated once it succeeded, before onSuccess runs */
  changes?: readonly Resource[];
}

/**
 * A screen's write as a mutation: `write` is the endpoint call (shared-api), `changes` what it
 * invalidates. The mutation stays pending until the invalidated reads on screen answered and
 * onSuccess settled, so the busy label covers the whole write.
 */
export function useWrite<TData, TVariables = void>(
  write: (variables: TVariables) => Promise<TData>,
  { changes, onSuccess, ...options }: WriteOptions<TData, TVariables> = {},
): UseMutationResult<TData, Error, TVariables> {
  const invalidate = useInvalidate();
  return useMutation({
    ...options,
    // the variables only: an endpoint's further parameters are not the mutation's context
    mutationFn: (variables) => write(variables),
    onSuccess: async (...settled) => {
      if (changes) await invalidate(changes);
      await onSuccess?.(...settled);
    },
  });
}
