/**
 * Fraud signals (docs/domain.md, Fraud signals): each check fires on what it is for and not on
 * what merely looks like it, flags hold the commission until an admin dismisses them with a
 * note, staff see them and agents never do.
 */
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import {
  FLAG_LABELS,
  MAX_FLAG_RELATED_ORDERS,
  MESSAGE_BUILDERS_UR,
  MESSAGES,
  type Order,
  type OrderHistory,
  orderOnHold,
} from 'shared-api/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlags, orders, type ProductRow, type UserRow, uploadImageHashes, uploads } from '../db/schema';
import { findOrderSignals, lockSignalKeys } from '../services/order-signals';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { multipartRequest, ORDER_PAGE_TEXTS, type OrderPageText, orderPage, savedAgain } from '../test/images';
import { lookAlikesOf } from '../test/look-alikes';
import { createOrderRow, createProduct, getAs, orderBody, orderBodyAs, putAsAgent, putAsStaff } from '../test/orders';
import { hammingDistance, perceptualHash } from '../uploads/image-hash';
import { newUploadKey } from '../uploads/images';
import {
  hashAllOldScreenshots,
  hashOldScreenshots,
  lookAt,
  recordUploadHash,
  SAME_PICTURE_MAX_BITS,
} from '../uploads/screenshot-look';

/** Pictures with nothing in common but their size. */
const PICTURES = {
  shapes: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#fff"/><circle cx="250" cy="300" r="180" fill="#2a6"/><rect x="480" y="80" width="250" height="420" fill="#c33"/></svg>`,
  stripes: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#fff"/><rect x="0" y="0" width="800" height="150" fill="#222"/><rect x="0" y="300" width="800" height="150" fill="#888"/><circle cx="600" cy="220" r="60" fill="#d4a"/></svg>`,
  triangle: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#eee"/><polygon points="400,40 760,560 40,560" fill="#36c"/><rect x="60" y="60" width="200" height="120" fill="#fa0"/></svg>`,
  bars: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#fff"/><rect x="40" y="40" width="120" height="520" fill="#135"/><rect x="340" y="200" width="120" height="360" fill="#a52"/><rect x="640" y="360" width="120" height="200" fill="#3a5"/></svg>`,
  corners: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#fff"/><rect x="0" y="0" width="360" height="260" fill="#246"/><circle cx="620" cy="430" r="140" fill="#d62"/><polygon points="80,560 300,330 420,560" fill="#6a3"/></svg>`,
} as const;

const png = (picture: keyof typeof PICTURES) => sharp(Buffer.from(PICTURES[picture])).png().toBuffer();
/** The same picture saved again: smaller, as a JPEG of low quality. */
const resavedSmaller = async (picture: keyof typeof PICTURES) =>
  sharp(await png(picture))
    .resize(333)
    .jpeg({ quality: 35 })
    .toBuffer();

