/**
 * Images past one process: with IMAGE_STORE=postgres two API processes (their own data folders,
 * one database) serve each other's uploads; and image fields keep keys, so an API started under
 * another public URL shows working links for images stored before.
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ImageStoreKind } from '../config';
import type { UserRow } from '../db/schema';
import {
  createTestDatabase,
  createTestDataDir,
  createUser,
  injectAs,
  TEST_JWT_SECRET,
  type TestDatabase,
} from '../test/helpers';
import { keyOfLink, pathOf, uploadImageAs } from '../test/images';
import { orderBody } from '../test/orders';
import { productBody } from '../test/world';

let t: TestDatabase;
let manager: UserRow;
let agent: UserRow;
beforeAll(async () => {
  t = await createTestDatabase();
  manager = (await createUser(t.db, { role: 'manager' })).user;
  agent = (await createUser(t.db, { role: 'agent' })).user;
});
afterAll(() => t.close());

/** Another API process on the same database: its own data folder, as on another machine. */
async function apiProcess(imageStore: ImageStoreKind, publicUrl = 'http://api.example.test'): Promise<FastifyInstance> {
  const dataDir = await createTestDataDir();
  const app = await buildApp({ db: t.database, dataDir, jwtSecret: TEST_JWT_SECRET, publicUrl, imageStore });
  app.addHook('onClose', () => fs.rm(dataDir, { recursive: true, force: true }));
  return app;
}

/** A manager's new product (pending) showing a fresh upload, through `api`. */
async function productWithImage(api: FastifyInstance) {
  const link = await uploadImageAs(api, manager);
  const created = await injectAs(api, manager, {
    method: 'POST',
    url: '/api/products',
    payload: productBody({ image: link }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { _id: string; image: string };
}

/** An order placed through `api` with a fresh screenshot; answers its id and the screenshot's key. */
async function orderWithScreenshot(api: FastifyInstance, productId: string) {
  const link = await uploadImageAs(api, agent);
  const placed = await injectAs(api, agent, {
    method: 'POST',
    url: '/api/orders',
    payload: orderBody(productId, { orderScreenshot: link }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { id: placed.json()._id as string, key: keyOfLink(link) };
}

async function approve(api: FastifyInstance, productId: string) {
  const { user: admin } = await createUser(t.db, { role: 'admin' });
  const res = await injectAs(api, admin, { method: 'PUT', url: `/api/products/${productId}/approve` });
  expect(res.statusCode, res.body).toBe(200);
}

describe('IMAGE_STORE=postgres across two API processes', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await apiProcess('postgres');
    b = await apiProcess('postgres');
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('serves through one process a public image uploaded through the other, as the first would', async () => {
    const product = await productWithImage(a);
    await approve(a, product._id);
    const path = new URL(product.image).pathname;
    const fromA = await a.inject({ method: 'GET', url: path });
    const fromB = await b.inject({ method: 'GET', url: path });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    for (const header of ['content-type', 'content-length', 'cache-control', 'x-content-type-options']) {
      expect(fromB.headers[header], header).toBe(fromA.headers[header]);
    }
    expect(fromB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("serves through one process an order's private screenshot uploaded through the other, by a signed link either hands out", async () => {
    const product = await productWithImage(a);
    await approve(a, product._id);
    const order = await orderWithScreenshot(a, product._id);
    const seen = await injectAs(b, agent, { method: 'GET', url: `/api/order/${order.id}` });
    expect(seen.statusCode, seen.body).toBe(200);
    const link: string = seen.json().orderScreenshot;
    expect(keyOfLink(link)).toBe(order.key);
    const served = await b.inject({ method: 'GET', url: pathOf(link) });
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([
      200,
      'image/png',
      'no-store',
    ]);
    // still private: not at the public address, on either process
    expect((await b.inject({ method: 'GET', url: `/uploads/${order.key}` })).statusCode).toBe(404);
    expect((await a.inject({ method: 'GET', url: `/uploads/${order.key}` })).statusCode).toBe(404);
  });

  it('serves the preview link of a fresh upload through the other process', async () => {
    const link = await uploadImageAs(a, agent);
    expect((await b.inject({ method: 'GET', url: pathOf(link) })).statusCode).toBe(200);
  });
});

describe('IMAGE_STORE=files (the default) across two API processes', () => {
  it('serves an image only through the process whose data folder holds it', async () => {
    const a = await apiProcess('files');
    const b = await apiProcess('files');
    try {
      const link = await uploadImageAs(a, agent);
      expect((await a.inject({ method: 'GET', url: pathOf(link) })).statusCode).toBe(200);
      expect((await b.inject({ method: 'GET', url: pathOf(link) })).statusCode).toBe(404);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('an API started under another public URL', () => {
  it('shows working links to the images stored before, built on its own address', async () => {
    const before = await apiProcess('postgres', 'http://localhost:8000');
    const product = await productWithImage(before);
    await approve(before, product._id);
    const order = await orderWithScreenshot(before, product._id);
    await before.close();

    const moved = await apiProcess('postgres', 'https://api.new-domain.example');
    try {
      const shown = await injectAs(moved, agent, { method: 'GET', url: `/api/products/${product._id}/singleproduct` });
      const image = new URL(shown.json().image);
      expect(image.origin).toBe('https://api.new-domain.example');
      expect((await moved.inject({ method: 'GET', url: image.pathname })).statusCode).toBe(200);

      const seen = await injectAs(moved, agent, { method: 'GET', url: `/api/order/${order.id}` });
      const shot = new URL(seen.json().orderScreenshot);
      expect(`${shot.origin}${shot.pathname}`).toBe(`https://api.new-domain.example/api/private/${order.key}`);
      expect(new URL(seen.json().product.image).origin).toBe('https://api.new-domain.example');
      expect((await moved.inject({ method: 'GET', url: pathOf(shot.toString()) })).statusCode).toBe(200);
    } finally {
      await moved.close();
    }
  });
});
