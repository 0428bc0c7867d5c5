/**
 * Uploads without a token (a registration's ID card images, docs/architecture.md, Images): a
 * small share of the decode queue, still images of at most 10 megapixels, quotas per address
 * and for everyone, and stored images never larger than the upload limit.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { anonymousUploadQuota, MAX_IMAGE_BYTES, MESSAGES } from 'shared-api/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { uploads } from '../db/schema';
import { createTestApp, injectAs, TEST_JWT_SECRET, TEST_RATE_LIMITS, type TestApp } from '../test/helpers';
import { keyOfLink, makeImage, multipartRequest } from '../test/images';
import { createDecodeQueue, DECODE_QUEUE_FULL, type DecodeQueue } from '../uploads/decode-queue';
import { IMAGE_REFUSALS, MAX_ANONYMOUS_IMAGE_PIXELS } from '../uploads/images';

/** An animation of `frames` distinct small frames. */
async function animation(frames: number, size = 64): Promise<Buffer> {
  const stills = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({
        create: { width: size, height: size, channels: 3, background: { r: (i * 5) % 256, g: (i * 50) % 256, b: 9 } },
      })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(stills, { join: { animated: true } })
    .webp()
    .toBuffer();
}

const cnicForm = (data: Buffer) =>
  multipartRequest('/api/uploads', { fields: { purpose: 'cnic' }, files: [{ data, filename: 'cnic' }] });
const imageForm = (data: Buffer) => multipartRequest('/api/uploads', { files: [{ data, filename: 'shot' }] });

/** Requests reach the queue after their multipart parse and sign-in (argon2): seconds on a busy machine. */
const WAIT = { timeout: 30_000, interval: 20 };

/** A queue whose work waits until open() is called, so a test decides when decoding ends. */
function gatedQueue(queue: DecodeQueue) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const gated: DecodeQueue = {
    run: (work, options) =>
      queue.run(async () => {
        await gate;
        return work();
      }, options),
    get load() {
      return queue.load;
    },
    get anonymousLoad() {
      return queue.anonymousLoad;
    },
  };
  return { queue: gated, open: () => open() };
}

