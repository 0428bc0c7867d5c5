/**
 * The order's history (docs/domain.md, Order history): the events services/order-changes.ts
 * writes in the transaction of each change, and the read of one order's events. Nothing else
 * writes them, and the database refuses to change or delete them (drizzle/0006_order_events.sql).
 */
import { and, asc, eq, is, ne, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  IMAGE_IN_HISTORY,
  ORDER_IMAGE_FIELDS,
  type OrderEvent,
  type OrderEventAction,
  type OrderHistory,
  type Role,
} from 'shared-api/contract';
import type { Db } from '../db/connection';
import { placeholdersOf, preparedVariants, transactionStatement } from '../db/prepared';
import { type OrderRow, orderEvents, orders, payouts, products, type UserRow } from '../db/schema';
import { type StatementSession, sessionColumn } from '../plugins/auth';
import { fullName } from '../serializers';
// an order's history is read by whoever may see the order
import { orderScope } from './order-access';

type Tx = Pick<Db, 'insert'>;
export type OrderChanges = OrderEvent['changes'];
type HistoryValue = OrderChanges[string]['from'];

/** Who changes an order: the caller as it is at the time of the change. */
export type OrderActor = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'role'>;

/** The order's columns the history tracks, by the API's field names. */
export const TRACKED_FIELDS = {
  reviewType: 'reviewType',
  amzOrderNumber: 'amzOrderNumber',
  buyerPayPal: 'buyerPayPal',
  buyerName: 'buyerName',
  comments: 'comments',
  orderScreenshot: 'orderScreenshot',
  reviewScreenShot: 'reviewScreenShot',
  FeedbackScreenShot: 'feedbackScreenShot',
  refundShot: 'refundShot',
  AgentStatus: 'agentStatus',
  status: 'status',
  comissionStatus: 'comissionStatus',
  comission: 'comission',
} as const satisfies Record<string, keyof OrderRow>;
export type TrackedField = keyof typeof TRACKED_FIELDS;
export type TrackedValues = Pick<OrderRow, (typeof TRACKED_FIELDS)[TrackedField]>;

const IMAGE_FIELDS: ReadonlySet<string> = new Set(ORDER_IMAGE_FIELDS);

/** A value as the history holds it: an image only says whether one is there, never its link. */
export function historyValue(field: TrackedField, value: string | number | null | undefined): HistoryValue {
  if (IMAGE_FIELDS.has(field)) return value ? IMAGE_IN_HISTORY : null;
  return value ?? null;
}

/** The fields among `fields` whose value differs between `before` and `after`, as changes. */
export function changesBetween(
  before: Partial<TrackedValues>,
  after: Partial<TrackedValues>,
  fields: readonly TrackedField[],
): OrderChanges {
  const changes: OrderChanges = {};
  for (const field of fields) {
    const column = TRACKED_FIELDS[field];
    if (!(column in after) || after[column] === undefined || after[column] === before[column]) continue;
    changes[field] = { from: historyValue(field, before[column]), to: historyValue(field, after[column]) };
  }
  return changes;
}

/** What a new order starts with: every tracked field that has a value. */
export function placedChanges(order: Partial<TrackedValues>): OrderChanges {
  const changes: OrderChanges = {};
  for (const [field, column] of Object.entries(TRACKED_FIELDS) as [TrackedField, keyof TrackedValues][]) {
    const to = historyValue(field, order[column]);
    if (to !== null && to !== '') changes[field] = { from: null, to };
  }
  return changes;
}

export interface NewOrderEvent {
  action: OrderEventAction;
  changes: OrderChanges;
}

/**
 * Writes the events of one change of one order, in the caller's transaction and after its row
 * lock (their time and order follow the order the changes were applied in). Events without a
 * change are left out. `comission`: the order's commission as the change leaves it, kept on the
 * event that takes it to paid.
 */
export async function recordOrderEvents(
  tx: Tx,
  order: { id: string; comission: number },
  actor: OrderActor,
  events: readonly NewOrderEvent[],
): Promise<void> {
  await recordEventsOfOrders(tx, actor, [{ order, events }]);
}

/** recordOrderEvents for several orders changed by one request, in one statement. */
export async function recordEventsOfOrders(
  tx: Tx,
  actor: OrderActor,
  changed: readonly { order: { id: string; comission: number }; events: readonly NewOrderEvent[] }[],
): Promise<void> {
  const rows = changed.flatMap(({ order, events }) =>
    events
      .filter((event) => Object.keys(event.changes).length > 0)
      .map((event) => ({
        orderId: order.id,
        actorId: actor.id,
        actorName: fullName(actor),
        actorRole: actor.role,
        action: event.action,
        changes: event.changes,
        paidComission: event.changes.comissionStatus?.to === 'paid' ? order.comission : null,
      })),
  );
  const [only] = rows;
  // one event (an order placed or changed): its statement is built once
  if (rows.length === 1 && only && is(tx, PgTransaction))
    await insertOneEvent(tx).execute({
      ...only,
      // the column's own encoding, which a raw placeholder skips (below); null stays null
      paidComission:
        only.paidComission === null ? null : orderEvents.paidComission.mapToDriverValue(only.paidComission),
    });
  else if (rows.length > 0) await tx.insert(orderEvents).values(rows);
}

