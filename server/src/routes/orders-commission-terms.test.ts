/**
 * An order keeps the commission terms of the approved product it was placed under; a later
 * change of its review type is computed from those alone, never from a manager's edit that
 * waits for approval (or one approved after the order was placed).
 */
import { MESSAGES, type Product } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRow, UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { createProduct, orderBodyAs, putAsAgent, readOrder } from '../test/orders';

describe("an order's commission terms", () => {
  let t: TestApp;
  let vendor: UserRow;
  let agent: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
  });
  afterAll(() => t.close());

  /** An order placed through the API (text review, 150 with the fixture's figures). */
  async function placeOrder(product: ProductRow): Promise<string> {
    const res = await injectAs(t.app, agent, {
      method: 'POST',
      url: '/api/orders',
      payload: await orderBodyAs(t.app, agent, product.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id;
  }

  /** The product's manager edits it as the update-product form does; an approved product goes back to pending. */
  async function editProduct(product: ProductRow, changes: Record<string, unknown>): Promise<Product> {
    const res = await injectAs(t.app, vendor, {
      method: 'PUT',
      url: `/api/products/${product.id}/update`,
      payload: {
        name: product.name,
        category: product.category,
        price: product.price,
        comission: product.comission,
        comissionWithTextReview: product.comissionWithTextReview,
        comissionWithPictureReview: product.comissionWithPictureReview,
        comissionWithVideoReview: product.comissionWithVideoReview,
        reviewTypes: product.reviewTypes,
        image: product.image,
        ...changes,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it("prices a change of review type from the terms of placement, not a manager's edit waiting for approval", async () => {
    const product = await createProduct(t.db, vendor);
    const orderId = await placeOrder(product);
    const edited = await editProduct(product, { comissionWithPictureReview: 900, comission: 800 });
    expect(edited).toMatchObject({ status: 'pending', comissionWithPictureReview: 900 });

    const res = await putAsAgent(t.app, agent, orderId, { reviewType: 'picture' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reviewType: 'picture', comission: 200 });
    // a type without a figure of its own falls back to the base of the terms
    expect((await putAsAgent(t.app, agent, orderId, { reviewType: 'video' })).json()).toMatchObject({ comission: 100 });
    expect(await readOrder(t.db, orderId)).toMatchObject({ reviewType: 'video', comission: 100 });
  });

  it('keeps the terms of placement after the edit is approved', async () => {
    const product = await createProduct(t.db, vendor);
    const orderId = await placeOrder(product);
    await editProduct(product, { comissionWithPictureReview: 900 });
    const approved = await injectAs(t.app, 'admin', { method: 'PUT', url: `/api/products/${product.id}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);

    const res = await putAsAgent(t.app, agent, orderId, { reviewType: 'picture' });
    expect(res.json()).toMatchObject({ reviewType: 'picture', comission: 200 });
  });

  it("refuses a review type the terms do not have, even when the manager's pending edit adds it", async () => {
    const product = await createProduct(t.db, vendor, { reviewTypes: ['text', 'picture'] });
    const orderId = await placeOrder(product);
    await editProduct(product, { reviewTypes: ['text', 'picture', 'video'], comissionWithVideoReview: 700 });
    const before = await readOrder(t.db, orderId);

    const res = await putAsAgent(t.app, agent, orderId, { reviewType: 'video', buyerName: 'Changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.orderReviewTypeNotTaken });
    expect(await readOrder(t.db, orderId)).toEqual(before);
  });

  it('accepts a review type of the terms that the product has dropped since', async () => {
    const product = await createProduct(t.db, vendor, { reviewTypes: ['text', 'picture'] });
    const orderId = await placeOrder(product);
    await editProduct(product, { reviewTypes: ['text'], comissionWithPictureReview: null });

    const res = await putAsAgent(t.app, agent, orderId, { reviewType: 'picture' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reviewType: 'picture', comission: 200 });
  });

  it('keeps the terms out of the order JSON', async () => {
    const product = await createProduct(t.db, vendor);
    const orderId = await placeOrder(product);
    const res = await injectAs(t.app, agent, { method: 'GET', url: `/api/order/${orderId}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).not.toContain('commissionTerms');
    expect(JSON.stringify(res.json())).not.toContain('reviewTypes');
  });

  it("shows the agent its order's product under the terms of placement, never a manager's pending edit", async () => {
    const product = await createProduct(t.db, vendor);
    const orderId = await placeOrder(product);
    const edited = await editProduct(product, { comission: 99_999, comissionWithTextReview: 99_999 });
    expect(edited).toMatchObject({ status: 'pending', comission: 99_999 });
    const placedUnder = {
      _id: product.id,
      comission: 100,
      comissionWithTextReview: 150,
      comissionWithPictureReview: 200,
      comissionWithVideoReview: null,
      status: 'approved',
    };

    const one = await injectAs(t.app, agent, { method: 'GET', url: `/api/order/${orderId}` });
    expect(one.json().product).toMatchObject(placedUnder);
    const lists = [`/api/agents/${agent.id}/orders`, '/api/orders/filtered'];
    for (const url of lists) {
      const list = await injectAs(t.app, agent, { method: 'GET', url });
      const shown = (list.json() as { _id: string; product: unknown }[]).find((order) => order._id === orderId);
      expect(shown?.product, url).toMatchObject(placedUnder);
      expect(JSON.stringify(list.json()), url).not.toContain('99999');
    }
    // the agent's own update answers with the same order
    const updated = await putAsAgent(t.app, agent, orderId, { comments: 'Arrived' });
    expect(updated.json().product).toMatchObject(placedUnder);
    // the staff see the product waiting for approval, and the order's terms beside it
    const asManager = await injectAs(t.app, vendor, { method: 'GET', url: `/api/order/${orderId}` });
    expect(asManager.json().product).toMatchObject({ ...placedUnder, status: 'pending' });
  });
});