describe('anonymous uploads and the decode queue', () => {
  let t: TestApp;
  const gate = gatedQueue(createDecodeQueue());
  beforeAll(async () => {
    t = await createTestApp({ decodeQueue: gate.queue });
  });
  afterAll(() => t.close());

  it('ten anonymous animated uploads at once leave a signed-in upload its place: it is decoded, not refused', async () => {
    const webp = await animation(99, 16);
    const answered: LightMyRequestResponse[] = [];
    const anonymous = await Promise.all(Array.from({ length: 10 }, () => cnicForm(webp)));
    const flood = anonymous.map((form, i) =>
      t.app.inject({ ...form, remoteAddress: `198.51.100.${i + 1}` }).then((res) => {
        answered.push(res);
        return res;
      }),
    );
    // every anonymous upload is decoding, waiting or refused (the decoding is held)
    await vi.waitFor(() => {
      const { active, waiting } = gate.queue.load;
      expect(active + waiting + answered.length).toBe(10);
    }, WAIT);
    const signedIn = injectAs(t.app, 'agent', await imageForm(await makeImage('png'))).then((res) => {
      answered.push(res);
      return res;
    });
    await vi.waitFor(() => {
      const { active, waiting } = gate.queue.load;
      expect(active + waiting + answered.length).toBe(11);
    }, WAIT);
    gate.open();

    const res = await signedIn;
    expect(res.statusCode, res.body).toBe(201);
    const refused = (await Promise.all(flood)).filter((r) => r.statusCode === 503);
    // past their share they are refused at once, with the queue's message
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.json()).toEqual({ message: DECODE_QUEUE_FULL });
    expect(gate.queue.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('anonymous uploads: what is kept', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a 99-frame WebP without a token (a still image only), and takes it from a signed-in user', async () => {
    const webp = await animation(99, 8);
    const before = await t.db.$count(uploads);
    const refused = await t.app.inject(await cnicForm(webp));
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ message: MESSAGES.imageMustBeStill });
    expect(await t.db.$count(uploads)).toBe(before);
    expect((await injectAs(t.app, 'agent', await imageForm(webp))).statusCode).toBe(201);
    // a still WebP is an ID card image like any other
    expect((await t.app.inject(await cnicForm(await makeImage('webp')))).statusCode).toBe(201);
  });

  it('refuses an image of more than 10 megapixels without a token, and takes it from a signed-in user', async () => {
    const big = await sharp({ create: { width: 4000, height: 2600, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const refused = await t.app.inject(await cnicForm(big));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: IMAGE_REFUSALS.tooManyPixels(MAX_ANONYMOUS_IMAGE_PIXELS) });
    const atTheLimit = await sharp({ create: { width: 4000, height: 2500, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer();
    expect((await t.app.inject(await cnicForm(atTheLimit))).statusCode).toBe(201);
    expect((await injectAs(t.app, 'agent', await imageForm(big))).statusCode).toBe(201);
  });

  it('never keeps an image larger than the upload limit: a JPEG sent at a low quality is re-encoded to fit', async () => {
    // 9 MP of noise at quality 60: about 4 MB sent, about 5.7 MB once encoded again at 90
    const side = 3000;
    const jpeg = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 60 })
      .toBuffer();
    expect(jpeg.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    for (const send of [
      async () => t.app.inject(await cnicForm(jpeg)),
      async () => injectAs(t.app, 'agent', await imageForm(jpeg)),
    ]) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.db
        .select({ sizeBytes: uploads.sizeBytes })
        .from(uploads)
        .where(eq(uploads.key, keyOfLink(res.json().url)));
      expect(row?.sizeBytes).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    }
  });
});

describe('anonymous upload quotas', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const attempt = async (address: string) =>
    t.app.inject({ ...(await cnicForm(await makeImage('png'))), remoteAddress: address });

  it('answers 429 with a message and Retry-After once an address has used its quota; other addresses go on', async () => {
    t = await createTestApp({ rateLimits: { anonymousUpload: { max: 2, timeWindow: 60 * 60_000 } } });
    expect((await attempt('203.0.113.7')).statusCode).toBe(201);
    expect((await attempt('203.0.113.7')).statusCode).toBe(201);
    const limited = await attempt('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: anonymousUploadQuota.address(60 * 60_000) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    // an IPv6 address counts with its /64
    expect((await attempt('2001:db8:1:2::5')).statusCode).toBe(201);
    expect((await attempt('2001:db8:1:2:ffff::9')).statusCode).toBe(201);
    expect((await attempt('2001:db8:1:2:abcd:1:2:3')).statusCode).toBe(429);
    expect((await attempt('2001:db8:1:3::5')).statusCode).toBe(201);
    // the quota is on anonymous uploads: a signed-in user from that address uploads on
    const signedIn = await injectAs(t.app, 'agent', {
      ...(await imageForm(await makeImage('png'))),
      remoteAddress: '203.0.113.7',
    });
    expect(signedIn.statusCode).toBe(201);
  });

  it('answers 429 once all addresses together have used the quota for everyone', async () => {
    t = await createTestApp({ rateLimits: { anonymousUploadTotal: { max: 3, timeWindow: 60 * 60_000 } } });
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      expect((await attempt(address)).statusCode).toBe(201);
    const limited = await attempt('192.0.2.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: anonymousUploadQuota.everyone(60 * 60_000) });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)(
  'anonymous upload quotas across API processes (skipped: set TEST_REDIS_URL to run them)',
  () => {
    it('counts both quotas in Redis, shared by two app instances', async () => {
      const redis = {
        url: process.env.TEST_REDIS_URL ?? '',
        keyPrefix: `test:${crypto.randomBytes(6).toString('hex')}:`,
      };
      const rateLimits = {
        anonymousUpload: { max: 2, timeWindow: 60 * 60_000 },
        anonymousUploadTotal: { max: 3, timeWindow: 60 * 60_000 },
      };
      const t = await createTestApp({ rateLimits, redis });
      const other = await buildApp({
        db: t.database,
        dataDir: t.dataDir,
        jwtSecret: TEST_JWT_SECRET,
        logger: false,
        redis,
        rateLimits: { ...TEST_RATE_LIMITS, ...rateLimits },
      });
      try {
        const send = async (app: typeof other, address: string) =>
          (await app.inject({ ...(await cnicForm(await makeImage('png'))), remoteAddress: address })).statusCode;
        // one address: one upload on each process, then the third is over its quota on either
        expect([await send(t.app, '203.0.113.9'), await send(other, '203.0.113.9')]).toEqual([201, 201]);
        expect(await send(t.app, '203.0.113.9')).toBe(429);
        // everyone: the third upload of all addresses together is the last one
        expect(await send(other, '203.0.113.10')).toBe(201);
        const last = await other.inject({ ...(await cnicForm(await makeImage('png'))), remoteAddress: '203.0.113.11' });
        expect(last.statusCode).toBe(429);
        expect(last.json().message).toMatch(/^Too many ID card images are being uploaded right now/);
      } finally {
        await other.close();
        await t.close();
      }
    });
  },
);
