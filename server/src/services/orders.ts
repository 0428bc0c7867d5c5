/**
 * Reading orders: the one query that joins an order with what its JSON shows (product,
 * vendor, agent and the agent's referrer), the caller's scope (agent: own orders; manager:
 * orders of own products; admin: all) and the list filters. Every list endpoint and
 * GET /api/order/:id use it.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AgentStatus, CommissionStatus, Order } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orders, products, type UserRow, users } from '../db/schema';
import type { Page } from '../pagination';
import { type OrderJoin, toOrderJson } from '../serializers';

const vendor = alias(users, 'vendor');
const agent = alias(users, 'agent');
const agentReferrer = alias(users, 'agent_referrer');

/** Db or a transaction. */
type Reader = Pick<Db, 'select'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else names no record (a 404, never a database error). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The orders a user may see: an agent its own, a manager those of its products, an admin all. */
export function orderScope(user: Pick<UserRow, 'id' | 'role'>): SQL | undefined {
  switch (user.role) {
    case 'agent':
      return eq(orders.agentId, user.id);
    case 'manager':
      return eq(products.vendorId, user.id);
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

function filterConditions(filters: OrderFilters): (SQL | undefined)[] {
  return [
    filters.agentStatus ? eq(orders.agentStatus, filters.agentStatus) : undefined,
    filters.comissionStatus ? eq(orders.comissionStatus, filters.comissionStatus) : undefined,
    filters.agentId ? eq(orders.agentId, filters.agentId) : undefined,
  ];
}

function selectOrderJoins(db: Reader) {
  return db
    .select({
      order: orders,
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

/** One order with everything its JSON shows, or undefined. */
export async function findOrderJoin(db: Reader, id: string): Promise<OrderJoin | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectOrderJoins(db).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function loadOrderJson(db: Reader, id: string): Promise<Order> {
  const row = await findOrderJoin(db, id);
  if (!row) throw new Error(`loadOrderJson: order ${id} is gone`);
  return toOrderJson(row);
}

/** A page of the orders the user may see, newest first, and the total matching the filters. */
export async function listOrders(
  db: Reader,
  user: Pick<UserRow, 'id' | 'role'>,
  filters: OrderFilters,
  page: Page,
): Promise<{ items: Order[]; total: number }> {
  const where = and(orderScope(user), ...filterConditions(filters));
  // only a manager's scope needs the products join; without it an agent's count is an
  // index-only scan (the join made it grow with the table: see the README's benchmarks)
  const countQuery =
    user.role === 'manager'
      ? db.select({ total: count() }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(where)
      : db.select({ total: count() }).from(orders).where(where);
  const [rows, [counted]] = await Promise.all([
    selectOrderJoins(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    countQuery,
  ]);
  return { items: rows.map(toOrderJson), total: counted?.total ?? 0 };
}
