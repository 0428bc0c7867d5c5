/**
 * Checks on the order history for the tests (docs/domain.md, Order history): an order's events
 * as stored, the replay of its history, and the money invariants.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type CommissionData, commissionDataSchema, IMAGE_IN_HISTORY, type OrderEvent } from 'shared-api/contract';
import { expect } from 'vitest';
import type { Db } from '../db/connection';
import { type OrderEventRow, type OrderRow, orderEvents, orders, products, users } from '../db/schema';
import { historyValue, TRACKED_FIELDS, type TrackedField } from '../services/order-history';
import { injectAs, type TestIdentity } from './helpers';

type HistoryValue = OrderEvent['changes'][string]['to'];
export type TrackedState = Record<TrackedField, HistoryValue>;

/** The order's events as stored, oldest first. */
export const eventsOf = (db: Db, orderId: string): Promise<OrderEventRow[]> =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.seq));

/** The values the history tracks, as stored. */
export function trackedValues(order: OrderRow): Record<TrackedField, unknown> {
  return Object.fromEntries(Object.entries(TRACKED_FIELDS).map(([field, column]) => [field, order[column]])) as Record<
    TrackedField,
    unknown
  >;
}

/** The values the history tracks, as the history writes them (an image is 'image' or null). */
export function trackedState(order: OrderRow): TrackedState {
  const state = {} as TrackedState;
  for (const [field, column] of Object.entries(TRACKED_FIELDS) as [TrackedField, keyof OrderRow][]) {
    state[field] = historyValue(field, order[column] as string | number);
  }
  return state;
}

/** What a field holds before anything set it: a `placed` event leaves out the empty ones. */
const UNSET: Partial<TrackedState> = {
  comments: '',
  status: '',
  orderScreenshot: null,
  reviewScreenShot: null,
  FeedbackScreenShot: null,
  refundShot: null,
};

/**
 * The fold of `changes.to` over the events, checking on the way that each change starts from the
 * value the history had reached (its `from`), and that only `placed` comes first and once.
 */
export function replay(events: readonly Pick<OrderEvent, 'action' | 'changes'>[]): Partial<TrackedState> {
  const state: Partial<TrackedState> = { ...UNSET };
  events.forEach((event, i) => {
    expect(event.action === 'placed', `event ${i} (${event.action})`).toBe(i === 0);
    // a flag's dismissal changes no field of the order (docs/domain.md, Fraud signals)
    if (event.action === 'flag-dismissed') return;
    for (const [field, change] of Object.entries(event.changes)) {
      expect(field in TRACKED_FIELDS, `field ${field}`).toBe(true);
      expect(change.from, `${event.action} ${field}: from`).toEqual(
        event.action === 'placed' ? null : state[field as TrackedField],
      );
      // one image replaced by another reads 'image' to 'image': the history never names images
      if (change.from !== IMAGE_IN_HISTORY)
        expect(change.to, `${event.action} ${field}: a change`).not.toEqual(change.from);
      state[field as TrackedField] = change.to;
    }
  });
  return state;
}

/** Replaying the order's history gives its current values, every field the history tracks. */
export async function expectHistoryReplays(db: Db, orderId: string): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  const events = await eventsOf(db, orderId);
  expect(replay(events), `history of order ${orderId}`).toEqual(trackedState(order));
}

/**
 * The money invariants, in SQL over every order: an order has at most one event that took it to
 * paid, a paid order has exactly one, an unpaid order none, and that event kept the commission the
 * order has (paid is final, so the commission cannot change after it).
 */
export async function expectPaidEventsMatchOrders(db: Db): Promise<void> {
  const result = await db.execute(sql`
    select o.id, o.comission_status as status, o.comission::text as comission,
      count(e.id)::integer as paid_events, min(e.paid_comission)::text as paid_comission
    from ${orders} o left join ${orderEvents} e on e.order_id = o.id and e.changes -> 'comissionStatus' ->> 'to' = 'paid'
    group by o.id
    having count(e.id) <> (case when o.comission_status = 'paid' then 1 else 0 end)
      or (count(e.id) = 1 and min(e.paid_comission) <> o.comission)`);
  expect((result as unknown as { rows: unknown[] }).rows).toEqual([]);
}

/** Each agent's and manager's paid commission, by the commission routes and by the sum of the paid events. */
export async function expectPaidCommissionsFromEvents(app: FastifyInstance, admin: TestIdentity): Promise<void> {
  for (const role of ['agent', 'manager'] as const) {
    const owner = role === 'agent' ? sql`o.agent_id` : sql`p.vendor_id`;
    const result = await app.db.execute(sql`
      select u.id, coalesce(sum(e.paid_comission), 0)::text as paid
      from ${users} u
      left join (${orders} o inner join ${products} p on p.id = o.product_id) on ${owner} = u.id
      left join ${orderEvents} e on e.order_id = o.id
      where u.role = ${role}
      group by u.id`);
    for (const row of (result as unknown as { rows: { id: string; paid: string }[] }).rows) {
      const res = await injectAs(app, admin, { method: 'GET', url: `/api/${role}/comission/${row.id}` });
      const figures: CommissionData = commissionDataSchema.parse(res.json());
      expect(figures.paidCommission, `${role} ${row.id}: paidCommission`).toBeCloseTo(Number(row.paid), 2);
    }
  }
}
