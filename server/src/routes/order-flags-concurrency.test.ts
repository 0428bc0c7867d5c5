/**
 * Fraud signals under concurrent requests (docs/domain.md, Fraud signals). On PGlite the
 * database serialises queries; on PostgreSQL (TEST_DATABASE_URL) the requests really run in
 * parallel, and only the advisory locks and row locks of services/order-signals.ts keep a signal
 * from being missed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { FLAG_LABELS, type Order, orderOnHold } from 'shared-api/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlags, type ProductRow, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { multipartRequest, ORDER_PAGE_TEXTS, type OrderPageText, orderPage, savedAgain } from '../test/images';
import {
  createOrderRow,
  createProduct,
  orderBody,
  orderBodyAs,
  putAsAgent,
  putAsStaff,
  readOrder,
} from '../test/orders';

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
      const bodies = [
        await orderBodyAs(t.app, first, product.id, { buyerPayPal }),
        await orderBodyAs(t.app, second, product.id, { buyerPayPal: ` ${buyerPayPal.toUpperCase()} ` }),
      ];
      const results = await Promise.all(
        [first, second].map((agent, i) =>
          injectAs(t.app, agent, { method: 'POST', url: '/api/orders', payload: bodies[i] }),
        ),
      );
      expect(results.map((res) => res.statusCode)).toEqual([201, 201]);
      const [a, b] = results.map((res) => (res.json() as Order)._id) as [string, string];
      expect(await openFlags(a)).toEqual([expect.objectContaining({ code: 'paypal-shared', relatedOrderIds: [b] })]);
      expect(await openFlags(b)).toEqual([expect.objectContaining({ code: 'paypal-shared', relatedOrderIds: [a] })]);
    }
  });

  it('finds the same picture when two agents upload copies of one screenshot at once and place them at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = [(await createUser(t.db)).user, (await createUser(t.db)).user];
      const original = await orderPage(ORDER_PAGE_TEXTS[round % ORDER_PAGE_TEXTS.length] as OrderPageText);
      const copies = [original, await savedAgain(original, 700 + 40 * round, 'jpeg', 50)];
      const shots = await Promise.all(
        [first, second].map(async (agent, i) => {
          const res = await injectAs(
            t.app,
            agent,
            await multipartRequest('/api/uploads', {
              files: [
                { data: copies[i] as Buffer, filename: 'shot', contentType: i === 0 ? 'image/png' : 'image/jpeg' },
              ],
            }),
          );
          expect(res.statusCode).toBe(201);
          return (res.json() as { url: string }).url;
        }),
      );
      const results = await Promise.all(
        [first, second].map((agent, i) =>
          injectAs(t.app, agent, {
            method: 'POST',
            url: '/api/orders',
            payload: orderBody(product.id, { buyerPayPal: `${agent.id}@example.com`, orderScreenshot: shots[i] }),
          }),
        ),
      );
      expect(results.map((res) => res.statusCode)).toEqual([201, 201]);
      const [a, b] = results.map((res) => (res.json() as Order)._id) as [string, string];
      const reused = async (id: string) => (await openFlags(id)).find((flag) => flag.code === 'screenshot-reused');
      expect((await reused(a))?.relatedOrderIds).toContain(b);
      expect((await reused(b))?.relatedOrderIds).toContain(a);
    }
  });

  it("lets two agents' edits at once that each match the other's order on another signal both through, flagging both", async () => {
    const upload = async (agent: UserRow, data: Buffer) => {
      const res = await injectAs(
        t.app,
        agent,
        await multipartRequest('/api/uploads', { files: [{ data, filename: 'shot', contentType: 'image/png' }] }),
      );
      expect(res.statusCode).toBe(201);
      return (res.json() as { url: string }).url;
    };
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = [(await createUser(t.db)).user, (await createUser(t.db)).user];
      // a picture of this round's own (not symmetric: a pHash of a symmetric one is noise), and it saved again
      const picture = await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#fff"/><rect width="600" height="${40 + 30 * round}" fill="#234"/><circle cx="${60 + 60 * round}" cy="280" r="70" fill="#c52"/><rect x="480" y="150" width="90" height="220" fill="#5a5"/></svg>`,
        ),
      )
        .png()
        .toBuffer();
      const copy = await sharp(picture).resize(450).jpeg({ quality: 60 }).toBuffer();
      const place = async (agent: UserRow, fields: Record<string, unknown>) => {
        const res = await injectAs(t.app, agent, {
          method: 'POST',
          url: '/api/orders',
          payload: await orderBodyAs(t.app, agent, product.id, fields),
        });
        expect(res.statusCode).toBe(201);
        return (res.json() as Order)._id;
      };
      const a = await place(first, {
        buyerPayPal: `crossing.a.${round}.${first.id}@example.com`,
        orderScreenshot: await upload(first, picture),
      });
      const otherPayPal = `crossing.b.${round}.${second.id}@example.com`;
      const b = await place(second, { buyerPayPal: otherPayPal });
      const copyOnB = await upload(second, copy);
      // a takes b's PayPal (locking b after a), while b takes a copy of a's screenshot (locking a after b)
      const [onA, onB] = await Promise.all([
        putAsAgent(t.app, first, a, { buyerPayPal: otherPayPal }),
        putAsAgent(t.app, second, b, { orderScreenshot: copyOnB }),
      ]);
      expect([onA.statusCode, onB.statusCode]).toEqual([200, 200]);
      for (const [order, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const flags = await openFlags(order);
        expect(flags.map((flag) => flag.code).sort()).toEqual(['paypal-shared', 'screenshot-reused']);
        for (const flag of flags) expect(flag.relatedOrderIds).toContain(other);
      }
    }
  });

  it('never leaves an order paid with a flag nobody dismissed when its payment races an order that flags it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = [(await createUser(t.db)).user, (await createUser(t.db)).user];
      const buyerPayPal = `paying.${round}.${first.id}@example.com`;
      const earlier = await createOrderRow(t.db, product, first, { buyerPayPal });
      const body = await orderBodyAs(t.app, second, product.id, { buyerPayPal });
      const [pay, placed] = await Promise.all([
        putAsStaff(t.app, admin, earlier.id, { comissionStatus: 'paid' }),
        injectAs(t.app, second, { method: 'POST', url: '/api/orders', payload: body }),
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
        expect([pay.statusCode, pay.json()]).toEqual([409, { message: orderOnHold(FLAG_LABELS['paypal-shared']) }]);
        expect(stored.comissionStatus).toBe('unpaid');
        expect(await openFlags(earlier.id)).toHaveLength(1);
      }
    }
  });
});
