/**
 * Requests racing on one order leave a history that is true to it (docs/domain.md, Order
 * history). On PGlite the database serialises queries; on PostgreSQL (TEST_DATABASE_URL) the
 * requests really run in parallel. Each race runs several rounds.
 */
import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRow, UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import {
  eventsOf,
  expectHistoryReplays,
  expectPaidCommissionsFromEvents,
  expectPaidEventsMatchOrders,
} from '../test/order-history';
import { createProduct, orderBodyAs, putAsAgent, putAsStaff, readOrder } from '../test/orders';

const ROUNDS = 8;

describe('the order history under concurrent requests', () => {
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

  /** An order placed through the API (so its history starts with its placement) by an agent of its own. */
  const placed = async () => {
    const { user: agent } = await createUser(t.db, { role: 'agent' });
    // a buyer of its own: one buyer on two agents' orders is a fraud signal that holds the payment
    const payload = await orderBodyAs(t.app, agent, product.id, { buyerPayPal: `${agent.id}@buyers.example.com` });
    const res = await injectAs(t.app, agent, { method: 'POST', url: '/api/orders', payload });
    expect(res.statusCode, res.body).toBe(201);
    return { agent, orderId: res.json()._id as string };
  };

  const paidEvents = async (orderId: string) =>
    (await eventsOf(t.db, orderId)).filter((e) => e.changes.comissionStatus?.to === 'paid');

  it('records exactly one payment when two admins pay one order at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId } = await placed();
      const results = await Promise.all([
        putAsStaff(t.app, admin, orderId, { comissionStatus: 'paid' }),
        putAsStaff(t.app, otherAdmin, orderId, { comissionStatus: 'paid' }),
      ]);
      // the row lock makes them take turns: the second finds the order paid (no change, or a 409)
      expect(results.some((r) => r.statusCode === 200)).toBe(true);
      for (const r of results) expect([200, 409]).toContain(r.statusCode);
      const paid = await paidEvents(orderId);
      expect(paid).toHaveLength(1);
      expect(paid[0]?.action).toBe('commission');
      expect(paid[0]?.paidComission).toBe((await readOrder(t.db, orderId)).comission);
      await expectHistoryReplays(t.db, orderId);
    }
    await expectPaidEventsMatchOrders(t.db);
    await expectPaidCommissionsFromEvents(t.app, admin);
  });

  it("records the commission that was paid when a payment races the agent's change of review type", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, orderId } = await placed();
      const [pay, retype] = await Promise.all([
        putAsStaff(t.app, admin, orderId, { comissionStatus: 'paid' }),
        putAsAgent(t.app, agent, orderId, { reviewType: 'picture' }),
      ]);
      expect(pay.statusCode, pay.body).toBe(200);
      if (retype.statusCode !== 200) expect(retype.json()).toEqual({ message: MESSAGES.orderPaidClosed });
      const order = await readOrder(t.db, orderId);
      expect(order.comission).toBe(retype.statusCode === 200 ? 200 : 150);
      expect((await paidEvents(orderId)).map((e) => e.paidComission)).toEqual([order.comission]);
      await expectHistoryReplays(t.db, orderId);
    }
    await expectPaidCommissionsFromEvents(t.app, admin);
  });

  it('records both edits, one after the other, when two tabs of the agent change the same field at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, orderId } = await placed();
      const results = await Promise.all([
        putAsAgent(t.app, agent, orderId, { comments: 'From the first tab' }),
        putAsAgent(t.app, agent, orderId, { comments: 'From the second tab', AgentStatus: 'Ordered' }),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBeLessThan(500);
      // each event's `from` is what the one before it left: the history replays to the order
      await expectHistoryReplays(t.db, orderId);
    }
  });

  it("records both staff changes when the manager and an admin set the order's status at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId } = await placed();
      const results = await Promise.all([
        putAsStaff(t.app, vendor, orderId, { status: 'On-Hold' }),
        putAsStaff(t.app, admin, orderId, { status: 'Refunded', comissionStatus: 'paid' }),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      const statusEvents = (await eventsOf(t.db, orderId)).filter((e) => e.action === 'status');
      expect(statusEvents).toHaveLength(2);
      await expectHistoryReplays(t.db, orderId);
    }
  });
});
