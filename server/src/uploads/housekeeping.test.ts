import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS_FOLDER } from '../db/connection';
import { type NewUploadRow, orders, products, type UserRow, uploads, users } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { makeImage, pathOf } from '../test/images';
import { createOrderRow, createProduct, readOrder } from '../test/orders';
import { attachOrderImage } from './attach';
import {
  deleteUnusedUploads,
  placeUploadFiles,
  UNCLAIMED_ID_IMAGE_GRACE_MS,
  UNUSED_UPLOAD_GRACE_MS,
} from './housekeeping';
import { writeStoredImage } from './images';

const PUBLIC_URL = 'https://api.example.test';
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const TWO_DAYS = 2 * UNUSED_UPLOAD_GRACE_MS;

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp({ imageStore: 'files', publicUrl: PUBLIC_URL });
  png = await makeImage('png');
});
afterAll(() => t.close());

const newKey = () => `${crypto.randomBytes(16).toString('hex')}.png`;
const fileIn = (folder: 'uploads' | 'private', key: string) => fs.existsSync(path.join(t.dataDir, folder, key));
const hasFile = (key: string) => fileIn('uploads', key) || fileIn('private', key);

/** An uploads row and its file, in the folder its privacy names unless told otherwise. */
async function stored(fields: Partial<NewUploadRow> & { inFolder?: 'uploads' | 'private' }): Promise<string> {
  const key = fields.key ?? newKey();
  const { inFolder, ...row } = fields;
  const isPrivate = row.private ?? true;
  await writeStoredImage(t.dataDir, inFolder ? inFolder === 'private' : isPrivate, key, png);
  await t.db.insert(uploads).values({ mimeType: 'image/png', sizeBytes: png.length, ...row, key, private: isPrivate });
  return key;
}

const existing = async (keys: string[]) =>
  (await t.db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, keys))).map((r) => r.key).sort();

