import { eq } from 'drizzle-orm';
import { MESSAGES, orderSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { keyOfLink, uploadImageAs } from '../test/images';
import { alertsOf, amzNumber, createProduct, orderBodyAs, readOrder } from '../test/orders';

describe('POST /api/orders', () => {
  let t: TestApp;
  let vendor: UserRow;
  let agent: UserRow;
  let referrer: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager', firstName: 'Vera', lastName: 'Vendor' })).user;
    referrer = (await createUser(t.db, { role: 'agent', firstName: 'Rafi', lastName: 'Referrer' })).user;
    agent = (
      await createUser(t.db, { role: 'agent', firstName: 'Amna', lastName: 'Agent', referralUserId: referrer.id })
    ).user;
  });
  afterAll(() => t.close());

  const place = (payload: object, who: UserRow | 'agent' | 'manager' | 'admin' = agent) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/orders', payload });

  const ordersNumbered = (amzOrderNumber: string) =>
    t.db.select().from(orders).where(eq(orders.amzOrderNumber, amzOrderNumber));

  it('places an order and answers 201 with the order, its product, vendor and agent', async () => {
    const product = await createProduct(t.db, vendor);
    const body = await orderBodyAs(t.app, agent, product.id);
    const res = await place(body);
    expect(res.statusCode).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({
      productId: product.id,
      reviewType: 'text',
      amzOrderNumber: body.amzOrderNumber,
      buyerPayPal: body.buyerPayPal,
      buyerName: 'Sara Khan',
      orderScreenshot: expect.stringContaining(`/api/private/${keyOfLink(body.orderScreenshot)}?`),
      comments: 'Delivered on time',
      refundShot: '',
      reviewScreenShot: '',
      FeedbackScreenShot: '',
      AgentStatus: 'submitted',
      status: '',
      comissionStatus: 'unpaid',
      comission: 150,
      product: {
        _id: product.id,
        name: 'Wireless earbuds',
        marketPlace: 'UK',
        image: 'https://img.example.com/earbuds.png',
        vendor: { _id: vendor.id, name: 'Vera Vendor', firstName: 'Vera', lastName: 'Vendor' },
        comission: 100,
        comissionWithTextReview: 150,
      },
      agent: {
        _id: agent.id,
        name: 'Amna Agent',
        email: agent.email,
        referralUserId: { _id: referrer.id, firstName: 'Rafi', lastName: 'Referrer' },
      },
    });
    const stored = await readOrder(t.db, order._id);
    expect(stored).toMatchObject({
      agentId: agent.id,
      productId: product.id,
      comission: 150,
      agentStatus: 'submitted',
    });
  });

  it('answers an agent without a referrer with referralUserId null', async () => {
    const { user: loner } = await createUser(t.db, { role: 'agent' });
    const product = await createProduct(t.db, vendor);
    const res = await place(await orderBodyAs(t.app, loner, product.id), loner);
    expect(res.statusCode).toBe(201);
    expect(res.json().agent.referralUserId).toBeNull();
  });

  it.each([
    ['text', 150],
    ['picture', 200],
    ['video', 100], // no video figure: falls back to the base commission
    ['no review', 100],
  ] as const)('computes the commission of a %s review on the server (%d)', async (reviewType, expected) => {
    const product = await createProduct(t.db, vendor);
    const res = await place(await orderBodyAs(t.app, agent, product.id, { reviewType, comission: 99_999 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().comission).toBe(expected);
    expect((await readOrder(t.db, res.json()._id)).comission).toBe(expected);
  });

  it('stores a new order as submitted, unpaid and without status, whatever the client sent', async () => {
    const product = await createProduct(t.db, vendor);
    const { user: otherAgent } = await createUser(t.db, { role: 'agent' });
    const res = await place(
      await orderBodyAs(t.app, agent, product.id, {
        AgentStatus: 'Feedbacked',
        comissionStatus: 'paid',
        status: 'Refunded',
        comission: 5000,
        agent: otherAgent.id,
        agentId: otherAgent.id,
        refundShot: 'https://img.example.com/refund.png',
        _id: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expect(res.statusCode).toBe(201);
    const stored = await readOrder(t.db, res.json()._id);
    expect(stored).toMatchObject({
      agentStatus: 'submitted',
      comissionStatus: 'unpaid',
      status: '',
      comission: 150,
      agentId: agent.id,
      refundShot: '',
    });
    expect(stored.id).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it("keeps the order's commission, and shows the terms it was placed under, when the product's figures change later", async () => {
    const product = await createProduct(t.db, vendor);
    const res = await place(await orderBodyAs(t.app, agent, product.id, { reviewType: 'picture' }));
    expect(res.json().comission).toBe(200);
    await t.db
      .update(products)
      .set({ price: 5000, comission: 10, comissionWithPictureReview: 999 })
      .where(eq(products.id, product.id));
    expect((await readOrder(t.db, res.json()._id)).comission).toBe(200);
    const fetched = await injectAs(t.app, agent, { method: 'GET', url: `/api/order/${res.json()._id}` });
    expect(fetched.json()).toMatchObject({
      comission: 200,
      product: { comission: 100, comissionWithPictureReview: 200 },
    });
  });

  it('refuses a review type the product does not take with 400 and stores nothing', async () => {
    const product = await createProduct(t.db, vendor, { reviewTypes: ['text'] });
    const body = await orderBodyAs(t.app, agent, product.id, { reviewType: 'video' });
    const res = await place(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.orderReviewTypeNotTaken });
    expect(await ordersNumbered(body.amzOrderNumber)).toHaveLength(0);
  });

  it('refuses a second order with the same AMZ order number with 409', async () => {
    const product = await createProduct(t.db, vendor);
    const body = await orderBodyAs(t.app, agent, product.id);
    expect((await place(body)).statusCode).toBe(201);
    const again = await place({
      ...body,
      buyerName: 'Someone Else',
      orderScreenshot: await uploadImageAs(t.app, agent),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MESSAGES.orderNumberTaken });
    const stored = await ordersNumbered(body.amzOrderNumber);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.buyerName).toBe('Sara Khan');
  });

  it('answers 404 for an unknown product id, and 400 for one that is not an id', async () => {
    const cases = [
      ['7b0c9a8e-2f7d-4c55-9d8e-1a2b3c4d5e6f', 404, MESSAGES.orderProductNotFound],
      ['not-a-uuid', 400, MESSAGES.productIdInvalid],
      ["1' or '1'='1", 400, MESSAGES.productIdInvalid],
    ] as const;
    for (const [productId, status, message] of cases) {
      const body = await orderBodyAs(t.app, agent, productId);
      const res = await place(body);
      expect(res.statusCode, productId).toBe(status);
      expect(res.json()).toEqual({ message });
      expect(await ordersNumbered(body.amzOrderNumber)).toHaveLength(0);
    }
  });

  it('refuses a pending or archived product with 409', async () => {
    for (const status of ['pending', 'archived'] as const) {
      const product = await createProduct(t.db, vendor, { status });
      const body = await orderBodyAs(t.app, agent, product.id);
      const res = await place(body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MESSAGES.orderProductUnavailable });
      expect(await ordersNumbered(body.amzOrderNumber)).toHaveLength(0);
    }
  });

  it('sends the vendor an order_placed alert', async () => {
    const { user: ownVendor } = await createUser(t.db, { role: 'manager' });
    const product = await createProduct(t.db, ownVendor, { name: 'Desk lamp' });
    const body = await orderBodyAs(t.app, agent, product.id);
    const res = await place(body);
    expect(await alertsOf(t.db, ownVendor.id)).toEqual([
      expect.objectContaining({
        type: 'order_placed',
        message: `New order ${body.amzOrderNumber} for "Desk lamp" by Amna Agent.`,
        link: `/manager/update/order/${res.json()._id}`,
        read: false,
      }),
    ]);
    expect(await alertsOf(t.db, agent.id)).toEqual([]);
  });

  it('refuses managers and admins with 403', async () => {
    const product = await createProduct(t.db, vendor);
    for (const who of ['manager', 'admin'] as const) {
      const body = await orderBodyAs(t.app, agent, product.id);
      const res = await place(body, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only agents can place orders.');
      expect(await ordersNumbered(body.amzOrderNumber)).toHaveLength(0);
    }
  });

  it('refuses a request without a token with 401', async () => {
    const product = await createProduct(t.db, vendor);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: await orderBodyAs(t.app, agent, product.id),
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ amzOrderNumber: '1234567890' }, MESSAGES.orderNumberInvalid],
    [{ amzOrderNumber: '' }, MESSAGES.orderNumberRequired],
    [{ reviewType: undefined }, MESSAGES.reviewTypeRequired],
    [{ reviewType: 'stars' }, MESSAGES.reviewTypeRequired],
    [{ buyerPayPal: ' ' }, MESSAGES.buyerPayPalRequired],
    [{ buyerName: undefined }, MESSAGES.buyerNameRequired],
    [{ orderScreenshot: '' }, MESSAGES.orderScreenshotRequired],
  ])('refuses an invalid body %j with 400 and its message', async (fields, message) => {
    const product = await createProduct(t.db, vendor);
    const res = await place(await orderBodyAs(t.app, agent, product.id, fields));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses a body that is not an object with 400', async () => {
    const res = await injectAs(t.app, agent, {
      method: 'POST',
      url: '/api/orders',
      payload: JSON.stringify([amzNumber()]),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
