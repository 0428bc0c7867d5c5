/**
 * Uploads are private to their uploader until attached: a product makes one public, an order
 * keeps it private and hands it out as short-lived signed links to those who may see the order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { orderSchema, productSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, type UserRow, uploads } from '../db/schema';
import { createTestApp, createUser, injectAs, TEST_JWT_SECRET, type TestApp } from '../test/helpers';
import { keyOfLink, pathOf, uploadCnicImage, uploadImageAs } from '../test/images';
import { createOrderRow, createProduct, orderBody, readOrder } from '../test/orders';
import { productBody, snapshot } from '../test/world';
import { ATTACH_REFUSALS } from './attach';
import { createPrivateLinks } from './private-links';

const PUBLIC_URL = 'https://api.example.test';

let t: TestApp;
let managerA: UserRow;
let managerB: UserRow;
let agentA: UserRow;
let agentB: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await createTestApp({ imageStore: 'files', publicUrl: PUBLIC_URL });
  managerA = (await createUser(t.db, { role: 'manager' })).user;
  managerB = (await createUser(t.db, { role: 'manager' })).user;
  agentA = (await createUser(t.db, { role: 'agent' })).user;
  agentB = (await createUser(t.db, { role: 'agent' })).user;
  admin = (await createUser(t.db, { role: 'admin' })).user;
});
afterAll(() => t.close());

const uploadRow = async (key: string) => (await t.db.select().from(uploads).where(eq(uploads.key, key)))[0];
const fileIn = (folder: 'uploads' | 'private', key: string) => fs.existsSync(path.join(t.dataDir, folder, key));
const get = (url: string) => t.app.inject({ method: 'GET', url });
/** Everything stored, and the files, to compare before and after a refusal. */
const state = async () => ({
  ...(await snapshot(t.db)),
  files: ['uploads', 'private'].flatMap((folder) => {
    const dir = path.join(t.dataDir, folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${folder}/${name}`) : [];
  }),
});
/** A signed link to the image: served (200, never cached). */
async function expectServedSigned(link: string) {
  const url = new URL(link);
  expect(url.pathname).toMatch(/^\/api\/private\/[0-9a-f]{32}\.png$/);
  expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  const res = await get(pathOf(link));
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('a product taking an upload', () => {
  const createProductAs = (who: UserRow, fields: Record<string, unknown>) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/products', payload: productBody(fields) });

  it('makes the image public: stored by its key, answered by its public URL, its file moved, served to anyone for good', async () => {
    const link = await uploadImageAs(t.app, managerA);
    const key = keyOfLink(link);
    expect(fileIn('private', key)).toBe(true);

    const res = await createProductAs(managerA, { image: link });
    expect(res.statusCode, res.body).toBe(201);
    const product = productSchema.parse(res.json());
    expect(product.image).toBe(`${PUBLIC_URL}/uploads/${key}`);
    const [stored] = await t.db.select().from(products).where(eq(products.id, product._id));
    expect(stored?.image).toBe(key);
    expect(await uploadRow(key)).toMatchObject({ private: false, ownerId: managerA.id });
    expect((await uploadRow(key))?.attachedAt).toBeInstanceOf(Date);
    expect([fileIn('uploads', key), fileIn('private', key)]).toEqual([true, false]);

    const served = await get(`/uploads/${key}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses an image someone else uploaded (403), on a new product and on an edit, and changes nothing', async () => {
    const othersLink = await uploadImageAs(t.app, managerB);
    const key = keyOfLink(othersLink);
    const own = await createProduct(t.db, managerA);
    const before = await state();

    const created = await createProductAs(managerA, { image: othersLink });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ message: ATTACH_REFUSALS.notOwn('image') });
    const edited = await injectAs(t.app, managerA, {
      method: 'PUT',
      url: `/api/products/${own.id}/update`,
      payload: productBody({ image: own.image, amzImage: othersLink, price: own.price, comission: own.comission }),
    });
    expect(edited.statusCode).toBe(403);
    expect(edited.json()).toEqual({ message: ATTACH_REFUSALS.notOwn('amzImage') });
    // an admin is no exception: the image is the other manager's
    const byAdmin = await createProductAs(admin, { image: othersLink });
    expect(byAdmin.statusCode).toBe(403);

    expect(await state()).toEqual(before);
    expect((await uploadRow(key))?.private).toBe(true);
    expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
  });

  it("lets an admin edit a manager's product, keeping its images, or giving it the admin's own", async () => {
    const created = await createProductAs(managerA, { image: await uploadImageAs(t.app, managerA) });
    const product = productSchema.parse(created.json());
    const body = (fields: Record<string, unknown>) =>
      productBody({ image: product.image, price: product.price, comission: product.comission, ...fields });
    const edit = (fields: Record<string, unknown>) =>
      injectAs(t.app, admin, { method: 'PUT', url: `/api/products/${product._id}/update`, payload: body(fields) });

    const renamed = await edit({ name: 'Renamed by the admin' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed by the admin', image: product.image });

    const adminsLink = await uploadImageAs(t.app, admin);
    const replaced = await edit({ image: adminsLink });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().image).toBe(`${PUBLIC_URL}/uploads/${keyOfLink(adminsLink)}`);
    expect((await uploadRow(keyOfLink(adminsLink)))?.private).toBe(false);
  });

  it('stores links that are not ours as they come (Firebase Storage, another site)', async () => {
    const firebase = 'https://firebasestorage.googleapis.com/v0/b/app/o/images%2Flamp.png?alt=media&token=x';
    const res = await createProductAs(managerA, { image: firebase, amzImage: 'https://m.media-amazon.com/i/lamp.jpg' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ image: firebase, amzImage: 'https://m.media-amazon.com/i/lamp.jpg' });
  });

  it('refuses a link to an upload that is not on the server, and a registration’s ID card image (400)', async () => {
    const gone = await createProductAs(managerA, { image: `${PUBLIC_URL}/uploads/${'a'.repeat(32)}.png` });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual({ message: ATTACH_REFUSALS.notFound('image') });
    const idCard = await createProductAs(managerA, { image: await uploadCnicImage(t.app, 'png') });
    expect(idCard.statusCode).toBe(400);
    expect(idCard.json()).toEqual({ message: ATTACH_REFUSALS.idCard('image') });
  });
});

