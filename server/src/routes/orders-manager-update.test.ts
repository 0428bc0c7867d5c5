import { MESSAGES, orderSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { keyOfLink, uploadImageAs } from '../test/images';
import { alertsOf, createOrderRow, createProduct, putAsStaff, readOrder } from '../test/orders';

describe('PUT /api/orders/:id', () => {
  let t: TestApp;
  let vendor: UserRow;
  let admin: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
  });
  afterAll(() => t.close());

  /** An order of the vendor's product, by an agent of its own (so alerts can be counted per test). */
  const newOrder = async (fields: Parameters<typeof createOrderRow>[3] = {}) => {
    const { user: agent } = await createUser(t.db, { role: 'agent' });
    const order = await createOrderRow(t.db, await createProduct(t.db, vendor), agent, fields);
    return { order, agent };
  };

  it("lets the product's manager set the status and refund screenshot, and alerts the agent", async () => {
    const { order, agent } = await newOrder();
    const refund = await uploadImageAs(t.app, vendor);
    const res = await putAsStaff(t.app, vendor, order.id, { status: 'Feedback Rfnd', refundShot: refund });
    expect(res.statusCode).toBe(200);
    expect(orderSchema.parse(res.json())).toMatchObject({
      _id: order.id,
      status: 'Feedback Rfnd',
      refundShot: expect.stringContaining(`/api/private/${keyOfLink(refund)}?`),
    });
    expect(await readOrder(t.db, order.id)).toMatchObject({
      status: 'Feedback Rfnd',
      refundShot: keyOfLink(refund),
      comissionStatus: 'unpaid',
    });
    expect(await alertsOf(t.db, agent.id)).toEqual([
      expect.objectContaining({
        type: 'order_status',
        message: `Order ${order.amzOrderNumber} is now "Feedback Refund".`,
        link: `/agent/update/order/${order.id}`,
      }),
      expect.objectContaining({
        type: 'order_status',
        message: `Order ${order.amzOrderNumber} has its refund screenshot.`,
        link: `/agent/update/order/${order.id}`,
      }),
    ]);
  });

  it('sends no status alert when the status stays the same; the first refund screenshot has its own', async () => {
    const { order, agent } = await newOrder({ status: 'On-Hold' });
    const refund = await uploadImageAs(t.app, vendor);
    const res = await putAsStaff(t.app, vendor, order.id, { status: 'On-Hold', refundShot: refund });
    expect(res.statusCode).toBe(200);
    expect((await readOrder(t.db, order.id)).refundShot).toBe(keyOfLink(refund));
    expect((await alertsOf(t.db, agent.id)).map((alert) => alert.message)).toEqual([
      `Order ${order.amzOrderNumber} has its refund screenshot.`,
    ]);
    // another screenshot in its place is no news
    const again = await putAsStaff(t.app, vendor, order.id, { refundShot: await uploadImageAs(t.app, vendor) });
    expect(again.statusCode).toBe(200);
    expect(await alertsOf(t.db, agent.id)).toHaveLength(1);
  });

  it("silently ignores a manager's comissionStatus", async () => {
    const { order, agent } = await newOrder();
    const res = await putAsStaff(t.app, vendor, order.id, { comissionStatus: 'paid' });
    expect(res.statusCode).toBe(200);
    expect(res.json().comissionStatus).toBe('unpaid');
    expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
    expect(await alertsOf(t.db, agent.id)).toEqual([]);
  });

  it('lets an admin pay the commission of any order, and alerts the agent', async () => {
    const { user: otherVendor } = await createUser(t.db, { role: 'manager' });
    const { user: agent } = await createUser(t.db, { role: 'agent' });
    const order = await createOrderRow(t.db, await createProduct(t.db, otherVendor), agent, { comission: 150 });
    const res = await putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid', status: 'Refunded' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ comissionStatus: 'paid', status: 'Refunded' });
    expect(await readOrder(t.db, order.id)).toMatchObject({ comissionStatus: 'paid', status: 'Refunded' });
    const alerts = await alertsOf(t.db, agent.id);
    expect(alerts.map((a) => a.type).sort()).toEqual(['commission_status', 'order_status']);
    expect(alerts.find((a) => a.type === 'commission_status')).toMatchObject({
      message: `Commission of Rs 150 for order ${order.amzOrderNumber} is now paid.`,
      link: `/agent/update/order/${order.id}`,
    });
  });

  it('keeps a paid commission paid: unpaid is refused with 409, paid again changes nothing', async () => {
    const { order, agent } = await newOrder({ comissionStatus: 'paid', status: 'On-Hold' });
    const back = await putAsStaff(t.app, admin, order.id, { comissionStatus: 'unpaid', status: 'Refunded' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ message: MESSAGES.commissionAlreadyPaid });
    expect(await readOrder(t.db, order.id)).toMatchObject({ comissionStatus: 'paid', status: 'On-Hold' });

    const again = await putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' });
    expect(again.statusCode).toBe(200);
    expect((await readOrder(t.db, order.id)).comissionStatus).toBe('paid');
    expect(await alertsOf(t.db, agent.id)).toEqual([]);
  });

  it('refuses to pay a cancelled order with 409', async () => {
    const { order, agent } = await newOrder({ agentStatus: 'cancelled' });
    const res = await putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.cancelledOrderCannotBePaid });
    expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
    expect(await alertsOf(t.db, agent.id)).toEqual([]);
  });

  it('lets an admin mark an unpaid order unpaid without an alert', async () => {
    const { order, agent } = await newOrder();
    const res = await putAsStaff(t.app, admin, order.id, { comissionStatus: 'unpaid' });
    expect(res.statusCode).toBe(200);
    expect(await alertsOf(t.db, agent.id)).toEqual([]);
  });

  it("refuses another manager's order with 403 and changes nothing", async () => {
    const { order, agent } = await newOrder();
    const { user: otherManager } = await createUser(t.db, { role: 'manager' });
    const res = await putAsStaff(t.app, otherManager, order.id, { status: 'Refunded' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only see and change orders of your own products.');
    expect((await readOrder(t.db, order.id)).status).toBe('');
    expect(await alertsOf(t.db, agent.id)).toEqual([]);
  });

  it('refuses agents with 403, also the agent who placed the order', async () => {
    const { order, agent } = await newOrder();
    for (const who of [agent, 'agent'] as const) {
      const res = await putAsStaff(t.app, who, order.id, { status: 'Refunded', comissionStatus: 'paid' });
      expect(res.statusCode).toBe(403);
    }
    expect(await readOrder(t.db, order.id)).toMatchObject({ status: '', comissionStatus: 'unpaid' });
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of ['3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', 'abc', '%27']) {
      const res = await putAsStaff(t.app, admin, id, { status: 'Refunded' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.orderNotFound });
    }
  });

  it('refuses a status or commission status outside the lists with 400', async () => {
    const { order } = await newOrder();
    for (const payload of [{ status: 'Lost' }, { comissionStatus: 'half' }, { refundShot: 42 }]) {
      const res = await putAsStaff(t.app, admin, order.id, payload);
      expect(res.statusCode).toBe(400);
    }
    expect(await readOrder(t.db, order.id)).toMatchObject({ status: '', comissionStatus: 'unpaid', refundShot: '' });
  });

  it('ignores fields that are not the staff’s to set', async () => {
    const { order } = await newOrder({ comission: 150 });
    const res = await putAsStaff(t.app, admin, order.id, {
      comission: 1,
      AgentStatus: 'Feedbacked',
      buyerName: 'Changed',
      status: 'On-Hold',
    });
    expect(res.statusCode).toBe(200);
    expect(await readOrder(t.db, order.id)).toMatchObject({
      comission: 150,
      agentStatus: 'submitted',
      buyerName: 'Sara Khan',
      status: 'On-Hold',
    });
  });
});