/** The columns of an event recordEventsOfOrders writes, each a placeholder of the same name. */
const EVENT_COLUMNS = [
  'orderId',
  'actorId',
  'actorName',
  'actorRole',
  'action',
  'changes',
] as const satisfies readonly (keyof typeof orderEvents.$inferInsert)[];

const insertOneEvent = transactionStatement('order_event_insert', (tx, name) =>
  tx
    .insert(orderEvents)
    .values({
      ...placeholdersOf(EVENT_COLUMNS),
      // as the driver takes it (a placeholder of a column goes through the column's encoder, which writes null as "null")
      paidComission: sql`${sql.placeholder('paidComission')}`,
    })
    .prepare(name),
);

/**
 * One query: the order (if the caller may see it) with its events, oldest first, the event that
 * took it to paid with its payout. No row: no such
 * order, or not the caller's to see (the same answer for both). One row with no event: an order
 * without history (placed before the history began and never backfilled: none in practice).
 */
const historyByOrder = preparedVariants(
  'order_history',
  (role: Role) => role,
  (db, name, role) => {
    const query = db
      .select({
        // the caller's session: ../plugins/auth.ts, sessionInStatement
        session: sessionColumn,
        id: orderEvents.id,
        at: orderEvents.at,
        actorId: orderEvents.actorId,
        actorName: orderEvents.actorName,
        actorRole: orderEvents.actorRole,
        action: orderEvents.action,
        changes: orderEvents.changes,
        payoutId: payouts.id,
        payoutReference: payouts.reference,
      })
      .from(orders)
      .$dynamic();
    // only a manager's scope needs the product (its vendor)
    if (role === 'manager') query.innerJoin(products, eq(products.id, orders.productId));
    return (
      query
        .leftJoin(
          orderEvents,
          // fraud signals are never an agent's to see, nor their dismissal (docs/domain.md, Fraud signals)
          and(
            eq(orderEvents.orderId, orders.id),
            role === 'agent' ? ne(orderEvents.action, 'flag-dismissed') : undefined,
          ),
        )
        // the payout that paid the order, on the one event that took it to paid (docs/domain.md, Payouts)
        .leftJoin(
          payouts,
          and(eq(payouts.id, orders.payoutId), sql`${orderEvents.changes} -> 'comissionStatus' ->> 'to' = 'paid'`),
        )
        .where(and(eq(orders.id, sql.placeholder('id')), orderScope(role)))
        .orderBy(asc(orderEvents.at), asc(orderEvents.seq))
        .prepare(name)
    );
  },
);

/**
 * The order's history for the caller, or undefined when there is no such order for it to see:
 * the events and the caller's session in one statement (a route declared sessionInStatement,
 * ../plugins/auth.ts), scoped to the caller the token names, the session checked before
 * anything read is used.
 */
export async function findOrderHistory(
  db: Db,
  session: StatementSession,
  orderId: unknown,
): Promise<OrderHistory | undefined> {
  const { claimed } = session;
  const rows = await historyByOrder(db, claimed.role).execute({ id: orderId, callerId: claimed.id, ...session.values });
  await session.accept(rows[0]?.session);
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) =>
    row.id === null || row.at === null || row.actorId === null || row.actorRole === null || row.action === null
      ? []
      : [
          {
            _id: row.id,
            at: row.at.toISOString(),
            actor: { _id: row.actorId, name: row.actorName ?? '', role: row.actorRole },
            action: row.action,
            changes: row.changes === null ? {} : inSchemaOrder(row.changes),
            ...(row.payoutId !== null && row.payoutReference !== null
              ? { payout: { _id: row.payoutId, reference: row.payoutReference } }
              : {}),
          },
        ],
  );
}

/**
 * The changes with each field's `from` before its `to`, as the answer's schema has them (jsonb
 * keeps an object's keys shortest first, then by their bytes: `to` comes back first), so the
 * answer's writer can write the whole answer in one go (../http/answer-serializer.ts).
 */
function inSchemaOrder(changes: OrderChanges): OrderChanges {
  const ordered: OrderChanges = {};
  for (const field in changes) {
    const change = changes[field];
    if (change) ordered[field] = { from: change.from, to: change.to };
  }
  return ordered;
}