describe('fraud signals', () => {
  let t: TestApp;
  let vendor: UserRow;
  let otherVendor: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    otherVendor = (await createUser(t.db, { role: 'manager' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const newAgent = async () => (await createUser(t.db, { role: 'agent' })).user;

  async function upload(agent: UserRow, data: Buffer, type = 'image/png'): Promise<string> {
    const res = await injectAs(
      t.app,
      agent,
      await multipartRequest('/api/uploads', { files: [{ data, filename: 'shot', contentType: type }] }),
    );
    expect(res.statusCode).toBe(201);
    return (res.json() as { url: string }).url;
  }

  async function place(agent: UserRow, fields: Record<string, unknown> = {}): Promise<Order> {
    const res = await injectAs(t.app, agent, {
      method: 'POST',
      url: '/api/orders',
      payload: await orderBodyAs(t.app, agent, product.id, {
        buyerPayPal: `${agent.id}@buyers.example.com`,
        ...fields,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Order;
  }

  /** The order as an admin reads it. */
  const asAdmin = async (id: string) => (await getAs(t.app, admin, `/api/order/${id}`)).json() as Order;
  const flagsOf = async (id: string) => (await asAdmin(id)).flags ?? [];
  const codesOf = async (id: string) => (await flagsOf(id)).map((flag) => flag.code);
  /** How a flag names a related order to a person: by its number and agent, never by its id. */
  const named = (order: Order) => ({
    _id: order._id,
    amzOrderNumber: order.amzOrderNumber,
    agent: { _id: order.agent._id, name: order.agent.name },
  });

  describe('screenshot-reused', () => {
    it('hashes the same picture saved again at another size and quality within the distance, and a different picture far from it', async () => {
      const hash = async (data: Buffer) => {
        const value = await perceptualHash(data);
        if (value === undefined) throw new Error('no hash');
        return value;
      };
      const original = await hash(await png('shapes'));
      expect(hammingDistance(original, await hash(await resavedSmaller('shapes')))).toBeLessThanOrEqual(
        SAME_PICTURE_MAX_BITS,
      );
      const larger = await sharp(await png('shapes'))
        .resize(1600)
        .webp({ quality: 50 })
        .toBuffer();
      expect(hammingDistance(original, await hash(larger))).toBeLessThanOrEqual(SAME_PICTURE_MAX_BITS);
      expect(hammingDistance(original, await hash(await png('triangle')))).toBeGreaterThan(15);
    });

    it('sees the whole picture: two pictures alike in their top half and not below are far apart', async () => {
      const picture = (below: string) =>
        sharp(
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#fff"/><rect width="600" height="70" fill="#234"/><circle cx="150" cy="100" r="60" fill="#c52"/>${below}</svg>`,
          ),
        )
          .png()
          .toBuffer();
      const [one, other] = await Promise.all([
        perceptualHash(await picture('<rect x="40" y="240" width="220" height="140" fill="#2a6"/>')),
        perceptualHash(await picture('<rect x="340" y="220" width="240" height="160" fill="#36c"/>')),
      ]);
      if (one === undefined || other === undefined) throw new Error('no hash');
      expect(hammingDistance(one, other)).toBeGreaterThan(15);
    });

    it('gives a flat colour no hash, so two flat colours are not the same picture', async () => {
      const flat = (r: number) =>
        sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 120, b: 200 } } })
          .png()
          .toBuffer();
      expect(await perceptualHash(await flat(30))).toBeUndefined();
      expect(await perceptualHash(await flat(220))).toBeUndefined();
    });

    it("fires when another agent's screenshot is the same picture saved again at another size and quality, on both orders", async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const earlier = await place(first, { orderScreenshot: await upload(first, await png('shapes')) });
      const later = await place(second, {
        orderScreenshot: await upload(second, await resavedSmaller('shapes'), 'image/jpeg'),
      });
      const [flag] = await flagsOf(later._id);
      expect(flag).toEqual({
        code: 'screenshot-reused',
        message: 'The order screenshot is the same picture as the one of 1 other order.',
        relatedOrderIds: [earlier._id],
        relatedOrders: [named(earlier)],
        dismissed: false,
      });
      expect(await flagsOf(earlier._id)).toEqual([
        { ...flag, relatedOrderIds: [later._id], relatedOrders: [named(later)] },
      ]);
    });

    it('refuses one upload on two orders (409), and fires on the same picture uploaded again for the second', async () => {
      const agent = await newAgent();
      const shot = await upload(agent, await png('triangle'));
      const earlier = await place(agent, { orderScreenshot: shot });
      const again = await injectAs(t.app, agent, {
        method: 'POST',
        url: '/api/orders',
        payload: orderBody(product.id, { buyerPayPal: `${agent.id}@buyers.example.com`, orderScreenshot: shot }),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: MESSAGES.screenshotOnAnotherOrder });
      const later = await place(agent, { orderScreenshot: await upload(agent, await png('triangle')) });
      expect((await flagsOf(later._id))[0]).toMatchObject({
        code: 'screenshot-reused',
        relatedOrderIds: [earlier._id],
      });
    });

    it('does not fire on a different picture', async () => {
      const isolated = await createTestApp();
      try {
        const iso = isolated;
        const [first, second] = [(await createUser(iso.db)).user, (await createUser(iso.db)).user];
        const isoVendor = (await createUser(iso.db, { role: 'manager' })).user;
        const isoProduct = await createProduct(iso.db, isoVendor);
        const shotOf = async (agent: UserRow, data: Buffer) => {
          const res = await injectAs(
            iso.app,
            agent,
            await multipartRequest('/api/uploads', { files: [{ data, filename: 'shot', contentType: 'image/png' }] }),
          );
          return (res.json() as { url: string }).url;
        };
        const placeOn = async (agent: UserRow, shot: string) =>
          (
            await injectAs(iso.app, agent, {
              method: 'POST',
              url: '/api/orders',
              payload: orderBody(isoProduct.id, { buyerPayPal: `${agent.id}@x.example.com`, orderScreenshot: shot }),
            })
          ).json() as Order;
        const a = await placeOn(first, await shotOf(first, await png('shapes')));
        const b = await placeOn(second, await shotOf(second, await png('triangle')));
        expect(await iso.db.select().from(orderFlags)).toEqual([]);
        expect([a._id, b._id]).toHaveLength(2);
      } finally {
        await isolated.close();
      }
    });
  });

  it("fires when an agent changes its order's screenshot to a copy of another agent's, on both orders", async () => {
    const [first, second] = [await newAgent(), await newAgent()];
    const earlier = await place(first, { orderScreenshot: await upload(first, await png('bars')) });
    const later = await place(second);
    expect(await flagsOf(later._id)).toEqual([]);
    const copy = await upload(second, await resavedSmaller('bars'), 'image/jpeg');
    const res = await putAsAgent(t.app, second, later._id, { orderScreenshot: copy });
    expect(res.statusCode, res.body).toBe(200);
    expect(await flagsOf(later._id)).toEqual([
      expect.objectContaining({ code: 'screenshot-reused', relatedOrderIds: [earlier._id] }),
    ]);
    expect(await codesOf(earlier._id)).toEqual(['screenshot-reused']);
  });

  it("matches by the screenshot's upload and its pairs, as the locks answer them or read by the checks", async () => {
    const [first, second] = [await newAgent(), await newAgent()];
    const original = await upload(first, await png('corners'));
    const copy = await upload(second, await resavedSmaller('corners'), 'image/jpeg');
    const earlier = await place(first, { orderScreenshot: original });
    const later = await place(second, { orderScreenshot: copy });
    const keyOf = (url: string) => url.split('/').pop()?.split('?')[0] ?? '';
    // the copy's upload first, then the upload the second look paired with it
    const locked = await t.db.transaction((tx) => lockSignalKeys(tx, { orderScreenshot: copy }));
    expect(locked).toEqual([keyOf(copy), keyOf(original)]);
    expect(await t.db.transaction((tx) => lockSignalKeys(tx, { buyerPayPalKey: 'a@example.com' }))).toBeNull();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, later._id));
    if (!row) throw new Error('the order is not there');
    const screenshotMatches = async (keys?: string[] | null) =>
      (await findOrderSignals(t.db, row, keys)).filter((found) => found.code === 'screenshot-reused');
    const expected = [{ code: 'screenshot-reused', other_id: earlier._id }];
    // the keys the locks answered; none (a change that kept its screenshot): read by the checks;
    // another screenshot's keys are not this one's
    expect(await screenshotMatches(locked)).toEqual(expected);
    expect(await screenshotMatches(undefined)).toEqual(expected);
    expect(await screenshotMatches(null)).toEqual(expected);
    expect(await screenshotMatches([newUploadKey('png')])).toEqual(expected);
  });

  describe('screenshot-reused, the second look', () => {
    const page = (i: number) => orderPage(ORDER_PAGE_TEXTS[i] as OrderPageText);
    const screenshotFlag = async (id: string) => (await flagsOf(id)).find((flag) => flag.code === 'screenshot-reused');

    it('does not fire on order pages of one layout with another order and buyer, and fires on a copy of one', async () => {
      const [first, second, third] = [await newAgent(), await newAgent(), await newAgent()];
      const one = await place(first, { orderScreenshot: await upload(first, await page(0)) });
      const other = await place(second, { orderScreenshot: await upload(second, await page(1)) });
      expect(await screenshotFlag(one._id)).toBeUndefined();
      expect(await screenshotFlag(other._id)).toBeUndefined();
      const copy = await place(third, {
        orderScreenshot: await upload(third, await savedAgain(await page(0), 640, 'jpeg', 40), 'image/jpeg'),
      });
      expect(await screenshotFlag(copy._id)).toMatchObject({ relatedOrderIds: [one._id], dismissed: false });
      expect(await screenshotFlag(one._id)).toMatchObject({ relatedOrderIds: [copy._id] });
      expect(await screenshotFlag(other._id)).toBeUndefined();
    });

    it("keeps the hash's word for an upload without a detail picture", async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const shot = await upload(first, await page(4));
      const keyOfShot = shot.split('/').pop()?.split('?')[0] ?? '';
      await t.db.update(uploadImageHashes).set({ detail: null }).where(eq(uploadImageHashes.key, keyOfShot));
      const earlier = await place(first, { orderScreenshot: shot });
      const later = await place(second, { orderScreenshot: await upload(second, await page(5)) });
      expect(await screenshotFlag(later._id)).toMatchObject({ relatedOrderIds: expect.arrayContaining([earlier._id]) });
      // its detail picture back, for the tests after: without it, it is the same picture as every page
      const { detail } = await lookAt(await page(4));
      await t.db.update(uploadImageHashes).set({ detail }).where(eq(uploadImageHashes.key, keyOfShot));
    });

    it('looks at the newest uploads of a layout 50 or more uploads share', async () => {
      // 50 uploads of one page (written as an upload writes them, without their own looks), each on an order
      const crowd = await newAgent();
      const crowdLook = await lookAt(await page(2));
      for (let i = 0; i < MAX_FLAG_RELATED_ORDERS; i++) {
        const key = newUploadKey('png');
        await t.db
          .insert(uploads)
          .values({ key, ownerId: crowd.id, private: true, purpose: 'image', mimeType: 'image/png', sizeBytes: 1 });
        await recordUploadHash(t.db, key, crowdLook);
        await createOrderRow(t.db, product, crowd, { orderScreenshot: key });
      }
      const crowdIds = new Set(
        (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.agentId, crowd.id))).map((row) => row.id),
      );
      const crowdNamed = async (id: string) =>
        ((await screenshotFlag(id))?.relatedOrderIds ?? []).filter((related) => crowdIds.has(related));
      const [newest, copier, other] = [await newAgent(), await newAgent(), await newAgent()];
      const latest = await place(newest, { orderScreenshot: await upload(newest, await page(6)) });
      expect(await screenshotFlag(latest._id)).toBeUndefined();
      const copied = await place(copier, {
        orderScreenshot: await upload(copier, await savedAgain(await page(6), 900, 'webp', 50), 'image/webp'),
      });
      expect(await screenshotFlag(copied._id)).toMatchObject({ relatedOrderIds: [latest._id] });
      const unrelated = await place(other, { orderScreenshot: await upload(other, await page(7)) });
      expect(await screenshotFlag(unrelated._id)).toBeUndefined();
      expect(await crowdNamed(copied._id)).toEqual([]);
      // a copy of the crowd's page is found among the newest uploads, and names the crowd's orders of those
      const crowdCopy = await place(other, {
        orderScreenshot: await upload(other, await savedAgain(await page(2), 700, 'jpeg', 50), 'image/jpeg'),
      });
      expect((await crowdNamed(crowdCopy._id)).length).toBeGreaterThan(0);
      // five uploads with twelve looks each, the look lining each picture up: longer than the default on a busy machine
    }, 60_000);
  });

  describe('screenshots uploaded before the signals', () => {
    /** The upload as the migration left one from before: no hash. */
    async function forgetHash(key: string) {
      await t.db.delete(uploadImageHashes).where(eq(uploadImageHashes.key, key));
    }
    const keyOf = (url: string) => url.split('/').pop()?.split('?')[0] ?? '';

    it('are hashed by the maintenance task, once, and a later copy of one then fires on both orders', async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const shot = await upload(first, await png('stripes'));
      const earlier = await place(first, { orderScreenshot: shot });
      await forgetHash(keyOf(shot));
      const flat = await upload(
        first,
        await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
          .png()
          .toBuffer(),
      );
      await place(first, { orderScreenshot: flat });
      await forgetHash(keyOf(flat));

      const hashed = await hashOldScreenshots(t.db, t.app.images);
      expect(hashed).toEqual({ hashed: 1, withoutHash: 1 });
      const [row] = await t.db
        .select()
        .from(uploadImageHashes)
        .where(eq(uploadImageHashes.key, keyOf(shot)));
      expect(row?.phash).toBe(await perceptualHash((await t.app.images.read(keyOf(shot)))?.data ?? Buffer.alloc(0)));
      // each is tried once: the picture without detail keeps a row with no hash
      expect(await hashOldScreenshots(t.db, t.app.images)).toEqual({ hashed: 0, withoutHash: 0 });

      const later = await place(second, {
        orderScreenshot: await upload(second, await resavedSmaller('stripes'), 'image/jpeg'),
      });
      expect(await flagsOf(later._id)).toEqual([
        expect.objectContaining({ code: 'screenshot-reused', relatedOrderIds: [earlier._id] }),
      ]);
      expect(await codesOf(earlier._id)).toEqual(['screenshot-reused']);
    });

    it('are all hashed at start-up, batch after batch, until none is left or the API stops', async () => {
      const agent = await newAgent();
      const shots: string[] = [];
      for (let i = 0; i < 3; i++) {
        const shot = await upload(agent, await png(i === 1 ? 'triangle' : 'shapes'));
        await place(agent, { orderScreenshot: shot });
        await forgetHash(keyOf(shot));
        shots.push(keyOf(shot));
      }
      let reads = 0;
      const counting = {
        read: (key: string) => {
          reads += 1;
          return t.app.images.read(key);
        },
      };
      expect(await hashAllOldScreenshots(t.db, counting, { batch: 1, stopped: () => reads >= 2 })).toEqual({
        hashed: 2,
        withoutHash: 0,
      });
      expect(await hashAllOldScreenshots(t.db, t.app.images, { batch: 1 })).toEqual({ hashed: 1, withoutHash: 0 });
      const rows = await t.db.select().from(uploadImageHashes).where(inArray(uploadImageHashes.key, shots));
      expect(rows.map((row) => typeof row.phash)).toEqual(['bigint', 'bigint', 'bigint']);
    });

    it('an upload whose file is gone is tried once and compared by its key only', async () => {
      const agent = await newAgent();
      const shot = await upload(agent, await png('triangle'));
      await place(agent, { orderScreenshot: shot });
      await forgetHash(keyOf(shot));
      const missing = { read: async () => undefined };
      expect(await hashOldScreenshots(t.db, missing)).toEqual({ hashed: 0, withoutHash: 1 });
      expect(await hashOldScreenshots(t.db, t.app.images)).toEqual({ hashed: 0, withoutHash: 0 });
    });
  });

  describe('paypal-shared', () => {
    it("fires when the buyer's PayPal is on another agent's order, in another case and with spaces, on both orders", async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const earlier = await place(first, { buyerPayPal: 'Shared.Buyer@Example.com' });
      const later = await place(second, { buyerPayPal: '  shared.buyer@EXAMPLE.COM  ' });
      expect(await flagsOf(later._id)).toEqual([
        {
          code: 'paypal-shared',
          message: "The buyer's PayPal is also on an order of another agent.",
          relatedOrderIds: [earlier._id],
          relatedOrders: [named(earlier)],
          dismissed: false,
        },
      ]);
      expect((await flagsOf(earlier._id))[0]).toMatchObject({ code: 'paypal-shared', relatedOrderIds: [later._id] });
    });

    it("answers a flag's message in the request's language: Urdu to Accept-Language ur, on one order and in a list", async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      await place(first, { buyerPayPal: `urdu.${first.id}@example.com` });
      const later = await place(second, { buyerPayPal: `urdu.${first.id}@example.com` });
      const inUrdu = { 'accept-language': 'ur' };
      const one = await injectAs(t.app, admin, { method: 'GET', url: `/api/order/${later._id}`, headers: inUrdu });
      const [flag] = (one.json() as Order).flags ?? [];
      expect(flag?.message).toBe(MESSAGE_BUILDERS_UR.flagMessage('paypal-shared', 1));
      expect(flag?.message).toMatch(/[\u0600-\u06FF]/);
      const list = await injectAs(t.app, vendor, {
        method: 'GET',
        url: '/api/manager/orders?flagged=true',
        headers: { 'accept-language': 'ur-PK, en;q=0.5' },
      });
      const listed = (list.json() as Order[]).find((order) => order._id === later._id);
      expect(listed?.flags?.[0]?.message).toBe(MESSAGE_BUILDERS_UR.flagMessage('paypal-shared', 1));
      expect((await flagsOf(later._id))[0]?.message).toBe("The buyer's PayPal is also on an order of another agent.");
    });

    it("refuses or flags every look-alike spelling of a buyer's PayPal (a corpus made at random)", async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const address = `shared.${first.id.slice(0, 8).replace(/[^a-f2-9]/g, 'k')}@example.com`;
      const earlier = await place(first, { buyerPayPal: address });
      const seed = Date.now();
      const corpus = [
        // accepted ones mostly: letters that look alike, case, full-width, a tag, a trailing dot
        ...fc.sample(lookAlikesOf(address, ['homoglyph', 'capital', 'full-width', 'math', 'case', 'tag', 'dots']), {
          seed,
          numRuns: 12,
        }),
        // any trick
        ...fc.sample(lookAlikesOf(address), { seed: seed + 1, numRuns: 12 }),
        // invisible characters only
        ...fc.sample(lookAlikesOf(address, ['invisible']), { seed: seed + 2, numRuns: 4 }),
      ];
      const outcome = { flagged: 0, refused: 0 };
      for (const variant of corpus) {
        const res = await injectAs(t.app, second, {
          method: 'POST',
          url: '/api/orders',
          payload: await orderBodyAs(t.app, second, product.id, { buyerPayPal: variant }),
        });
        const about = `seed ${seed}, ${JSON.stringify(variant)}: ${res.body}`;
        if (res.statusCode === 400) {
          expect([MESSAGES.buyerPayPalInvalid, MESSAGES.buyerPayPalInvisible], about).toContain(res.json().message);
          outcome.refused += 1;
          continue;
        }
        expect(res.statusCode, about).toBe(201);
        const flags = await flagsOf(res.json()._id);
        expect(flags, about).toEqual([
          expect.objectContaining({ code: 'paypal-shared', relatedOrderIds: [earlier._id] }),
        ]);
        // screens show the PayPal as it was typed
        expect((await asAdmin(res.json()._id)).buyerPayPal, about).toBe(variant.trim());
        outcome.flagged += 1;
      }
      expect(outcome.flagged, `seed ${seed}`).toBeGreaterThan(0);
      expect(outcome.refused, `seed ${seed}`).toBeGreaterThanOrEqual(4);
      expect(await codesOf(earlier._id)).toEqual(['paypal-shared']);
    });

    it("fires when an agent changes its order's PayPal to a look-alike of one on another agent's order", async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const earlier = await place(first, { buyerPayPal: 'lookalike.buyer@example.com' });
      const later = await place(second);
      const res = await putAsAgent(t.app, second, later._id, {
        buyerPayPal: 'ＬＯＯＫａｌｉｋｅ.bυуеr+x@еxample.com.',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await flagsOf(later._id))[0]).toMatchObject({ code: 'paypal-shared', relatedOrderIds: [earlier._id] });
      const refused = await putAsAgent(t.app, second, later._id, { buyerPayPal: 'lookalike.\u200bbuyer@example.com' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: MESSAGES.buyerPayPalInvisible });
    });

    it('names to a manager only the related orders of its own products, and to an admin all of them; the message counts them all', async () => {
      const [first, second, third] = [await newAgent(), await newAgent(), await newAgent()];
      const elsewhereVendor = (await createUser(t.db, { role: 'manager' })).user;
      const othersProduct = await createProduct(t.db, elsewhereVendor);
      const elsewhere = await place(first, { productId: othersProduct.id, buyerPayPal: 'split.buyer@example.com' });
      const ours = await place(second, { buyerPayPal: 'split.buyer@example.com' });
      const later = await place(third, { buyerPayPal: 'split.buyer@example.com' });

      const message = "The buyer's PayPal is also on 2 orders of another agent.";
      const [asAdminFlag] = await flagsOf(later._id);
      expect(asAdminFlag).toMatchObject({ message });
      expect([...(asAdminFlag?.relatedOrderIds ?? [])].sort()).toEqual([elsewhere._id, ours._id].sort());

      const managersView = async (manager: UserRow, id: string) => {
        const res = await getAs(t.app, manager, `/api/order/${id}`);
        expect(res.statusCode).toBe(200);
        return (res.json() as Order).flags ?? [];
      };
      expect(await managersView(vendor, later._id)).toEqual([
        { code: 'paypal-shared', message, relatedOrderIds: [ours._id], relatedOrders: [named(ours)], dismissed: false },
      ]);
      // the other manager's order names none of this manager's, in its list too
      expect((await managersView(elsewhereVendor, elsewhere._id))[0]).toMatchObject({ relatedOrderIds: [] });
      const list = await getAs(t.app, elsewhereVendor, '/api/manager/orders');
      expect(list.statusCode).toBe(200);
      const listed = (list.json() as Order[]).find((order) => order._id === elsewhere._id);
      expect(listed?.flags?.[0]).toMatchObject({ code: 'paypal-shared', relatedOrderIds: [] });
      // and every order a manager is named, it may open
      for (const id of (await managersView(vendor, later._id))[0]?.relatedOrderIds ?? []) {
        expect((await getAs(t.app, vendor, `/api/order/${id}`)).statusCode).toBe(200);
      }
    });

    it('does not fire when an agent reuses its own buyer', async () => {
      const agent = await newAgent();
      const earlier = await place(agent, { buyerPayPal: 'own.buyer@example.com' });
      const later = await place(agent, { buyerPayPal: ' OWN.buyer@example.com' });
      expect(await flagsOf(earlier._id)).toEqual([]);
      expect(await flagsOf(later._id)).toEqual([]);
    });

    it("fires when an agent changes its order's PayPal to one on another agent's order", async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const earlier = await place(first, { buyerPayPal: 'moved.buyer@example.com' });
      const later = await place(second);
      expect(await flagsOf(later._id)).toEqual([]);
      const res = await putAsAgent(t.app, second, later._id, { buyerPayPal: 'Moved.Buyer@example.com' });
      expect(res.statusCode).toBe(200);
      expect((await flagsOf(later._id))[0]).toMatchObject({ code: 'paypal-shared', relatedOrderIds: [earlier._id] });
      expect(await codesOf(earlier._id)).toEqual(['paypal-shared']);
    });

    it('leaves a paid earlier order unflagged, and names it on the new one', async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const paid = await createOrderRow(t.db, product, first, {
        buyerPayPal: 'paid.buyer@example.com',
        comissionStatus: 'paid',
      });
      const later = await place(second, { buyerPayPal: 'paid.buyer@example.com' });
      expect((await flagsOf(later._id))[0]).toMatchObject({ code: 'paypal-shared', relatedOrderIds: [paid.id] });
      expect(await flagsOf(paid.id)).toEqual([]);
    });
  });

  describe('number-seen', () => {
    it('fires when an order takes a number another order carried before an edit freed it', async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const earlier = await place(first, { amzOrderNumber: '123-4567890-1111111' });
      const edit = await putAsAgent(t.app, first, earlier._id, { amzOrderNumber: '123-4567890-2222222' });
      expect(edit.statusCode).toBe(200);
      const later = await place(second, { amzOrderNumber: '123-4567890-1111111' });
      expect(await flagsOf(later._id)).toEqual([
        {
          code: 'number-seen',
          message: 'The order number was earlier on 1 other order.',
          relatedOrderIds: [earlier._id],
          // named by the number it carries now
          relatedOrders: [{ ...named(earlier), amzOrderNumber: '123-4567890-2222222' }],
          dismissed: false,
        },
      ]);
      // the order that gave the number up is not flagged by it
      expect(await flagsOf(earlier._id)).toEqual([]);
    });

    it('does not fire on a number only this order carried, back after an edit', async () => {
      const agent = await newAgent();
      const order = await place(agent, { amzOrderNumber: '123-4567890-3333333' });
      await putAsAgent(t.app, agent, order._id, { amzOrderNumber: '123-4567890-4444444' });
      await putAsAgent(t.app, agent, order._id, { amzOrderNumber: '123-4567890-3333333' });
      expect(await flagsOf(order._id)).toEqual([]);
    });
  });

  describe('the hold', () => {
    /** Two orders of two agents sharing a PayPal: both flagged. */
    async function flaggedPair() {
      const [first, second] = [await newAgent(), await newAgent()];
      const buyerPayPal = `held.${first.id}@example.com`;
      const earlier = await place(first, { buyerPayPal });
      const later = await place(second, { buyerPayPal });
      return { earlier, later, first, second };
    }

    it('places a flagged order: a signal never refuses one', async () => {
      const { later } = await flaggedPair();
      expect(later.comissionStatus).toBe('unpaid');
      expect(await codesOf(later._id)).toEqual(['paypal-shared']);
    });

    it('refuses to pay an order with a flag nobody dismissed, naming the flag, and pays it once an admin dismissed it with a note', async () => {
      const { later } = await flaggedPair();
      const refused = await putAsStaff(t.app, admin, later._id, { comissionStatus: 'paid' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: orderOnHold(FLAG_LABELS['paypal-shared']) });
      // a person reads the flag's label, never its internal code
      expect(refused.json().message).not.toContain('paypal-shared');
      expect((await asAdmin(later._id)).comissionStatus).toBe('unpaid');

      const dismissed = await injectAs(t.app, admin, {
        method: 'PUT',
        url: `/api/orders/${later._id}/flags/paypal-shared`,
        payload: { dismissed: true, note: '  Same family, checked by phone.  ' },
      });
      expect(dismissed.statusCode).toBe(200);
      expect((dismissed.json() as Order).flags).toEqual([expect.objectContaining({ dismissed: true })]);

      const history = (await getAs(t.app, admin, `/api/orders/${later._id}/history`)).json() as OrderHistory;
      const event = history.find((e) => e.action === 'flag-dismissed');
      expect(event).toMatchObject({
        actor: { _id: admin.id, role: 'admin' },
        changes: {
          flag: { from: 'paypal-shared', to: 'dismissed' },
          note: { from: null, to: 'Same family, checked by phone.' },
        },
      });

      const paid = await putAsStaff(t.app, admin, later._id, { comissionStatus: 'paid' });
      expect(paid.statusCode).toBe(200);
      expect((paid.json() as Order).comissionStatus).toBe('paid');
    });

    it('lets only admins dismiss, with a note, a flag the order has and nobody dismissed yet', async () => {
      const { later, second } = await flaggedPair();
      const url = `/api/orders/${later._id}/flags/paypal-shared`;
      const put = (who: Parameters<typeof injectAs>[1], payload: unknown, at = url) =>
        injectAs(t.app, who, { method: 'PUT', url: at, payload: payload as Record<string, unknown> });
      const note = { dismissed: true, note: 'Checked.' };

      expect((await put(vendor, note)).json()).toEqual({ message: MESSAGES.flagDismissOnlyAdmins });
      expect((await put(vendor, note)).statusCode).toBe(403);
      expect((await put(second, note)).statusCode).toBe(403);
      expect((await put(admin, { dismissed: true })).json()).toEqual({ message: MESSAGES.flagNoteRequired });
      expect((await put(admin, { dismissed: true, note: '   ' })).json()).toEqual({
        message: MESSAGES.flagNoteRequired,
      });
      expect((await put(admin, { dismissed: false, note: 'x' })).json()).toEqual({
        message: MESSAGES.flagDismissedRequired,
      });
      const noSuchCode = await put(admin, note, `/api/orders/${later._id}/flags/made-up`);
      expect([noSuchCode.statusCode, noSuchCode.json()]).toEqual([404, { message: MESSAGES.flagNotFound }]);
      const notFlagged = await put(admin, note, `/api/orders/${later._id}/flags/number-seen`);
      expect([notFlagged.statusCode, notFlagged.json()]).toEqual([404, { message: MESSAGES.flagNotFound }]);
      const noOrder = await put(admin, note, '/api/orders/00000000-0000-4000-8000-000000000000/flags/number-seen');
      expect([noOrder.statusCode, noOrder.json()]).toEqual([404, { message: MESSAGES.orderNotFound }]);

      expect((await put(admin, note)).statusCode).toBe(200);
      const again = await put(admin, note);
      expect([again.statusCode, again.json()]).toEqual([409, { message: MESSAGES.flagAlreadyDismissed }]);
      const [stored] = await t.db.select().from(orderFlags).where(eq(orderFlags.orderId, later._id));
      expect(stored).toMatchObject({ dismissedBy: admin.id, dismissalNote: 'Checked.' });
    });

    it('opens a dismissed flag again when a new order joins it', async () => {
      const { earlier, later } = await flaggedPair();
      await injectAs(t.app, admin, {
        method: 'PUT',
        url: `/api/orders/${earlier._id}/flags/paypal-shared`,
        payload: { dismissed: true, note: 'One other order is fine.' },
      });
      const third = await place(await newAgent(), { buyerPayPal: (await asAdmin(earlier._id)).buyerPayPal });
      const [flag] = await flagsOf(earlier._id);
      expect(flag).toMatchObject({ dismissed: false, relatedOrderIds: [third._id, later._id] });
      expect(flag?.message).toBe("The buyer's PayPal is also on 2 orders of another agent.");
    });

    it('counts the unpaid orders on hold for the admin', async () => {
      const before = (await getAs(t.app, admin, '/api/orders/held')).json() as { orders: number };
      await flaggedPair();
      expect((await getAs(t.app, admin, '/api/orders/held')).json()).toEqual({ orders: before.orders + 2 });
      expect((await getAs(t.app, vendor, '/api/orders/held')).statusCode).toBe(403);
    });
  });

  describe('who sees flags', () => {
    it("shows the flags to the product's manager and admins, on one order and in the lists, and flagged=true keeps only open ones", async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const ownProduct = await createProduct(t.db, otherVendor);
      const buyerPayPal = `listed.${first.id}@example.com`;
      const placeOwn = async (agent: UserRow, paypal = buyerPayPal) =>
        (
          await injectAs(t.app, agent, {
            method: 'POST',
            url: '/api/orders',
            payload: await orderBodyAs(t.app, agent, ownProduct.id, { buyerPayPal: paypal }),
          })
        ).json() as Order;
      const earlier = await placeOwn(first);
      const later = await placeOwn(second);
      const clean = await placeOwn(await newAgent(), `clean.${first.id}@example.com`);

      const managerOne = (await getAs(t.app, otherVendor, `/api/order/${later._id}`)).json() as Order;
      expect(managerOne.flags?.map((flag) => flag.code)).toEqual(['paypal-shared']);

      const managerList = await getAs(t.app, otherVendor, '/api/manager/orders?flagged=true');
      expect((managerList.json() as Order[]).map((order) => order._id).sort()).toEqual([earlier._id, later._id].sort());
      expect(managerList.headers['x-total-count']).toBe('2');
      const unfiltered = (await getAs(t.app, otherVendor, '/api/manager/orders')).json() as Order[];
      expect(unfiltered.find((order) => order._id === clean._id)?.flags).toEqual([]);

      await injectAs(t.app, admin, {
        method: 'PUT',
        url: `/api/orders/${earlier._id}/flags/paypal-shared`,
        payload: { dismissed: true, note: 'Checked.' },
      });
      const adminList = (await getAs(t.app, admin, `/api/orders/all?flagged=true&productId=${ownProduct.id}`)).json();
      expect((adminList as Order[]).map((order) => order._id)).toEqual([later._id]);
      expect((await getAs(t.app, admin, '/api/orders/all?flagged=maybe')).json()).toEqual({
        message: MESSAGES.flaggedInvalid,
      });
    });

    it('never shows an agent its flags: not on the order, its lists, its history or its export', async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      const buyerPayPal = `hidden.${first.id}@example.com`;
      const earlier = await place(first, { buyerPayPal });
      const res = await injectAs(t.app, second, {
        method: 'POST',
        url: '/api/orders',
        payload: await orderBodyAs(t.app, second, product.id, { buyerPayPal }),
      });
      const later = res.json() as Order;
      expect(later).not.toHaveProperty('flags');
      expect(await codesOf(later._id)).toEqual(['paypal-shared']);
      await injectAs(t.app, admin, {
        method: 'PUT',
        url: `/api/orders/${earlier._id}/flags/paypal-shared`,
        payload: { dismissed: true, note: 'A note the agent must not read.' },
      });

      const one = await getAs(t.app, first, `/api/order/${earlier._id}`);
      expect(one.json()).not.toHaveProperty('flags');
      for (const url of [`/api/agents/${first.id}/orders`, '/api/orders/filtered']) {
        const list = (await getAs(t.app, first, url)).json() as Order[];
        expect(list.length).toBeGreaterThan(0);
        for (const order of list) expect(order).not.toHaveProperty('flags');
      }
      const updated = await putAsAgent(t.app, first, earlier._id, { comments: 'Still here' });
      expect(updated.json()).not.toHaveProperty('flags');
      const history = (await getAs(t.app, first, `/api/orders/${earlier._id}/history`)).json() as OrderHistory;
      expect(history.map((event) => event.action)).toEqual(['placed', 'updated']);
      expect(JSON.stringify(history)).not.toContain('must not read');

      // flagged=true is no filter for an agent: its export lists its orders either way
      const all = await getAs(t.app, second, '/api/orders/export.csv');
      const filtered = await getAs(t.app, second, '/api/orders/export.csv?flagged=true');
      expect(filtered.body).toBe(all.body);
      expect(all.body.toLowerCase()).not.toContain('flag');
    });
  });
});
