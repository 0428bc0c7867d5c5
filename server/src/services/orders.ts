/**
 * Reading orders: the one query that joins an order with what its JSON shows (product,
 * vendor, agent and the agent's referrer), the caller's scope (agent: own orders; manager:
 * orders of own products; admin: all) and the list filters. Every list endpoint and
 * GET /api/order/:id use it, as prepared statements (../db/prepared.ts): the same SQL every
 * time, the caller's id and the filter values as placeholders. The staff search and the CSV
 * export (./order-export.ts) share its filters (docs/domain.md, Dashboards and lists).
 */
import { and, asc, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgSelect } from 'drizzle-orm/pg-core';
import {
  type AgentStatus,
  type CommissionStatus,
  MESSAGES,
  type Order,
  type OrderSearchQuery,
  type OrderSort,
  type Role,
} from 'shared-api/contract';
import type { Db } from '../db/connection';
import { prepared, preparedVariants, shapeVariant } from '../db/prepared';
import { orderCounts, orders, products, type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { Page } from '../pagination';
import { type OrderJoin, toOrderJson } from '../serializers';
import type { ImageSigner } from '../uploads/urls';
import { ORDER_REFUSALS } from './order-changes';
import { flaggedCondition, withOrderFlags } from './order-flags';
import { likePattern } from './products';
import { findUserById } from './users';

const vendor = alias(users, 'vendor');
const agent = alias(users, 'agent');
const agentReferrer = alias(users, 'agent_referrer');

/** An order's columns: its JSON shows them, and its product's figures from its commission terms. */
const orderJsonColumns = getTableColumns(orders);

/** The orders a user may see: an agent its own, a manager those of its products, an admin all. */
function orderScope(role: Role): SQL | undefined {
  switch (role) {
    case 'agent':
      return eq(orders.agentId, sql.placeholder('callerId'));
    case 'manager':
      return eq(products.vendorId, sql.placeholder('callerId'));
    case 'admin':
      return undefined;
  }
}

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
    agentIds,
    productId: filters.productId,
    from: filters.from ? dayStart(filters.from) : undefined,
    // the day after the last one: created before it
    to: filters.to ? dayStart(filters.to, 1) : undefined,
  };
}

/** The search: each column through its trigram index (migration 0007), one BitmapOr. */
function searchCondition(): SQL | undefined {
  const pattern = sql.placeholder('pattern');
  return or(
    ilike(orders.amzOrderNumber, pattern),
    ilike(orders.buyerName, pattern),
    ilike(orders.buyerPayPal, pattern),
    sql`${orders.agentId} = any(${sql.placeholder('agentIds')}::uuid[])`,
  );
}

