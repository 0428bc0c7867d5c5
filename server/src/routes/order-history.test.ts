import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES, type OrderHistory, orderHistorySchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, type ProductRow, type UserRow, users } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp, type TestIdentity } from '../test/helpers';
import { keyOfLink, uploadImageAs } from '../test/images';
import { eventsOf, expectHistoryReplays, expectPaidEventsMatchOrders } from '../test/order-history';
import {
  amzNumber,
  createOrderRow,
  createProduct,
  orderBody,
  orderBodyAs,
  putAsAgent,
  putAsStaff,
} from '../test/orders';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('the order history', () => {
  let t: TestApp;
  let vendor: UserRow;
  let otherVendor: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager', firstName: 'Maha', lastName: 'Vendor' })).user;
    otherVendor = (await createUser(t.db, { role: 'manager' })).user;
    admin = (await createUser(t.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const newAgent = async (firstName = 'Hira', lastName = 'Gill') =>
    (await createUser(t.db, { role: 'agent', firstName, lastName })).user;

  /** An order placed through the API by a new agent; its id and agent. */
  const place = async (fields: Record<string, unknown> = {}) => {
    const agent = await newAgent();
    const res = await injectAs(t.app, agent, {
      method: 'POST',
      url: '/api/orders',
      // a buyer of its own: one buyer on two agents' orders is a fraud signal that holds the payment
      payload: await orderBodyAs(t.app, agent, product.id, {
        buyerPayPal: `${agent.id}@buyers.example.com`,
        ...fields,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { agent, orderId: res.json()._id as string };
  };

  const historyAs = (who: TestIdentity, orderId: string): Promise<LightMyRequestResponse> =>
    injectAs(t.app, who, { method: 'GET', url: `/api/orders/${orderId}/history` });

  const history = async (orderId: string): Promise<OrderHistory> => {
    const res = await historyAs(admin, orderId);
    expect(res.statusCode, res.body).toBe(200);
    return orderHistorySchema.parse(res.json());
  };

  const eventCount = () => t.db.$count(orderEvents);

  describe('what each change records', () => {
    it('records the placement by its agent, with the values it starts with and the screenshot as an image, never its link', async () => {
      const agent = await newAgent();
      const screenshot = await uploadImageAs(t.app, agent);
      const body = orderBody(product.id, { orderScreenshot: screenshot, comments: 'Delivered on time' });
      const res = await injectAs(t.app, agent, { method: 'POST', url: '/api/orders', payload: body });
      expect(res.statusCode, res.body).toBe(201);

      const events = await history(res.json()._id);
      expect(events).toEqual([
        {
          _id: expect.any(String),
          at: expect.any(String),
          actor: { _id: agent.id, name: 'Hira Gill', role: 'agent' },
          action: 'placed',
          changes: {
            reviewType: { from: null, to: 'text' },
            amzOrderNumber: { from: null, to: body.amzOrderNumber },
            buyerPayPal: { from: null, to: body.buyerPayPal },
            buyerName: { from: null, to: 'Sara Khan' },
            comments: { from: null, to: 'Delivered on time' },
            orderScreenshot: { from: null, to: 'image' },
            AgentStatus: { from: null, to: 'submitted' },
            comissionStatus: { from: null, to: 'unpaid' },
            comission: { from: null, to: 150 },
          },
        },
      ]);
      expect(Date.parse(events[0]?.at ?? '')).not.toBeNaN();
      const text = JSON.stringify(events);
      expect(text).not.toContain(keyOfLink(screenshot));
      expect(text).not.toContain('http');
    });

    it("records an agent's edit with each changed field's old and new value, and the commission a new review type gives", async () => {
      const { agent, orderId } = await place({ comments: 'Same' });
      const res = await putAsAgent(t.app, agent, orderId, {
        buyerName: 'Zara Ali',
        reviewType: 'picture',
        comments: 'Same',
        reviewScreenShot: await uploadImageAs(t.app, agent),
      });
      expect(res.statusCode, res.body).toBe(200);

      const [, edit] = await history(orderId);
      expect(edit).toMatchObject({
        actor: { _id: agent.id, name: 'Hira Gill', role: 'agent' },
        action: 'updated',
        changes: {
          buyerName: { from: 'Sara Khan', to: 'Zara Ali' },
          reviewType: { from: 'text', to: 'picture' },
          comission: { from: 150, to: 200 },
          reviewScreenShot: { from: null, to: 'image' },
        },
      });
      expect(Object.keys(edit?.changes ?? {}).sort()).toEqual(
        ['buyerName', 'comission', 'reviewScreenShot', 'reviewType'].sort(),
      );
      await expectHistoryReplays(t.db, orderId);
    });

    it('records a move of the agent status as its own event, after the edit the same request makes', async () => {
      const { agent, orderId } = await place();
      const number = amzNumber();
      expect(
        (await putAsAgent(t.app, agent, orderId, { AgentStatus: 'Ordered', amzOrderNumber: number })).statusCode,
      ).toBe(200);
      expect((await putAsAgent(t.app, agent, orderId, { AgentStatus: 'Cancelled' })).statusCode).toBe(200);

      const events = await history(orderId);
      expect(events.map((e) => [e.action, e.changes])).toEqual([
        ['placed', expect.any(Object)],
        ['updated', { amzOrderNumber: { from: expect.any(String), to: number } }],
        ['agent-status', { AgentStatus: { from: 'submitted', to: 'Ordered' } }],
        ['agent-status', { AgentStatus: { from: 'Ordered', to: 'cancelled' } }],
      ]);
      // one request, one moment
      expect(events[1]?.at).toBe(events[2]?.at);
      await expectHistoryReplays(t.db, orderId);
    });

    it("records the staff's status, refund screenshot and commission as separate events by whoever made them", async () => {
      const { orderId } = await place();
      const refund = await uploadImageAs(t.app, vendor);
      expect((await putAsStaff(t.app, vendor, orderId, { status: 'Refunded', refundShot: refund })).statusCode).toBe(
        200,
      );
      expect((await putAsStaff(t.app, admin, orderId, { comissionStatus: 'paid' })).statusCode).toBe(200);
      // replaced, never removed (docs/domain.md, Images)
      const replacement = await uploadImageAs(t.app, admin);
      expect((await putAsStaff(t.app, admin, orderId, { refundShot: replacement })).statusCode).toBe(200);

      const events = await history(orderId);
      expect(events.slice(1).map((e) => ({ actor: e.actor, action: e.action, changes: e.changes }))).toEqual([
        {
          actor: { _id: vendor.id, name: 'Maha Vendor', role: 'manager' },
          action: 'status',
          changes: { status: { from: '', to: 'Refunded' } },
        },
        {
          actor: { _id: vendor.id, name: 'Maha Vendor', role: 'manager' },
          action: 'refund-shot',
          changes: { refundShot: { from: null, to: 'image' } },
        },
        {
          actor: { _id: admin.id, name: 'Ada Admin', role: 'admin' },
          action: 'commission',
          changes: { comissionStatus: { from: 'unpaid', to: 'paid' } },
        },
        {
          actor: { _id: admin.id, name: 'Ada Admin', role: 'admin' },
          action: 'refund-shot',
          changes: { refundShot: { from: 'image', to: 'image' } },
        },
      ]);
      expect(JSON.stringify(events)).not.toContain(keyOfLink(refund));
      // the payment keeps the commission it paid
      const paid = (await eventsOf(t.db, orderId)).filter((e) => e.action === 'commission');
      expect(paid.map((e) => e.paidComission)).toEqual([150]);
      await expectHistoryReplays(t.db, orderId);
      await expectPaidEventsMatchOrders(t.db);
    });

    it('records nothing for a request that changes nothing', async () => {
      const { agent, orderId } = await place({ comments: 'Kept' });
      expect((await putAsStaff(t.app, vendor, orderId, { status: 'On-Hold' })).statusCode).toBe(200);
      const before = await eventCount();

      const unchanged = [
        putAsAgent(t.app, agent, orderId, { comments: 'Kept', AgentStatus: 'submitted', reviewType: 'text' }),
        putAsAgent(t.app, agent, orderId, {}),
        putAsStaff(t.app, vendor, orderId, { status: 'On-Hold' }),
        // a manager's comissionStatus is ignored; an admin's 'unpaid' on an unpaid order is no change
        putAsStaff(t.app, vendor, orderId, { comissionStatus: 'paid' }),
        putAsStaff(t.app, admin, orderId, { comissionStatus: 'unpaid', status: 'On-Hold' }),
      ];
      for (const res of await Promise.all(unchanged)) expect(res.statusCode, res.body).toBe(200);
      expect(await eventCount()).toBe(before);
      await expectHistoryReplays(t.db, orderId);
    });

    it('records nothing for a refused change', async () => {
      const { agent, orderId } = await place();
      const other = await place();
      const stranger = await newAgent('Sam', 'Stranger');
      const paid = await place();
      expect((await putAsStaff(t.app, admin, paid.orderId, { comissionStatus: 'paid' })).statusCode).toBe(200);
      const cancelled = await place();
      expect(
        (await putAsAgent(t.app, cancelled.agent, cancelled.orderId, { AgentStatus: 'Cancelled' })).statusCode,
      ).toBe(200);
      const taken = String((await history(other.orderId))[0]?.changes.amzOrderNumber?.to);
      const pendingProduct = await createProduct(t.db, vendor, { status: 'pending' });
      const before = await eventCount();

      const requests = [
        [() => putAsAgent(t.app, stranger, orderId, { comments: 'not mine' }), 403],
        [() => putAsAgent(t.app, paid.agent, paid.orderId, { comments: 'after payment' }), 409],
        [() => putAsAgent(t.app, cancelled.agent, cancelled.orderId, { comments: 'after cancelling' }), 409],
        [() => putAsAgent(t.app, agent, orderId, { AgentStatus: 'Ordered' }), 200],
        [() => putAsAgent(t.app, agent, orderId, { AgentStatus: 'submitted', comments: 'backwards' }), 409],
        [() => putAsAgent(t.app, agent, orderId, { amzOrderNumber: taken }), 409],
        [() => putAsStaff(t.app, otherVendor, orderId, { status: 'Refunded' }), 403],
        [() => putAsStaff(t.app, admin, cancelled.orderId, { comissionStatus: 'paid', status: 'Refunded' }), 409],
        [() => putAsStaff(t.app, admin, paid.orderId, { comissionStatus: 'unpaid' }), 409],
        [
          async () =>
            injectAs(t.app, agent, {
              method: 'POST',
              url: '/api/orders',
              payload: await orderBodyAs(t.app, agent, pendingProduct.id),
            }),
          409,
        ],
        [
          async () =>
            injectAs(t.app, agent, {
              method: 'POST',
              url: '/api/orders',
              payload: await orderBodyAs(t.app, agent, product.id, { amzOrderNumber: taken }),
            }),
          409,
        ],
      ] as const;
      for (const [request, status] of requests) {
        const res = await request();
        expect(res.statusCode, res.body).toBe(status);
      }
      // the one accepted move (submitted -> Ordered) wrote its one event; the rest nothing
      expect(await eventCount()).toBe(before + 1);
      for (const id of [orderId, other.orderId, paid.orderId, cancelled.orderId]) await expectHistoryReplays(t.db, id);
    });

    it('keeps the name its actor had when the change was made', async () => {
      const { agent, orderId } = await place();
      await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, agent.id));
      const [placed] = await history(orderId);
      expect(placed?.actor).toEqual({ _id: agent.id, name: 'Hira Gill', role: 'agent' });
    });
  });

  describe('GET /api/orders/:id/history', () => {
    it('answers the order’s agent, the manager of its product and admins, oldest first', async () => {
      const { agent, orderId } = await place();
      expect((await putAsStaff(t.app, vendor, orderId, { status: 'On-Hold' })).statusCode).toBe(200);
      for (const who of [agent, vendor, admin]) {
        const res = await historyAs(who, orderId);
        expect(res.statusCode, res.body).toBe(200);
        expect(orderHistorySchema.parse(res.json()).map((e) => e.action)).toEqual(['placed', 'status']);
      }
    });

    it('answers another agent, another manager, an unknown id and a malformed id alike: order not found', async () => {
      const { orderId } = await place();
      const stranger = await newAgent('Sam', 'Stranger');
      const answers = [
        await historyAs(stranger, orderId),
        await historyAs(otherVendor, orderId),
        await historyAs(admin, UNKNOWN_ID),
        await historyAs(admin, 'not-a-uuid'),
        await historyAs(admin, `${orderId}x`),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: MESSAGES.orderNotFound });
      }
    });

    it('answers an order without events (written before any history) with an empty list', async () => {
      const agent = await newAgent();
      const order = await createOrderRow(t.db, product, agent);
      const res = await historyAs(agent, order.id);
      expect([res.statusCode, res.json()]).toEqual([200, []]);
    });

    it('writes nothing through the API: other methods on the history are refused, and an order’s PUT cannot add events', async () => {
      const { agent, orderId } = await place();
      const before = await eventsOf(t.db, orderId);
      const event = { action: 'commission', changes: { comissionStatus: { from: 'unpaid', to: 'paid' } } };
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await injectAs(t.app, admin, { method, url: `/api/orders/${orderId}/history`, payload: [event] });
        expect(res.statusCode, `${method}: ${res.body}`).toBe(404);
      }
      const injected = { history: [event], events: [event], changes: event.changes, action: 'commission' };
      expect((await putAsAgent(t.app, agent, orderId, injected)).statusCode).toBe(200);
      expect((await putAsStaff(t.app, admin, orderId, injected)).statusCode).toBe(200);
      expect(await eventsOf(t.db, orderId)).toEqual(before);
    });
  });
});
