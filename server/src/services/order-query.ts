/**
 * The orders' query building, which the lists (./orders.ts) and the CSV export
 * (./order-export.ts) share: the caller's scope (./order-access.ts), the filters, the search and
 * the sort, as SQL whose values are placeholders (../db/prepared.ts), so that each shape of
 * filters is one prepared statement (docs/domain.md, Dashboards and lists).
 */
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AgentStatus, CommissionStatus, OrderSearchQuery, OrderSort, Role } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { prepared } from '../db/prepared';
import { orders, type UserRow, users } from '../db/schema';
import { likePattern, searchLookup } from './like-patterns';
import { orderScope } from './order-access';
import { flaggedCondition } from './payment-rules';

export interface OrderFilters {
  agentStatus?: AgentStatus | undefined;
  comissionStatus?: CommissionStatus | undefined;
  /** only this agent's orders */
  agentId?: string | undefined;
  /** text found, in any case, in the order number, the buyer's name or PayPal, or the agent's name or email */
  q?: string | undefined;
  /** only this product's orders (its _id) */
  productId?: string | undefined;
  /** first and last day (YYYY-MM-DD, UTC), both included */
  from?: string | undefined;
  to?: string | undefined;
  /** default: newest first */
  sort?: OrderSort | undefined;
  /** fraud signals: only orders with a flag nobody dismissed */
  flagged?: boolean | undefined;
}

/** The filters of a parsed orderSearchQuerySchema. */
export function orderFiltersOf(query: OrderSearchQuery): OrderFilters {
  const { AgentStatus, comissionStatus, q, agentId, productId, from, to, sort, flagged } = query;
  return {
    agentStatus: AgentStatus,
    comissionStatus,
    q,
    agentId,
    productId,
    from,
    to,
    sort,
    flagged: flagged === 'true',
  };
}

/**
 * What shapes the SQL of a list or an export: the caller's role, which filters are set (their
 * values are placeholders, see orderSearchValues) and the sort.
 */
export type OrderSearchShape = {
  role: Role;
  agentStatus: boolean;
  comissionStatus: boolean;
  agentId: boolean;
  q: boolean;
  productId: boolean;
  from: boolean;
  to: boolean;
  sort: OrderSort;
  flagged: boolean;
};

export function orderSearchShape(role: Role, filters: OrderFilters): OrderSearchShape {
  return {
    role,
    agentStatus: Boolean(filters.agentStatus),
    comissionStatus: Boolean(filters.comissionStatus),
    agentId: Boolean(filters.agentId),
    q: Boolean(filters.q),
    productId: Boolean(filters.productId),
    from: Boolean(filters.from),
    to: Boolean(filters.to),
    sort: filters.sort ?? 'newest',
    // an agent never learns which of its orders are flagged, not even through a filter
    flagged: role !== 'agent' && Boolean(filters.flagged),
  };
}

/**
 * The start of a UTC day, plus some days, as PostgreSQL reads it. PostgreSQL has no year 0:
 * a day before year 1 starts year 1 (before every order, so the same rows match).
 */
