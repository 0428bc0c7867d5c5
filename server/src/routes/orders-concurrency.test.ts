/**
 * Requests racing on one order. On PGlite the database serialises queries (requests still
 * interleave between them); on PostgreSQL (TEST_DATABASE_URL) they really run in parallel.
 * Each race runs several rounds, and every outcome must keep the order consistent.
 */
import { and, eq, ne } from 'drizzle-orm';
import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, type ProductRow, paidOrderNumbers, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import {
  alertsOf,
  amzNumber,
  createOrderRow,
  createProduct,
  insertUpload,
  orderBodyAs,
  putAsAgent,
  putAsStaff,
  readOrder,
} from '../test/orders';

const ROUNDS = 8;

describe('orders under concurrent requests', () => {
  let t: TestApp;
  let vendor: UserRow;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    otherAdmin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  /** An unpaid, submitted order by an agent of its own (so its alerts can be counted). */
  const newOrder = async () => {
    const { user: agent } = await createUser(t.db, { role: 'agent' });
    return { agent, order: await createOrderRow(t.db, product, agent, { comission: 150 }) };
  };

  it('accepts exactly one of two orders with the same AMZ order number placed at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { user: agent } = await createUser(t.db, { role: 'agent' });
      const body = await orderBodyAs(t.app, agent, product.id);
      // a screenshot of its own: the same number is what the two have in common
      const twin = { ...body, buyerName: 'Twin', orderScreenshot: await insertUpload(t.db, agent) };
      const results = await Promise.all([
        injectAs(t.app, agent, { method: 'POST', url: '/api/orders', payload: body }),
        injectAs(t.app, agent, { method: 'POST', url: '/api/orders', payload: twin }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({ message: MESSAGES.orderNumberTaken });
      const stored = await t.db.select().from(orders).where(eq(orders.amzOrderNumber, body.amzOrderNumber));
      expect(stored).toHaveLength(1);
      // one order_placed alert per order actually placed
      const placed = (await alertsOf(t.db, vendor.id)).filter((a) => a.message.includes(body.amzOrderNumber));
      expect(placed).toHaveLength(1);
    }
  });

  it("never leaves an order both paid and cancelled when an admin's payment races the agent's cancel", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, order } = await newOrder();
      const [pay, cancel] = await Promise.all([
        putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' }),
        putAsAgent(t.app, agent, order.id, { AgentStatus: 'Cancelled' }),
      ]);
      const stored = await readOrder(t.db, order.id);
      expect(stored.comissionStatus === 'paid' && stored.agentStatus === 'cancelled').toBe(false);
      expect([pay.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      if (pay.statusCode === 200) {
        expect(stored).toMatchObject({ comissionStatus: 'paid', agentStatus: 'submitted' });
      } else {
        expect(pay.json()).toEqual({ message: MESSAGES.cancelledOrderCannotBePaid });
        expect(stored).toMatchObject({ comissionStatus: 'unpaid', agentStatus: 'cancelled' });
      }
      const commissionAlerts = (await alertsOf(t.db, agent.id)).filter((a) => a.type === 'commission_status');
      expect(commissionAlerts).toHaveLength(pay.statusCode === 200 ? 1 : 0);
    }
  });

  it('pays once when two admins pay the same order at once: one alert, stays paid', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, order } = await newOrder();
      const results = await Promise.all([
        putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' }),
        putAsStaff(t.app, otherAdmin, order.id, { comissionStatus: 'paid' }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await readOrder(t.db, order.id)).comissionStatus).toBe('paid');
      const commissionAlerts = (await alertsOf(t.db, agent.id)).filter((a) => a.type === 'commission_status');
      expect(commissionAlerts).toHaveLength(1);
    }
  });

  it('applies racing agent updates one at a time, never moving the status backward', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, order } = await newOrder();
      const [cancel, forward] = await Promise.all([
        putAsAgent(t.app, agent, order.id, { AgentStatus: 'cancelled' }),
        putAsAgent(t.app, agent, order.id, { AgentStatus: 'Ordered' }),
      ]);
      const stored = await readOrder(t.db, order.id);
      // Both may pass only in turn (submitted -> Ordered -> cancelled is a legal path); never a backward move.
      if (cancel.statusCode === 200 && forward.statusCode === 200) {
        expect(stored.agentStatus).toBe('cancelled');
      } else {
        expect([cancel.statusCode, forward.statusCode].sort()).toEqual([200, 409]);
        expect(stored.agentStatus).toBe(cancel.statusCode === 200 ? 'cancelled' : 'Ordered');
      }
    }
  });

  /** The numbers recorded as paid for an order. */
  const paidNumbersOf = async (orderId: string) =>
    (await t.db.select().from(paidOrderNumbers).where(eq(paidOrderNumbers.orderId, orderId))).map(
      (row) => row.amzOrderNumber,
    );

  /** Orders holding a number that was paid on another order: there must never be one. */
  const ordersOnNumbersPaidElsewhere = () =>
    t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(
        paidOrderNumbers,
        and(eq(paidOrderNumbers.amzOrderNumber, orders.amzOrderNumber), ne(paidOrderNumbers.orderId, orders.id)),
      );

  it("pays the number the order has: a payment racing the agent's change of number follows the change or refuses it", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, order } = await newOrder();
      const renumbered = amzNumber();
      const [pay, change] = await Promise.all([
        putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' }),
        putAsAgent(t.app, agent, order.id, { amzOrderNumber: renumbered }),
      ]);
      expect(pay.statusCode, pay.body).toBe(200);
      const stored = await readOrder(t.db, order.id);
      expect(stored.comissionStatus).toBe('paid');
      if (change.statusCode === 200) {
        expect(stored.amzOrderNumber).toBe(renumbered);
      } else {
        expect(change.statusCode).toBe(409);
        expect(change.json()).toEqual({ message: MESSAGES.orderPaidClosed });
        expect(stored.amzOrderNumber).toBe(order.amzOrderNumber);
      }
      // recorded as paid: exactly the number the paid order has, which its alert names
      expect(await paidNumbersOf(order.id)).toEqual([stored.amzOrderNumber]);
      const [alert] = (await alertsOf(t.db, agent.id)).filter((a) => a.type === 'commission_status');
      expect(alert?.message).toBe(`Commission of Rs 150 for order ${stored.amzOrderNumber} is now paid.`);
    }
  });

  it('never puts a paid number on a second order when placing it races the payment and the change of number', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, order } = await newOrder();
      const renumbered = amzNumber();
      const body = await orderBodyAs(t.app, agent, product.id, { amzOrderNumber: order.amzOrderNumber });
      const [pay, change, reuse] = await Promise.all([
        putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' }),
        putAsAgent(t.app, agent, order.id, { amzOrderNumber: renumbered }),
        injectAs(t.app, agent, { method: 'POST', url: '/api/orders', payload: body }),
      ]);
      expect(pay.statusCode, pay.body).toBe(200);
      expect([200, 409]).toContain(change.statusCode);
      expect([201, 409]).toContain(reuse.statusCode);
      const stored = await readOrder(t.db, order.id);
      expect(await paidNumbersOf(order.id)).toEqual([stored.amzOrderNumber]);
      const holders = await t.db.select().from(orders).where(eq(orders.amzOrderNumber, order.amzOrderNumber));
      if (reuse.statusCode === 201) {
        // only a number that left the order before it was paid is free again
        expect(change.statusCode).toBe(200);
        expect(stored.amzOrderNumber).toBe(renumbered);
        expect(holders.map((holder) => holder.id)).toEqual([reuse.json()._id]);
      } else if (change.statusCode === 409) {
        expect(holders.map((holder) => holder.id)).toEqual([order.id]);
      } else {
        // renumbered after the new order was refused: nobody holds the old number
        expect(holders).toEqual([]);
      }
    }
    expect(await ordersOnNumbersPaidElsewhere()).toEqual([]);
  });

  it("alerts the commission that is stored when a payment races the agent's change of review type", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, order } = await newOrder();
      const [pay, change] = await Promise.all([
        putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' }),
        putAsAgent(t.app, agent, order.id, { reviewType: 'picture' }),
      ]);
      expect(pay.statusCode).toBe(200);
      expect([200, 409]).toContain(change.statusCode);
      const stored = await readOrder(t.db, order.id);
      expect(stored.comissionStatus).toBe('paid');
      expect(stored.comission).toBe(change.statusCode === 200 ? 200 : 150);
      const [alert] = (await alertsOf(t.db, agent.id)).filter((a) => a.type === 'commission_status');
      expect(alert?.message).toBe(
        `Commission of Rs ${stored.comission} for order ${order.amzOrderNumber} is now paid.`,
      );
    }
  });
});
