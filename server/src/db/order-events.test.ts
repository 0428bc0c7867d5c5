/**
 * What drizzle/0006_order_events.sql keeps in the database itself: the history cannot be
 * rewritten (no UPDATE, DELETE or TRUNCATE, not even with ordinary triggers switched off), an
 * order with a history cannot be deleted, an order goes to paid once; and its backfill.
 */
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, updateOrderByStaff } from '../services/order-changes';
import { createTestDatabase, createUser, statementSessionOf, type TestDatabase } from '../test/helpers';
import { eventsOf, expectHistoryReplays, expectPaidEventsMatchOrders } from '../test/order-history';
import { amzNumber, createOrderRow, createProduct, insertUpload } from '../test/orders';
import { MIGRATIONS_FOLDER } from './connection';
import { type OrderRow, orderEvents, orders, type ProductRow, type UserRow } from './schema';

/** Drizzle wraps driver errors; the SQLSTATE is on the cause. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

/** The migration's statement that starts with `start` (its leading comment lines left out). */
function migrationStatement(start: string): string {
  const migration = fs.readFileSync(`${MIGRATIONS_FOLDER}/0006_order_events.sql`, 'utf8');
  const [statement] = migration
    .split('--> statement-breakpoint')
    .map((text) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((text) => text.startsWith(start));
  if (!statement) throw new Error(`no statement starting with ${start}`);
  return statement;
}

const RAISED = 'P0001';

describe('order_events in the database', () => {
  let t: TestDatabase;
  let vendor: UserRow;
  let agent: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestDatabase();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent', firstName: 'Hira', lastName: 'Gill' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  /** An order placed and paid as the services do it: a placed and a commission event. */
  async function paidOrder(): Promise<string> {
    const orderId = await placeOrder(t.db, statementSessionOf(agent), {
      productId: product.id,
      reviewType: 'picture',
      amzOrderNumber: amzNumber(),
      buyerPayPal: 'buyer@example.com',
      buyerName: 'Sara Khan',
      orderScreenshot: await insertUpload(t.db, agent),
      comments: '',
    });
    await updateOrderByStaff(t.db, admin, orderId, { comissionStatus: 'paid' });
    return orderId;
  }

  it('refuses to change, delete or empty the history, also with ordinary triggers switched off', async () => {
    const orderId = await paidOrder();
    const before = await eventsOf(t.db, orderId);
    expect(before.map((e) => e.action)).toEqual(['placed', 'commission']);
    const ofOrder = eq(orderEvents.orderId, orderId);

    expect(await sqlState(t.db.update(orderEvents).set({ actorName: 'Someone else' }).where(ofOrder))).toBe(RAISED);
    expect(await sqlState(t.db.update(orderEvents).set({ changes: {} }).where(ofOrder))).toBe(RAISED);
    expect(await sqlState(t.db.delete(orderEvents).where(ofOrder))).toBe(RAISED);
    expect(await sqlState(t.db.execute(sql`truncate ${orderEvents}`))).toBe(RAISED);
    expect(await sqlState(t.db.execute(sql`truncate ${orders} cascade`))).toBeDefined();
    // session_replication_role = replica skips ordinary triggers; these are ALWAYS triggers
    const asReplica = (statement: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(statement);
      });
    expect(await sqlState(asReplica(sql`delete from ${orderEvents}`))).toBe(RAISED);
    expect(await sqlState(asReplica(sql`truncate ${orderEvents}`))).toBe(RAISED);

    expect(await eventsOf(t.db, orderId)).toEqual(before);
  });

  it('refuses to delete an order that has a history', async () => {
    const orderId = await paidOrder();
    // ON DELETE RESTRICT: PostgreSQL 15 says 23503 (foreign_key_violation), PGlite (18) 23001 (restrict_violation).
    expect(['23503', '23001']).toContain(await sqlState(t.db.delete(orders).where(eq(orders.id, orderId))));
    expect(await t.db.$count(orders, eq(orders.id, orderId))).toBe(1);
  });

  it('takes an order to paid once, and keeps the commission it paid on that event alone', async () => {
    const orderId = await paidOrder();
    const [paid] = (await eventsOf(t.db, orderId)).filter((e) => e.action === 'commission');
    expect(paid?.paidComission).toBe(200);
    const event = {
      orderId,
      actorId: admin.id,
      actorName: 'Admin',
      actorRole: 'admin' as const,
      action: 'commission' as const,
      changes: { comissionStatus: { from: 'unpaid', to: 'paid' } },
    };
    expect(await sqlState(t.db.insert(orderEvents).values({ ...event, paidComission: 200 }))).toBe('23505');
    const other = await createOrderRow(t.db, product, agent);
    const onOther = { ...event, orderId: other.id };
    // a payment without its amount, an amount on anything but a payment
    expect(await sqlState(t.db.insert(orderEvents).values(onOther))).toBe('23514');
    const status = { ...onOther, action: 'status' as const, changes: { status: { from: '', to: 'On-Hold' } } };
    expect(await sqlState(t.db.insert(orderEvents).values({ ...status, paidComission: 100 }))).toBe('23514');
    // an action, a role or changes the contract does not know
    expect(await sqlState(t.db.insert(orderEvents).values({ ...status, action: 'erased' as 'status' }))).toBe('23514');
    expect(await sqlState(t.db.insert(orderEvents).values({ ...status, actorRole: 'root' as 'admin' }))).toBe('23514');
    expect(await sqlState(t.db.insert(orderEvents).values({ ...status, changes: [] as never }))).toBe('23514');
  });

  it('backfills a placed event for the orders that were there before the history began, which replays to them', async () => {
    const fresh = await createTestDatabase();
    try {
      const { db } = fresh;
      const seller = (await createUser(db, { role: 'manager' })).user;
      const buyer = (await createUser(db, { role: 'agent', firstName: 'Old', lastName: 'Timer' })).user;
      const item = await createProduct(db, seller);
      const old = new Date('2026-01-02T03:04:05.000Z');
      const written: OrderRow[] = [
        await createOrderRow(db, item, buyer, { createdAt: old }),
        await createOrderRow(db, item, buyer, {
          agentStatus: 'Feedbacked',
          status: 'Refunded',
          comissionStatus: 'paid',
          comments: 'Great',
          refundShot: 'https://img.example.com/refund.png',
          reviewScreenShot: 'https://img.example.com/review.png',
          feedbackScreenShot: 'https://img.example.com/feedback.png',
          comission: 200,
          createdAt: old,
        }),
        await createOrderRow(db, item, buyer, { agentStatus: 'cancelled', orderScreenshot: '', createdAt: old }),
      ];
      await db.execute(sql.raw(migrationStatement('INSERT INTO "order_events"')));

      for (const order of written) {
        const events = await eventsOf(db, order.id);
        expect(events.map((e) => [e.action, e.actorId, e.actorName, e.actorRole, e.at.toISOString()])).toEqual([
          ['placed', buyer.id, 'Old Timer', 'agent', old.toISOString()],
        ]);
        await expectHistoryReplays(db, order.id);
      }
      expect((await eventsOf(db, written[1]?.id ?? ''))[0]?.paidComission).toBe(200);
      await expectPaidEventsMatchOrders(db);
    } finally {
      await fresh.close();
    }
  });
});
