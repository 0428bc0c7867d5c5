/**
 * What can be paid (docs/domain.md, Payouts and Fraud signals): an order that is unpaid and not
 * cancelled, that no flag nobody dismissed holds, and whose agent is not suspended. The one place that says so: the payout,
 * the single-order paid selector, the payable lists, the fraud checks (which flag an earlier
 * order only while it can be paid) and the admin's count of held orders all read it.
 */
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, FLAG_CODES, FLAG_LABELS, type FlagCode, orderOnHold } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orderFlags, orders, users } from '../db/schema';
import { builtTranslations } from '../http/language';
import { HttpError } from '../http-error';

/** The orders a payout may pay: unpaid and not cancelled (the hold is checked apart: heldOrders). */
export function payableOrder(): SQL {
  return and(eq(orders.comissionStatus, 'unpaid'), ne(orders.agentStatus, 'cancelled')) as SQL;
}

/** The order has a flag nobody dismissed (the partial index order_flags_open_idx): the `flagged=true` filter, and the hold. */
export const flaggedCondition = (): SQL =>
  sql`exists (select 1 from ${orderFlags} f where f.order_id = ${orders.id} and f.dismissed_at is null)`;

/**
 * On hold: a flag nobody dismissed holds the order, or its agent is suspended. For a query that
 * joins `users` on the order's agent (the owed list and its summary).
 */
export const onHold = (): SQL => sql`(${flaggedCondition()} or ${users.status} = 'suspended')`;

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
  return orderOnHold(FLAG_LABELS[held.code], orderNumber);
}

/** holdMessage in the other languages. */
export function holdTranslations(held: HeldOrder, orderNumber?: string): HttpError['translations'] {
  return builtTranslations((b) => b.orderOnHold(FLAG_LABELS[held.code], orderNumber));
}

/**
 * Whether the agent is suspended (docs/domain.md, Accounts): a suspended agent's unpaid orders are
 * held from payment like a fraud hold, until the account is reactivated. Reads the agent's row
 * FOR SHARE, inside the paying transaction: a suspension (an UPDATE of that row) and a payment
 * take turns, so no payment commits after a suspension it did not see.
 */
export async function agentSuspended(tx: Pick<Db, 'select'>, agentId: string): Promise<boolean> {
  const [agent] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, agentId))
    .limit(1)
    .for('share');
  return agent?.status === 'suspended';
}

/** A suspended agent's orders are not paid (409, ACCOUNT_MESSAGES.payoutAgentSuspended). */
export async function refuseSuspendedAgent(tx: Pick<Db, 'select'>, agentId: string): Promise<void> {
  if (await agentSuspended(tx, agentId)) throw new HttpError(409, ACCOUNT_MESSAGES.payoutAgentSuspended);
}

/**
 * Refuses (409) paying an order with a flag nobody dismissed, or an order of a suspended agent;
 * the caller holds the order's row lock.
 */
export async function refuseHeldPayment(tx: Pick<Db, 'select'>, orderId: string): Promise<void> {
  const [order] = await tx.select({ agentId: orders.agentId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (order) await refuseSuspendedAgent(tx, order.agentId);
  const [held] = await heldOrders(tx, [orderId]);
  if (held) throw new HttpError(409, holdMessage(held), undefined, holdTranslations(held));
}
