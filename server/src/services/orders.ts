/**
 * Reading orders: the one query that joins an order with what its JSON shows (product,
 * vendor, agent and the agent's referrer), narrowed to the caller's scope and the list filters
 * (./order-query.ts, which the CSV export shares). Every list endpoint and GET /api/order/:id use
 * it, as prepared statements (../db/prepared.ts): the same SQL every time, the caller's id and
 * the filter values as placeholders (docs/domain.md, Dashboards and lists).
 */
import { and, eq, getTableColumns, is, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgSelect, PgTransaction, union } from 'drizzle-orm/pg-core';
import { MAX_PAGE_SIZE, MESSAGES, type MessageLocale, type Order, type Role } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { limitInText, prepared, preparedVariants, shapeVariant } from '../db/prepared';
import { orderCounts, orders, products, type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { Page } from '../pagination';
import { type StatementSession, sessionColumn } from '../plugins/auth';
import { type OrderJoin, toOrderJson } from '../serializers';
import type { ImageSigner } from '../uploads/urls';
import { checkOrderAccess } from './order-access';
import { withOrderFlags } from './order-flags';
import {
  type OrderFilters,
  type OrderSearchShape,
  orderSearchShape,
  orderSearchValues,
  orderSearchWhere,
  orderSortKey,
  orderSortOrderBy,
  type SearchPart,
  statementName,
} from './order-query';

const vendor = alias(users, 'vendor');
const agent = alias(users, 'agent');
const agentReferrer = alias(users, 'agent_referrer');

/** An order's columns: its JSON shows them, and its product's figures from its commission terms. */
const { buyerPayPalKey: _key, payoutId: _payout, ...orderJsonColumns } = getTableColumns(orders);

/**
 * The product's columns an order's JSON shows (serializers.ts toOrderJson), and its manager for
 * the access check: not its texts, lists and figures, which every order of a page carried from
 * the database and the driver parsed for nothing (docs/benchmarks.md, 29 November, night).
 */
const orderProductColumns = {
  id: products.id,
  vendorId: products.vendorId,
  name: products.name,
  image: products.image,
  marketPlace: products.marketPlace,
  price: products.price,
  status: products.status,
};

/** The select of an order with everything its JSON shows; `extra`: more columns of the same row. */
function selectOrderJoins<Extra extends Record<string, SQL.Aliased>>(db: Db, extra?: Extra) {
  return db
    .select({
      order: orderJsonColumns,
      product: orderProductColumns,
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

/** orderJoinById with the caller's session (../plugins/auth.ts, sessionInStatement). */
const orderJoinWithSession = prepared('order_join_by_id_with_session', (db, name) =>
  selectOrderJoins(db, { session: sessionColumn })
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

/** One order with everything its JSON shows, or undefined. */
export async function findOrderJoin(db: Db, id: string): Promise<OrderJoin | undefined> {
  // inside a transaction (an answer kept with its Idempotency-Key, docs/domain.md, Submitting
  // twice) the query is built on the tx: a prepared statement runs outside any (../db/prepared.ts)
  const [row] = is(db, PgTransaction)
    ? await selectOrderJoins(db).where(eq(orders.id, id)).limit(1)
    : await orderJoinById(db).execute({ id });
  return row;
}

/** The order's JSON, its private images as signed links (the caller may see the order). */
export async function loadOrderJson(db: Db, id: string, signImage: ImageSigner, viewer: Role): Promise<Order> {
  const row = await findOrderJoin(db, id);
  if (!row) throw new Error(`loadOrderJson: order ${id} is gone`);
  return toOrderJson(row, signImage, viewer);
}

/** The rows a first page is read by (firstPageRows): a few, so that a list has a few statements. */
const FIRST_PAGE_ROWS = [10, 20, 50, 100, MAX_PAGE_SIZE] as const;

/**
 * The rows to read for a list's first page with no status filter (the caller's scope, one
 * agent's orders, a sort): the page's size rounded up to one of FIRST_PAGE_ROWS, written in the
 * statement's text with no OFFSET (docs/benchmarks.md, 29 November, night); undefined for any
 * other page. With its LIMIT and OFFSET as values, PostgreSQL priced one plan for every run as
 * reading a tenth of the orders, never chose it, and planned the five-table join anew on every
 * request (0.9 ms, as long as running it). One agent's orders have an index of their own, read
 * alike for every agent; a status filter keeps its values: one plan for every status alike could
 * read thousands of orders for a rare one.
 */
function firstPageRows(shape: OrderSearchShape, page: Page): number | undefined {
  if (page.offset !== 0 || shape.agentStatus || shape.comissionStatus) return undefined;
  return FIRST_PAGE_ROWS.find((rows) => rows >= page.limit);
}

const orderListPage = preparedVariants(
  'order_list_page',
  ({ shape, firstPage }: { shape: OrderSearchShape; firstPage: number | undefined }) =>
    firstPage ? `${shapeVariant(shape)}:first${firstPage}` : shapeVariant(shape),
  (db, name, { shape, firstPage }) => {
    const query = selectOrderJoins(db)
      .where(orderSearchWhere(shape))
      .orderBy(...orderSortOrderBy(shape.sort))
      .$dynamic();
    const page = firstPage
      ? query.limit(limitInText(firstPage))
      : query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
    return page.prepare(statementName(name, shape));
  },
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
function whereMatching<Query extends PgSelect>(query: Query, shape: OrderSearchShape, part?: SearchPart): Query {
  if (shape.role === 'manager') query.innerJoin(products, eq(products.id, orders.productId));
  return query.where(orderSearchWhere(shape, part));
}

const orderSearchCount = preparedVariants('order_search_count', shapeVariant, (db, name, shape: OrderSearchShape) =>
  whereMatching(db.select({ total: sql<number>`count(*)::integer` }).from(orders).$dynamic(), shape).prepare(
    statementName(name, shape),
  ),
);

/** The matching orders' ids of a page of a filtered list, each with the total of matches. */
const matchingOrders = (db: Db, shape: OrderSearchShape, part?: SearchPart) =>
  whereMatching(
    db
      .select({ id: orders.id, total: sql<number>`(count(*) over ())::integer`.as('total') })
      .from(orders)
      .$dynamic(),
    shape,
    part,
  )
    .orderBy(...orderSortOrderBy(shape.sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));

/**
 * A page of a filtered list and its total in one read: the matching orders are counted as they
 * are found (a window count), then only the page's 50 are joined with what their JSON shows.
 * Counting had to visit every match anyway; a second query would find them all again. A text
 * search reads its page in two (orderSearchIds, then ordersByIds).
 */
const orderSearchPage = preparedVariants('order_search_page', shapeVariant, (db, name, shape: OrderSearchShape) => {
  const page = matchingOrders(db, shape).as('page');
  return selectOrderJoins(db, { total: sql<number>`${page.total}`.as('page_total') })
    .innerJoin(page, eq(page.id, orders.id))
    .orderBy(...orderSortOrderBy(shape.sort))
    .prepare(statementName(name, shape));
});

/**
 * A search's matching orders' ids of a page, each with the total of matches, when the text names
 * agents: the orders whose text holds it and the orders of those agents, each read by its own
 * index (the trigram index, the one on agent_id), put together by a union, then sorted. As one
 * condition (`text or agents`) PostgreSQL could use neither index for an agent's name and read
 * every order newest first, testing each (docs/benchmarks.md, 2 December).
 */
function searchMatches(db: Db, shape: OrderSearchShape) {
  const { columns } = orderSortKey(shape.sort);
  // each branch selects the sort's columns (they end in the id), by their names in the table
  const keys = Object.fromEntries(columns.map((column) => [column.name, column]));
  const branch = (part: SearchPart) => whereMatching(db.select(keys).from(orders).$dynamic(), shape, part);
  const matched = union(branch('text'), branch('agents')).as('matched');
  const key = (column: AnyPgColumn) => sql`${sql.identifier('matched')}.${sql.identifier(column.name)}`;
  return db
    .select({ id: sql<string>`${key(orders.id)}`, total: sql<number>`(count(*) over ())::integer`.as('total') })
    .from(matched)
    .orderBy(...orderSortOrderBy(shape.sort, key))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/**
 * A text search's page in two reads (docs/benchmarks.md, 29 November, evening): the matching
 * orders' ids and total, planned with the text as every search is (statementName), then the
 * page's orders joined by their ids, a named statement planned once. Planned as one statement,
 * the join of five tables took PostgreSQL longer to plan on every search than to run. A text
 * that names no agent reads the text's part alone (no `agent_id = any('{}')` beside it, which
 * made each match's text tested twice); one that names agents, both parts (searchMatches).
 */
const orderSearchIds = preparedVariants(
  'order_search_ids',
  ({ shape, agents }: { shape: OrderSearchShape; agents: boolean }) =>
    agents ? `${shapeVariant(shape)}:agents` : shapeVariant(shape),
  (db, name, { shape, agents }) =>
    (agents ? searchMatches(db, shape) : matchingOrders(db, shape, 'text')).prepare(statementName(name, shape)),
);

/** The orders of these ids with everything their JSON shows, in a sort's order: one statement per sort. */
const ordersByIds = preparedVariants(
  'orders_by_ids',
  (sort: OrderSearchShape['sort']) => sort,
  (db, name, sort) =>
    selectOrderJoins(db)
      .where(sql`${orders.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(...orderSortOrderBy(sort))
      .prepare(name),
);

/** A page of a list its counts cannot total (../db/schema.ts, order_counts), and the total of its matches. */
async function countedPage(
  db: Db,
  shape: OrderSearchShape,
  values: Awaited<ReturnType<typeof orderSearchValues>>,
  page: Page,
): Promise<{ rows: OrderJoin[]; total: number | undefined }> {
  if (!shape.q) {
    const rows = await orderSearchPage(db, shape).execute({ ...values, limit: page.limit, offset: page.offset });
    return { rows, total: rows[0]?.total };
  }
  const agents = (values.agentIds?.length ?? 0) > 0;
  const ids = await orderSearchIds(db, { shape, agents }).execute({
    ...values,
    limit: page.limit,
    offset: page.offset,
  });
  if (ids.length === 0) return { rows: [], total: undefined };
  const rows = await ordersByIds(db, shape.sort).execute({ ids: ids.map((row) => row.id) });
  return { rows, total: ids[0]?.total };
}

/**
 * A page of the orders the user may see, in the filters' sort (newest first unless asked
 * otherwise), and the total matching the filters; their private images as signed links for the
 * user, their flags' messages in `locale` (the request's language).
 */
export async function listOrders(
  db: Db,
  user: Pick<UserRow, 'id' | 'role'>,
  filters: OrderFilters,
  page: Page,
  signImage: ImageSigner,
  locale: MessageLocale = 'en',
): Promise<{ items: Order[]; total: number }> {
  const shape = orderSearchShape(user.role, filters);
  const values = await orderSearchValues(db, user, filters);
  // fraud signals: staff only, never an agent (docs/domain.md, Fraud signals)
  const shown = (items: Order[]) => (user.role === 'agent' ? items : withOrderFlags(db, user, items, locale));
  if (countedByOrders(shape)) {
    const { rows, total: counted } = await countedPage(db, shape, values, page);
    // a page past the last match has no row to carry the total
    const total =
      counted ?? (page.offset > 0 ? ((await orderSearchCount(db, shape).execute(values))[0]?.total ?? 0) : 0);
    return { items: await shown(rows.map((row) => toOrderJson(row, signImage, user.role))), total };
  }
  const [rows, [counted]] = await Promise.all([
    orderListPage(db, { shape, firstPage: firstPageRows(shape, page) }).execute({
      ...values,
      limit: page.limit,
      offset: page.offset,
    }),
    orderListCount(db, shape).execute(values),
  ]);
  // a first page may have read up to its statement's LIMIT
  const pageRows = rows.length > page.limit ? rows.slice(0, page.limit) : rows;
  return {
    items: await shown(pageRows.map((row) => toOrderJson(row, signImage, user.role))),
    total: counted?.total ?? 0,
  };
}

/**
 * GET /api/order/:id: the order, for its agent, the manager of its product or an admin; an
 * order that does not exist is a 404, another's a 403 saying whose it is. Its flags' messages
 * are in `locale` (the request's language).
 */
export async function readOrder(
  db: Db,
  caller: Pick<UserRow, 'id' | 'role'>,
  id: string,
  signImage: ImageSigner,
  locale: MessageLocale = 'en',
): Promise<Order> {
  return orderFor(db, caller, await findOrderJoin(db, id), signImage, locale);
}

/**
 * readOrder for a route whose statement reads the session (../plugins/auth.ts,
 * sessionInStatement): the order and the caller's session in one statement, the session
 * checked before anything else.
 */
export async function readOrderSignedIn(
  db: Db,
  session: StatementSession,
  id: string,
  signImage: ImageSigner,
  locale: MessageLocale = 'en',
): Promise<Order> {
  const [row] = await orderJoinWithSession(db).execute({ id, ...session.values });
  const caller = await session.accept(row?.session);
  return orderFor(db, caller, row, signImage, locale);
}

async function orderFor(
  db: Db,
  caller: Pick<UserRow, 'id' | 'role'>,
  row: OrderJoin | undefined,
  signImage: ImageSigner,
  locale: MessageLocale,
): Promise<Order> {
  if (!row) throw new HttpError(404, MESSAGES.orderNotFound);
  checkOrderAccess(caller, { agentId: row.order.agentId, vendorId: row.product.vendorId });
  const order = toOrderJson(row, signImage, caller.role);
  if (caller.role === 'agent') return order;
  const [flagged] = await withOrderFlags(db, caller, [order], locale);
  return flagged ?? order;
}
