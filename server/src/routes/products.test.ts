import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, type Product, productSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import {
  alerts,
  commissionTermsOf,
  type NewProductRow,
  orders,
  type ProductRow,
  products,
  type UserRow,
} from '../db/schema';
import { createTestApp, createUser, injectAs, signInAs, type TestApp, type TestIdentity } from '../test/helpers';

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Wireless Mouse',
  productId: 'B0TEST1234',
  description: 'A quiet mouse',
  category: 'Electronics',
  price: 25,
  comission: 300,
  image: 'https://images.example.com/mouse.png',
  ...overrides,
});

async function insertProduct(db: Db, vendor: UserRow, fields: Partial<NewProductRow> = {}): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({
      vendorId: vendor.id,
      name: 'Desk Lamp',
      category: 'Home & Kitchen',
      price: 40,
      comission: 250,
      image: 'https://images.example.com/lamp.png',
      status: 'approved',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('no product inserted');
  return row;
}

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join('');

async function insertOrder(db: Db, product: ProductRow, agent: UserRow) {
  const [row] = await db
    .insert(orders)
    .values({
      productId: product.id,
      agentId: agent.id,
      reviewType: 'no review',
      amzOrderNumber: `${digits(3)}-${digits(7)}-${digits(7)}`,
      buyerPayPal: 'buyer@example.com',
      buyerName: 'Buyer',
      comission: product.comission,
      commissionTerms: commissionTermsOf(product),
    })
    .returning();
  if (!row) throw new Error('no order inserted');
  return row;
}

const readProduct = async (db: Db, id: string) => (await db.select().from(products).where(eq(products.id, id)))[0];

const request = (
  t: TestApp,
  who: TestIdentity,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => injectAs(t.app, who, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('POST /api/products', () => {
  let t: TestApp;
  let manager: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    manager = (await createUser(t.db, { role: 'manager', firstName: 'Sana', lastName: 'Khan' })).user;
  });
  afterAll(() => t.close());

  it("approves an admin's product at once, with the admin as vendor and the affiliate link kept", async () => {
    const res = await request(t, 'admin', 'POST', '/api/products', validBody({ productLink: 'https://amzn.to/x' }));
    expect(res.statusCode).toBe(201);
    const body = productSchema.parse(res.json());
    const { user: admin } = await signInAs(t.app, 'admin');
    expect(body).toMatchObject({ status: 'approved', productLink: 'https://amzn.to/x', marketPlace: 'US' });
    expect(body.vendor._id).toBe(admin.id);
    expect(body.reviewTypes).toEqual([{ title: 'no review' }]);
    const stored = await readProduct(t.db, body._id);
    expect(stored).toMatchObject({ status: 'approved', vendorId: admin.id, productLink: 'https://amzn.to/x' });
  });

  it("keeps a manager's product pending and ignores the affiliate link a manager sends", async () => {
    const res = await request(t, manager, 'POST', '/api/products', validBody({ productLink: 'https://amzn.to/y' }));
    expect(res.statusCode).toBe(201);
    const body = res.json<Product>();
    expect(body).toMatchObject({ status: 'pending', productLink: '' });
    expect(body.vendor).toEqual({ _id: manager.id, name: 'Sana Khan', firstName: 'Sana', lastName: 'Khan' });
    expect(await readProduct(t.db, body._id)).toMatchObject({
      status: 'pending',
      productLink: '',
      vendorId: manager.id,
    });
  });

  it('ignores status, vendor and _id sent in the body', async () => {
    const { user: other } = await createUser(t.db, { role: 'manager' });
    const sentId = crypto.randomUUID();
    const res = await request(
      t,
      manager,
      'POST',
      '/api/products',
      validBody({ status: 'approved', vendor: other.id, vendorId: other.id, _id: sentId, id: sentId }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<Product>();
    expect(body._id).not.toBe(sentId);
    expect(await readProduct(t.db, body._id)).toMatchObject({ status: 'pending', vendorId: manager.id });
    expect(await readProduct(t.db, sentId)).toBeUndefined();
  });

  it('refuses an agent with 403 and stores nothing', async () => {
    const before = await t.db.$count(products);
    const res = await request(t, 'agent', 'POST', '/api/products', validBody());
    expect(res.statusCode).toBe(403);
    expect(await t.db.$count(products)).toBe(before);
  });

  it('refuses a request without a token with 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/products', payload: validBody() });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['nothing', {}, MESSAGES.productNameRequired],
    ['a name only', { name: 'Mouse', price: -1, comission: -1 }, MESSAGES.categoryRequired],
    [
      'no price, a bad commission and no thumbnail',
      { name: 'Mouse', category: 'Electronics', comission: -1 },
      MESSAGES.pricePositive,
    ],
    [
      'a zero price',
      { name: 'Mouse', category: 'Electronics', price: 0, comission: 1, image: 'x' },
      MESSAGES.pricePositive,
    ],
    [
      'a blank price',
      { name: 'Mouse', category: 'Electronics', price: '', comission: 1, image: 'x' },
      MESSAGES.pricePositive,
    ],
    [
      'a negative commission and no thumbnail',
      { name: 'Mouse', category: 'Electronics', price: 3, comission: -1 },
      MESSAGES.commissionRequired,
    ],
    [
      'a blank commission',
      { name: 'Mouse', category: 'Electronics', price: 3, comission: '', image: 'x' },
      MESSAGES.commissionRequired,
    ],
    ['no thumbnail', { name: 'Mouse', category: 'Electronics', price: 3, comission: 0 }, MESSAGES.thumbnailRequired],
  ])('answers a body with %s with the message of its first failing rule', async (_, body, message) => {
    const before = await t.db.$count(products);
    const res = await request(t, manager, 'POST', '/api/products', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.db.$count(products)).toBe(before);
  });

  it('stores the given marketplace, review types without repeats and trimmed list items', async () => {
    const res = await request(
      t,
      manager,
      'POST',
      '/api/products',
      validBody({
        marketPlace: 'UK',
        reviewTypes: [{ title: 'text' }, 'video', { title: 'text' }],
        guidelines: ['  be honest  ', '', '   '],
        comissionWithTextReview: 350,
        comissionWithVideoReview: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    const stored = await readProduct(t.db, res.json<Product>()._id);
    expect(stored).toMatchObject({
      marketPlace: 'UK',
      reviewTypes: ['text', 'video'],
      guidelines: ['be honest'],
      comissionWithTextReview: 350,
      comissionWithVideoReview: null,
    });
  });

  it("stores 'no review' when the review types are empty", async () => {
    const res = await request(t, manager, 'POST', '/api/products', validBody({ reviewTypes: [] }));
    expect(res.statusCode).toBe(201);
    expect((await readProduct(t.db, res.json<Product>()._id))?.reviewTypes).toEqual(['no review']);
  });

  it('refuses an unknown marketplace or review type with 400', async () => {
    expect((await request(t, manager, 'POST', '/api/products', validBody({ marketPlace: 'FR' }))).statusCode).toBe(400);
    expect((await request(t, manager, 'POST', '/api/products', validBody({ reviewTypes: ['essay'] }))).statusCode).toBe(
      400,
    );
  });
});

describe('PUT /api/products/:id/update', () => {
  let t: TestApp;
  let manager: UserRow;
  let otherManager: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    manager = (await createUser(t.db, { role: 'manager' })).user;
    otherManager = (await createUser(t.db, { role: 'manager' })).user;
  });
  afterAll(() => t.close());

  const bodyOf = (p: ProductRow, changes: Record<string, unknown> = {}) => ({
    name: p.name,
    category: p.category,
    description: p.description,
    price: p.price,
    comission: p.comission,
    comissionWithTextReview: p.comissionWithTextReview,
    comissionWithPictureReview: p.comissionWithPictureReview,
    comissionWithVideoReview: p.comissionWithVideoReview,
    reviewTypes: p.reviewTypes,
    image: p.image,
    ...changes,
  });

  /** An approved product with a value in every field an agent sees. */
  const insertFullProduct = () =>
    insertProduct(t.db, manager, {
      productId: 'B0LAMP0001',
      description: 'A warm desk lamp',
      productCategory: 'Home & Kitchen',
      marketPlace: 'US',
      productLink: 'https://amzn.to/lamp',
      keyword: 'desk lamp',
      brandName: 'Lumo',
      amzImage: 'https://images.example.com/lamp-amz.png',
      comissionWithTextReview: 270,
      comissionWithPictureReview: 280,
      comissionWithVideoReview: 290,
      reviewTypes: ['text', 'picture', 'video'],
      guidelines: ['Use it for a week', 'Show the light on'],
      marketerInstructions: ['Buy with a coupon'],
      commissionPolicies: ['Paid after the review is live'],
    });
  /** The whole product as the update form sends it back. */
  const fullBodyOf = (p: ProductRow, changes: Record<string, unknown> = {}) => ({
    ...bodyOf(p),
    productId: p.productId,
    productCategory: p.productCategory,
    marketPlace: p.marketPlace,
    keyword: p.keyword,
    brandName: p.brandName,
    amzImage: p.amzImage,
    guidelines: p.guidelines,
    marketerInstructions: p.marketerInstructions,
    commissionPolicies: p.commissionPolicies,
    ...changes,
  });

  it.each([
    ['name', { name: 'Desk Lamp Pro' }],
    ['product id', { productId: 'B0LAMP0002' }],
    ['description', { description: 'A warm desk lamp, now brighter' }],
    ['category', { category: 'Electronics' }],
    ['product category', { productCategory: 'Electronics' }],
    ['marketplace', { marketPlace: 'UK' }],
    ['keyword', { keyword: 'reading lamp' }],
    ['brand name', { brandName: 'Lumo Plus' }],
    ['marketplace image', { amzImage: 'https://images.example.com/lamp-amz-2.png' }],
    ['thumbnail', { image: 'https://images.example.com/lamp-2.png' }],
    ['price', { price: 41 }],
    ['commission', { comission: 260 }],
    ['text-review commission', { comissionWithTextReview: 300 }],
    ['picture-review commission', { comissionWithPictureReview: null }],
    ['video-review commission', { comissionWithVideoReview: 320 }],
    ['review types', { reviewTypes: ['text', 'no review'] }],
    ['review guidelines', { guidelines: ['Use it for a week'] }],
    ['marketer instructions', { marketerInstructions: [] }],
    ['commission policies', { commissionPolicies: ['Paid after the feedback is live'] }],
    ['order of the review guidelines', { guidelines: ['Show the light on', 'Use it for a week'] }],
  ])('sends an approved product back to pending when its manager changes the %s', async (_, change) => {
    const product = await insertFullProduct();
    const res = await request(t, manager, 'PUT', `/api/products/${product.id}/update`, fullBodyOf(product, change));
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>().status).toBe('pending');
    expect(await readProduct(t.db, product.id)).toMatchObject({ status: 'pending', ...change });
  });

  it('keeps an approved product approved when its manager saves it unchanged', async () => {
    const product = await insertFullProduct();
    const url = `/api/products/${product.id}/update`;
    // the whole form, as it comes back; then the same values written differently
    for (const body of [
      fullBodyOf(product),
      fullBodyOf(product, {
        name: `  ${product.name} `,
        price: String(product.price),
        reviewTypes: ['video', 'text', 'picture'],
        guidelines: [' Use it for a week ', '', 'Show the light on'],
      }),
    ]) {
      const res = await request(t, manager, 'PUT', url, body);
      expect(res.statusCode).toBe(200);
      expect(res.json<Product>().status).toBe('approved');
    }
    // a save is a change of the row even when its values are the same: its time, version and author move on
    const { updatedAt: _before, version: _version, updatedBy: _by, ...unchanged } = product;
    expect(await readProduct(t.db, product.id)).toMatchObject({
      ...unchanged,
      reviewTypes: ['video', 'text', 'picture'],
    });
  });

  it('keeps an approved product approved when its manager sends an affiliate link, which only an admin sets', async () => {
    const product = await insertFullProduct();
    const res = await request(
      t,
      manager,
      'PUT',
      `/api/products/${product.id}/update`,
      fullBodyOf(product, { productLink: 'https://evil.example.com' }),
    );
    expect(res.statusCode).toBe(200);
    expect(await readProduct(t.db, product.id)).toMatchObject({
      status: 'approved',
      productLink: 'https://amzn.to/lamp',
    });
  });

  it('keeps a product approved when an admin changes what agents see, and lets the admin set the affiliate link', async () => {
    const product = await insertProduct(t.db, manager);
    const res = await request(
      t,
      'admin',
      'PUT',
      `/api/products/${product.id}/update`,
      bodyOf(product, {
        name: 'Desk Lamp by the admin',
        description: 'Checked by the admin',
        price: 99,
        guidelines: ['Admin guideline'],
        productLink: 'https://amzn.to/admin',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>().vendor._id).toBe(manager.id);
    expect(await readProduct(t.db, product.id)).toMatchObject({
      status: 'approved',
      name: 'Desk Lamp by the admin',
      description: 'Checked by the admin',
      price: 99,
      guidelines: ['Admin guideline'],
      productLink: 'https://amzn.to/admin',
      vendorId: manager.id,
    });
  });

  it("ignores status, vendor, _id and a manager's affiliate link sent in the body", async () => {
    const product = await insertProduct(t.db, manager, { status: 'pending', productLink: 'https://amzn.to/kept' });
    const res = await request(
      t,
      manager,
      'PUT',
      `/api/products/${product.id}/update`,
      bodyOf(product, {
        name: 'Renamed',
        status: 'approved',
        vendor: otherManager.id,
        vendorId: otherManager.id,
        _id: UNKNOWN_ID,
        productLink: 'https://evil.example.com',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await readProduct(t.db, product.id)).toMatchObject({
      name: 'Renamed',
      status: 'pending',
      vendorId: manager.id,
      productLink: 'https://amzn.to/kept',
    });
    expect(await readProduct(t.db, UNKNOWN_ID)).toBeUndefined();
  });

  it('keeps the marketplace, review types and per-type commissions a body leaves out', async () => {
    const product = await insertProduct(t.db, manager, {
      marketPlace: 'DE',
      reviewTypes: ['picture'],
      comissionWithPictureReview: 400,
    });
    const body = {
      name: product.name,
      category: 'Home & Kitchen',
      price: product.price,
      comission: product.comission,
      image: product.image,
    };
    const res = await request(t, manager, 'PUT', `/api/products/${product.id}/update`, body);
    expect(res.statusCode).toBe(200);
    // what it leaves out is not a change: the product stays approved
    expect(await readProduct(t.db, product.id)).toMatchObject({
      name: product.name,
      marketPlace: 'DE',
      reviewTypes: ['picture'],
      comissionWithPictureReview: 400,
      status: 'approved',
    });
  });

  it('never leaves a changed price approved when two edits of its manager arrive together', async () => {
    const product = await insertProduct(t.db, manager);
    const url = `/api/products/${product.id}/update`;
    const answers = await Promise.all([
      request(t, manager, 'PUT', url, bodyOf(product, { price: 77 })),
      request(t, manager, 'PUT', url, bodyOf(product)),
    ]);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const stored = await readProduct(t.db, product.id);
    // Whichever order they ran in (the unchanged save keeps it approved), an approved product still has the approved price.
    if (stored?.status === 'approved') expect(stored.price).toBe(product.price);
    else expect(stored?.status).toBe('pending');
  });

  it("refuses another manager's edit with 403 and changes nothing", async () => {
    const product = await insertProduct(t.db, manager);
    const res = await request(
      t,
      otherManager,
      'PUT',
      `/api/products/${product.id}/update`,
      bodyOf(product, { name: 'Taken' }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.productEditOwnOnly });
    expect(await readProduct(t.db, product.id)).toEqual(product);
  });

  it('refuses an agent with 403', async () => {
    const product = await insertProduct(t.db, manager);
    const res = await request(t, 'agent', 'PUT', `/api/products/${product.id}/update`, bodyOf(product, { name: 'X' }));
    expect(res.statusCode).toBe(403);
    expect(await readProduct(t.db, product.id)).toEqual(product);
  });

  it('refuses to edit an archived product with 409', async () => {
    const product = await insertProduct(t.db, manager, { status: 'archived' });
    const res = await request(
      t,
      'admin',
      'PUT',
      `/api/products/${product.id}/update`,
      bodyOf(product, { name: 'Back' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.productArchivedNotEditable });
    expect(await readProduct(t.db, product.id)).toEqual(product);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    const product = await insertProduct(t.db, manager);
    for (const id of ['not-a-uuid', UNKNOWN_ID]) {
      const res = await request(t, 'admin', 'PUT', `/api/products/${id}/update`, bodyOf(product));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.productNotFound });
    }
  });

  it('refuses an invalid body with the rule message and changes nothing', async () => {
    const product = await insertProduct(t.db, manager);
    const res = await request(
      t,
      manager,
      'PUT',
      `/api/products/${product.id}/update`,
      bodyOf(product, { name: ' ', price: 0 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.productNameRequired });
    expect(await readProduct(t.db, product.id)).toEqual(product);
  });
});

describe('PUT /api/products/:id/approve', () => {
  let t: TestApp;
  let manager: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    manager = (await createUser(t.db, { role: 'manager' })).user;
  });
  afterAll(() => t.close());

  const vendorAlerts = (productName: string) =>
    t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, manager.id), eq(alerts.message, `Your product "${productName}" was approved.`)));

  it('approves a pending product and alerts its vendor', async () => {
    const product = await insertProduct(t.db, manager, { status: 'pending', name: 'Kettle' });
    const res = await request(t, 'admin', 'PUT', `/api/products/${product.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>()).toMatchObject({ _id: product.id, status: 'approved' });
    expect((await readProduct(t.db, product.id))?.status).toBe('approved');
    const sent = await vendorAlerts('Kettle');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'product_approved', link: '/admin/products', read: false });

    const list = await request(t, manager, 'GET', '/api/alerts');
    expect(list.json().alerts[0]).toMatchObject({
      type: 'product_approved',
      message: 'Your product "Kettle" was approved.',
    });
  });

  it('refuses a product that is not pending with 409 and sends no second alert', async () => {
    const product = await insertProduct(t.db, manager, { status: 'pending', name: 'Toaster' });
    expect((await request(t, 'admin', 'PUT', `/api/products/${product.id}/approve`)).statusCode).toBe(200);
    const again = await request(t, 'admin', 'PUT', `/api/products/${product.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MESSAGES.productNotPending });
    expect(await vendorAlerts('Toaster')).toHaveLength(1);

    const archived = await insertProduct(t.db, manager, { status: 'archived' });
    expect((await request(t, 'admin', 'PUT', `/api/products/${archived.id}/approve`)).statusCode).toBe(409);
    expect((await readProduct(t.db, archived.id))?.status).toBe('archived');
  });

  it('approves once when two approvals arrive together, with one alert', async () => {
    const product = await insertProduct(t.db, manager, { status: 'pending', name: 'Twin Fan' });
    const answers = await Promise.all([
      request(t, 'admin', 'PUT', `/api/products/${product.id}/approve`),
      request(t, 'admin', 'PUT', `/api/products/${product.id}/approve`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await vendorAlerts('Twin Fan')).toHaveLength(1);
  });

  it('refuses managers and agents with 403', async () => {
    const product = await insertProduct(t.db, manager, { status: 'pending' });
    expect((await request(t, manager, 'PUT', `/api/products/${product.id}/approve`)).statusCode).toBe(403);
    expect((await request(t, 'agent', 'PUT', `/api/products/${product.id}/approve`)).statusCode).toBe(403);
    expect((await readProduct(t.db, product.id))?.status).toBe('pending');
  });

  it('answers 404 for a malformed or unknown id', async () => {
    expect((await request(t, 'admin', 'PUT', '/api/products/123/approve')).statusCode).toBe(404);
    expect((await request(t, 'admin', 'PUT', `/api/products/${UNKNOWN_ID}/approve`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/products/:id/delete', () => {
  let t: TestApp;
  let manager: UserRow;
  let agent: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    manager = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
  });
  afterAll(() => t.close());

  it('deletes a product without orders', async () => {
    const product = await insertProduct(t.db, manager);
    const res = await request(t, manager, 'DELETE', `/api/products/${product.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.productDeleted, archived: false });
    expect(await readProduct(t.db, product.id)).toBeUndefined();
  });

  it('archives a product with orders, keeps its orders, and hides it from lists and agents', async () => {
    const product = await insertProduct(t.db, manager, { name: 'Archived Blender' });
    const order = await insertOrder(t.db, product, agent);
    const res = await request(t, 'admin', 'DELETE', `/api/products/${product.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.productArchived, archived: true });
    expect((await readProduct(t.db, product.id))?.status).toBe('archived');
    expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);

    for (const [who, url] of [
      [agent, '/api/products/approved'],
      [agent, '/api/products/filter'],
      [manager, '/api/products/filter'],
      [manager, '/api/manager/products'],
      ['admin', '/api/manager/products'],
      ['admin', '/api/products/filter'],
      ['admin', '/api/products/pending'],
    ] as const) {
      const list = await request(t, who, 'GET', `${url}?keyword=Archived%20Blender`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
    }
    expect((await request(t, agent, 'GET', `/api/products/${product.id}/singleproduct`)).statusCode).toBe(404);
    expect((await request(t, 'admin', 'GET', `/api/products/${product.id}/singleproduct`)).json().status).toBe(
      'archived',
    );
  });

  it('refuses another manager with 403 and an agent with 403, deleting nothing', async () => {
    const product = await insertProduct(t.db, manager);
    const { user: otherManager } = await createUser(t.db, { role: 'manager' });
    const other = await request(t, otherManager, 'DELETE', `/api/products/${product.id}/delete`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: MESSAGES.productDeleteOwnOnly });
    expect((await request(t, agent, 'DELETE', `/api/products/${product.id}/delete`)).statusCode).toBe(403);
    expect(await readProduct(t.db, product.id)).toEqual(product);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    expect((await request(t, 'admin', 'DELETE', '/api/products/%20/delete')).statusCode).toBe(404);
    expect((await request(t, 'admin', 'DELETE', `/api/products/${UNKNOWN_ID}/delete`)).statusCode).toBe(404);
  });
});

describe('GET /api/products/:id/singleproduct', () => {
  let t: TestApp;
  let manager: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    manager = (await createUser(t.db, { role: 'manager', firstName: 'Omar', lastName: 'Ali' })).user;
  });
  afterAll(() => t.close());

  it('shows an approved product to every role, with its vendor', async () => {
    const product = await insertProduct(t.db, manager);
    for (const who of ['agent', 'admin', 'manager'] as const) {
      const res = await request(t, who, 'GET', `/api/products/${product.id}/singleproduct`);
      expect(res.statusCode).toBe(200);
      expect(productSchema.parse(res.json())).toMatchObject({ _id: product.id, vendor: { name: 'Omar Ali' } });
    }
  });

  it('shows a pending product only to an admin and its vendor; others get 404', async () => {
    const product = await insertProduct(t.db, manager, { status: 'pending' });
    const url = `/api/products/${product.id}/singleproduct`;
    expect((await request(t, 'admin', 'GET', url)).statusCode).toBe(200);
    expect((await request(t, manager, 'GET', url)).statusCode).toBe(200);
    const agent = await request(t, 'agent', 'GET', url);
    expect(agent.statusCode).toBe(404);
    expect(agent.json()).toEqual({ message: MESSAGES.productNotFound });
    const { user: otherManager } = await createUser(t.db, { role: 'manager' });
    expect((await request(t, otherManager, 'GET', url)).statusCode).toBe(404);
  });

  it('answers 404 for a malformed or unknown id and 401 without a token', async () => {
    expect((await request(t, 'agent', 'GET', '/api/products/zzz/singleproduct')).statusCode).toBe(404);
    expect((await request(t, 'agent', 'GET', `/api/products/${UNKNOWN_ID}/singleproduct`)).statusCode).toBe(404);
    const product = await insertProduct(t.db, manager);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/singleproduct` })).statusCode).toBe(
      401,
    );
  });
});

describe('product lists', () => {
  let t: TestApp;
  let managerA: UserRow;
  let managerB: UserRow;
  const named: Record<string, ProductRow> = {};
  const base = Date.UTC(2025, 0, 1);

  beforeAll(async () => {
    t = await createTestApp();
    managerA = (await createUser(t.db, { role: 'manager', firstName: 'Ayesha', lastName: 'A' })).user;
    managerB = (await createUser(t.db, { role: 'manager', firstName: 'Bilal', lastName: 'B' })).user;
    const rows: [string, UserRow, Partial<NewProductRow>][] = [
      ['a1', managerA, { name: 'Garden Hose', marketPlace: 'US', reviewTypes: ['text', 'picture'] }],
      ['a2', managerA, { name: 'Coffee Grinder', description: 'Burr grinder, 100% steel', marketPlace: 'UK' }],
      ['a3', managerA, { name: 'Yoga Mat', status: 'pending', productId: 'B0YOGA_1' }],
      ['a4', managerA, { name: 'Old Kettle', status: 'archived' }],
      ['b1', managerB, { name: 'Phone Case', keyword: 'iphone cover', marketPlace: 'CA', reviewTypes: ['video'] }],
      ['b2', managerB, { name: 'Tent', status: 'pending', reviewTypes: ['text'] }],
      ['b3', managerB, { name: 'Running Shoes', reviewTypes: ['no review', 'text'] }],
    ];
    // Increasing creation times: the last row is the newest.
    for (const [i, [key, vendor, fields]] of rows.entries()) {
      named[key] = await insertProduct(t.db, vendor, { ...fields, createdAt: new Date(base + i * 60_000) });
    }
  });
  afterAll(() => t.close());

  const names = (res: { json: () => unknown }) => (res.json() as Product[]).map((p) => p.name);
  const get = (who: TestIdentity, url: string) => request(t, who, 'GET', url);

  it('lists approved products newest first with their vendor and the total in X-Total-Count', async () => {
    const res = await get('agent', '/api/products/approved');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Running Shoes', 'Phone Case', 'Coffee Grinder', 'Garden Hose']);
    expect(res.headers['x-total-count']).toBe('4');
    const [first] = res.json<Product[]>();
    expect(first?.vendor).toEqual({ _id: managerB.id, name: 'Bilal B', firstName: 'Bilal', lastName: 'B' });
  });

  it('pages with page and limit', async () => {
    const res = await get('agent', '/api/products/approved?page=2&limit=3');
    expect(names(res)).toEqual(['Garden Hose']);
    expect(res.headers['x-total-count']).toBe('4');
    expect((await get('agent', '/api/products/approved?limit=0')).statusCode).toBe(400);
  });

  it('matches the keyword in name, description, product id and keyword, whatever the case', async () => {
    expect(names(await get('admin', '/api/products/filter?keyword=garden'))).toEqual(['Garden Hose']);
    expect(names(await get('admin', '/api/products/filter?keyword=BURR'))).toEqual(['Coffee Grinder']);
    expect(names(await get('admin', '/api/products/filter?keyword=b0yoga'))).toEqual(['Yoga Mat']);
    expect(names(await get('admin', '/api/products/filter?keyword=IPHONE'))).toEqual(['Phone Case']);
  });

  it('treats % and _ in the keyword as plain characters', async () => {
    expect(names(await get('admin', '/api/products/filter?keyword=100%25'))).toEqual(['Coffee Grinder']);
    expect(names(await get('admin', '/api/products/filter?keyword=%25'))).toEqual(['Coffee Grinder']);
    expect(names(await get('admin', '/api/products/filter?keyword=A_1'))).toEqual(['Yoga Mat']);
    expect(names(await get('admin', '/api/products/filter?keyword=_'))).toEqual(['Yoga Mat']);
  });

  it('filters by marketplace and by review type', async () => {
    expect(names(await get('agent', '/api/products/approved?marketPlace=CA'))).toEqual(['Phone Case']);
    expect(names(await get('agent', '/api/products/approved?reviewType=text'))).toEqual([
      'Running Shoes',
      'Garden Hose',
    ]);
    expect(names(await get('agent', '/api/products/approved?reviewType=no%20review'))).toEqual([
      'Running Shoes',
      'Coffee Grinder',
    ]);
    expect(names(await get('agent', '/api/products/approved?reviewType=picture&marketPlace=US'))).toEqual([
      'Garden Hose',
    ]);
    expect(names(await get('agent', '/api/products/approved?reviewType=text&marketPlace=UK'))).toEqual([]);
  });

  it('treats blank filters as no filter and refuses unknown marketplaces and review types with 400', async () => {
    expect(names(await get('agent', '/api/products/filter?marketPlace=&reviewType=&keyword='))).toHaveLength(4);
    const market = await get('agent', '/api/products/filter?marketPlace=FR');
    expect(market.statusCode).toBe(400);
    expect(market.json().message).toMatch(/marketPlace/);
    expect((await get('agent', '/api/products/approved?reviewType=essay')).statusCode).toBe(400);
    expect((await get('agent', '/api/products/approved?keyword=a%00b')).statusCode).toBe(400);
    expect((await get('agent', '/api/products/approved?keyword=a&keyword=b')).statusCode).toBe(400);
  });

  it('filters within what the caller may see', async () => {
    expect(names(await get('agent', '/api/products/filter'))).toEqual([
      'Running Shoes',
      'Phone Case',
      'Coffee Grinder',
      'Garden Hose',
    ]);
    expect(names(await get(managerA, '/api/products/filter'))).toEqual(['Yoga Mat', 'Coffee Grinder', 'Garden Hose']);
    expect(names(await get('admin', '/api/products/filter'))).toEqual([
      'Running Shoes',
      'Tent',
      'Phone Case',
      'Yoga Mat',
      'Coffee Grinder',
      'Garden Hose',
    ]);
    expect(names(await get('admin', '/api/products/filter?status=pending'))).toEqual(['Tent', 'Yoga Mat']);
    expect(names(await get(managerB, '/api/products/filter?status=approved'))).toEqual(['Running Shoes', 'Phone Case']);
    // A status never widens an agent's view.
    expect(names(await get('agent', '/api/products/filter?status=pending'))).toEqual([]);
  });

  it("lists a manager's own products (not archived) and every product for an admin; refuses agents", async () => {
    expect(names(await get(managerA, '/api/manager/products'))).toEqual(['Yoga Mat', 'Coffee Grinder', 'Garden Hose']);
    const admin = await get('admin', '/api/manager/products?limit=2');
    expect(names(admin)).toEqual(['Running Shoes', 'Tent']);
    expect(admin.headers['x-total-count']).toBe('6');
    expect((await get('agent', '/api/manager/products')).statusCode).toBe(403);
  });

  it("lists pending products: all for an admin, a manager's own, none for agents", async () => {
    expect(names(await get('admin', '/api/products/pending'))).toEqual(['Tent', 'Yoga Mat']);
    expect(names(await get(managerB, '/api/products/pending'))).toEqual(['Tent']);
    expect(names(await get(managerB, '/api/products/pending?keyword=yoga'))).toEqual([]);
    expect((await get('agent', '/api/products/pending')).statusCode).toBe(403);
  });

  it('refuses every list without a token', async () => {
    for (const url of [
      '/api/products/approved',
      '/api/products/filter',
      '/api/manager/products',
      '/api/products/pending',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('never lists the archived product', async () => {
    expect(named.a4?.status).toBe('archived');
    expect(names(await get('admin', '/api/products/filter?keyword=kettle'))).toEqual([]);
    expect(names(await get(managerA, '/api/manager/products?keyword=kettle'))).toEqual([]);
  });
});
