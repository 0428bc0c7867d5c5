/**
 * Once an order's commission is paid, nothing its agent controls on it changes, and its Amazon
 * order number can never be used again, whatever happens to the order later: one purchase is
 * paid once.
 */
import { eq } from 'drizzle-orm';
import { MESSAGES, type OrderAgentUpdateInput } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRow, orders, type ProductRow, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { uploadImageAs } from '../test/images';
import {
  amzNumber,
  createOrderRow,
  createProduct,
  orderBodyAs,
  putAsAgent,
  putAsStaff,
  readOrder,
} from '../test/orders';

/** In a change below: a new upload of the agent's, made when the test runs. */
const NEW_UPLOAD = 'a new upload';

describe('a paid order', () => {
  let t: TestApp;
  let vendor: UserRow;
  let agent: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const place = (payload: object) => injectAs(t.app, agent, { method: 'POST', url: '/api/orders', payload });

  /** An order placed, moved to Ordered and paid through the API, as it happens in the product. */
  async function paidOrder(): Promise<OrderRow> {
    const placed = await place(await orderBodyAs(t.app, agent, product.id, { comments: 'Paid order' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const id: string = placed.json()._id;
    expect((await putAsAgent(t.app, agent, id, { AgentStatus: 'Ordered' })).statusCode).toBe(200);
    const paid = await putAsStaff(t.app, admin, id, { comissionStatus: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    return readOrder(t.db, id);
  }

  /** Everything the agent's form sends, equal to what is stored. */
  const formOf = (order: OrderRow): OrderAgentUpdateInput => ({
    reviewType: order.reviewType,
    amzOrderNumber: order.amzOrderNumber,
    buyerPayPal: order.buyerPayPal,
    buyerName: order.buyerName,
    orderScreenshot: order.orderScreenshot,
    reviewScreenShot: order.reviewScreenShot,
    FeedbackScreenShot: order.feedbackScreenShot,
    comments: order.comments,
    AgentStatus: order.agentStatus,
  });

  it('cannot be renumbered by its agent, and its number cannot be placed again (the issue, step by step)', async () => {
    const order = await paidOrder();
    const renumbered = await putAsAgent(t.app, agent, order.id, { amzOrderNumber: amzNumber() });
    expect(renumbered.statusCode).toBe(409);
    expect(renumbered.json()).toEqual({ message: MESSAGES.orderPaidClosed });
    expect(await readOrder(t.db, order.id)).toEqual(order);

    const again = await place(await orderBodyAs(t.app, agent, product.id, { amzOrderNumber: order.amzOrderNumber }));
    expect(again.statusCode).toBe(409);
    expect(await t.db.select().from(orders).where(eq(orders.amzOrderNumber, order.amzOrderNumber))).toEqual([order]);
  });

  it.each<[string, OrderAgentUpdateInput]>([
    ['the AMZ order number', { amzOrderNumber: '123-0000000-0000001' }],
    ['the buyer PayPal', { buyerPayPal: 'other@example.com' }],
    ['the buyer name', { buyerName: 'Someone Else' }],
    ['the review type', { reviewType: 'picture' }],
    ['the order screenshot', { orderScreenshot: NEW_UPLOAD }],
    ['the review screenshot', { reviewScreenShot: NEW_UPLOAD }],
    ['the feedback screenshot', { FeedbackScreenShot: NEW_UPLOAD }],
    ['the comments', { comments: 'Changed after payment' }],
    ['the agent status, even forward', { AgentStatus: 'Reviewed' }],
  ])('refuses a change of %s with 409 and changes nothing', async (_, change) => {
    const order = await paidOrder();
    const uploaded = Object.entries(change).map(async ([field, value]) => [
      field,
      value === NEW_UPLOAD ? await uploadImageAs(t.app, agent) : value,
    ]);
    const sent = Object.fromEntries(await Promise.all(uploaded));
    const res = await putAsAgent(t.app, agent, order.id, { ...formOf(order), ...sent });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.orderPaidClosed });
    expect(await readOrder(t.db, order.id)).toEqual(order);
  });

  it('answers 200 and changes nothing when every value sent is the stored one (the form sends them all)', async () => {
    const order = await paidOrder();
    const res = await putAsAgent(t.app, agent, order.id, formOf(order));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: order.id, amzOrderNumber: order.amzOrderNumber, comissionStatus: 'paid' });
    expect(await readOrder(t.db, order.id)).toEqual(order);
  });

  it('refuses a cancel with 409, naming the paid commission', async () => {
    const order = await paidOrder();
    const res = await putAsAgent(t.app, agent, order.id, { AgentStatus: 'cancelled' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An order cannot move from "Ordered" to "Cancelled": its commission is already paid.',
    );
    expect(await readOrder(t.db, order.id)).toEqual(order);
  });

  it('keeps its number from ever being used again, also after the number on the paid order changed', async () => {
    const order = await paidOrder();
    // whatever happens to the order later: here an operator's direct correction of its number
    await t.db.update(orders).set({ amzOrderNumber: amzNumber() }).where(eq(orders.id, order.id));

    const placed = await place(await orderBodyAs(t.app, agent, product.id, { amzOrderNumber: order.amzOrderNumber }));
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual({ message: MESSAGES.orderNumberPaidElsewhere });

    const other = await createOrderRow(t.db, product, agent);
    const renumbered = await putAsAgent(t.app, agent, other.id, { amzOrderNumber: order.amzOrderNumber });
    expect(renumbered.statusCode).toBe(409);
    expect(renumbered.json()).toEqual({ message: MESSAGES.orderNumberPaidElsewhere });
    expect(await readOrder(t.db, other.id)).toEqual(other);
    expect(await t.db.select().from(orders).where(eq(orders.amzOrderNumber, order.amzOrderNumber))).toEqual([]);
  });

  it("leaves an unpaid order's former number free: only paid numbers are closed for good", async () => {
    const order = await createOrderRow(t.db, product, agent);
    expect((await putAsAgent(t.app, agent, order.id, { amzOrderNumber: amzNumber() })).statusCode).toBe(200);
    const placed = await place(await orderBodyAs(t.app, agent, product.id, { amzOrderNumber: order.amzOrderNumber }));
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