describe('deleting unused uploads', () => {
  let agent: UserRow;
  let manager: UserRow;
  beforeAll(async () => {
    agent = (await createUser(t.db, { role: 'agent' })).user;
    manager = (await createUser(t.db, { role: 'manager' })).user;
  });

  it('deletes what nothing took within a day and public images nothing refers to, and keeps the rest', async () => {
    const old = ago(TWO_DAYS);
    const goes = {
      abandonedUpload: await stored({ ownerId: agent.id, createdAt: old }),
      unclaimedIdCard: await stored({ purpose: 'cnic', createdAt: old }),
      replacedThumbnail: await stored({ private: false, ownerId: manager.id, createdAt: old, attachedAt: old }),
      publicNeverAttached: await stored({ private: false, ownerId: manager.id, createdAt: old }),
    };
    const stays = {
      recentUpload: await stored({ ownerId: agent.id, createdAt: ago(HOUR) }),
      orderScreenshot: await stored({ ownerId: agent.id, createdAt: old, attachedAt: old }),
      replacedOrderScreenshot: await stored({ ownerId: agent.id, createdAt: old, attachedAt: old }),
      productImage: await stored({ private: false, ownerId: manager.id, createdAt: old, attachedAt: old }),
      publicInAnOrder: await stored({ private: false, ownerId: manager.id, createdAt: old, attachedAt: old }),
      recentlyReplaced: await stored({ private: false, ownerId: manager.id, createdAt: old, attachedAt: ago(HOUR) }),
      claimedIdCard: await stored({ purpose: 'cnic', ownerId: agent.id, createdAt: old, attachedAt: old }),
      // never marked attached, yet a product shows it: kept all the same
      unmarkedProductImage: await stored({ private: false, ownerId: manager.id, createdAt: old }),
    };
    // image fields keep keys; links in rows stored before keys count too
    const product = await createProduct(t.db, manager, {
      image: stays.productImage,
      amzImage: `http://another.host/uploads/${stays.unmarkedProductImage}`,
    });
    await createOrderRow(t.db, product, agent, {
      orderScreenshot: stays.orderScreenshot,
      refundShot: `${PUBLIC_URL}/uploads/${stays.publicInAnOrder}`,
    });
    await t.db.update(users).set({ cnicFront: stays.claimedIdCard }).where(eq(users.id, agent.id));

    const { deleted } = await deleteUnusedUploads(t.db, t.app.images);
    expect(deleted).toBeGreaterThanOrEqual(Object.keys(goes).length);
    const all = [...Object.values(goes), ...Object.values(stays)];
    expect(await existing(all)).toEqual(Object.values(stays).sort());
    for (const key of Object.values(goes)) expect(hasFile(key), key).toBe(false);
    for (const key of Object.values(stays)) expect(hasFile(key), key).toBe(true);

    // a day later, what was only recent goes too; a second run finds nothing else to delete
    const dayLater = new Date(Date.now() + UNUSED_UPLOAD_GRACE_MS + HOUR);
    await deleteUnusedUploads(t.db, t.app.images, { now: dayLater });
    expect(await existing([stays.recentUpload, stays.recentlyReplaced])).toEqual([]);
    expect(await existing([stays.orderScreenshot, stays.productImage, stays.publicInAnOrder])).toHaveLength(3);
  });

  it('deletes ID card images no registration claimed after an hour, and keeps claimed ones and other uploads', async () => {
    const overAnHour = ago(UNCLAIMED_ID_IMAGE_GRACE_MS + 5 * 60_000);
    const unclaimed = await stored({ purpose: 'cnic', createdAt: overAnHour });
    const justUploaded = await stored({ purpose: 'cnic', createdAt: ago(10 * 60_000) });
    const { user } = await createUser(t.db, { role: 'agent' });
    const claimed = await stored({ purpose: 'cnic', ownerId: user.id, createdAt: overAnHour, attachedAt: overAnHour });
    await t.db.update(users).set({ cnicFront: claimed }).where(eq(users.id, user.id));
    const agentsUpload = await stored({ ownerId: agent.id, createdAt: overAnHour });

    await deleteUnusedUploads(t.db, t.app.images);
    expect(await existing([unclaimed, justUploaded, claimed, agentsUpload])).toEqual(
      [justUploaded, claimed, agentsUpload].sort(),
    );
    expect(hasFile(unclaimed)).toBe(false);
    for (const key of [justUploaded, claimed, agentsUpload]) expect(hasFile(key), key).toBe(true);
  });

  it('keeps an upload an order takes while the clean-up runs: the clean-up waits for the commit and looks again', async () => {
    const product = await createProduct(t.db, manager);
    const order = await createOrderRow(t.db, product, agent);
    const key = await stored({ ownerId: agent.id, createdAt: ago(TWO_DAYS) });
    let cleanUp: Promise<{ deleted: number }> | undefined;
    await t.db.transaction(async (tx) => {
      const shot = { field: 'orderScreenshot', value: `${PUBLIC_URL}/api/private/${key}`, stored: '' } as const;
      const orderScreenshot = await attachOrderImage(tx, agent, shot, { orderId: order.id });
      await tx.update(orders).set({ orderScreenshot }).where(eq(orders.id, order.id));
      // the clean-up starts before the commit: it finds the upload unattached, then waits on its row
      cleanUp = deleteUnusedUploads(t.db, t.app.images);
      // (on PGlite it simply runs after the commit)
      if (t.database.kind === 'postgres') await waitForALockWait();
    });
    await cleanUp;
    expect(await existing([key])).toEqual([key]);
    expect(hasFile(key)).toBe(true);
    expect((await readOrder(t.db, order.id)).orderScreenshot).toBe(key);
  });
});

