/**
 * What each kind of write changes (docs/architecture.md, Server data): after a write succeeds its
 * screen invalidates these resources (the first part of every key in ./queries), so every read of
 * them, on screen or cached, is asked again.
 */
import { useQueryClient } from '@tanstack/react-query';
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
