/**
 * Lists: `page` and `limit` (default 50, at most 200) from the query; the answer is the
 * array the clients expect, with the total in X-Total-Count. Only the first 10,000 rows of a list
 * are served (a deep OFFSET reads and drops every row before it): past them, a filter narrows it.
 */
import type { FastifyReply } from 'fastify';
import { MAX_LIST_ROWS, MESSAGES, paginationQuerySchema, TOTAL_COUNT_HEADER } from 'shared-api/contract';
import { z } from 'zod';

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

/** The page a route's parsed query names (its schema holds paginationQuerySchema's fields). */
export function pageOf({ page, limit }: { page: number; limit: number }): Page {
  return { page, limit, offset: (page - 1) * limit };
}

export function sendPage<T>(reply: FastifyReply, items: T[], total: number): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}

type PageShape = typeof paginationQuerySchema.shape;

const pageRowsRule = z.refine<{ page: number; limit: number }>(({ page, limit }) => page * limit <= MAX_LIST_ROWS, {
  error: MESSAGES.pageTooFar,
});

/**
 * A list's query schema: its filters plus `page` and `limit`, with the rule that only the first
 * MAX_LIST_ROWS rows are served. The filters' own rules (a date range) still apply.
 */
export function pagedQuery<Shape extends z.core.$ZodShape>(filters: z.ZodObject<Shape>) {
  const merged = z.object({ ...filters.shape, ...paginationQuerySchema.shape }) as unknown as z.ZodObject<
    Shape & PageShape
  >;
  // The filters' rules read only the filters' fields, and pageRowsRule only page and limit: both
  // hold on the merged value (zod types a check by the exact object it was written for).
  const rules = [...(filters._zod.def.checks ?? []), pageRowsRule] as z.core.$ZodCheck<z.output<typeof merged>>[];
  return merged.check(...rules);
}
