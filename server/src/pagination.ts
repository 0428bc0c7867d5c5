/**
 * Lists: `page` and `limit` (default 50, at most 200) from the query; the answer is the
 * array the clients expect, with the total in X-Total-Count. Only the first 10,000 rows of a list
 * are served (a deep OFFSET reads and drops every row before it): past them, a filter narrows it.
 */
import type { FastifyReply } from 'fastify';
import { MESSAGES, paginationQuerySchema, TOTAL_COUNT_HEADER } from 'shared-api/contract';
import type { z } from 'zod';
import { parseInput } from './validation';

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export function parsePage(query: unknown): Page {
  const q = (query ?? {}) as Record<string, unknown>;
  return pageOf(parseInput(paginationQuerySchema, { page: q.page, limit: q.limit }));
}

/** The page a route's parsed query names (its schema holds paginationQuerySchema's fields). */
export function pageOf({ page, limit }: { page: number; limit: number }): Page {
  return { page, limit, offset: (page - 1) * limit };
}

const { page, limit } = paginationQuerySchema.shape;

/**
 * A paged list's query schema: its filters, then `page` and `limit` as paginationQuerySchema
 * reads them, and its refinement (no page past the first MAX_LIST_ROWS rows), checked by
 * parsing the page again with it. A filter's refusal comes before the page's.
 */
export function pagedQuery<Shape extends z.ZodRawShape>(filters: z.ZodObject<Shape>) {
  return filters
    .extend({ page, limit })
    .refine((query) => paginationQuerySchema.safeParse(query).success, { error: MESSAGES.pageTooFar });
}

export function sendPage<T>(reply: FastifyReply, items: T[], total: number): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}