/** PostgreSQL: until some statement of this database waits for a row lock. */
async function waitForALockWait() {
  await vi.waitFor(
    async () => {
      const result = await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('placing files in the folder their row names', () => {
  it('moves misplaced files both ways, and leaves alone files without a row', async () => {
    const madePrivate = await stored({ private: true, inFolder: 'uploads' });
    const madePublic = await stored({ private: false, inFolder: 'private' });
    const inPlace = await stored({ private: true });
    const orphan = newKey();
    await writeStoredImage(t.dataDir, false, orphan, png);

    expect((await placeUploadFiles(t.db, t.app.images)).moved).toBe(2);
    expect([fileIn('private', madePrivate), fileIn('uploads', madePrivate)]).toEqual([true, false]);
    expect([fileIn('uploads', madePublic), fileIn('private', madePublic)]).toEqual([true, false]);
    expect(fileIn('private', inPlace)).toBe(true);
    expect(fileIn('uploads', orphan)).toBe(true);
    expect(fs.statSync(path.join(t.dataDir, 'private', madePrivate)).mode & 0o777).toBe(0o600);
    // idempotent
    expect((await placeUploadFiles(t.db, t.app.images)).moved).toBe(0);
  });
});

describe('existing images (migrations 0005 and 0010, and the start-up step)', () => {
  /** A migration's data statements (they are idempotent), run again on rows shaped as before it. */
  const dataStatements = (migration: string) =>
    fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, migration), 'utf8')
      .split('--> statement-breakpoint')
      .map((chunk) => chunk.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));

  it('makes the screenshots orders showed publicly private, and leaves product images public', async () => {
    const manager = (await createUser(t.db, { role: 'manager' })).user;
    const agent = (await createUser(t.db, { role: 'agent' })).user;
    // as before: every image public in DATA_DIR/uploads, nothing marked attached, ID cards private
    const before = { private: false, ownerId: agent.id, createdAt: ago(TWO_DAYS) };
    const screenshot = await stored(before);
    const refund = await stored({ ...before, ownerId: manager.id });
    const thumbnail = await stored({ ...before, ownerId: manager.id });
    const alsoInAnOrder = await stored({ ...before, ownerId: manager.id });
    const unused = await stored(before);
    const idCard = await stored({ private: true, ownerId: agent.id, createdAt: ago(TWO_DAYS) });
    await t.db.update(users).set({ cnicBack: idCard }).where(eq(users.id, agent.id));
    const product = await createProduct(t.db, manager, {
      image: `${PUBLIC_URL}/uploads/${thumbnail}`,
      amzImage: `${PUBLIC_URL}/uploads/${alsoInAnOrder}`,
    });
    const order = await createOrderRow(t.db, product, agent, {
      orderScreenshot: `http://old.host:8000/uploads/${screenshot}`,
      refundShot: `${PUBLIC_URL}/uploads/${refund}`,
      reviewScreenShot: `${PUBLIC_URL}/uploads/${alsoInAnOrder}`,
      feedbackScreenShot: 'https://firebasestorage.googleapis.com/v0/b/app/o/images%2Ff.png?alt=media',
    });
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${screenshot}` })).statusCode).toBe(200);

    for (let run = 0; run < 2; run++) {
      for (const statement of dataStatements('0005_private_uploads.sql')) await t.db.execute(sql.raw(statement));
    }
    // (rows of the tests above are part of this database too)
    expect((await placeUploadFiles(t.db, t.app.images)).moved).toBeGreaterThanOrEqual(2);

    const rows = new Map((await t.db.select().from(uploads)).map((row) => [row.key, row]));
    expect(rows.get(screenshot)).toMatchObject({ private: true, purpose: 'image' });
    expect(rows.get(refund)).toMatchObject({ private: true, purpose: 'image' });
    expect(rows.get(thumbnail)).toMatchObject({ private: false });
    expect(rows.get(alsoInAnOrder)).toMatchObject({ private: false });
    expect(rows.get(idCard)).toMatchObject({ private: true, purpose: 'cnic' });
    for (const key of [screenshot, refund, thumbnail, alsoInAnOrder, idCard]) {
      expect(rows.get(key)?.attachedAt, key).toBeInstanceOf(Date);
    }
    expect(rows.get(unused)?.attachedAt).toBeNull();
    expect([fileIn('private', screenshot), fileIn('private', refund), fileIn('uploads', thumbnail)]).toEqual([
      true,
      true,
      true,
    ]);

    const migrated = await readOrder(t.db, order.id);
    expect(migrated).toMatchObject({
      orderScreenshot: `http://old.host:8000/api/private/${screenshot}`,
      refundShot: `${PUBLIC_URL}/api/private/${refund}`,
      reviewScreenShot: `${PUBLIC_URL}/uploads/${alsoInAnOrder}`,
      feedbackScreenShot: 'https://firebasestorage.googleapis.com/v0/b/app/o/images%2Ff.png?alt=media',
    });
    expect(migrated.updatedAt).toEqual(order.updatedAt);
    const [kept] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(kept?.image).toBe(`${PUBLIC_URL}/uploads/${thumbnail}`);

    // then 0010: keys instead of URLs, whatever their host
    for (const statement of dataStatements('0010_image_store_and_keys.sql')) await t.db.execute(sql.raw(statement));
    expect(await readOrder(t.db, order.id)).toMatchObject({
      orderScreenshot: screenshot,
      refundShot: refund,
      reviewScreenShot: alsoInAnOrder,
      feedbackScreenShot: 'https://firebasestorage.googleapis.com/v0/b/app/o/images%2Ff.png?alt=media',
    });

    // served: not publicly any more, through signed links to those who see the order
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${screenshot}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${thumbnail}` })).statusCode).toBe(200);
    const seen = await injectAs(t.app, manager, { method: 'GET', url: `/api/order/${order.id}` });
    const link = new URL(seen.json().orderScreenshot);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/api/private/${screenshot}`);
    expect((await t.app.inject({ method: 'GET', url: pathOf(link.toString()) })).statusCode).toBe(200);
    // an order's public image (its product's) comes as a signed link too, the private route serving any upload
    const review = new URL(seen.json().reviewScreenShot);
    expect(`${review.origin}${review.pathname}`).toBe(`${PUBLIC_URL}/api/private/${alsoInAnOrder}`);
    expect((await t.app.inject({ method: 'GET', url: pathOf(review.toString()) })).statusCode).toBe(200);
  });
});