function dayStart(day: string, addDays = 0): string {
  const [year = 1, month = 1, date = 1] = day.split('-').map(Number);
  const start = new Date(0);
  start.setUTCFullYear(year, month - 1, date + addDays);
  if (start.getUTCFullYear() < 1) return '0001-01-01T00:00:00Z';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(start.getUTCFullYear()).padStart(4, '0')}-${two(start.getUTCMonth() + 1)}-${two(start.getUTCDate())}T00:00:00Z`;
}

/**
 * A search's statements are unnamed: PostgreSQL plans an unnamed statement with each run's
 * values, where a named one may settle on a generic plan, which cannot know whether the text
 * matches ten orders or most of them (and scanning the newest orders until 50 match is fast for
 * the one and slow for the other).
 */
export const statementName = (name: string, shape: Pick<OrderSearchShape, 'q'>) => (shape.q ? '' : name);

/**
 * The agents whose "first last" or email hold the search text (trigram indexes, migration
 * 0007). The orders' search takes their ids as a value, not as a subquery, so that the planner
 * knows how many orders it asks for.
 */
const agentsMatching = prepared('order_search_agents', (db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'agent'),
        or(
          sql`${users.firstName} || ' ' || ${users.lastName} ilike ${sql.placeholder('pattern')}`,
          ilike(users.email, sql.placeholder('pattern')),
        ),
      ),
    )
    // unnamed, as every statement of a search (statementName)
    .prepare(''),
);

/** The placeholders' values of a list or an export (a search first finds the agents it names). */
export async function orderSearchValues(db: Db, user: Pick<UserRow, 'id'>, filters: OrderFilters) {
  const pattern = filters.q ? likePattern(filters.q) : undefined;
  const agentIds = pattern ? (await agentsMatching(db).execute({ pattern })).map((agent) => agent.id) : undefined;
  return {
    callerId: user.id,
    agentStatus: filters.agentStatus,
    comissionStatus: filters.comissionStatus,
    agentId: filters.agentId,
    pattern,
    lookup: filters.q ? searchLookup(filters.q) : undefined,
    agentIds,
    productId: filters.productId,
    from: filters.from ? dayStart(filters.from) : undefined,
    // the day after the last one: created before it
    to: filters.to ? dayStart(filters.to, 1) : undefined,
  };
}

/**
 * The order's three searched columns put together, as their trigram index has them (migration
 * 0034). Text found in one of them is found in the whole; the whole is only where to look.
 */
export const orderSearchText = sql`(${orders.amzOrderNumber} || ' ' || ${orders.buyerName} || ' ' || ${orders.buyerPayPal})`;

/**
 * The search: the orders whose three columns put together hold the lookup's pieces (one scan of
 * their trigram index, migration 0034; searchLookup), of those the ones where one column holds the
 * text (a text that holds the separator could otherwise match across two of them), or an agent it
 * names (its index on agent_id). `part`: both (`all`), or one of the two, for a search that reads
 * each by its own index and puts them together (orders.ts, searchMatches).
 */
export type SearchPart = 'all' | 'text' | 'agents';

function searchCondition(part: SearchPart): SQL | undefined {
  const pattern = sql.placeholder('pattern');
  const text = and(
    sql`${orderSearchText} ilike ${sql.placeholder('lookup')}`,
    or(ilike(orders.amzOrderNumber, pattern), ilike(orders.buyerName, pattern), ilike(orders.buyerPayPal, pattern)),
  );
  const agents = sql`${orders.agentId} = any(${sql.placeholder('agentIds')}::uuid[])`;
  return part === 'text' ? text : part === 'agents' ? agents : or(text, agents);
}

/** The WHERE of a list or an export (the products table joined: a manager's scope is on it). */
export function orderSearchWhere(shape: OrderSearchShape, part: SearchPart = 'all'): SQL | undefined {
  return and(
    orderScope(shape.role),
    shape.agentStatus ? eq(orders.agentStatus, sql.placeholder('agentStatus')) : undefined,
    shape.comissionStatus ? eq(orders.comissionStatus, sql.placeholder('comissionStatus')) : undefined,
    shape.agentId ? eq(orders.agentId, sql.placeholder('agentId')) : undefined,
    shape.q ? searchCondition(part) : undefined,
    shape.productId ? eq(orders.productId, sql.placeholder('productId')) : undefined,
    shape.from ? sql`${orders.createdAt} >= ${sql.placeholder('from')}` : undefined,
    shape.to ? sql`${orders.createdAt} < ${sql.placeholder('to')}` : undefined,
    shape.flagged ? flaggedCondition() : undefined,
  );
}

/**
 * The columns each sort orders by, every one ending in (created_at, id) so that the order is
 * total; the commission sorts have an index of their own (migration 0007). 'oldest' and
 * 'commission-low' are exactly the reverse of 'newest' and 'commission-high'.
 */
export function orderSortKey(sort: OrderSort): { columns: AnyPgColumn[]; descending: boolean } {
  switch (sort) {
    case 'newest':
      return { columns: [orders.createdAt, orders.id], descending: true };
    case 'oldest':
      return { columns: [orders.createdAt, orders.id], descending: false };
    case 'commission-high':
      return { columns: [orders.comission, orders.createdAt, orders.id], descending: true };
    case 'commission-low':
      return { columns: [orders.comission, orders.createdAt, orders.id], descending: false };
  }
}

/** A sort's ORDER BY; `of`: what each column is in the query (a subquery's column of the same name). */
export function orderSortOrderBy(sort: OrderSort, of: (column: AnyPgColumn) => AnyPgColumn | SQL = (c) => c): SQL[] {
  const { columns, descending } = orderSortKey(sort);
  return columns.map((column) => (descending ? desc(of(column)) : asc(of(column))));
}
