import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MAX_IMAGE_BYTES, MESSAGES, uploadResponseSchema } from 'shared-api/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads } from '../db/schema';
import { createTestApp, createUser, injectAs, TEST_JWT_SECRET, type TestApp } from '../test/helpers';
import { makeImage, multipartRequest, pathOf, uploadCnicImage } from '../test/images';
import { createDecodeQueue, DECODE_QUEUE_FULL } from '../uploads/decode-queue';
import { IMAGE_REFUSALS, type ImageFormat, writeStoredImage } from '../uploads/images';
import { createPrivateLinks } from '../uploads/private-links';

const PUBLIC_URL = 'https://api.example.test';
const KEY = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

const keyOf = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.slice(pathname.lastIndexOf('/') + 1);
};
const filesIn = (t: TestApp, folder: 'uploads' | 'private') => {
  const dir = path.join(t.dataDir, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /api/uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imageStore: 'files', publicUrl: `${PUBLIC_URL}/` });
  });
  afterAll(() => t.close());

  const upload = async (who: 'agent' | 'manager' | 'admin' | null, form: Parameters<typeof multipartRequest>[1]) => {
    const request = await multipartRequest('/api/uploads', form);
    return who ? injectAs(t.app, who, request) : t.app.inject(request);
  };

  it('keeps a signed-in user’s image private to its uploader and answers a short-lived signed link that serves it', async () => {
    const { user } = await createUser(t.db, { role: 'manager' });
    const png = await makeImage('png', { width: 12, height: 7 });
    const request = await multipartRequest('/api/uploads', {
      files: [{ data: png, filename: 'thumb.png', contentType: 'image/png' }],
    });
    const res = await injectAs(t.app, user, request);
    expect(res.statusCode).toBe(201);
    const { url } = uploadResponseSchema.parse(res.json());
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/private/[0-9a-f]{32}\\.png\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const key = keyOf(url);

    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ ownerId: user.id, private: true, purpose: 'image', attachedAt: null });
    expect(row?.mimeType).toBe('image/png');
    const stored = fs.readFileSync(path.join(t.dataDir, 'private', key));
    expect(row?.sizeBytes).toBe(stored.length);
    expect(filesIn(t, 'uploads')).not.toContain(key);

    // the signed link works (a form previews it), not cached
    const served = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 12, height: 7 });

    // the same path without the signature is refused, and the public address knows nothing of it
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/private/${key}` });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().message).toMatch(/not valid/);
    const atPublic = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(atPublic.statusCode).toBe(404);
    expect(atPublic.json()).toEqual({ message: 'Image not found.' });
  });

  it.each<[ImageFormat, string, string]>([
    ['jpeg', 'jpg', 'image/jpeg'],
    ['webp', 'webp', 'image/webp'],
    ['gif', 'gif', 'image/gif'],
  ])('accepts a %s image and keeps it in its own format', async (format, ext, mimeType) => {
    const res = await upload('agent', { files: [{ data: await makeImage(format), filename: `x.${ext}` }] });
    expect(res.statusCode).toBe(201);
    const key = keyOf(res.json().url);
    expect(key).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
    const served = await t.app.inject({ method: 'GET', url: pathOf(res.json().url) });
    expect(served.headers['content-type']).toBe(mimeType);
    expect((await sharp(served.rawPayload).metadata()).format).toBe(format);
  });

  it('drops EXIF metadata (camera, GPS) from an uploaded JPEG', async () => {
    const jpeg = await makeImage('jpeg', {
      exif: { IFD0: { Make: 'SpyCam', Model: 'Tracker 9000' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' } },
    });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('SpyCam')).toBe(true);

    const res = await upload('agent', { files: [{ data: jpeg, filename: 'photo.jpg', contentType: 'image/jpeg' }] });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: pathOf(res.json().url) });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes('SpyCam')).toBe(false);
    expect(served.rawPayload.includes('Tracker 9000')).toBe(false);
  });

  it('judges the type by content, not by the file name or the declared type', async () => {
    const png = await makeImage('png');
    const res = await upload('agent', { files: [{ data: png, filename: 'notes.txt', contentType: 'text/plain' }] });
    expect(res.statusCode).toBe(201);
    expect(keyOf(res.json().url)).toMatch(/\.png$/);
  });

  it('refuses anything that is not a PNG, JPEG, WebP or GIF with 415 and stores nothing', async () => {
    const before = await t.db.$count(uploads);
    const publicFiles = filesIn(t, 'uploads').length;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>',
    );
    const tiff = await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } })
      .tiff()
      .toBuffer();
    const cases = [
      { data: Buffer.from('just some text, named like an image'), filename: 'image.png', contentType: 'image/png' },
      { data: svg, filename: 'logo.svg', contentType: 'image/svg+xml' },
      { data: tiff, filename: 'scan.tiff', contentType: 'image/tiff' },
      { data: Buffer.from('%PDF-1.4 not an image'), filename: 'doc.jpg', contentType: 'image/jpeg' },
    ];
    for (const file of cases) {
      const res = await upload('agent', { files: [file] });
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json()).toEqual({ message: MESSAGES.imageTypeUnsupported });
    }
    expect(await t.db.$count(uploads)).toBe(before);
    expect(filesIn(t, 'uploads').length).toBe(publicFiles);
  });

  it('refuses a damaged image with 400', async () => {
    const png = await makeImage('png');
    const res = await upload('agent', { files: [{ data: png.subarray(0, 40), filename: 'broken.png' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be read/);
  });

  it('refuses an image of more than 40 megapixels with 413 and stores nothing', async () => {
    const before = await t.db.$count(uploads);
    // one colour: a small file (about 0.5 MB) that would decode to 160 MB
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const res = await upload('agent', { files: [{ data: huge, filename: 'huge.png', contentType: 'image/png' }] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: IMAGE_REFUSALS.tooManyPixels() });
    expect(await t.db.$count(uploads)).toBe(before);
  });

  it('refuses an image over 5 MB with 413 and stores nothing', async () => {
    const before = await t.db.$count(uploads);
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const res = await upload('agent', { files: [{ data: big, filename: 'big.png', contentType: 'image/png' }] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MESSAGES.imageTooLarge });
    expect(await t.db.$count(uploads)).toBe(before);
  });

  it('accepts an image of exactly 5 MB (the limit is inclusive)', async () => {
    // A PNG followed by padding up to the limit: decodable, and the padding is dropped by re-encoding.
    const png = await makeImage('png');
    const data = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    const res = await upload('agent', { files: [{ data, filename: 'padded.png' }] });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(res.json().url)));
    expect(row?.sizeBytes).toBeLessThan(1000);
  });

  it('refuses a request without a token with 401, unless it is a CNIC image', async () => {
    const res = await upload(null, { files: [{ data: await makeImage('png'), filename: 'a.png' }] });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.authorizationMissing });
    const other = await upload(null, {
      fields: { purpose: 'product' },
      files: [{ data: await makeImage('png'), filename: 'a.png' }],
    });
    expect(other.statusCode).toBe(401);
  });

  it('refuses a pending user’s token (403) and a forged one (401) for an image that is not a CNIC', async () => {
    const { user } = await createUser(t.db, { status: 'pending' });
    const form = { files: [{ data: await makeImage('png'), filename: 'a.png' }] };
    expect((await upload(null, form)).statusCode).toBe(401);
    const pending = await injectAs(t.app, user, await multipartRequest('/api/uploads', form));
    expect(pending.statusCode).toBe(403);
    const request = await multipartRequest('/api/uploads', form);
    const forged = await t.app.inject({
      ...request,
      headers: { ...request.headers, authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('keeps a CNIC image uploaded without a token as a private file, owned by nobody yet', async () => {
    const url = await uploadCnicImage(t.app);
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/private/[0-9a-f]{32}\\.jpg$`));
    const key = keyOf(url);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ ownerId: null, private: true, purpose: 'cnic', mimeType: 'image/jpeg' });
    expect(filesIn(t, 'private')).toContain(key);
    expect(filesIn(t, 'uploads')).not.toContain(key);
  });

  it('reads the purpose wherever it comes in the form, and ignores a stale token sent with a CNIC image', async () => {
    // purpose after the file
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makeImage('webp'))]), 'front.webp');
    form.append('purpose', 'cnic');
    const raw = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': raw.headers.get('content-type') ?? '', authorization: 'Bearer expired.or.forged' },
      payload: Buffer.from(await raw.arrayBuffer()),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toContain('/api/private/');
  });

  it('takes a file name of up to 255 characters and refuses a longer one or an over-long purpose, keeping nothing', async () => {
    const image = await makeImage('png');
    const before = filesIn(t, 'private').length;
    const named = (filename: string) =>
      upload(null, { fields: { purpose: 'cnic' }, files: [{ data: image, filename }] });
    expect((await named(`${'n'.repeat(251)}.png`)).statusCode).toBe(201);
    const long = await named(`${'n'.repeat(252)}.png`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/file name is too long/);
    const purpose = await upload(null, { fields: { purpose: `cnic${' '.repeat(2000)}` }, files: [{ data: image }] });
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json().message).toMatch(/purpose/);
    expect(filesIn(t, 'private').length).toBe(before + 1);
  });

  it('refuses a form without an image, with two images, or a JSON body', async () => {
    const none = await upload('agent', { fields: { purpose: 'cnic' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/file/);

    const wrongField = await upload('agent', { files: [{ field: 'image', data: await makeImage('png') }] });
    expect(wrongField.statusCode).toBe(400);

    const two = await upload('agent', {
      files: [
        { data: await makeImage('png'), filename: 'a.png' },
        { data: await makeImage('png'), filename: 'b.png' },
      ],
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: 'Send one image per upload.' });

    const json = await injectAs(t.app, 'agent', { method: 'POST', url: '/api/uploads', payload: { url: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart\/form-data/);

    const raw = await injectAs(t.app, 'agent', {
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': 'image/png' },
      payload: await makeImage('png'),
    });
    expect(raw.statusCode).toBe(415);
    expect(raw.json()).toEqual({ message: 'Send the image as multipart/form-data, in a field named file.' });

    const broken = await injectAs(t.app, 'agent', {
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The upload is not valid multipart/form-data. Try again.' });
  });
});

describe('GET /api/private/:key and GET /uploads/:key', () => {
  let t: TestApp;
  let key: string;
  let privateUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ imageStore: 'files', publicUrl: PUBLIC_URL });
    privateUrl = await uploadCnicImage(t.app, 'png');
    key = keyOf(privateUrl);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves a private image through a valid signed link, never cached', async () => {
    const link = t.app.privateLinks.url(PUBLIC_URL, key);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/api/private/${key}\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const res = await get(pathOf(link));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(t.dataDir, 'private', key)))).toBe(true);
  });

  it('refuses the bare URL registration got back, and a link without its signature', async () => {
    for (const url of [
      pathOf(privateUrl),
      `/api/private/${key}?expires=9999999999`,
      `/api/private/${key}?sig=${'a'.repeat(64)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().message).toMatch(/not valid/);
    }
  });

  it('refuses a tampered signature, a moved expiry, and another image’s signature', async () => {
    const link = new URL(t.app.privateLinks.url(PUBLIC_URL, key));
    const expires = link.searchParams.get('expires') ?? '';
    const sig = link.searchParams.get('sig') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const otherKey = keyOf(await uploadCnicImage(t.app));
    const other = new URL(t.app.privateLinks.url(PUBLIC_URL, otherKey));
    const urls = [
      `/api/private/${key}?expires=${expires}&sig=${flipped}`,
      `/api/private/${key}?expires=${Number(expires) + 3600}&sig=${sig}`,
      `/api/private/${key}?expires=${other.searchParams.get('expires')}&sig=${other.searchParams.get('sig')}`,
      `/api/private/${key}?expires=${expires}&sig=${sig}&sig=${sig}`,
      `/api/private/${key}?expires=${expires}&sig=not-hex`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // the other image's own link works
    expect((await get(pathOf(other.toString()))).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const elevenMinutesAgo = Date.now() - 11 * 60 * 1000;
    const old = createPrivateLinks(TEST_JWT_SECRET, { now: () => elevenMinutesAgo }).url(PUBLIC_URL, key);
    const res = await get(pathOf(old));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/expired/);
    // The same signer, a fresh time: accepted (so the refusal above is the expiry).
    const fresh = createPrivateLinks(TEST_JWT_SECRET).url(PUBLIC_URL, key);
    expect((await get(pathOf(fresh))).statusCode).toBe(200);
  });

  it('refuses a link signed with another server secret', async () => {
    const forged = createPrivateLinks('another-secret-of-at-least-32-characters!').url(PUBLIC_URL, key);
    expect((await get(pathOf(forged))).statusCode).toBe(403);
  });

  it('answers 404 for a correctly signed link to an image that does not exist', async () => {
    const missing = `${'0'.repeat(32)}.png`;
    const res = await get(pathOf(t.app.privateLinks.url(PUBLIC_URL, missing)));
    expect(res.statusCode).toBe(404);
  });

  it('never serves a private image at a public /uploads path', async () => {
    for (const url of [
      `/uploads/${key}`,
      `/uploads/..%2Fprivate%2F${key}`,
      `/uploads/%2e%2e%2fprivate%2f${key}`,
      `/uploads/../private/${key}`,
      '/uploads/..%2Fjwt-secret',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(KEY.test(key)).toBe(true);
  });

  it('serves at the public address only what the uploads row says is public, from either folder', async () => {
    const png = await makeImage('png');
    const inPrivateFolder = `${'1'.repeat(32)}.png`;
    const inPublicFolder = `${'2'.repeat(32)}.png`;
    // a product made it public, its file not moved yet; an order image not moved to the private folder yet
    await writeStoredImage(t.dataDir, true, inPrivateFolder, png);
    await writeStoredImage(t.dataDir, false, inPublicFolder, png);
    await t.db.insert(uploads).values([
      { key: inPrivateFolder, private: false, mimeType: 'image/png', sizeBytes: png.length },
      { key: inPublicFolder, private: true, mimeType: 'image/png', sizeBytes: png.length },
    ]);
    const shown = await get(`/uploads/${inPrivateFolder}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(png)).toBe(true);
    const hidden = await get(`/uploads/${inPublicFolder}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Image not found.' });
    // the private one through its signed link, wherever its file is
    expect((await get(pathOf(t.app.privateLinks.url(PUBLIC_URL, inPublicFolder)))).statusCode).toBe(200);
  });

  it('answers 404 with a message for an unknown public image', async () => {
    const res = await get(`/uploads/${'f'.repeat(32)}.jpg`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Image not found.' });
  });
});

describe('decoding uploads, a few at a time', () => {
  let t: TestApp;
  const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 1 });
  beforeAll(async () => {
    t = await createTestApp({ decodeQueue: queue });
  });
  afterAll(() => t.close());

  it('makes an upload wait for a free slot, and answers 503 with Retry-After when too many wait', async () => {
    const form = async () =>
      multipartRequest('/api/uploads', { files: [{ data: await makeImage('png'), filename: 'a.png' }] });
    // another image being decoded holds the one slot
    let release: () => void = () => {};
    const busy = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const before = await t.db.$count(uploads);

    const waiting = injectAs(t.app, 'agent', await form());
    // after its multipart parse and sign-in (argon2): seconds on a busy machine
    await vi.waitFor(() => expect(queue.load.waiting).toBe(1), { timeout: 30_000 });
    const refused = await injectAs(t.app, 'agent', await form());
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ message: DECODE_QUEUE_FULL });
    expect(await t.db.$count(uploads)).toBe(before);

    release();
    await busy;
    expect((await waiting).statusCode).toBe(201);
    expect(await t.db.$count(uploads)).toBe(before + 1);
    expect(queue.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('upload rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { upload: { max: 2, timeWindow: 60_000 } } });
  });
  afterAll(() => t.close());

  it('answers 429 once an address has used its uploads', async () => {
    const attempt = async () =>
      t.app.inject({
        ...(await multipartRequest('/api/uploads', {
          fields: { purpose: 'cnic' },
          files: [{ data: await makeImage('png') }],
        })),
        remoteAddress: '203.0.113.50',
      });
    expect((await attempt()).statusCode).toBe(201);
    expect((await attempt()).statusCode).toBe(201);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests });
  });
});
