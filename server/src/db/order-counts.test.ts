/**
 * order_counts (db/schema.ts) holds the totals of the order lists, kept by triggers on
 * `orders` (drizzle/0001_order_counts.sql). These tests move orders through every change the
 * application makes, and the ones it does not, and compare the counters with a plain count.
 */
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import { createOrderRow, createProduct } from '../test/orders';
import { MIGRATIONS_FOLDER } from './connection';
import { type OrderRow, orderCounts, orders, products } from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Counted = { agentId: string; vendorId: string; agentStatus: string; comissionStatus: string; orders: number };

const byKey = (rows: Counted[]) =>
  rows
    .filter((row) => row.orders !== 0)
    .map((row) => `${row.agentId} ${row.vendorId} ${row.agentStatus} ${row.comissionStatus} = ${row.orders}`)
    .sort();

/** The counters, and what counting the orders themselves gives. */
async function countersAndTruth() {
  const { db } = database;
  const counters = await db.select().from(orderCounts);
  const truth = await db
    .select({
      agentId: orders.agentId,
      vendorId: products.vendorId,
      agentStatus: orders.agentStatus,
      comissionStatus: orders.comissionStatus,
      orders: sql<number>`count(*)::integer`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .groupBy(orders.agentId, products.vendorId, orders.agentStatus, orders.comissionStatus);
  return { counters: byKey(counters), truth: byKey(truth) };
}

describe('order_counts', () => {
  it('follows every insert, status change, move and delete of an order', async () => {
    const { db } = database;
    const vendors = [
      (await createUser(db, { role: 'manager' })).user,
      (await createUser(db, { role: 'manager' })).user,
    ];
    const agents = [(await createUser(db, { role: 'agent' })).user, (await createUser(db, { role: 'agent' })).user];
    const productsOf = await Promise.all(vendors.map((vendor) => createProduct(db, vendor)));
    const [p0, p1] = productsOf as [(typeof productsOf)[0], (typeof productsOf)[0]];
    const [a0, a1] = agents as [(typeof agents)[0], (typeof agents)[0]];

    const placed = [];
    for (let i = 0; i < 12; i += 1) {
      placed.push(await createOrderRow(db, i % 3 === 0 ? p1 : p0, i % 2 === 0 ? a0 : a1));
    }
    let state = await countersAndTruth();
    expect(state.counters).toEqual(state.truth);

    const [o0, o1, o2, o3, o4] = placed as [OrderRow, OrderRow, OrderRow, OrderRow, OrderRow];
    await db.update(orders).set({ agentStatus: 'Ordered' }).where(eq(orders.id, o0.id));
    await db.update(orders).set({ agentStatus: 'cancelled' }).where(eq(orders.id, o1.id));
    await db.update(orders).set({ comissionStatus: 'paid', status: 'On-Hold' }).where(eq(orders.id, o2.id));
    // a change of other columns only, and a status set to what it was
    await db.update(orders).set({ comments: 'hello', agentStatus: 'Ordered' }).where(eq(orders.id, o0.id));
    // moves the application never makes
    await db.update(orders).set({ productId: p1.id, agentId: a1.id }).where(eq(orders.id, o3.id));
    await db.delete(orders).where(eq(orders.id, o4.id));
    // several changes in one transaction, counted at its commit
    await db.transaction(async (tx) => {
      const extra = await createOrderRow(tx as unknown as typeof db, p0, a0);
      await tx.update(orders).set({ agentStatus: 'Reviewed' }).where(eq(orders.id, extra.id));
      await tx.update(orders).set({ agentStatus: 'Feedbacked' }).where(eq(orders.id, extra.id));
    });
    // a transaction that rolls back leaves the counts as they were
    await db
      .transaction(async (tx) => {
        await createOrderRow(tx as unknown as typeof db, p1, a1);
        throw new Error('roll back');
      })
      .catch(() => {});

    state = await countersAndTruth();
    expect(state.counters).toEqual(state.truth);
    expect(state.truth.length).toBeGreaterThan(4);
  });

  it("refuses what would put the counters wrong: a product's vendor changing, and TRUNCATE", async () => {
    const { db } = database;
    const { user: vendor } = await createUser(db, { role: 'manager' });
    const { user: other } = await createUser(db, { role: 'manager' });
    const product = await createProduct(db, vendor);
    await expect(db.update(products).set({ vendorId: other.id }).where(eq(products.id, product.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate ${orders}`)).rejects.toThrow();
    // other changes of a product are fine
    await db.update(products).set({ name: 'Renamed' }).where(eq(products.id, product.id));
  });

  it("the migration's backfill counts the orders that were there before it", async () => {
    const { db } = database;
    const migration = fs.readFileSync(`${MIGRATIONS_FOLDER}/0001_order_counts.sql`, 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)?.trim() ?? '';
    expect(backfill).toMatch(/^INSERT INTO "order_counts"/);
    await db.execute(sql`delete from ${orderCounts}`);
    await db.execute(sql.raw(backfill));
    const state = await countersAndTruth();
    expect(state.counters).toEqual(state.truth);
    expect(state.counters.length).toBeGreaterThan(0);
  });
});
