import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  MAX_IMAGE_BYTES,
  MAX_OPEN_RESUMABLE_UPLOADS,
  MESSAGES,
  RESUMABLE_MESSAGES,
  uploadResponseSchema,
} from 'shared-api/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableUploads, type UserRow, uploads } from '../db/schema';
import { createTestApp, createUser, signInAs, type TestApp } from '../test/helpers';
import { keyOfLink, multipartRequest, pathOf } from '../test/images';
import { createProduct, orderBody } from '../test/orders';
import { deleteStaleResumableUploads } from '../uploads/resumable';

const PATH = '/api/uploads/resumable';
const TUS = { 'tus-resumable': '1.0.0' };
const CHUNK = 64 * 1024;

/** A PNG of noise: it does not compress, so it takes several chunks. */
async function noisyPng(width = 300, height = 300): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < pixels.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('uploads that resume (tus 1.0 at /api/uploads/resumable)', () => {
  let t: TestApp;
  let agent: UserRow;
  let otherAgent: UserRow;
  let image: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    agent = (await createUser(t.db, { role: 'agent' })).user;
    otherAgent = (await createUser(t.db, { role: 'agent' })).user;
    image = await noisyPng();
  });
  afterAll(() => t.close());

  const as = async (who: UserRow | null, options: InjectOptions) => {
    const headers: Record<string, string> = { ...TUS, ...(options.headers as Record<string, string>) };
    if (who) headers.authorization = `Bearer ${(await signInAs(t.app, who)).token}`;
    return t.app.inject({ ...options, headers });
  };
  const create = (who: UserRow, length: number, headers: Record<string, string> = {}) =>
    as(who, { method: 'POST', url: PATH, headers: { 'upload-length': String(length), ...headers } });
  const head = (who: UserRow, location: string) => as(who, { method: 'HEAD', url: pathOf(location) });
  const patch = (who: UserRow, location: string, offset: number, chunk: Buffer, headers: Record<string, string> = {}) =>
    as(who, {
      method: 'PATCH',
      url: pathOf(location),
      payload: chunk,
      headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...headers },
    });
  const started = async (who: UserRow, length: number) => {
    const res = await create(who, length);
    expect(res.statusCode, res.body).toBe(201);
    return String(res.headers.location);
  };
  /** Sends `data` from `from` in chunks of CHUNK bytes; answers the last answer. */
  const sendFrom = async (who: UserRow, location: string, data: Buffer, from = 0) => {
    let res: Awaited<ReturnType<typeof patch>> | undefined;
    for (let offset = from; offset < data.length; offset += CHUNK) {
      res = await patch(who, location, offset, data.subarray(offset, offset + CHUNK));
      expect(res.statusCode, res.body).toBe(204);
      expect(Number(res.headers['upload-offset'])).toBe(Math.min(offset + CHUNK, data.length));
    }
    if (!res) throw new Error('nothing sent');
    return res;
  };

  it('tells what it supports on OPTIONS', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: PATH });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(res.headers['tus-extension']).toBe('creation');
    expect(res.headers['tus-max-size']).toBe(String(MAX_IMAGE_BYTES));
  });

  it('takes an image in chunks and answers, once whole, what POST /api/uploads answers', async () => {
    expect(image.length).toBeGreaterThan(3 * CHUNK);
    const res = await create(agent, image.length, {
      'upload-metadata': `filename ${b64('proof.png')},filetype ${b64('image/png')}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    const location = String(res.headers.location);
    expect(location).toMatch(/^http:\/\/localhost:8000\/api\/uploads\/resumable\/[0-9a-f-]{36}$/);

    const first = await head(agent, location);
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'upload-offset': '0',
      'upload-length': String(image.length),
      'cache-control': 'no-store',
      'tus-resumable': '1.0.0',
    });
    // not whole yet: no answer
    const early = await as(agent, { method: 'GET', url: pathOf(location) });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: RESUMABLE_MESSAGES.notFinished });

    await sendFrom(agent, location, image);
    const done = await head(agent, location);
    expect(done.headers['upload-offset']).toBe(String(image.length));

    const answer = await as(agent, { method: 'GET', url: pathOf(location) });
    expect(answer.statusCode, answer.body).toBe(200);
    const { url } = uploadResponseSchema.parse(answer.json());
    expect(Object.keys(answer.json())).toEqual(['url']);
    // the shape POST /api/uploads answers: a signed link to a private image
    const posted = await as(
      agent,
      await multipartRequest('/api/uploads', { files: [{ data: image, filename: 'p.png', contentType: 'image/png' }] }),
    );
    const shape = (link: string) => link.replace(/[0-9a-f]{32}/, 'KEY').replace(/expires=\d+&sig=[0-9a-f]{64}/, 'SIG');
    expect(shape(url)).toBe(shape(uploadResponseSchema.parse(posted.json()).url));
    expect(url).toMatch(/\/api\/private\/[0-9a-f]{32}\.png\?expires=\d+&sig=[0-9a-f]{64}$/);

    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOfLink(url)));
    expect(row).toMatchObject({ ownerId: agent.id, private: true, purpose: 'image', attachedAt: null });
    const served = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 300, height: 300 });
    // the partial bytes are gone once finished; the metadata was kept
    const [stored] = await t.db
      .select({
        size: sql<number>`octet_length(${resumableUploads.bytes})`.mapWith(Number),
        filename: resumableUploads.filename,
        fileType: resumableUploads.fileType,
      })
      .from(resumableUploads)
      .where(eq(resumableUploads.ownerId, agent.id))
      .orderBy(sql`${resumableUploads.createdAt} desc`)
      .limit(1);
    expect(stored).toEqual({ size: 0, filename: 'proof.png', fileType: 'image/png' });
  });

  it('resumes after a PATCH whose connection dropped halfway, from the bytes the server kept', async () => {
    const location = await started(agent, image.length);
    const server = t.app.server;
    if (!server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.address() as AddressInfo;
    const half = Math.floor(image.length / 2);
    const { token } = await signInAs(t.app, agent);
    await new Promise<void>((resolve) => {
      const request = http.request({
        port,
        host: '127.0.0.1',
        method: 'PATCH',
        path: pathOf(location),
        headers: {
          ...TUS,
          authorization: `Bearer ${token}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(image.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      // the whole file announced, half of it sent, then the connection drops
      request.write(image.subarray(0, half), () => setTimeout(() => request.destroy(), 50));
    });
    // the server notices the drop when it notices it: wait for the offset to settle (bounded)
    let offset = -1;
    for (let tries = 0; tries < 100; tries++) {
      const res = await head(agent, location);
      const now = Number(res.headers['upload-offset']);
      if (now > 0 && now === offset) break;
      offset = now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    // the wrong offset is refused; the right one continues
    const wrong = await patch(agent, location, 0, image.subarray(0, CHUNK));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ message: RESUMABLE_MESSAGES.offsetMismatch });
    await sendFrom(agent, location, image, offset);
    const answer = await as(agent, { method: 'GET', url: pathOf(location) });
    expect(answer.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: pathOf(uploadResponseSchema.parse(answer.json()).url) });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 300, height: 300 });
  });

  it('answers 404 for another account’s upload (HEAD, PATCH, GET) and 401 without a token', async () => {
    const location = await started(agent, image.length);
    for (const res of [
      await head(otherAgent, location),
      await patch(otherAgent, location, 0, image.subarray(0, CHUNK)),
      await as(otherAgent, { method: 'GET', url: pathOf(location) }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const { user: admin } = await createUser(t.db, { role: 'admin' });
    expect((await as(admin, { method: 'GET', url: pathOf(location) })).json()).toEqual({
      message: RESUMABLE_MESSAGES.notFound,
    });
    expect((await as(null, { method: 'HEAD', url: pathOf(location) })).statusCode).toBe(401);
    expect((await as(null, { method: 'POST', url: PATH, headers: { 'upload-length': '10' } })).statusCode).toBe(401);
    // nothing was stored by the refusals
    expect((await head(agent, location)).headers['upload-offset']).toBe('0');
  });

  it('refuses an Upload-Length over the upload limit with 413 before storing anything', async () => {
    const count = async () => Number(await t.db.$count(resumableUploads));
    const before = await count();
    const res = await create(agent, MAX_IMAGE_BYTES + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MESSAGES.imageTooLarge });
    expect(res.headers.location).toBeUndefined();
    expect(await count()).toBe(before);
    expect((await create(agent, MAX_IMAGE_BYTES)).statusCode).toBe(201);
  });

  it('refuses missing and garbled tus headers as the protocol says, never a 5xx', async () => {
    const location = await started(agent, 100);
    const cases: [InjectOptions, number, string][] = [
      [{ method: 'POST', url: PATH, headers: { 'tus-resumable': '', 'upload-length': '10' } }, 412, 'no version'],
      [{ method: 'POST', url: PATH, headers: { 'tus-resumable': '0.2.2', 'upload-length': '10' } }, 412, 'old version'],
      [{ method: 'POST', url: PATH }, 400, 'no Upload-Length'],
      ...['', '-1', '1e3', '0x10', 'ten', '1.5', ' ', '0', '99999999999999999999'].map(
        (value): [InjectOptions, number, string] => [
          { method: 'POST', url: PATH, headers: { 'upload-length': value } },
          400,
          `Upload-Length ${value}`,
        ],
      ),
      [{ method: 'POST', url: PATH, headers: { 'upload-defer-length': '1' } }, 400, 'deferred length'],
      ...['filename !!!', 'filename YQ', 'a YQ==,a YQ==', ',', `filename ${b64('a\u0000b')}`, 'x'.repeat(3000)].map(
        (value): [InjectOptions, number, string] => [
          { method: 'POST', url: PATH, headers: { 'upload-length': '10', 'upload-metadata': value } },
          400,
          `metadata ${value.slice(0, 20)}`,
        ],
      ),
      [
        {
          method: 'POST',
          url: PATH,
          headers: { 'upload-length': '10', 'upload-metadata': `filename ${b64('\u00ff')}`.replace(/=+$/, '') },
        },
        400,
        'unpadded',
      ],
      [{ method: 'HEAD', url: pathOf(location), headers: { 'tus-resumable': 'x' } }, 412, 'HEAD version'],
      [
        {
          method: 'PATCH',
          url: pathOf(location),
          payload: 'abc',
          headers: { 'content-type': 'application/offset+octet-stream' },
        },
        400,
        'no offset',
      ],
      [
        {
          method: 'PATCH',
          url: pathOf(location),
          payload: 'abc',
          headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '-3' },
        },
        400,
        'negative offset',
      ],
      [
        {
          method: 'PATCH',
          url: pathOf(location),
          payload: 'abc',
          headers: { 'content-type': 'application/octet-stream', 'upload-offset': '0' },
        },
        415,
        'wrong type',
      ],
      [
        {
          method: 'PATCH',
          url: pathOf(location),
          payload: '{"a":1}',
          headers: { 'content-type': 'application/json', 'upload-offset': '0' },
        },
        415,
        'json',
      ],
      [
        {
          method: 'PATCH',
          url: pathOf(location),
          payload: 'abc',
          headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '7' },
        },
        409,
        'wrong offset',
      ],
      [
        {
          method: 'PATCH',
          url: pathOf(location),
          payload: Buffer.alloc(101),
          headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
        },
        413,
        'past the end',
      ],
      [
        {
          method: 'PATCH',
          url: `${PATH}/not-a-uuid`,
          payload: 'abc',
          headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
        },
        404,
        'bad id',
      ],
      [{ method: 'HEAD', url: `${PATH}/00000000-0000-4000-8000-000000000000` }, 404, 'unknown id'],
    ];
    const wrong: string[] = [];
    for (const [options, status, name] of cases) {
      const res = await as(agent, { ...options, headers: { ...TUS, ...(options.headers as object) } });
      if (res.statusCode !== status) wrong.push(`${name}: ${res.statusCode} ${res.body}`);
      else if (options.method !== 'HEAD' && !res.json().message) wrong.push(`${name}: no message`);
      if (status === 412 && res.headers['tus-version'] !== '1.0.0') wrong.push(`${name}: no Tus-Version`);
    }
    expect(wrong).toEqual([]);
    // none of it was stored
    expect((await head(agent, location)).headers['upload-offset']).toBe('0');
  });

  it('refuses a file that is no image when it is whole, and forgets it', async () => {
    const junk = Buffer.alloc(3000, 7);
    const location = await started(agent, junk.length);
    const res = await patch(agent, location, 0, junk);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBeTruthy();
    expect((await head(agent, location)).statusCode).toBe(404);
  });

  it('lets one of two PATCHes at the same offset in and refuses the other with 409', async () => {
    const location = await started(agent, image.length);
    const results = await Promise.all([
      patch(agent, location, 0, image.subarray(0, CHUNK)),
      patch(agent, location, 0, image.subarray(0, CHUNK)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect((await head(agent, location)).headers['upload-offset']).toBe(String(CHUNK));
  });

  it('refuses an unfinished upload as an order screenshot (400) and takes the finished one', async () => {
    const { user: manager } = await createUser(t.db, { role: 'manager' });
    const product = await createProduct(t.db, manager);
    const location = await started(agent, image.length);
    await patch(agent, location, 0, image.subarray(0, CHUNK));
    const refused = await as(agent, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(product.id, { orderScreenshot: location }),
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ message: RESUMABLE_MESSAGES.screenshotStillUploading });
    // another agent's finished one is not theirs to send either
    await sendFrom(agent, location, image, CHUNK);
    const theirs = await as(otherAgent, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(product.id, { orderScreenshot: location }),
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual({ message: RESUMABLE_MESSAGES.notFound });
    const { url } = uploadResponseSchema.parse((await as(agent, { method: 'GET', url: pathOf(location) })).json());
    const placed = await as(agent, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(product.id, { orderScreenshot: url }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it(`keeps at most ${MAX_OPEN_RESUMABLE_UPLOADS} unfinished uploads per account: a new one deletes the oldest`, async () => {
    const { user } = await createUser(t.db, { role: 'manager' });
    const locations: string[] = [];
    for (let i = 0; i <= MAX_OPEN_RESUMABLE_UPLOADS; i++) locations.push(await started(user, 100));
    expect((await head(user, locations[0] as string)).statusCode).toBe(404);
    for (const location of locations.slice(1)) expect((await head(user, location)).statusCode).toBe(200);
  });

  it('deletes uploads started more than a day ago', async () => {
    const old = await started(agent, 100);
    const fresh = await started(agent, 100);
    await patch(agent, old, 0, Buffer.alloc(10));
    const oldId = old.slice(old.lastIndexOf('/') + 1);
    await t.db
      .update(resumableUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(resumableUploads.id, oldId));
    const { deleted } = await deleteStaleResumableUploads(t.db);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await head(agent, old)).statusCode).toBe(404);
    expect((await head(agent, fresh)).statusCode).toBe(200);
    // and moving the clock a day on takes the rest
    await deleteStaleResumableUploads(t.db, { now: new Date(Date.now() + 25 * 60 * 60 * 1000) });
    expect((await head(agent, fresh)).statusCode).toBe(404);
  });
});

describe('uploads that resume: the chunks are rate limited (UPLOAD_CHUNK_RATE_LIMIT)', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answers 429 once PATCH (and, counted apart, HEAD) went over the limit, storing nothing more', async () => {
    t = await createTestApp({ rateLimits: { uploadChunk: { max: 3, timeWindow: 60_000 } } });
    const agent = (await createUser(t.db, { role: 'agent' })).user;
    const headers = { ...TUS, authorization: `Bearer ${(await signInAs(t.app, agent)).token}` };
    const created = await t.app.inject({ method: 'POST', url: PATH, headers: { ...headers, 'upload-length': '100' } });
    expect(created.statusCode, created.body).toBe(201);
    const url = pathOf(String(created.headers.location));
    const chunk = (offset: number) =>
      t.app.inject({
        method: 'PATCH',
        url,
        payload: Buffer.alloc(10),
        headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      });
    for (const offset of [0, 10, 20]) expect((await chunk(offset)).statusCode).toBe(204);
    const refused = await chunk(30);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
    const [row] = await t.db
      .select({ stored: sql<number>`length(${resumableUploads.bytes})`.mapWith(Number) })
      .from(resumableUploads)
      .where(eq(resumableUploads.ownerId, agent.id));
    expect(row?.stored).toBe(30);
    const heads = [];
    for (let i = 0; i < 4; i++) heads.push((await t.app.inject({ method: 'HEAD', url, headers })).statusCode);
    expect(heads).toEqual([200, 200, 200, 429]);
  });
});
