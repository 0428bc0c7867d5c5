/**
 * Proof that is proof (docs/domain.md, Images): an order's screenshots are uploads of the
 * caller's own, or links into the configured Firebase Storage bucket; one an order has can be
 * replaced, never removed; one upload proves one order. The races run in parallel on PostgreSQL
 * (TEST_DATABASE_URL); on PGlite the database serialises them.
 */
import { eq } from 'drizzle-orm';
import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, type ProductRow, type UserRow, uploads } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { keyOfLink, uploadImageAs } from '../test/images';
import {
  createOrderRow,
  createProduct,
  orderBody,
  orderBodyAs,
  putAsAgent,
  putAsStaff,
  readOrder,
} from '../test/orders';

const BUCKET = 'proof-test.appspot.com';
const firebaseLink = (bucket: string, name: string) =>
  `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/images%2F${name}.png?alt=media&token=abc`;

/** What an order screenshot must not be: text, other sites, look-alikes of our links and of the bucket's. */
const NOT_PROOF = [
  'n/a',
  '-',
  'https://img.example.com/order.png',
  'https://evil.example/api/private/not-a-key.png',
  'javascript:alert(1)',
  firebaseLink('another-app.appspot.com', 'shot'),
  `https://firebasestorage.googleapis.com.evil.example/v0/b/${BUCKET}/o/x.png`,
  `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/`,
  `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/../../b/another-app.appspot.com/o/x.png`,
];

