import { eq } from 'drizzle-orm';
import { type AgentStatus, MESSAGES, orderSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, type UserRow } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { keyOfLink, uploadImageAs } from '../test/images';
import { alertsOf, amzNumber, createOrderRow, createProduct, putAsAgent, readOrder } from '../test/orders';

describe('PUT /api/orders/agent/:id', () => {
  let t: TestApp;
  let vendor: UserRow;
  let agent: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
  });
  afterAll(() => t.close());

  const newOrder = async (fields: Parameters<typeof createOrderRow>[3] = {}) =>
    createOrderRow(t.db, await createProduct(t.db, vendor), agent, fields);

  it("updates the agent's own order and answers 200 with the order", async () => {
    const order = await newOrder();
    const amz = amzNumber();
    const [shot, review, feedback] = [
      await uploadImageAs(t.app, agent),
      await uploadImageAs(t.app, agent),
      await uploadImageAs(t.app, agent),
    ];
    const res = await putAsAgent(t.app, agent, order.id, {
      amzOrderNumber: amz,
      buyerPayPal: 'new@example.com',
      buyerName: 'Zara Ali',
      orderScreenshot: shot,
      reviewScreenShot: review,
      FeedbackScreenShot: feedback,
      comments: 'Review is up',
      AgentStatus: 'Reviewed',
    });
    expect(res.statusCode).toBe(200);
    const body = orderSchema.parse(res.json());
    expect(body).toMatchObject({ _id: order.id, amzOrderNumber: amz, AgentStatus: 'Reviewed' });
    expect(await readOrder(t.db, order.id)).toMatchObject({
      amzOrderNumber: amz,
      buyerPayPal: 'new@example.com',
      buyerName: 'Zara Ali',
      orderScreenshot: keyOfLink(shot),
      reviewScreenShot: keyOfLink(review),
      feedbackScreenShot: keyOfLink(feedback),
      comments: 'Review is up',
      agentStatus: 'Reviewed',
    });
  });

  it('leaves fields the body does not send as they were', async () => {
    const order = await newOrder({ comments: 'keep me', reviewScreenShot: 'https://img.example.com/r.png' });
    const res = await putAsAgent(t.app, agent, order.id, { buyerName: 'Only Name' });
    expect(res.statusCode).toBe(200);
    expect(await readOrder(t.db, order.id)).toMatchObject({
      buyerName: 'Only Name',
      comments: 'keep me',
      reviewScreenShot: 'https://img.example.com/r.png',
      amzOrderNumber: order.amzOrderNumber,
      agentStatus: 'submitted',
    });
  });

  it.each([
    ['submitted', 'Ordered'],
    ['submitted', 'Reviewed'],
    ['submitted', 'Feedbacked'],
    ['Ordered', 'Reviewed'],
    ['Ordered', 'Feedbacked'],
    ['Reviewed', 'Feedbacked'],
    ['Reviewed', 'Reviewed'],
  ] as const)('moves the agent status forward from %s to %s', async (from, to) => {
    const order = await newOrder({ agentStatus: from });
    const res = await putAsAgent(t.app, agent, order.id, { AgentStatus: to });
    expect(res.statusCode).toBe(200);
    expect((await readOrder(t.db, order.id)).agentStatus).toBe(to);
  });

  it.each([
    ['Ordered', 'submitted'],
    ['Reviewed', 'Ordered'],
    ['Feedbacked', 'Reviewed'],
    ['Feedbacked', 'submitted'],
  ] as const)('refuses to move the agent status back from %s to %s with 409', async (from, to) => {
    const order = await newOrder({ agentStatus: from, buyerName: 'Before' });
    const res = await putAsAgent(t.app, agent, order.id, { AgentStatus: to, buyerName: 'After' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`An order cannot move from "${from}" to "${to}": the status only moves forward.`);
    expect(await readOrder(t.db, order.id)).toMatchObject({ agentStatus: from, buyerName: 'Before' });
  });

  it.each(['submitted', 'Ordered', 'Reviewed'] as const)(
    'cancels an unpaid %s order (also spelled Cancelled)',
    async (from) => {
      const order = await newOrder({ agentStatus: from });
      const res = await putAsAgent(t.app, agent, order.id, { AgentStatus: 'Cancelled' });
      expect(res.statusCode).toBe(200);
      expect(res.json().AgentStatus).toBe('cancelled');
      expect((await readOrder(t.db, order.id)).agentStatus).toBe('cancelled');
    },
  );

  it('refuses to cancel a Feedbacked order', async () => {
    const order = await newOrder({ agentStatus: 'Feedbacked' });
    const res = await putAsAgent(t.app, agent, order.id, { AgentStatus: 'cancelled' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An order cannot move from "Feedbacked" to "Cancelled": a feedbacked order can no longer be cancelled.',
    );
    expect((await readOrder(t.db, order.id)).agentStatus).toBe('Feedbacked');
  });

  it('refuses to cancel an order whose commission is paid', async () => {
    const order = await newOrder({ agentStatus: 'Ordered', comissionStatus: 'paid' });
    const res = await putAsAgent(t.app, agent, order.id, { AgentStatus: 'cancelled' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An order cannot move from "Ordered" to "Cancelled": its commission is already paid.',
    );
    expect((await readOrder(t.db, order.id)).agentStatus).toBe('Ordered');
  });

  it.each<[string, Record<string, unknown>]>([
    ['a status move', { AgentStatus: 'Ordered' }],
    ['staying cancelled', { AgentStatus: 'cancelled' }],
    ['a field edit', { buyerName: 'Changed' }],
    ['an empty body', {}],
  ])('refuses %s on a cancelled order with 409', async (_, payload) => {
    const order = await newOrder({ agentStatus: 'cancelled', buyerName: 'Before' });
    const res = await putAsAgent(t.app, agent, order.id, payload);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.orderCancelledNotEditable });
    expect(await readOrder(t.db, order.id)).toMatchObject({ agentStatus: 'cancelled', buyerName: 'Before' });
  });

  it('ignores status, comissionStatus and comission sent by the agent', async () => {
    const order = await newOrder({ comission: 150 });
    const res = await putAsAgent(t.app, agent, order.id, {
      status: 'Refunded',
      comissionStatus: 'paid',
      comission: 9999,
      refundShot: 'https://img.example.com/refund.png',
      agent: vendor.id,
      buyerName: 'Changed',
    });
    expect(res.statusCode).toBe(200);
    expect(await readOrder(t.db, order.id)).toMatchObject({
      status: '',
      comissionStatus: 'unpaid',
      comission: 150,
      refundShot: '',
      agentId: agent.id,
      buyerName: 'Changed',
    });
  });

  it("recomputes the commission from the terms the order was placed under when the review type changes while unpaid, whatever the product's row says now", async () => {
    const product = await createProduct(t.db, vendor);
    const order = await createOrderRow(t.db, product, agent, { reviewType: 'text', comission: 150 });
    await t.db.update(products).set({ comissionWithPictureReview: 250 }).where(eq(products.id, product.id));
    const res = await putAsAgent(t.app, agent, order.id, { reviewType: 'picture', comission: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reviewType: 'picture', comission: 200 });
    expect(await readOrder(t.db, order.id)).toMatchObject({ reviewType: 'picture', comission: 200 });
  });

  it('keeps the commission when the review type sent is the current one', async () => {
    const product = await createProduct(t.db, vendor);
    const order = await createOrderRow(t.db, product, agent, { reviewType: 'text', comission: 150 });
    await t.db.update(products).set({ comissionWithTextReview: 10 }).where(eq(products.id, product.id));
    const res = await putAsAgent(t.app, agent, order.id, { reviewType: 'text' });
    expect(res.statusCode).toBe(200);
    expect((await readOrder(t.db, order.id)).comission).toBe(150);
  });

  it('refuses a change of review type once the commission is paid', async () => {
    const order = await newOrder({ reviewType: 'text', comission: 150, comissionStatus: 'paid' });
    const res = await putAsAgent(t.app, agent, order.id, { reviewType: 'picture' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.orderPaidClosed });
    expect(await readOrder(t.db, order.id)).toMatchObject({ reviewType: 'text', comission: 150 });
  });

  it('refuses a review type the product does not take with 400', async () => {
    const product = await createProduct(t.db, vendor, { reviewTypes: ['text', 'picture'] });
    const order = await createOrderRow(t.db, product, agent, { reviewType: 'text' });
    const res = await putAsAgent(t.app, agent, order.id, { reviewType: 'video' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.orderReviewTypeNotTaken });
    expect((await readOrder(t.db, order.id)).reviewType).toBe('text');
  });

  it('refuses an AMZ order number another order has with 409', async () => {
    const taken = await newOrder();
    const order = await newOrder();
    const res = await putAsAgent(t.app, agent, order.id, { amzOrderNumber: taken.amzOrderNumber });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.orderNumberTaken });
    expect((await readOrder(t.db, order.id)).amzOrderNumber).toBe(order.amzOrderNumber);
  });

  it('accepts the order keeping its own AMZ order number', async () => {
    const order = await newOrder();
    const res = await putAsAgent(t.app, agent, order.id, { amzOrderNumber: order.amzOrderNumber });
    expect(res.statusCode).toBe(200);
  });

  it('refuses invalid fields with 400', async () => {
    const order = await newOrder();
    for (const [payload, message] of [
      [{ amzOrderNumber: '123-456' }, MESSAGES.orderNumberInvalid],
      [{ buyerPayPal: '' }, MESSAGES.buyerPayPalRequired],
      [{ buyerName: '  ' }, MESSAGES.buyerNameRequired],
    ] as const) {
      const res = await putAsAgent(t.app, agent, order.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const bad = await putAsAgent(t.app, agent, order.id, { AgentStatus: 'Shipped' });
    expect(bad.statusCode).toBe(400);
    expect(await readOrder(t.db, order.id)).toMatchObject({ agentStatus: 'submitted', buyerName: 'Sara Khan' });
  });

  it("refuses another agent's order with 403 and changes nothing", async () => {
    const order = await newOrder();
    const { user: other } = await createUser(t.db, { role: 'agent' });
    const res = await putAsAgent(t.app, other, order.id, { AgentStatus: 'cancelled', buyerName: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only see and change your own orders.');
    expect(await readOrder(t.db, order.id)).toMatchObject({ agentStatus: 'submitted', buyerName: 'Sara Khan' });
  });

  it('refuses managers (also the vendor) and admins with 403', async () => {
    const order = await newOrder();
    for (const who of [vendor, 'manager', 'admin'] as const) {
      const res = await putAsAgent(t.app, who, order.id, { AgentStatus: 'cancelled' });
      expect(res.statusCode).toBe(403);
    }
    expect((await readOrder(t.db, order.id)).agentStatus).toBe('submitted');
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of ['3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', 'nope', '123']) {
      const res = await putAsAgent(t.app, agent, id, { buyerName: 'X' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.orderNotFound });
    }
  });

  it('sends no alert for an agent update', async () => {
    const { user: quietVendor } = await createUser(t.db, { role: 'manager' });
    const order = await createOrderRow(t.db, await createProduct(t.db, quietVendor), agent);
    const statuses: AgentStatus[] = ['Ordered', 'Reviewed'];
    for (const AgentStatus of statuses) {
      expect((await putAsAgent(t.app, agent, order.id, { AgentStatus })).statusCode).toBe(200);
    }
    expect(await alertsOf(t.db, quietVendor.id)).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
  });
});
