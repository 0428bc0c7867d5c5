/**
 * Who may see an order: an agent its own, a manager those of its products, an admin all. The
 * lists' and the export's scope, the 403s of reading and changing one order, the orders a flag
 * may name to a manager, and whose list of orders an agent or an admin may read.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { MESSAGES, type Role } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orders, products, type UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { findUserById } from './users';

export const ORDER_REFUSALS = {
  notOwnOrder: 'You can only see and change your own orders.',
  notOwnProductsOrder: 'You can only see and change orders of your own products.',
} as const;

/**
 * The orders a user may see, as a condition on orders joined to their products (the caller's id
 * a placeholder, `callerId`, for the prepared statements of ./order-query.ts).
 */
export function orderScope(role: Role): SQL | undefined {
  switch (role) {
    case 'agent':
      return eq(orders.agentId, sql.placeholder('callerId'));
    case 'manager':
      return eq(products.vendorId, sql.placeholder('callerId'));
    case 'admin':
      return undefined;
  }
}

/** Refuses (403) an order that is not the caller's own: what an agent may change. */
export function checkOwnOrder(caller: Pick<UserRow, 'id'>, agentId: string): void {
  if (agentId !== caller.id) throw new HttpError(403, ORDER_REFUSALS.notOwnOrder);
}

/** Refuses (403) an order of another's product, unless the caller is an admin: what staff may change. */
export function checkProductsOrder(caller: Pick<UserRow, 'id' | 'role'>, vendorId: string): void {
  if (caller.role !== 'admin' && vendorId !== caller.id) throw new HttpError(403, ORDER_REFUSALS.notOwnProductsOrder);
}

/**
 * Refuses (403, saying whose it is) an order the caller may not see: another agent's, or for a
 * manager an order of another's product.
 */
export function checkOrderAccess(caller: Pick<UserRow, 'id' | 'role'>, order: { agentId: string; vendorId: string }) {
  if (caller.role === 'agent') checkOwnOrder(caller, order.agentId);
  if (caller.role === 'manager') checkProductsOrder(caller, order.vendorId);
}

/**
 * Of these orders, the ones the viewer (staff) may open: all for an admin, those of its products
 * for a manager, none for anyone else.
 */
export async function ordersViewerMayOpen(
  db: Pick<Db, 'select'>,
  viewer: Pick<UserRow, 'id' | 'role'>,
  orderIds: readonly string[],
): Promise<(id: string) => boolean> {
  if (viewer.role === 'admin') return () => true;
  if (viewer.role !== 'manager' || orderIds.length === 0) return () => false;
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        sql`${orders.id} = any(${`{${[...new Set(orderIds)].join(',')}}`}::uuid[])`,
        eq(products.vendorId, viewer.id),
      ),
    );
  const open = new Set(rows.map((row) => row.id));
  return (id) => open.has(id);
}

/** GET /api/agents/:userId/orders: an agent reads its own list; an admin any agent's (404 for a non-agent). */
export async function checkAgentListAccess(db: Db, caller: Pick<UserRow, 'id' | 'role'>, agentId: string) {
  if (caller.role === 'agent' && agentId !== caller.id) throw new HttpError(403, ORDER_REFUSALS.notOwnOrder);
  if (caller.role === 'admin') {
    const target = await findUserById(db, agentId);
    if (target?.role !== 'agent') throw new HttpError(404, MESSAGES.agentNotFound);
  }
}
