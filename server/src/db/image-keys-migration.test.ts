/**
 * Migration 0010: image fields stored before it kept absolute URLs, with the API's host and port
 * of the day; they become upload keys, and the URLs of other sites stay as stored. Its data
 * statements are idempotent, so they run again here on rows shaped as before it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { pathOf } from '../test/images';
import { createOrderRow, createProduct, readOrder } from '../test/orders';
import { MIGRATIONS_FOLDER } from './connection';
import { products, uploads } from './schema';

const PUBLIC_URL = 'https://api.new-domain.example';
const newKey = (ext = 'png') => `${crypto.randomBytes(16).toString('hex')}.${ext}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => t.close());

const dataStatements = () =>
  fs
    .readFileSync(path.join(MIGRATIONS_FOLDER, '0010_image_store_and_keys.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((chunk) => chunk.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('UPDATE'));

describe('migration 0010: image URLs to upload keys', () => {
  it('rewrites the links to our uploads in every image field, under any host, and leaves other sites alone', async () => {
    const manager = (await createUser(t.db, { role: 'manager' })).user;
    const agent = (await createUser(t.db, { role: 'agent' })).user;
    const keys = {
      thumbnail: newKey(),
      amazonCopy: newKey('jpg'),
      order: newKey('webp'),
      refund: newKey(),
      review: newKey('gif'),
      feedback: newKey(),
    };
    for (const [name, key] of Object.entries(keys)) {
      const isPrivate = !['thumbnail', 'amazonCopy', 'review'].includes(name);
      await t.db.insert(uploads).values({ key, private: isPrivate, mimeType: 'image/png', sizeBytes: 10 });
      await t.app.images.write(key, isPrivate, Buffer.from(`image ${name}`));
    }
    const firebase = 'https://firebasestorage.googleapis.com/v0/b/app/o/images%2Ff.png?alt=media&token=abc';
    const amazon = 'https://m.media-amazon.com/images/I/71q1Ab2cDeL._AC_SL1500_.jpg';
    // another site whose path looks like ours, naming no upload of ours
    const lookalike = `https://cdn.other.example/uploads/${newKey()}`;

    const product = await createProduct(t.db, manager, {
      image: `http://localhost:8000/uploads/${keys.thumbnail}`,
      amzImage: `http://192.168.1.20:8000/uploads/${keys.amazonCopy}`,
    });
    const outsideProduct = await createProduct(t.db, manager, { image: lookalike, amzImage: amazon });
    const order = await createOrderRow(t.db, product, agent, {
      orderScreenshot: `https://staging.example.com/api/private/${keys.order}`,
      refundShot: `http://localhost:8000/api/private/${keys.refund}?expires=1700000000&sig=${'ab'.repeat(32)}`,
      reviewScreenShot: `https://api.example.com/base/path/uploads/${keys.review}`,
      feedbackScreenShot: `http://[::1]:8000/api/private/${keys.feedback}`,
    });
    const outsideOrder = await createOrderRow(t.db, product, agent, {
      orderScreenshot: firebase,
      refundShot: '',
      reviewScreenShot: lookalike,
    });

    for (let run = 0; run < 2; run++) {
      for (const statement of dataStatements()) await t.db.execute(sql.raw(statement));
    }

    const [migrated] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect([migrated?.image, migrated?.amzImage]).toEqual([keys.thumbnail, keys.amazonCopy]);
    const [untouched] = await t.db.select().from(products).where(eq(products.id, outsideProduct.id));
    expect([untouched?.image, untouched?.amzImage]).toEqual([lookalike, amazon]);
    expect(await readOrder(t.db, order.id)).toMatchObject({
      orderScreenshot: keys.order,
      refundShot: keys.refund,
      reviewScreenShot: keys.review,
      feedbackScreenShot: keys.feedback,
      updatedAt: order.updatedAt,
    });
    expect(await readOrder(t.db, outsideOrder.id)).toMatchObject({
      orderScreenshot: firebase,
      refundShot: '',
      reviewScreenShot: lookalike,
      feedbackScreenShot: '',
    });

    // answered under this API's address, whatever host they were stored under
    const { user: admin } = await createUser(t.db, { role: 'admin' });
    const shownProduct = await injectAs(t.app, admin, {
      method: 'GET',
      url: `/api/products/${product.id}/singleproduct`,
    });
    expect(shownProduct.json()).toMatchObject({
      image: `${PUBLIC_URL}/uploads/${keys.thumbnail}`,
      amzImage: `${PUBLIC_URL}/uploads/${keys.amazonCopy}`,
    });
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${keys.thumbnail}` })).statusCode).toBe(200);
    const shownOrder = (await injectAs(t.app, admin, { method: 'GET', url: `/api/order/${order.id}` })).json();
    for (const [field, key] of [
      ['orderScreenshot', keys.order],
      ['refundShot', keys.refund],
      ['reviewScreenShot', keys.review],
      ['FeedbackScreenShot', keys.feedback],
    ] as const) {
      const link = new URL(shownOrder[field]);
      expect(`${link.origin}${link.pathname}`, field).toBe(`${PUBLIC_URL}/api/private/${key}`);
      expect((await t.app.inject({ method: 'GET', url: pathOf(link.toString()) })).statusCode, field).toBe(200);
    }
    const shownOutside = (await injectAs(t.app, admin, { method: 'GET', url: `/api/order/${outsideOrder.id}` })).json();
    expect([shownOutside.orderScreenshot, shownOutside.reviewScreenShot]).toEqual([firebase, lookalike]);
  });
});
