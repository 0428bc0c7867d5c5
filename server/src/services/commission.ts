/**
 * The commission figures (docs/domain.md, Money): the sums of `comission` over the orders that
 * are not cancelled, split by comissionStatus, and their count — an agent's own orders, or the
 * orders of a manager's products. Only for that user itself, or an admin; the platform's, over
 * every order, only for an admin.
 */
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type CommissionData, MESSAGES, type PlatformCommission } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orders, products } from '../db/schema';
import { HttpError } from '../http-error';
import type { SignedInUser } from '../plugins/auth';
import { findUserById } from './users';

export type CommissionRole = 'agent' | 'manager';

const sumWhere = (condition: SQL) =>
  sql`coalesce(sum(${orders.comission}) filter (where ${condition}), 0)`.mapWith(Number);
const figures = {
  paidCommission: sumWhere(sql`${orders.comissionStatus} = 'paid'`),
  unpaidCommission: sumWhere(sql`${orders.comissionStatus} = 'unpaid'`),
  orders: sql`count(*)`.mapWith(Number),
};
const notCancelled = ne(orders.agentStatus, 'cancelled');

/** The caller may see `id`'s commission as `role`: itself in that role, or an admin (then `id` must have that role). */
async function checkTarget(db: Db, caller: SignedInUser, role: CommissionRole, id: string): Promise<void> {
  if (caller.role === 'admin') {
    const target = await findUserById(db, id);
    if (!target || target.role !== role) throw new HttpError(404, MESSAGES.userNotFound);
  } else if (caller.id !== id || caller.role !== role) {
    throw new HttpError(403, 'You can only see your own commission.');
  }
}

/** `id` is lower-case (UUIDs compare without case, as the database does). */
export async function commissionOf(
  db: Db,
  caller: SignedInUser,
  role: CommissionRole,
  id: string,
): Promise<CommissionData> {
  await checkTarget(db, caller, role, id);
  const [row] =
    role === 'agent'
      ? await db
          .select(figures)
          .from(orders)
          .where(and(eq(orders.agentId, id), notCancelled))
      : await db
          .select(figures)
          .from(orders)
          .innerJoin(products, eq(orders.productId, products.id))
          .where(and(eq(products.vendorId, id), notCancelled));
  return { success: true, paidCommission: 0, unpaidCommission: 0, orders: 0, ...row };
}

/** GET /api/admin/comission: the same figures over every order of the platform, in one query. */
export async function platformCommission(db: Db): Promise<PlatformCommission> {
  const [row] = await db.select(figures).from(orders).where(notCancelled);
  return { paidCommission: 0, unpaidCommission: 0, orders: 0, ...row };
}
