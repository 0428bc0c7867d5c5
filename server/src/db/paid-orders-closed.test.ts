/**
 * What drizzle/0002_paid_orders_closed.sql keeps in the database itself: every Amazon order
 * number that has been on a paid order (paid_order_numbers), never used by another order again,
 * and each order's commission terms; and what its backfills make of the rows already there.
 */
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import { amzNumber, createOrderRow, createProduct } from '../test/orders';
import { MIGRATIONS_FOLDER } from './connection';
import { commissionTermsOf, orders, type ProductRow, paidOrderNumbers, payouts, type UserRow } from './schema';

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

/** The migration's statements that start with `start` (its leading comment lines left out). */
function migrationStatements(start: string): string[] {
  const migration = fs.readFileSync(`${MIGRATIONS_FOLDER}/0002_paid_orders_closed.sql`, 'utf8');
  return migration
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.startsWith(start));
}

describe('paid order numbers and commission terms in the database', () => {
  let t: TestDatabase;
  let vendor: UserRow;
  let agent: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestDatabase();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const recordedFor = (orderId: string) =>
    t.db
      .select({ amzOrderNumber: paidOrderNumbers.amzOrderNumber })
      .from(paidOrderNumbers)
      .where(eq(paidOrderNumbers.orderId, orderId))
      .then((rows) => rows.map((row) => row.amzOrderNumber).sort());

  const renumber = (orderId: string, amzOrderNumber: string) =>
    t.db.update(orders).set({ amzOrderNumber }).where(eq(orders.id, orderId));

  it('records the number of an order when it becomes paid, or is written paid, and not before', async () => {
    const order = await createOrderRow(t.db, product, agent);
    expect(await recordedFor(order.id)).toEqual([]);
    await t.db.update(orders).set({ comissionStatus: 'paid' }).where(eq(orders.id, order.id));
    expect(await recordedFor(order.id)).toEqual([order.amzOrderNumber]);

    const writtenPaid = await createOrderRow(t.db, product, agent, { comissionStatus: 'paid' });
    expect(await recordedFor(writtenPaid.id)).toEqual([writtenPaid.amzOrderNumber]);
  });

  it('records every number a paid order carries, and lets it take back its own', async () => {
    const order = await createOrderRow(t.db, product, agent, { comissionStatus: 'paid' });
    const second = amzNumber();
    await renumber(order.id, second);
    expect(await recordedFor(order.id)).toEqual([order.amzOrderNumber, second].sort());
    expect(await sqlState(renumber(order.id, order.amzOrderNumber))).toBeUndefined();
  });

  it('refuses a paid number to any other order with 23505, also after the paid order is deleted', async () => {
    const paid = await createOrderRow(t.db, product, agent, { comissionStatus: 'paid' });
    const corrected = amzNumber();
    await renumber(paid.id, corrected);
    expect(await sqlState(createOrderRow(t.db, product, agent, { amzOrderNumber: paid.amzOrderNumber }))).toBe('23505');
    const other = await createOrderRow(t.db, product, agent);
    expect(await sqlState(renumber(other.id, paid.amzOrderNumber))).toBe('23505');

    await t.db.delete(orders).where(eq(orders.id, paid.id));
    expect(await sqlState(createOrderRow(t.db, product, agent, { amzOrderNumber: paid.amzOrderNumber }))).toBe('23505');
    expect(await t.db.$count(orders, eq(orders.amzOrderNumber, paid.amzOrderNumber))).toBe(0);
    expect(await recordedFor(paid.id)).toEqual([paid.amzOrderNumber, corrected].sort());
  });

  it('refuses a transaction that uses a paid number, as a whole', async () => {
    const paid = await createOrderRow(t.db, product, agent, { comissionStatus: 'paid' });
    await renumber(paid.id, amzNumber());
    const before = await t.db.$count(orders);
    const placing = t.db.transaction(async (tx) => {
      await createOrderRow(tx as unknown as typeof t.db, product, agent);
      await createOrderRow(tx as unknown as typeof t.db, product, agent, { amzOrderNumber: paid.amzOrderNumber });
    });
    expect(await sqlState(placing)).toBe('23505');
    expect(await t.db.$count(orders)).toBe(before);
  });

  it.each([
    ['placing an order with it', 'insert'],
    ["changing another order's number to it", 'update'],
  ] as const)(
    'refuses the number an order was paid with to %s while one transaction pays the order and renumbers it',
    async (_, write) => {
      // PGlite runs one statement at a time; PostgreSQL makes the write wait for the payment here
      if (t.database.kind !== 'postgres') return;
      const order = await createOrderRow(t.db, product, agent);
      const other = await createOrderRow(t.db, product, agent);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written = () => {};
      const paidAndRenumbered = new Promise<void>((resolve) => {
        written = resolve;
      });
      const payAndRenumber = t.db.transaction(async (tx) => {
        await tx.update(orders).set({ comissionStatus: 'paid' }).where(eq(orders.id, order.id));
        await tx.update(orders).set({ amzOrderNumber: amzNumber() }).where(eq(orders.id, order.id));
        written();
        await released;
      });
      await paidAndRenumbered;
      const reuse = sqlState(
        write === 'insert'
          ? createOrderRow(t.db, product, agent, { amzOrderNumber: order.amzOrderNumber })
          : renumber(other.id, order.amzOrderNumber),
      );
      // until the write waits on the payment's transaction (the unique index of orders holds the number)
      const waiting = () =>
        t.db
          .select({ n: sql<number>`count(*)::integer` })
          .from(sql`pg_stat_activity`)
          .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
      while ((await waiting())[0]?.n === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      release();
      await payAndRenumber;
      expect(await reuse).toBe('23505');
      expect(await t.db.$count(orders, eq(orders.amzOrderNumber, order.amzOrderNumber))).toBe(0);
    },
  );

  it('keeps a paid order paid: another commission status, or another payout, is refused with 23514 whoever writes it', async () => {
    const order = await createOrderRow(t.db, product, agent);
    const byId = eq(orders.id, order.id);
    await t.db.update(orders).set({ comissionStatus: 'paid' }).where(byId);
    expect(await sqlState(t.db.update(orders).set({ comissionStatus: 'unpaid' }).where(byId))).toBe('23514');
    expect(await sqlState(t.db.execute(sql`update ${orders} set comission_status = 'unpaid'`))).toBe('23514');
    // paid again, and the rest of a paid order, are written as before
    await t.db.update(orders).set({ comissionStatus: 'paid', status: 'Refunded' }).where(byId);
    expect(await t.db.select({ s: orders.comissionStatus }).from(orders).where(byId)).toEqual([{ s: 'paid' }]);

    const admin = (await createUser(t.db, { role: 'admin' })).user;
    const payout = async (reference: string) => {
      const [row] = await t.db
        .insert(payouts)
        .values({ agentId: agent.id, reference, total: 1, orders: 1, createdById: admin.id, createdByName: 'Ada' })
        .returning();
      if (!row) throw new Error('no payout');
      return row.id;
    };
    const [first, second] = [await payout('PAID-STAYS-1'), await payout('PAID-STAYS-2')];
    const inPayout = await createOrderRow(t.db, product, agent, { comissionStatus: 'paid', payoutId: first });
    const itsRow = eq(orders.id, inPayout.id);
    expect(await sqlState(t.db.update(orders).set({ payoutId: second }).where(itsRow))).toBe('23514');
    expect(await sqlState(t.db.update(orders).set({ payoutId: null }).where(itsRow))).toBe('23514');
    expect(await sqlState(t.db.update(orders).set({ comissionStatus: 'unpaid', payoutId: null }).where(itsRow))).toBe(
      '23514',
    );
    // a paid order from before payouts (none yet) may still be given one
    expect(await sqlState(t.db.update(orders).set({ payoutId: second }).where(byId))).toBeUndefined();
    expect(await t.db.select({ s: orders.comissionStatus, p: orders.payoutId }).from(orders).where(itsRow)).toEqual([
      { s: 'paid', p: first },
    ]);
  });

  it('never forgets a paid number: its row cannot be changed or deleted, nor the table emptied', async () => {
    const paid = await createOrderRow(t.db, product, agent, { comissionStatus: 'paid' });
    const row = eq(paidOrderNumbers.amzOrderNumber, paid.amzOrderNumber);
    await expect(t.db.update(paidOrderNumbers).set({ amzOrderNumber: amzNumber() }).where(row)).rejects.toThrow();
    await expect(t.db.delete(paidOrderNumbers).where(row)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate ${paidOrderNumbers}`)).rejects.toThrow();
    expect(await recordedFor(paid.id)).toEqual([paid.amzOrderNumber]);
  });

  it("the migration's backfill records the numbers of the orders paid before it", async () => {
    const [backfill] = migrationStatements('INSERT INTO "paid_order_numbers"');
    expect(backfill).toBeDefined();
    // orders paid while the triggers did not exist yet
    await t.db.execute(sql`alter table ${orders} disable trigger "orders_paid_number_on_insert"`);
    const before = [
      await createOrderRow(t.db, product, agent, { comissionStatus: 'paid' }),
      await createOrderRow(t.db, product, agent, { comissionStatus: 'paid', agentStatus: 'Feedbacked' }),
      await createOrderRow(t.db, product, agent),
    ];
    await t.db.execute(sql`alter table ${orders} enable trigger "orders_paid_number_on_insert"`);
    expect(await Promise.all(before.map((order) => recordedFor(order.id)))).toEqual([[], [], []]);

    await t.db.execute(sql.raw(backfill ?? ''));
    await t.db.execute(sql.raw(backfill ?? '')); // twice changes nothing
    const [paid0, paid1, unpaid] = before as [(typeof before)[0], (typeof before)[0], (typeof before)[0]];
    expect(await recordedFor(paid0.id)).toEqual([paid0.amzOrderNumber]);
    expect(await recordedFor(paid1.id)).toEqual([paid1.amzOrderNumber]);
    expect(await recordedFor(unpaid.id)).toEqual([]);
    const [row] = await t.db.select().from(paidOrderNumbers).where(eq(paidOrderNumbers.orderId, paid0.id));
    expect(row?.paidAt).toEqual(paid0.updatedAt);
  });

  it("the migration's backfill gives each order its product's terms", async () => {
    const [backfill] = migrationStatements('UPDATE "orders"');
    expect(backfill).toBeDefined();
    const figures = await createProduct(t.db, vendor, {
      comission: 120.5,
      comissionWithTextReview: null,
      comissionWithPictureReview: 310.25,
      comissionWithVideoReview: 400,
      reviewTypes: ['picture', 'video', 'rating'],
    });
    const placed = [await createOrderRow(t.db, figures, agent), await createOrderRow(t.db, product, agent)];
    const blank = {
      comission: 0,
      comissionWithTextReview: null,
      comissionWithPictureReview: null,
      comissionWithVideoReview: null,
      reviewTypes: [],
    };
    await t.db.update(orders).set({ commissionTerms: blank });

    await t.db.execute(sql.raw(backfill ?? ''));
    const [first, second] = placed as [(typeof placed)[0], (typeof placed)[0]];
    const termsOf = async (id: string) =>
      (await t.db.select({ terms: orders.commissionTerms }).from(orders).where(eq(orders.id, id)))[0]?.terms;
    expect(await termsOf(first.id)).toEqual({
      comission: 120.5,
      comissionWithTextReview: null,
      comissionWithPictureReview: 310.25,
      comissionWithVideoReview: 400,
      reviewTypes: ['picture', 'video', 'rating'],
    });
    expect(await termsOf(second.id)).toEqual(commissionTermsOf(product));
    expect(await t.db.$count(orders, sql`${orders.commissionTerms} = ${JSON.stringify(blank)}::jsonb`)).toBe(0);
  });

  it('refuses an order without commission terms, or with terms of another shape', async () => {
    const values = {
      productId: product.id,
      agentId: agent.id,
      reviewType: 'text' as const,
      buyerPayPal: 'b@example.com',
      buyerName: 'B',
      comission: 150,
    };
    expect(
      await sqlState(
        t.db.execute(sql`insert into ${orders} (product_id, agent_id, review_type, amz_order_number, buyer_pay_pal, buyer_name, comission)
        values (${values.productId}, ${values.agentId}, 'text', ${amzNumber()}, 'b@example.com', 'B', 150)`),
      ),
    ).toBe('23502');
    const shapeless = { ...values, amzOrderNumber: amzNumber(), commissionTerms: { reviewTypes: ['text'] } as never };
    expect(await sqlState(t.db.insert(orders).values(shapeless))).toBe('23514');
  });
});
