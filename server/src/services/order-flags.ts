/**
 * Fraud flags as staff read them (docs/domain.md, Fraud signals): the flags on orders, the count
 * of orders a flag holds, and an admin's dismissal. The checks that raise them are
 * ./order-signals.ts; the hold on paying a flagged order is ./payment-rules.ts.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  buildersFor,
  FLAG_CODES,
  type FlagCode,
  MESSAGES,
  type MessageLocale,
  type Order,
  type OrderFlag,
} from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orderFlags, orders, type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import { fullName } from '../serializers';
import { ordersViewerMayOpen } from './order-access';
import { type OrderActor, recordOrderEvents } from './order-history';
import { payableOrder } from './payment-rules';

/** Who reads flags: an admin, or a manager (who may open only the orders of its own products). */
export type FlagViewer = Pick<UserRow, 'id' | 'role'>;

/**
 * The orders' flags as the viewer (staff) reads them, by order id (orders without one are
 * absent). The message, in the viewer's language (`locale`, the request's), counts every order
 * behind the signal (its strength); relatedOrderIds names only those the viewer may open.
 */
export async function findOrderFlags(
  db: Pick<Db, 'select'>,
  viewer: FlagViewer,
  orderIds: readonly string[],
  locale: MessageLocale = 'en',
) {
  const byOrder = new Map<string, OrderFlag[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderFlags.orderId,
      code: orderFlags.code,
      relatedOrderIds: orderFlags.relatedOrderIds,
      relatedUserIds: orderFlags.relatedUserIds,
      dismissedAt: orderFlags.dismissedAt,
    })
    .from(orderFlags)
    // one array parameter: the same statement for a page of any size
    .where(sql`${orderFlags.orderId} = any(${`{${orderIds.join(',')}}`}::uuid[])`);
  rows.sort((a, b) => FLAG_CODES.indexOf(a.code) - FLAG_CODES.indexOf(b.code));
  // A flag names only the orders the viewer may open: an order id it could not open tells it
  // nothing it may act on, and is another manager's business.
  const mayOpen = await ordersViewerMayOpen(
    db,
    viewer,
    rows.flatMap((row) => row.relatedOrderIds),
  );
  const agents = await relatedAgentNames(
    db,
    viewer,
    rows.flatMap((row) => row.relatedUserIds),
  );
  const named = await relatedOrdersNamed(
    db,
    rows.flatMap((row) => row.relatedOrderIds.filter(mayOpen)),
  );
  const { flagMessage } = buildersFor(locale);
  for (const row of rows) {
    const byAgents = row.code === 'payout-account-shared';
    const relatedOrderIds = row.relatedOrderIds.filter(mayOpen);
    const flag: OrderFlag = {
      code: row.code,
      message: flagMessage(row.code, byAgents ? row.relatedUserIds.length : row.relatedOrderIds.length),
      relatedOrderIds,
      // the contract's order of keys: an answer built in it is written by JSON.stringify in one
      // call, one in another by the writer key by key (../http/answer-serializer.ts)
      ...(byAgents && viewer.role === 'admin'
        ? { relatedAgents: row.relatedUserIds.flatMap((id) => agents.get(id) ?? []) }
        : {}),
      // the same orders by number and agent, as a person names them (an order deleted since is left out)
      relatedOrders: relatedOrderIds.flatMap((id) => named.get(id) ?? []),
      dismissed: row.dismissedAt !== null,
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), flag]);
  }
  return byOrder;
}

/** The related orders' numbers and agents, by id: the screens name an order by them, never by its id. */
async function relatedOrdersNamed(db: Pick<Db, 'select'>, ids: readonly string[]) {
  const named = new Map<string, NonNullable<OrderFlag['relatedOrders']>[number]>();
  if (ids.length === 0) return named;
  const rows = await db
    .select({
      id: orders.id,
      amzOrderNumber: orders.amzOrderNumber,
      agentId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.agentId))
    .where(inArray(orders.id, [...new Set(ids)]));
  for (const row of rows) {
    named.set(row.id, {
      _id: row.id,
      amzOrderNumber: row.amzOrderNumber,
      agent: { _id: row.agentId, name: fullName(row) },
    });
  }
  return named;
}

/**
 * payout-account-shared names the agents whose account is the same: their names, for an admin
 * only (a manager is not told who else an agent's money goes with).
 */
async function relatedAgentNames(db: Pick<Db, 'select'>, viewer: FlagViewer, ids: readonly string[]) {
  const names = new Map<string, { _id: string; name: string }>();
  if (viewer.role !== 'admin' || ids.length === 0) return names;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  for (const row of rows) names.set(row.id, { _id: row.id, name: fullName(row) });
  return names;
}

/** The orders with their `flags` (an empty list when they have none): for admins and managers only. */
export async function withOrderFlags(
  db: Pick<Db, 'select'>,
  viewer: FlagViewer,
  list: Order[],
  locale: MessageLocale = 'en',
): Promise<Order[]> {
  const flags = await findOrderFlags(
    db,
    viewer,
    list.map((order) => order._id),
    locale,
  );
  return list.map((order) => ({ ...order, flags: flags.get(order._id) ?? [] }));
}

/** How many orders that could otherwise be paid a flag holds (the admin's dashboard). */
export async function countHeldOrders(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db
    .select({ orders: sql<number>`count(distinct ${orderFlags.orderId})::integer` })
    .from(orderFlags)
    .innerJoin(orders, eq(orders.id, orderFlags.orderId))
    .where(and(isNull(orderFlags.dismissedAt), payableOrder()));
  return row?.orders ?? 0;
}

/**
 * PUT /api/orders/:id/flags/:code by an admin: the flag is dismissed, with the note and the
 * admin, and the dismissal goes into the order's history. Under the order's row lock, as every
 * change of an order, so it is ordered with a payment.
 */
export async function dismissOrderFlag(
  db: Db,
  admin: OrderActor,
  orderId: string,
  code: FlagCode,
  note: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, comission: orders.comission })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    const [dismissed] = await tx
      .update(orderFlags)
      .set({ dismissedAt: sql`now()`, dismissedBy: admin.id, dismissalNote: note })
      .where(and(eq(orderFlags.orderId, orderId), eq(orderFlags.code, code), isNull(orderFlags.dismissedAt)))
      .returning({ code: orderFlags.code });
    if (!dismissed) {
      const [flag] = await tx
        .select({ code: orderFlags.code })
        .from(orderFlags)
        .where(and(eq(orderFlags.orderId, orderId), eq(orderFlags.code, code)));
      throw flag ? new HttpError(409, MESSAGES.flagAlreadyDismissed) : new HttpError(404, MESSAGES.flagNotFound);
    }
    await recordOrderEvents(tx, order, admin, [
      { action: 'flag-dismissed', changes: { flag: { from: code, to: 'dismissed' }, note: { from: null, to: note } } },
    ]);
  });
}
