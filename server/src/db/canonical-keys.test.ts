/**
 * The canonical keys of rows written before drizzle/0015_canonical_paypal.sql: given by the
 * migrate step (fillCanonicalKeys), once, on PGlite and PostgreSQL alike; payouts stay
 * append-only but for that one change.
 */
import crypto from 'node:crypto';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutReferenceKey, payPalKey } from '../canonical-key';
import { findOrderSignals } from '../services/order-signals';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import { createOrderRow, createProduct } from '../test/orders';
import { DUPLICATE_KEY_MARK, fillCanonicalKeys } from './canonical-keys';
import { orders, type ProductRow, payouts, type UserRow } from './schema';

async function refused(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return false;
  } catch {
    return true;
  }
}

describe('canonical keys of the rows there were before them', () => {
  let t: TestDatabase;
  let first: UserRow;
  let second: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestDatabase();
    const vendor = (await createUser(t.db, { role: 'manager' })).user;
    first = (await createUser(t.db, { role: 'agent' })).user;
    second = (await createUser(t.db, { role: 'agent' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  /** A payout as one written before the keys: no key. */
  const oldPayout = async (agent: UserRow, reference: string, createdAt: Date) => {
    const [row] = await t.db
      .insert(payouts)
      .values({
        agentId: agent.id,
        reference,
        total: 150,
        orders: 1,
        createdAt,
        createdById: admin.id,
        createdByName: 'Ada',
      })
      .returning();
    if (!row) throw new Error('no payout');
    return row;
  };
  /** An order as one written before the keys: no key. */
  const oldOrder = async (agent: UserRow, buyerPayPal: string, fields: Partial<typeof orders.$inferInsert> = {}) => {
    const order = await createOrderRow(t.db, product, agent, { buyerPayPal, ...fields });
    await t.db.execute(sql`update orders set buyer_pay_pal_key = null where id = ${order.id}`);
    return order;
  };

  it('are given by the migrate step to every order and payout without one, the first payout of a key keeping it', async () => {
    const spellings = [
      'old.buyer@example.com',
      'Old.Buyer+shop@Example.com.',
      'оld.buуer@еxample.com',
      'mailto:OLD.BUYER@EXAMPLE.COM',
    ];
    const old = [];
    for (const [i, spelling] of spellings.entries()) {
      old.push(await oldOrder(i % 2 ? second : first, spelling, i === 0 ? { comissionStatus: 'paid' } : {}));
    }
    const earlier = await oldPayout(first, 'PP-OLD-1', new Date('2025-01-01T00:00:00Z'));
    const later = await oldPayout(second, 'pp-old-1\u200b', new Date('2025-02-01T00:00:00Z'));
    const plain = await oldPayout(second, 'BT 2025-77', new Date('2025-03-01T00:00:00Z'));
    expect(await t.db.$count(orders, isNull(orders.buyerPayPalKey))).toBeGreaterThanOrEqual(spellings.length);

    await t.database.migrate();

    expect(await t.db.$count(orders, isNull(orders.buyerPayPalKey))).toBe(0);
    for (const order of old) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.buyerPayPalKey).toBe(payPalKey('old.buyer@example.com'));
      // the value as typed stays
      expect(row?.buyerPayPal).toBe(order.buyerPayPal);
    }
    const keyOf = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]?.referenceKey;
    expect(await keyOf(earlier.id)).toBe(payoutReferenceKey('PP-OLD-1'));
    expect(await keyOf(later.id)).toBe(`${payoutReferenceKey('PP-OLD-1')}${DUPLICATE_KEY_MARK}${later.id}`);
    expect(await keyOf(plain.id)).toBe(payoutReferenceKey('BT 2025-77'));
    // nothing is left: the next run touches nothing
    expect(await fillCanonicalKeys(t.db)).toEqual({ orders: 0, payouts: 0 });

    // the signal compares the keys: a new order of another agent with a look-alike finds the old ones
    const found = await findOrderSignals(t.db, {
      id: crypto.randomUUID(),
      agentId: (await createUser(t.db, { role: 'agent' })).user.id,
      buyerPayPalKey: payPalKey('OLD.buyer@exаmple.com'),
      amzOrderNumber: '999-0000000-0000000',
      orderScreenshot: '',
    });
    expect(
      found
        .filter((row) => row.code === 'paypal-shared')
        .map((row) => row.other_id)
        .sort(),
    ).toEqual(old.map((order) => order.id).sort());
  });

  it('fills orders batch after batch', async () => {
    for (let i = 0; i < 5; i++) await oldOrder(first, `batch.${i}@example.com`);
    expect(await fillCanonicalKeys(t.db, 2)).toEqual({ orders: 5, payouts: 0 });
    expect(await t.db.$count(orders, isNull(orders.buyerPayPalKey))).toBe(0);
  });

  it('keep a payout append-only: only a missing key may be given, and nothing else with it', async () => {
    const keyed = await oldPayout(first, 'PP-KEEP', new Date());
    await fillCanonicalKeys(t.db);
    const unkeyed = await oldPayout(first, 'PP-NEW', new Date());
    const update = (id: string, set: Record<string, unknown>) =>
      t.db.update(payouts).set(set).where(eq(payouts.id, id));
    expect(await refused(update(keyed.id, { referenceKey: 'other' }))).toBe(true);
    expect(await refused(update(keyed.id, { reference: 'PP-CHANGED' }))).toBe(true);
    expect(await refused(update(unkeyed.id, { referenceKey: 'pp-new', total: 1 }))).toBe(true);
    expect(await refused(update(unkeyed.id, { referenceKey: 'pp-new', reference: 'PP-OTHER' }))).toBe(true);
    expect(await refused(t.db.delete(payouts).where(eq(payouts.id, unkeyed.id)))).toBe(true);
    expect(await refused(update(unkeyed.id, { referenceKey: 'pp-new' }))).toBe(false);
    expect(await refused(update(unkeyed.id, { referenceKey: null }))).toBe(true);
  });
});