/** The WHERE of a list or an export (the products table joined: a manager's scope is on it). */
export function orderSearchWhere(shape: OrderSearchShape): SQL | undefined {
  return and(
    orderScope(shape.role),
    shape.agentStatus ? eq(orders.agentStatus, sql.placeholder('agentStatus')) : undefined,
    shape.comissionStatus ? eq(orders.comissionStatus, sql.placeholder('comissionStatus')) : undefined,
    shape.agentId ? eq(orders.agentId, sql.placeholder('agentId')) : undefined,
    shape.q ? searchCondition() : undefined,
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

export function orderSortOrderBy(sort: OrderSort): SQL[] {
  const { columns, descending } = orderSortKey(sort);
  return columns.map((column) => (descending ? desc(column) : asc(column)));
}

/** The select of an order with everything its JSON shows; `extra`: more columns of the same row. */
function selectOrderJoins<Extra extends Record<string, SQL.Aliased>>(db: Db, extra?: Extra) {
  return db
    .select({
      order: orderJsonColumns,
      product: products,
      vendor: { id: vendor.id, firstName: vendor.firstName, lastName: vendor.lastName },
      agent: { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, email: agent.email },
      agentReferrer: { id: agentReferrer.id, firstName: agentReferrer.firstName, lastName: agentReferrer.lastName },
      ...(extra as Extra),
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendor, eq(vendor.id, products.vendorId))
    .innerJoin(agent, eq(agent.id, orders.agentId))
    .leftJoin(agentReferrer, eq(agentReferrer.id, agent.referralUserId));
}

const orderJoinById = prepared('order_join_by_id', (db, name) =>
  selectOrderJoins(db)
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

/** One order with everything its JSON shows, or undefined. */
export async function findOrderJoin(db: Db, id: string): Promise<OrderJoin | undefined> {
  const [row] = await orderJoinById(db).execute({ id });
  return row;
}

/** The order's JSON, its private images as signed links (the caller may see the order). */
export async function loadOrderJson(db: Db, id: string, signImage: ImageSigner, viewer: Role): Promise<Order> {
  const row = await findOrderJoin(db, id);
  if (!row) throw new Error(`loadOrderJson: order ${id} is gone`);
  return toOrderJson(row, signImage, viewer);
}

const orderListPage = preparedVariants('order_list_page', shapeVariant, (db, name, shape: OrderSearchShape) =>
  selectOrderJoins(db)
    .where(orderSearchWhere(shape))
    .orderBy(...orderSortOrderBy(shape.sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(statementName(name, shape)),
);

/**
 * The total of a list: a sum over the order_counts rows of the caller's scope and filters
 * (kept by triggers, see db/schema.ts), so it does not grow with the orders it counts.
 */
function countWhere(shape: OrderSearchShape): SQL | undefined {
  const scope =
    shape.role === 'agent'
      ? eq(orderCounts.agentId, sql.placeholder('callerId'))
      : shape.role === 'manager'
        ? eq(orderCounts.vendorId, sql.placeholder('callerId'))
        : undefined;
  return and(
    scope,
    shape.agentStatus ? eq(orderCounts.agentStatus, sql.placeholder('agentStatus')) : undefined,
    shape.comissionStatus ? eq(orderCounts.comissionStatus, sql.placeholder('comissionStatus')) : undefined,
    shape.agentId ? eq(orderCounts.agentId, sql.placeholder('agentId')) : undefined,
  );
}

const orderListCount = preparedVariants('order_list_count', shapeVariant, (db, name, shape: OrderSearchShape) =>
  db
    .select({ total: sql<number>`coalesce(sum(${orderCounts.orders}), 0)::integer` })
    .from(orderCounts)
    .where(countWhere(shape))
    .prepare(name),
);

/** order_counts has no key for these: their totals count the matching orders. */
const countedByOrders = (shape: OrderSearchShape) =>
  shape.q || shape.productId || shape.from || shape.to || shape.flagged;

/** Narrows a query of orders to the caller's scope and the filters (a manager's scope is on the products). */
function whereMatching<Query extends PgSelect>(query: Query, shape: OrderSearchShape): Query {
  if (shape.role === 'manager') query.innerJoin(products, eq(products.id, orders.productId));
  return query.where(orderSearchWhere(shape));
}

const orderSearchCount = preparedVariants('order_search_count', shapeVariant, (db, name, shape: OrderSearchShape) =>
  whereMatching(db.select({ total: sql<number>`count(*)::integer` }).from(orders).$dynamic(), shape).prepare(
    statementName(name, shape),
  ),
);

/**
 * A page of a filtered list and its total in one read: the matching orders are counted as they
 * are found (a window count), then only the page's 50 are joined with what their JSON shows.
 * Counting had to visit every match anyway; a second query would find them all again.
 */
const orderSearchPage = preparedVariants('order_search_page', shapeVariant, (db, name, shape: OrderSearchShape) => {
  const counted = db
    .select({ id: orders.id, total: sql<number>`(count(*) over ())::integer`.as('total') })
    .from(orders)
    .$dynamic();
  const page = whereMatching(counted, shape)
    .orderBy(...orderSortOrderBy(shape.sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return selectOrderJoins(db, { total: sql<number>`${page.total}`.as('page_total') })
    .innerJoin(page, eq(page.id, orders.id))
    .orderBy(...orderSortOrderBy(shape.sort))
    .prepare(statementName(name, shape));
});

/**
 * A page of the orders the user may see, in the filters' sort (newest first unless asked
 * otherwise), and the total matching the filters; their private images as signed links for the user.
 */
export async function listOrders(
  db: Db,
  user: Pick<UserRow, 'id' | 'role'>,
  filters: OrderFilters,
  page: Page,
  signImage: ImageSigner,
): Promise<{ items: Order[]; total: number }> {
  const shape = orderSearchShape(user.role, filters);
  const values = await orderSearchValues(db, user, filters);
  // fraud signals: staff only, never an agent (docs/domain.md, Fraud signals)
  const shown = (items: Order[]) => (user.role === 'agent' ? items : withOrderFlags(db, user, items));
  if (countedByOrders(shape)) {
    const rows = await orderSearchPage(db, shape).execute({ ...values, limit: page.limit, offset: page.offset });
    // a page past the last match has no row to carry the total
    const total =
      rows[0]?.total ?? (page.offset > 0 ? ((await orderSearchCount(db, shape).execute(values))[0]?.total ?? 0) : 0);
    return { items: await shown(rows.map((row) => toOrderJson(row, signImage, user.role))), total };
  }
  const [rows, [counted]] = await Promise.all([
    orderListPage(db, shape).execute({ ...values, limit: page.limit, offset: page.offset }),
    orderListCount(db, shape).execute(values),
  ]);
  return { items: await shown(rows.map((row) => toOrderJson(row, signImage, user.role))), total: counted?.total ?? 0 };
}

/**
 * GET /api/order/:id: the order, for its agent, the manager of its product or an admin; an
 * order that does not exist is a 404, another's a 403 saying whose it is.
 */
export async function readOrder(
  db: Db,
  caller: Pick<UserRow, 'id' | 'role'>,
  id: string,
  signImage: ImageSigner,
): Promise<Order> {
  const row = await findOrderJoin(db, id);
  if (!row) throw new HttpError(404, MESSAGES.orderNotFound);
  if (caller.role === 'agent' && row.order.agentId !== caller.id) throw new HttpError(403, ORDER_REFUSALS.notOwnOrder);
  if (caller.role === 'manager' && row.product.vendorId !== caller.id) {
    throw new HttpError(403, ORDER_REFUSALS.notOwnProductsOrder);
  }
  const order = toOrderJson(row, signImage, caller.role);
  if (caller.role === 'agent') return order;
  const [flagged] = await withOrderFlags(db, caller, [order]);
  return flagged ?? order;
}

/** GET /api/agents/:userId/orders: an agent reads its own list; an admin any agent's (404 for a non-agent). */
export async function checkAgentListAccess(db: Db, caller: Pick<UserRow, 'id' | 'role'>, agentId: string) {
  if (caller.role === 'agent' && agentId !== caller.id) throw new HttpError(403, ORDER_REFUSALS.notOwnOrder);
  if (caller.role === 'admin') {
    const target = await findUserById(db, agentId);
    if (target?.role !== 'agent') throw new HttpError(404, MESSAGES.agentNotFound);
  }
}
