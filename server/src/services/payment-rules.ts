/**
 * What can be paid (docs/domain.md, Payouts and Fraud signals): an order that is unpaid and not
 * cancelled, and that no flag nobody dismissed holds. The one place that says so: the payout,
 * the single-order paid selector, the payable lists, the fraud checks (which flag an earlier
 * order only while it can be paid) and the admin's count of held orders all read it.
 */
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { FLAG_CODES, FLAG_LABELS, type FlagCode, orderOnHold } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orderFlags, orders } from '../db/schema';
import { HttpError } from '../http-error';

/** The orders a payout may pay: unpaid and not cancelled (the hold is checked apart: heldOrders). */
export function payableOrder(): SQL {
  return and(eq(orders.comissionStatus, 'unpaid'), ne(orders.agentStatus, 'cancelled')) as SQL;
}

/** The order has a flag nobody dismissed (the partial index order_flags_open_idx): the `flagged=true` filter, and the hold. */
export const flaggedCondition = (): SQL =>
  sql`exists (select 1 from ${orderFlags} f where f.order_id = ${orders.id} and f.dismissed_at is null)`;

export interface HeldOrder {
  orderId: string;
  code: FlagCode;
}

/**
 * The flags nobody dismissed on these orders, which hold their commission: paying any of them
 * is refused (409, holdMessage). Call it inside the paying transaction, after locking the
 * orders' rows (FOR UPDATE), so no flag can be raised on them between the check and the payment.
 */
export async function heldOrders(tx: Pick<Db, 'select'>, orderIds: readonly string[]): Promise<HeldOrder[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ orderId: orderFlags.orderId, code: orderFlags.code })
    .from(orderFlags)
    .where(and(inArray(orderFlags.orderId, [...orderIds]), isNull(orderFlags.dismissedAt)))
    .orderBy(asc(orderFlags.orderId), asc(orderFlags.code));
  // in the contract's order of the codes, so the message names the same flag every time
  return rows.sort(
    (a, b) => a.orderId.localeCompare(b.orderId) || FLAG_CODES.indexOf(a.code) - FLAG_CODES.indexOf(b.code),
  );
}

/** The 409's message for a held order, naming its flag (and the order's number, in a payout's). */
export function holdMessage(held: HeldOrder, orderNumber?: string): string {
  return orderOnHold(FLAG_LABELS[held.code], held.code, orderNumber);
}

/** Refuses (409) paying an order with a flag nobody dismissed; the caller holds the order's row lock. */
export async function refuseHeldPayment(tx: Pick<Db, 'select'>, orderId: string): Promise<void> {
  const [held] = await heldOrders(tx, [orderId]);
  if (held) throw new HttpError(409, holdMessage(held));
}
