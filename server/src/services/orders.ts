/**
 * Reading orders: the one query that joins an order with what its JSON shows (product,
 * vendor, agent and the agent's referrer), the caller's scope (agent: own orders; manager:
 * orders of own products; admin: all) and the list filters. Every list endpoint and
 * GET /api/order/:id use it, as prepared statements (../db/prepared.ts): the same SQL every
 * time, the caller's id and the filter values as placeholders.
 */
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AgentStatus, type CommissionStatus, MESSAGES, type Order, type Role } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { prepared, preparedVariants, shapeVariant } from '../db/prepared';
import { orderCounts, orders, products, type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { Page } from '../pagination';
import { type OrderJoin, toOrderJson } from '../serializers';
import type { ImageSigner } from '../uploads/urls';
import { isUuid } from '../validation';
import { ORDER_REFUSALS } from './order-changes';
import { findUserById } from './users';

const vendor = alias(users, 'vendor');
const agent = alias(users, 'agent');
const agentReferrer = alias(users, 'agent_referrer');

/** An order's columns that its JSON shows (its commission terms stay on the server). */
const { commissionTerms: _terms, ...orderJsonColumns } = getTableColumns(orders);

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
}

/** What shapes a list's SQL: the caller's role and which filters are set (their values are placeholders). */
type ListShape = {
  role: Role;
  agentStatus: boolean;
  comissionStatus: boolean;
  agentId: boolean;
};

function listWhere(shape: ListShape): SQL | undefined {
  return and(
    orderScope(shape.role),
    shape.agentStatus ? eq(orders.agentStatus, sql.placeholder('agentStatus')) : undefined,
    shape.comissionStatus ? eq(orders.comissionStatus, sql.placeholder('comissionStatus')) : undefined,
    shape.agentId ? eq(orders.agentId, sql.placeholder('agentId')) : undefined,
  );
}

function selectOrderJoins(db: Db) {
  return db
    .select({
      order: orderJsonColumns,
      product: products,
      vendor: { id: vendor.id, firstName: vendor.firstName, lastName: vendor.lastName },
      agent: { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, email: agent.email },
      agentReferrer: { id: agentReferrer.id, firstName: agentReferrer.firstName, lastName: agentReferrer.lastName },
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
  if (!isUuid(id)) return undefined;
  const [row] = await orderJoinById(db).execute({ id });
  return row;
}

/** The order's JSON, its private images as signed links (the caller may see the order). */
export async function loadOrderJson(db: Db, id: string, signImage: ImageSigner): Promise<Order> {
  const row = await findOrderJoin(db, id);
  if (!row) throw new Error(`loadOrderJson: order ${id} is gone`);
  return toOrderJson(row, signImage);
}

const orderListPage = preparedVariants('order_list_page', shapeVariant, (db, name, shape: ListShape) =>
  selectOrderJoins(db)
    .where(listWhere(shape))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

/**
 * The total of a list: a sum over the order_counts rows of the caller's scope and filters
 * (kept by triggers, see db/schema.ts), so it does not grow with the orders it counts.
 */
function countWhere(shape: ListShape): SQL | undefined {
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

const orderListCount = preparedVariants('order_list_count', shapeVariant, (db, name, shape: ListShape) =>
  db
    .select({ total: sql<number>`coalesce(sum(${orderCounts.orders}), 0)::integer` })
    .from(orderCounts)
    .where(countWhere(shape))
    .prepare(name),
);

/**
 * A page of the orders the user may see, newest first, and the total matching the filters;
 * their private images as signed links for the user.
 */
export async function listOrders(
  db: Db,
  user: Pick<UserRow, 'id' | 'role'>,
  filters: OrderFilters,
  page: Page,
  signImage: ImageSigner,
): Promise<{ items: Order[]; total: number }> {
  const shape: ListShape = {
    role: user.role,
    agentStatus: Boolean(filters.agentStatus),
    comissionStatus: Boolean(filters.comissionStatus),
    agentId: Boolean(filters.agentId),
  };
  const values = {
    callerId: user.id,
    agentStatus: filters.agentStatus,
    comissionStatus: filters.comissionStatus,
    agentId: filters.agentId,
  };
  const [rows, [counted]] = await Promise.all([
    orderListPage(db, shape).execute({ ...values, limit: page.limit, offset: page.offset }),
    orderListCount(db, shape).execute(values),
  ]);
  return { items: rows.map((row) => toOrderJson(row, signImage)), total: counted?.total ?? 0 };
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
  return toOrderJson(row, signImage);
}

/** GET /api/agents/:userId/orders: an agent reads its own list; an admin any agent's (404 for a non-agent). */
export async function checkAgentListAccess(db: Db, caller: Pick<UserRow, 'id' | 'role'>, agentId: string) {
  if (caller.role === 'agent' && agentId !== caller.id) throw new HttpError(403, ORDER_REFUSALS.notOwnOrder);
  if (caller.role === 'admin') {
    const target = await findUserById(db, agentId);
    if (target?.role !== 'agent') throw new HttpError(404, MESSAGES.agentNotFound);
  }
}
