/**
 * What drizzle/0008_payouts.sql keeps in the database itself: a payout cannot be changed or
 * deleted, only a paid order can be in one, one reference is one payout; and its backfill of the
 * orders paid before payouts began.
 */
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedChanges, recordOrderEvents } from '../services/order-history';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import { eventsOf } from '../test/order-history';
import { createOrderRow, createProduct } from '../test/orders';
import { expectPayoutsMatchOrders } from '../test/payouts';
import { MIGRATIONS_FOLDER } from './connection';
import { orders, type ProductRow, payouts, type UserRow } from './schema';

async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

/** The migration's statements that start with `start` (their leading comment lines left out). */
function migrationStatements(start: string): string[] {
  const migration = fs.readFileSync(`${MIGRATIONS_FOLDER}/0008_payouts.sql`, 'utf8');
  return migration
    .split('--> statement-breakpoint')
    .map((text) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((text) => text.startsWith(start));
}

describe('payouts in the database', () => {
  let t: TestDatabase;
  let agent: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestDatabase();
    const vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent', firstName: 'Old', lastName: 'Timer' })).user;
    admin = (await createUser(t.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const newPayout = (reference: string) =>
    t.db
      .insert(payouts)
      .values({ agentId: agent.id, reference, total: 150, orders: 1, createdById: admin.id, createdByName: 'Ada' })
      .returning();

  it('refuses to change, delete or empty a payout, also with ordinary triggers switched off', async () => {
    const [payout] = await newPayout('DB-1');
    if (!payout) throw new Error('no payout');
    const raised = 'P0001';
    expect(await sqlState(t.db.update(payouts).set({ total: 1 }).where(eq(payouts.id, payout.id)))).toBe(raised);
    expect(await sqlState(t.db.delete(payouts).where(eq(payouts.id, payout.id)))).toBe(raised);
    // refused by the foreign key from orders before the trigger (0A000); either way, refused
    expect(await sqlState(t.db.execute(sql`truncate ${payouts}`))).toBeDefined();
    const asReplica = t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from ${payouts}`);
    });
    expect(await sqlState(asReplica)).toBe(raised);
    expect(await t.db.$count(payouts, eq(payouts.id, payout.id))).toBe(1);
  });

  it('keeps one payout per reference, a trimmed reference, and only paid orders in a payout', async () => {
    const [payout] = await newPayout('DB-2');
    expect(await sqlState(newPayout('DB-2'))).toBe('23505');
    expect(await sqlState(newPayout(' DB-3'))).toBe('23514');
    expect(await sqlState(newPayout(''))).toBe('23514');
    const unpaid = createOrderRow(t.db, product, agent, { payoutId: payout?.id });
    expect(await sqlState(unpaid)).toBe('23514');
  });

  it('backfills a one-order payout for each order paid before payouts began, by the actor and at the time of its payment', async () => {
    const fresh = await createTestDatabase();
    try {
      const { db } = fresh;
      const seller = (await createUser(db, { role: 'manager' })).user;
      const buyer = (await createUser(db, { role: 'agent', firstName: 'Old', lastName: 'Timer' })).user;
      const item = await createProduct(db, seller);
      const old = new Date('2026-01-02T03:04:05.000Z');
      const paidWithEvent = await createOrderRow(db, item, buyer, {
        comissionStatus: 'paid',
        comission: 200,
        createdAt: old,
      });
      // its history, as 0006 backfilled it: a placed event that carries the payment
      await recordOrderEvents(db, paidWithEvent, buyer, [{ action: 'placed', changes: placedChanges(paidWithEvent) }]);
      const paidWithoutEvent = await createOrderRow(db, item, buyer, { comissionStatus: 'paid', comission: 99.5 });
      const unpaid = await createOrderRow(db, item, buyer);

      for (const statement of [
        ...migrationStatements('INSERT INTO "payouts"'),
        ...migrationStatements('UPDATE "orders"'),
      ]) {
        await db.execute(sql.raw(statement));
      }

      const backfilled = await db.select().from(payouts).orderBy(payouts.total);
      expect(
        backfilled.map((p) => [p.reference, p.total, p.orders, p.agentId, p.createdById, p.createdByName]),
      ).toEqual([
        [`order ${paidWithoutEvent.amzOrderNumber}`, 99.5, 1, buyer.id, buyer.id, 'Old Timer'],
        [`order ${paidWithEvent.amzOrderNumber}`, 200, 1, buyer.id, buyer.id, 'Old Timer'],
      ]);
      const [payment] = await eventsOf(db, paidWithEvent.id);
      expect(backfilled[1]?.createdAt.toISOString()).toBe(payment?.at.toISOString());
      expect(backfilled[0]?.createdAt.toISOString()).toBe(paidWithoutEvent.updatedAt.toISOString());
      const stored = await db.select().from(orders);
      const payoutOf = new Map(stored.map((o) => [o.id, o.payoutId]));
      expect(payoutOf.get(paidWithEvent.id)).toBe(backfilled[1]?.id);
      expect(payoutOf.get(paidWithoutEvent.id)).toBe(backfilled[0]?.id);
      expect(payoutOf.get(unpaid.id)).toBeNull();
      await expectPayoutsMatchOrders(db);

      // run again, it pays nothing twice
      for (const statement of [
        ...migrationStatements('INSERT INTO "payouts"'),
        ...migrationStatements('UPDATE "orders"'),
      ]) {
        await db.execute(sql.raw(statement));
      }
      expect(await db.$count(payouts)).toBe(2);
    } finally {
      await fresh.close();
    }
  });
});