describe('order screenshots are proof', () => {
  let t: TestApp;
  let vendor: UserRow;
  let agent: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp({ firebaseBucket: BUCKET });
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const place = (who: UserRow, payload: object) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/orders', payload });
  const ordersOf = async (who: UserRow) => t.db.select().from(orders).where(eq(orders.agentId, who.id));
  const orderTaking = async (key: string) =>
    (await t.db.select({ orderId: uploads.orderId }).from(uploads).where(eq(uploads.key, key)))[0]?.orderId;
  const newAgent = async () => (await createUser(t.db, { role: 'agent' })).user;

  it.each(NOT_PROOF)('refuses an order whose screenshot is %j with 400 and stores nothing', async (value) => {
    const someone = await newAgent();
    const res = await place(someone, orderBody(product.id, { orderScreenshot: value }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.screenshotNotUpload });
    expect(await ordersOf(someone)).toEqual([]);
  });

  it("places an order with the agent's own upload, which now names the order", async () => {
    const shot = await uploadImageAs(t.app, agent);
    const res = await place(agent, orderBody(product.id, { orderScreenshot: shot }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await readOrder(t.db, res.json()._id)).orderScreenshot).toBe(keyOfLink(shot));
    expect(await orderTaking(keyOfLink(shot))).toBe(res.json()._id);
  });

  it('places an order with a link into the configured Firebase Storage bucket, and only with one configured', async () => {
    const link = firebaseLink(BUCKET, 'order-1');
    const res = await place(agent, orderBody(product.id, { orderScreenshot: link }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().orderScreenshot).toBe(link);

    const withoutFirebase = await createTestApp();
    try {
      const { user: other } = await createUser(withoutFirebase.db, { role: 'manager' });
      const { user: someone } = await createUser(withoutFirebase.db, { role: 'agent' });
      const itsProduct = await createProduct(withoutFirebase.db, other);
      const refused = await injectAs(withoutFirebase.app, someone, {
        method: 'POST',
        url: '/api/orders',
        payload: orderBody(itsProduct.id, { orderScreenshot: firebaseLink(BUCKET, 'order-2') }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: MESSAGES.screenshotNotUpload });
    } finally {
      await withoutFirebase.close();
    }
  });

  it("refuses another agent's upload with 403", async () => {
    const someoneElses = await uploadImageAs(t.app, await newAgent());
    const res = await place(agent, orderBody(product.id, { orderScreenshot: someoneElses }));
    expect(res.statusCode).toBe(403);
  });

  it('refuses the same upload on a second order with 409: one picture, one order', async () => {
    const shot = await uploadImageAs(t.app, agent);
    const first = await place(agent, orderBody(product.id, { orderScreenshot: shot }));
    expect(first.statusCode, first.body).toBe(201);
    const before = (await ordersOf(agent)).length;
    const second = await place(agent, orderBody(product.id, { orderScreenshot: shot }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: MESSAGES.screenshotOnAnotherOrder });
    expect(await ordersOf(agent)).toHaveLength(before);
    expect(await orderTaking(keyOfLink(shot))).toBe(first.json()._id);
  });

  it("refuses an agent's update that sets another order's upload (any of its screenshots) with 409", async () => {
    const someone = await newAgent();
    const one = (await place(someone, await orderBodyAs(t.app, someone, product.id))).json();
    const other = (await place(someone, await orderBodyAs(t.app, someone, product.id))).json();
    for (const field of ['orderScreenshot', 'reviewScreenShot', 'FeedbackScreenShot']) {
      const res = await putAsAgent(t.app, someone, other._id, { [field]: one.orderScreenshot });
      expect(res.statusCode, field).toBe(409);
      expect(res.json()).toEqual({ message: MESSAGES.screenshotOnAnotherOrder });
    }
    const stored = await readOrder(t.db, other._id);
    expect([stored.reviewScreenShot, stored.feedbackScreenShot]).toEqual(['', '']);
    expect(stored.orderScreenshot).toBe(keyOfLink(other.orderScreenshot));
  });

  it("replaces an order's screenshot with a new upload, and takes the order's own upload back", async () => {
    const placed = (await place(agent, await orderBodyAs(t.app, agent, product.id))).json();
    const first = keyOfLink(placed.orderScreenshot);
    const next = await uploadImageAs(t.app, agent);
    const replaced = await putAsAgent(t.app, agent, placed._id, { orderScreenshot: next });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await readOrder(t.db, placed._id)).orderScreenshot).toBe(keyOfLink(next));
    // the replaced picture stays this order's: no other order may take it, this one may again
    expect(await orderTaking(first)).toBe(placed._id);
    const back = await putAsAgent(t.app, agent, placed._id, { orderScreenshot: first });
    expect(back.statusCode, back.body).toBe(200);
    expect((await readOrder(t.db, placed._id)).orderScreenshot).toBe(first);
  });

  it('refuses to remove a screenshot an order has (400), and keeps it; an empty one stays empty', async () => {
    const placed = (await place(agent, await orderBodyAs(t.app, agent, product.id))).json();
    const review = await uploadImageAs(t.app, agent);
    expect((await putAsAgent(t.app, agent, placed._id, { reviewScreenShot: review })).statusCode).toBe(200);
    const before = await readOrder(t.db, placed._id);
    for (const field of ['orderScreenshot', 'reviewScreenShot']) {
      for (const value of ['', '   ']) {
        const res = await putAsAgent(t.app, agent, placed._id, { [field]: value });
        expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(res.json()).toEqual({ message: MESSAGES.screenshotNotRemovable });
      }
    }
    expect(await readOrder(t.db, placed._id)).toEqual(before);
    // a screenshot the order does not have yet may be sent empty, as the form does
    const res = await putAsAgent(t.app, agent, placed._id, { FeedbackScreenShot: '', comments: 'Still waiting' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(NOT_PROOF.slice(0, 4))('refuses a review or feedback screenshot %j with 400', async (value) => {
    const placed = (await place(agent, await orderBodyAs(t.app, agent, product.id))).json();
    for (const field of ['reviewScreenShot', 'FeedbackScreenShot']) {
      const res = await putAsAgent(t.app, agent, placed._id, { [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.screenshotNotUpload });
    }
    expect(await readOrder(t.db, placed._id)).toMatchObject({ reviewScreenShot: '', feedbackScreenShot: '' });
  });

  it("takes a refund screenshot only as the staff member's own upload, never removes it, never another order's", async () => {
    const order = await createOrderRow(t.db, product, agent);
    for (const value of NOT_PROOF.slice(0, 4)) {
      const res = await putAsStaff(t.app, vendor, order.id, { refundShot: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.screenshotNotUpload });
    }
    const refund = await uploadImageAs(t.app, vendor);
    expect((await putAsStaff(t.app, vendor, order.id, { refundShot: refund })).statusCode).toBe(200);
    const removed = await putAsStaff(t.app, admin, order.id, { refundShot: '' });
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toEqual({ message: MESSAGES.screenshotNotRemovable });
    const otherOrder = await createOrderRow(t.db, product, agent);
    const again = await putAsStaff(t.app, vendor, otherOrder.id, { refundShot: refund });
    expect(again.statusCode).toBe(409);
    expect((await readOrder(t.db, order.id)).refundShot).toBe(keyOfLink(refund));
    expect((await readOrder(t.db, otherOrder.id)).refundShot).toBe('');
  });

  it('keeps a stored screenshot from before the rule when the form sends it back unchanged', async () => {
    const order = await createOrderRow(t.db, product, agent, { orderScreenshot: 'https://img.example.com/old.png' });
    const res = await putAsAgent(t.app, agent, order.id, {
      orderScreenshot: 'https://img.example.com/old.png',
      comments: 'Edited',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await readOrder(t.db, order.id)).toMatchObject({ orderScreenshot: 'https://img.example.com/old.png' });
  });

  describe('at once', () => {
    const ROUNDS = 6;

    it('places exactly one of two orders sent at once with the same upload', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const someone = await newAgent();
        const shot = await uploadImageAs(t.app, someone);
        const results = await Promise.all([
          place(someone, orderBody(product.id, { orderScreenshot: shot })),
          place(someone, orderBody(product.id, { orderScreenshot: shot })),
        ]);
        expect(results.map((res) => res.statusCode).sort(), results.map((res) => res.body).join('\n')).toEqual([
          201, 409,
        ]);
        const placed = await ordersOf(someone);
        expect(placed).toHaveLength(1);
        expect(await orderTaking(keyOfLink(shot))).toBe(placed[0]?.id);
      }
    });

    it('gives one upload to exactly one of two orders whose agent sets it on both at once', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const someone = await newAgent();
        const [one, other] = [
          await createOrderRow(t.db, product, someone),
          await createOrderRow(t.db, product, someone),
        ];
        if (!one || !other) throw new Error('no orders');
        const shot = await uploadImageAs(t.app, someone);
        const results = await Promise.all([
          putAsAgent(t.app, someone, one.id, { orderScreenshot: shot }),
          putAsAgent(t.app, someone, other.id, { orderScreenshot: shot }),
        ]);
        expect(results.map((res) => res.statusCode).sort(), results.map((res) => res.body).join('\n')).toEqual([
          200, 409,
        ]);
        const holders = (await ordersOf(someone)).filter((order) => order.orderScreenshot === keyOfLink(shot));
        expect(holders).toHaveLength(1);
        expect(await orderTaking(keyOfLink(shot))).toBe(holders[0]?.id);
      }
    });
  });
});
