/**
 * Fraud signals under concurrent requests (docs/domain.md, Fraud signals). On PGlite the
 * database serialises queries; on PostgreSQL (TEST_DATABASE_URL) the requests really run in
 * parallel, and only the advisory locks and row locks of services/order-flags.ts keep a signal
 * from being missed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { FLAG_LABELS, type Order, orderOnHold } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlags, type ProductRow, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, orderBody, putAsStaff, readOrder } from './orders.fixtures';

const ROUNDS = 8;

describe('fraud signals under concurrent requests', () => {
  let t: TestApp;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, (await createUser(t.db, { role: 'manager' })).user);
  });
  afterAll(() => t.close());

  const openFlags = (orderId: string) =>
    t.db
      .select()
      .from(orderFlags)
      .where(and(eq(orderFlags.orderId, orderId), isNull(orderFlags.dismissedAt)));

  it('flags both of two orders with the same PayPal placed at once by two agents', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = [(await createUser(t.db)).user, (await createUser(t.db)).user];
      const buyerPayPal = `race.${round}.${first.id}@example.com`;
      const results = await Promise.all(
        [first, second].map((agent, i) =>
          injectAs(t.app, agent, {
            method: 'POST',
            url: '/api/orders',
            payload: orderBody(product.id, { buyerPayPal: i === 0 ? buyerPayPal : ` ${buyerPayPal.toUpperCase()} ` }),
          }),
        ),
      );
      expect(results.map((res) => res.statusCode)).toEqual([201, 201]);
      const [a, b] = results.map((res) => (res.json() as Order)._id) as [string, string];
      expect(await openFlags(a)).toEqual([expect.objectContaining({ code: 'paypal-shared', relatedOrderIds: [b] })]);
      expect(await openFlags(b)).toEqual([expect.objectContaining({ code: 'paypal-shared', relatedOrderIds: [a] })]);
    }
  });

  it('never leaves an order paid with a flag nobody dismissed when its payment races an order that flags it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = [(await createUser(t.db)).user, (await createUser(t.db)).user];
      const buyerPayPal = `paying.${round}.${first.id}@example.com`;
      const earlier = await createOrderRow(t.db, product, first, { buyerPayPal });
      const [pay, placed] = await Promise.all([
        putAsStaff(t.app, admin, earlier.id, { comissionStatus: 'paid' }),
        injectAs(t.app, second, {
          method: 'POST',
          url: '/api/orders',
          payload: orderBody(product.id, { buyerPayPal }),
        }),
      ]);
      expect(placed.statusCode).toBe(201);
      const later = (placed.json() as Order)._id;
      // the new order names the earlier one either way
      expect(await openFlags(later)).toEqual([
        expect.objectContaining({ code: 'paypal-shared', relatedOrderIds: [earlier.id] }),
      ]);
      const stored = await readOrder(t.db, earlier.id);
      if (pay.statusCode === 200) {
        expect(stored.comissionStatus).toBe('paid');
        expect(await openFlags(earlier.id)).toEqual([]);
      } else {
        expect([pay.statusCode, pay.json()]).toEqual([
          409,
          { message: orderOnHold(FLAG_LABELS['paypal-shared'], 'paypal-shared') },
        ]);
        expect(stored.comissionStatus).toBe('unpaid');
        expect(await openFlags(earlier.id)).toHaveLength(1);
      }
    }
  });
});