describe('an order taking an upload', () => {
  const place = (who: UserRow, productId: string, fields: Record<string, unknown>) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/orders', payload: orderBody(productId, fields) });

  it("keeps it private: the order stores its key, and gives the agent, the product's manager and admins signed links", async () => {
    const product = await createProduct(t.db, managerA);
    const link = await uploadImageAs(t.app, agentA);
    const key = keyOfLink(link);

    const res = await place(agentA, product.id, { orderScreenshot: link });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    await expectServedSigned(order.orderScreenshot);
    expect(keyOfLink(order.orderScreenshot)).toBe(key);
    expect((await readOrder(t.db, order._id)).orderScreenshot).toBe(key);
    expect(await uploadRow(key)).toMatchObject({ private: true, ownerId: agentA.id });
    expect((await uploadRow(key))?.attachedAt).toBeInstanceOf(Date);

    // nobody gets it without a signature, nor at a public address
    expect((await get(`/api/private/${key}`)).statusCode).toBe(403);
    expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
    // a link signed eleven minutes ago has expired
    const old = createPrivateLinks(TEST_JWT_SECRET, { now: () => Date.now() - 11 * 60_000 }).url(PUBLIC_URL, key);
    expect((await get(pathOf(old))).statusCode).toBe(403);

    // every answer carrying the order, to everyone who may see it
    const reads: [UserRow, string][] = [
      [agentA, `/api/order/${order._id}`],
      [managerA, `/api/order/${order._id}`],
      [admin, `/api/order/${order._id}`],
      [agentA, `/api/agents/${agentA.id}/orders?limit=200`],
      [agentA, '/api/orders/filtered?limit=200'],
      [managerA, '/api/manager/orders?limit=200'],
      [admin, '/api/orders/all?limit=200'],
    ];
    for (const [who, url] of reads) {
      const answer = await injectAs(t.app, who, { method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      const body = answer.json() as
        | { _id: string; orderScreenshot: string }
        | { _id: string; orderScreenshot: string }[];
      const found = Array.isArray(body) ? body.find((o) => o._id === order._id) : body;
      await expectServedSigned(found?.orderScreenshot ?? '');
    }
  });

  it("refuses another agent's upload (403) when placing or updating an order, and changes nothing", async () => {
    const product = await createProduct(t.db, managerA);
    const own = await createOrderRow(t.db, product, agentA);
    const othersLink = await uploadImageAs(t.app, agentB);
    const before = await state();

    const placed = await place(agentA, product.id, { orderScreenshot: othersLink });
    expect(placed.statusCode).toBe(403);
    expect(placed.json()).toEqual({ message: ATTACH_REFUSALS.notOwn('orderScreenshot') });
    const updated = await injectAs(t.app, agentA, {
      method: 'PUT',
      url: `/api/orders/agent/${own.id}`,
      payload: { reviewScreenShot: othersLink, comments: 'with a screenshot that is not mine' },
    });
    expect(updated.statusCode).toBe(403);
    expect(updated.json()).toEqual({ message: ATTACH_REFUSALS.notOwn('reviewScreenShot') });
    // the manager cannot use the agent's image as a refund screenshot either
    const refund = await injectAs(t.app, managerA, {
      method: 'PUT',
      url: `/api/orders/${own.id}`,
      payload: { status: 'Refunded', refundShot: othersLink },
    });
    expect(refund.statusCode).toBe(403);
    expect(refund.json()).toEqual({ message: ATTACH_REFUSALS.notOwn('refundShot') });

    expect(await state()).toEqual(before);
  });

  it('takes back the signed links the form sends unchanged, even expired ones, without looking at them again', async () => {
    const product = await createProduct(t.db, managerA);
    const res = await place(agentA, product.id, { orderScreenshot: await uploadImageAs(t.app, agentA) });
    const order = orderSchema.parse(res.json());
    const key = (await readOrder(t.db, order._id)).orderScreenshot;
    const expired = createPrivateLinks(TEST_JWT_SECRET, { now: () => Date.now() - 60 * 60_000 }).url(PUBLIC_URL, key);

    const again = await injectAs(t.app, agentA, {
      method: 'PUT',
      url: `/api/orders/agent/${order._id}`,
      payload: { orderScreenshot: expired, comments: 'only the comment changed' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await readOrder(t.db, order._id)).orderScreenshot).toBe(key);
    await expectServedSigned(again.json().orderScreenshot);

    // an admin changing the status sends the manager's refund screenshot back as the order showed it
    const refundLink = await uploadImageAs(t.app, managerA);
    const refunded = await injectAs(t.app, managerA, {
      method: 'PUT',
      url: `/api/orders/${order._id}`,
      payload: { status: 'Refunded', refundShot: refundLink },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const byAdmin = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/orders/${order._id}`,
      payload: { status: 'Feedback Sent', refundShot: refunded.json().refundShot },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await readOrder(t.db, order._id)).refundShot).toBe(keyOfLink(refundLink));
  });

  it("gives the agent the manager's refund screenshot through a signed link", async () => {
    const product = await createProduct(t.db, managerA);
    const order = await createOrderRow(t.db, product, agentA);
    const refundLink = await uploadImageAs(t.app, managerA);
    const res = await injectAs(t.app, managerA, {
      method: 'PUT',
      url: `/api/orders/${order.id}`,
      payload: { status: 'Refunded', refundShot: refundLink },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await uploadRow(keyOfLink(refundLink)))?.private).toBe(true);
    const seen = await injectAs(t.app, agentA, { method: 'GET', url: `/api/order/${order.id}` });
    await expectServedSigned(seen.json().refundShot);
  });

  it('attaches nothing when the change is refused after the image was checked', async () => {
    const product = await createProduct(t.db, managerA);
    const taken = await createOrderRow(t.db, product, agentB);
    const order = await createOrderRow(t.db, product, agentA);
    const link = await uploadImageAs(t.app, agentA);
    // the order number is another order's: the unique index refuses the update
    const res = await injectAs(t.app, agentA, {
      method: 'PUT',
      url: `/api/orders/agent/${order.id}`,
      payload: { amzOrderNumber: taken.amzOrderNumber, reviewScreenShot: link },
    });
    expect(res.statusCode).toBe(409);
    expect((await uploadRow(keyOfLink(link)))?.attachedAt).toBeNull();
    expect((await readOrder(t.db, order.id)).reviewScreenShot).toBe('');
  });

  it("takes an image its uploader's product already shows by its public address, and leaves it public", async () => {
    const link = await uploadImageAs(t.app, managerA);
    const created = await injectAs(t.app, managerA, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ image: link }),
    });
    const publicUrl = created.json().image as string;
    const order = await createOrderRow(t.db, await createProduct(t.db, managerA), agentA);
    const res = await injectAs(t.app, managerA, {
      method: 'PUT',
      url: `/api/orders/${order.id}`,
      payload: { refundShot: publicUrl },
    });
    expect(res.statusCode, res.body).toBe(200);
    // the order's images are answered as signed links, this one too (the private route serves any upload)
    expect(keyOfLink(res.json().refundShot)).toBe(keyOfLink(link));
    await expectServedSigned(res.json().refundShot);
    expect((await uploadRow(keyOfLink(link)))?.private).toBe(false);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.refundShot).toBe(keyOfLink(link));
    expect((await t.app.inject({ method: 'GET', url: pathOf(publicUrl) })).statusCode).toBe(200);
  });
});
