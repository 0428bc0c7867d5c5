/**
 * What is owed, payable now and on hold (docs/domain.md, Payouts: what is owed): the owed list's
 * held figures, its search and grand total, one agent's held orders with why, and that the payout
 * screens add up as the dashboard does.
 */
import { sql } from 'drizzle-orm';
import {
  FLAG_LABELS,
  HOLD_LABELS,
  heldOrderListSchema,
  MESSAGES,
  orderSchema,
  payableAgentListSchema,
  payableOrderListSchema,
  payableSummarySchema,
  platformCommissionSchema,
} from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRow, orderFlags, orders, type ProductRow, type UserRow } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, getAs } from '../test/orders';

describe('what is owed: payable now and on hold', () => {
  let t: TestApp;
  let admin: UserRow;
  let product: ProductRow;
  // 11 unpaid orders, one of them (Rs 200) held by a flag: the example
  let ali: UserRow;
  let aliOrders: OrderRow[];
  let aliHeld: OrderRow;
  // every unpaid order held by the suspension
  let suspended: UserRow;
  let other: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin' })).user;
    const vendor = (await createUser(t.db, { role: 'manager' })).user;
    product = await createProduct(t.db, vendor);
    ali = (
      await createUser(t.db, {
        firstName: 'Ali',
        lastName: 'Khan',
        email: 'ali.khan@example.com',
        phoneNumber: '+923331112222',
      })
    ).user;
    aliOrders = [];
    for (let i = 0; i < 10; i++) {
      aliOrders.push(
        await createOrderRow(t.db, product, ali, { comission: 215, createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)) }),
      );
    }
    aliHeld = await createOrderRow(t.db, product, ali, { comission: 200, createdAt: new Date(Date.UTC(2026, 10, 2)) });
    // a paid and a cancelled order are owed nothing
    await createOrderRow(t.db, product, ali, { comission: 999, agentStatus: 'cancelled' });
    other = (await createUser(t.db, { firstName: 'Bilal', lastName: 'Shah', phoneNumber: '+923009998888' })).user;
    const related = await createOrderRow(t.db, product, other, { comission: 300 });
    await t.db.insert(orderFlags).values([
      { orderId: aliHeld.id, code: 'paypal-shared', relatedOrderIds: [related.id] },
      { orderId: aliHeld.id, code: 'screenshot-reused', relatedOrderIds: [] },
    ]);
    suspended = (await createUser(t.db, { firstName: 'Sana', lastName: 'Mir', status: 'suspended' })).user;
    await createOrderRow(t.db, product, suspended, { comission: 400 });
    await createOrderRow(t.db, product, suspended, { comission: 100, agentStatus: 'Feedbacked' });
  });
  afterAll(() => t.close());

  it("counts a held order on its own: '10 unpaid orders, Rs 2,150' payable and '1 order on hold, Rs 200'", async () => {
    const res = await getAs(t.app, admin, '/api/payouts/payable?limit=200');
    expect(res.statusCode).toBe(200);
    const rows = payableAgentListSchema.parse(res.json());
    expect(rows.find((row) => row.agent._id === ali.id)).toMatchObject({
      orders: 10,
      total: 2150,
      held: { orders: 1, total: 200 },
      suspended: false,
    });
    expect(rows.find((row) => row.agent._id === other.id)).toMatchObject({
      orders: 1,
      total: 300,
      held: { orders: 0, total: 0 },
    });
    // a suspended agent's orders are all on hold
    expect(rows.find((row) => row.agent._id === suspended.id)).toMatchObject({
      suspended: true,
      // nothing payable now: the two never count an order twice
      orders: 0,
      total: 0,
      held: { orders: 2, total: 500 },
    });
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('lists an agent whose every unpaid order is held, owed nothing payable now', async () => {
    const onlyHeld = (await createUser(t.db, { firstName: 'Only', lastName: 'Held' })).user;
    const order = await createOrderRow(t.db, product, onlyHeld, { comission: 50 });
    await t.db.insert(orderFlags).values({ orderId: order.id, code: 'number-seen', relatedOrderIds: [] });
    try {
      const rows = payableAgentListSchema.parse((await getAs(t.app, admin, '/api/payouts/payable?limit=200')).json());
      expect(rows.find((row) => row.agent._id === onlyHeld.id)).toMatchObject({
        orders: 0,
        total: 0,
        held: { orders: 1, total: 50 },
      });
      // the most owed payable now first, then the most on hold: Rs 0 and Rs 50 held comes last
      expect(rows.at(-1)?.agent._id).toBe(onlyHeld.id);
    } finally {
      await t.db.delete(orderFlags).where(sql`${orderFlags.orderId} = ${order.id}`);
      await t.db.delete(orders).where(sql`${orders.id} = ${order.id}`);
    }
  });

  it("lists one agent's held orders with why, in words, and leaves them out of the payable list", async () => {
    const held = await getAs(t.app, admin, `/api/payouts/payable/${ali.id}/held`);
    expect(held.statusCode).toBe(200);
    expect(heldOrderListSchema.parse(held.json())).toMatchObject({
      suspended: false,
      orders: 1,
      total: 200,
      items: [
        {
          _id: aliHeld.id,
          amzOrderNumber: aliHeld.amzOrderNumber,
          comission: 200,
          holds: [
            { code: 'paypal-shared', label: FLAG_LABELS['paypal-shared'] },
            { code: 'screenshot-reused', label: FLAG_LABELS['screenshot-reused'] },
          ],
        },
      ],
    });
    const payable = payableOrderListSchema.parse((await getAs(t.app, admin, `/api/payouts/payable/${ali.id}`)).json());
    expect(payable.map((order) => order._id)).toEqual(aliOrders.map((order) => order.id));
    expect(payable.map((order) => order._id)).not.toContain(aliHeld.id);
  });

  it("says a suspended agent's orders are held by the suspension, and narrows by agent status", async () => {
    const held = heldOrderListSchema.parse(
      (await getAs(t.app, admin, `/api/payouts/payable/${suspended.id}/held`)).json(),
    );
    expect(held).toMatchObject({ suspended: true, orders: 2, total: 500 });
    // and none of them payable now: the payable list of the agent is empty
    expect((await getAs(t.app, admin, `/api/payouts/payable/${suspended.id}`)).json()).toEqual([]);
    expect(held.items.map((order) => order.holds)).toEqual([
      [{ code: 'agent-suspended', label: HOLD_LABELS['agent-suspended'] }],
      [{ code: 'agent-suspended', label: HOLD_LABELS['agent-suspended'] }],
    ]);
    const feedbacked = heldOrderListSchema.parse(
      (await getAs(t.app, admin, `/api/payouts/payable/${suspended.id}/held?AgentStatus=Feedbacked`)).json(),
    );
    expect(feedbacked).toMatchObject({ orders: 1, total: 100 });
    const none = heldOrderListSchema.parse((await getAs(t.app, admin, `/api/payouts/payable/${other.id}/held`)).json());
    expect(none).toEqual({ suspended: false, orders: 0, total: 0, items: [] });
  });

  it('answers 404 for the held orders of an unknown agent or a user who is not an agent', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', admin.id, 'not-a-uuid']) {
      const res = await getAs(t.app, admin, `/api/payouts/payable/${id}/held`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.agentNotFound });
    }
  });

  it("adds up as the dashboard does: payable now plus on hold is the platform's unpaid commission", async () => {
    const summary = payableSummarySchema.parse((await getAs(t.app, admin, '/api/payouts/payable/summary')).json());
    expect(summary).toEqual({
      agents: 3,
      orders: 11,
      total: 2150 + 300,
      held: { orders: 3, total: 200 + 500 },
    });
    const dashboard = platformCommissionSchema.parse((await getAs(t.app, admin, '/api/admin/comission')).json());
    expect(summary.total + summary.held.total).toBe(dashboard.unpaidCommission);
  });

  it("finds an agent by name, email or phone, server-side, with the page's total and the search's grand total", async () => {
    for (const q of ['ali kh', 'ALI.KHAN@', '3331112']) {
      const res = await getAs(t.app, admin, `/api/payouts/payable?q=${encodeURIComponent(q)}&limit=20`);
      expect(res.statusCode, q).toBe(200);
      expect(payableAgentListSchema.parse(res.json()).map((row) => row.agent._id)).toEqual([ali.id]);
      expect(res.headers['x-total-count']).toBe('1');
      const summary = payableSummarySchema.parse(
        (await getAs(t.app, admin, `/api/payouts/payable/summary?q=${encodeURIComponent(q)}`)).json(),
      );
      expect(summary).toEqual({ agents: 1, orders: 10, total: 2150, held: { orders: 1, total: 200 } });
    }
    // % and _ are plain characters
    const none = await getAs(t.app, admin, '/api/payouts/payable?q=%25');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    expect((await getAs(t.app, admin, '/api/payouts/payable/summary?q=%25')).json()).toEqual({
      agents: 0,
      orders: 0,
      total: 0,
      held: { orders: 0, total: 0 },
    });
  });

  it('pages the search: the grand total counts every page', async () => {
    const first = await getAs(t.app, admin, '/api/payouts/payable?limit=1&page=1');
    const second = await getAs(t.app, admin, '/api/payouts/payable?limit=1&page=2');
    expect(first.headers['x-total-count']).toBe('3');
    expect(payableAgentListSchema.parse(first.json()).map((row) => row.agent._id)).toEqual([ali.id]);
    // the most owed payable now first: Rs 300 before the suspended agent's Rs 0 (all on hold)
    expect(payableAgentListSchema.parse(second.json()).map((row) => row.agent._id)).toEqual([other.id]);
    const summary = payableSummarySchema.parse((await getAs(t.app, admin, '/api/payouts/payable/summary')).json());
    expect(summary.agents).toBe(3);
  });

  it('refuses a search with a control character or over 200 characters (400), never a 500', async () => {
    for (const path of ['/api/payouts/payable', '/api/payouts/payable/summary']) {
      expect((await getAs(t.app, admin, `${path}?q=a%00b`)).statusCode).toBe(400);
      expect((await getAs(t.app, admin, `${path}?q=${'a'.repeat(201)}`)).statusCode).toBe(400);
      expect((await getAs(t.app, admin, `${path}?AgentStatus=cancelled`)).statusCode).toBe(400);
    }
  });

  it('names the related orders of a flag by number and agent', async () => {
    const res = await getAs(t.app, admin, `/api/order/${aliHeld.id}`);
    expect(res.statusCode).toBe(200);
    const flag = orderSchema.parse(res.json()).flags?.find((f) => f.code === 'paypal-shared');
    const [related] = flag?.relatedOrderIds ?? [];
    expect(flag?.relatedOrders).toEqual([
      { _id: related, amzOrderNumber: expect.any(String), agent: { _id: other.id, name: 'Bilal Shah' } },
    ]);
  });
});
