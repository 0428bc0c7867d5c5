/**
 * Who may call what: every route of the API × every kind of caller, with the exact status the
 * access rules give, and nothing stored changed by a refusal (or by any read). Writes whose
 * success would change the next case get a fresh target per case.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { MESSAGES, orderHistorySchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlags, passwordResetTokens, resumableUploads, type UserRow, uploads, users } from '../db/schema';
import { type ApiDocument, answerProblems } from '../http/openapi-document';
import { hashResetToken } from '../services/password-reset';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/helpers';
import { keyOfLink, makeImage, multipartRequest, pathOf, uploadImageAs } from '../test/images';
import { orderBody } from '../test/orders';
import {
  alertsOf,
  buildWorld,
  CALLERS,
  type Caller,
  freshOrder,
  freshProduct,
  insertUser,
  orderById,
  productBody,
  productById,
  registerBody,
  type Snapshot,
  send,
  snapshot,
  userById,
  type World,
} from '../test/world';

type Expect = Record<Caller, number>;
type SignedIn = Exclude<Caller, 'anonymous' | 'pending'>;

/** The same answer for every caller, signed in or not (public routes, unknown routes). */
const everyone = (status: number): Expect => Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Expect;
/** 401 without a token, 403 for a pending user, `refused` for approved users not listed. */
const only = (allowed: Partial<Record<SignedIn, number>>, refused = 403): Expect => ({
  anonymous: 401,
  pending: 403,
  agent: refused,
  otherAgent: refused,
  manager: refused,
  otherManager: refused,
  admin: refused,
  ...allowed,
});
const anyRole = (status: number) => only({}, status);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** An order screenshot the caller uploaded (an agent's own; agentA's for any other caller, whom the role refuses). */
const ownScreenshot = (w: World, caller: Caller) =>
  uploadImageAs(w.t.app, caller === 'otherAgent' ? w.agentB : w.agentA);
const MALFORMED_ID = 'not-a-uuid';

interface CaseContext<T> {
  w: World;
  target: T;
  caller: Caller;
  /** the user the request signed in as (a fresh one for freshCaller rows) */
  user: UserRow | undefined;
  res: LightMyRequestResponse;
  before: Snapshot;
  after: Snapshot;
}

interface Row<T> {
  /** 'METHOD /path' and, when the path alone does not say it, what it is called on */
  name: string;
  expect: Expect;
  /** a fresh target per case (an object the success of one case would change), made before the caller signs in */
  setup?: (w: World, caller: Caller) => Promise<T>;
  request: (w: World, target: T) => InjectOptions | Promise<InjectOptions>;
  /** the request changes the caller itself (password): sign in as a new user of the same role and status */
  freshCaller?: boolean;
  /** after a 2xx: what it must have done */
  verify?: (ctx: CaseContext<T>) => void | Promise<void>;
  /** an event stream: its answer is read up to the first event (the body holds that much) */
  stream?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: rows of different target types in one table
const row = <T>(r: Row<T>): Row<any> => r;

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

/** One Idempotency-Key every caller sends: each caller's is its own. */
const SHARED_IDEMPOTENCY_KEY = crypto.randomUUID();

const ids = (items: { _id: string }[]) => items.map((item) => item._id).sort();
const sorted = (values: string[]) => [...values].sort();

/** The list came whole (limit=200), with the matching X-Total-Count. */
function expectList(ctx: CaseContext<unknown>, expectedIds: string[]) {
  const body = ctx.res.json() as { _id: string }[];
  expect(ids(body)).toEqual(sorted(expectedIds));
  expect(Number(ctx.res.headers['x-total-count'])).toBe(expectedIds.length);
}

/** The order's events, oldest first, as stored; a refusal reads as an unknown order. */
function expectHistory(ctx: CaseContext<unknown>, orderId: string) {
  const body = orderHistorySchema.parse(ctx.res.json());
  const stored = ctx.after.order_events.filter((e) => e.order_id === orderId);
  expect(body.map((e) => e._id).sort()).toEqual(sorted(stored.map((e) => e.id)));
  expect(body[0]?.action).toBe('placed');
}

/** Products a caller's product list shows, by the rules (from the stored rows). */
function visibleProducts(s: Snapshot, user: UserRow, statuses: string[]): string[] {
  return s.products
    .filter((p) => statuses.includes(p.status))
    .filter(
      (p) => user.role === 'admin' || (user.role === 'manager' ? p.vendor_id === user.id : p.status === 'approved'),
    )
    .map((p) => p.id);
}

/** Orders a caller may see: an agent its own, a manager those of its products, an admin all. */
function visibleOrders(s: Snapshot, user: UserRow): string[] {
  const vendorOf = new Map(s.products.map((p) => [p.id, p.vendor_id]));
  return s.orders
    .filter((o) =>
      user.role === 'admin'
        ? true
        : user.role === 'agent'
          ? o.agent_id === user.id
          : vendorOf.get(o.product_id) === user.id,
    )
    .map((o) => o.id);
}

/** Of these orders, those of one product. */
const ordersOfProduct = (s: Snapshot, orderIds: string[], productId: string) =>
  orderIds.filter((id) => s.orders.some((o) => o.id === id && o.product_id === productId));

/** The CSV export came whole: its rows (after the header) are exactly these orders. */
function expectCsv(ctx: CaseContext<unknown>, expectedIds: string[]) {
  expect(ctx.res.headers['content-type']).toBe('text/csv; charset=utf-8');
  // the fixtures' cells hold no line break, and an order id is the first cell of its row
  const [header, ...rows] = ctx.res.body.split('\r\n').filter(Boolean);
  expect(header?.startsWith('Order ID,')).toBe(true);
  expect(rows.map((line) => line.slice(0, line.indexOf(','))).sort()).toEqual(sorted(expectedIds));
}

/** The stored images, wherever IMAGE_STORE keeps them. */
const filesIn = async (t: TestApp) =>
  (await t.app.images.list('', 100_000)).map((image) => `${image.private ? 'private' : 'uploads'}/${image.key}`);

/** A tus 1.0 request (routes/uploads-resumable.ts). */
const tusRequest = (
  method: 'POST' | 'PATCH' | 'GET',
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
): InjectOptions => ({
  method,
  url,
  headers: { 'tus-resumable': '1.0.0', ...headers },
  ...(payload ? { payload } : {}),
});

/** An upload of agentA's that resumes, `length` bytes long, nothing sent yet: its URL. */
async function startResumable(w: World, length: number): Promise<string> {
  const res = await send(w, 'agent', tusRequest('POST', '/api/uploads/resumable', { 'upload-length': String(length) }));
  expect(res.statusCode, res.body).toBe(201);
  return String(res.headers.location);
}

const ROWS: Row<unknown>[] = [
  row({ name: 'GET /api/openapi.json', expect: everyone(200), request: () => get('/api/openapi.json') }),
  row({ name: 'GET /api/docs', expect: everyone(200), request: () => get('/api/docs') }),
  // Public routes: the same answer with or without a token.
  row({ name: 'GET /api/health', expect: everyone(200), request: () => get('/api/health') }),
  row({
    name: 'POST /api/login',
    expect: everyone(200),
    request: (w) => json('POST', '/api/login', { email: w.agentA.email, password: TEST_PASSWORD }),
  }),
  row({
    name: 'POST /api/register',
    expect: everyone(201),
    setup: (w) => registerBody(w),
    request: (_w, body) => json('POST', '/api/register', body),
    verify: async ({ w, target }) => {
      const [stored] = await w.t.db.select().from(users).where(eq(users.email, target.email));
      expect(stored).toMatchObject({ status: 'pending', role: 'agent' });
    },
  }),
  row({
    name: 'POST /api/uploads with purpose=cnic (registration)',
    expect: everyone(201),
    request: async () =>
      multipartRequest('/api/uploads', {
        fields: { purpose: 'cnic' },
        files: [{ data: await makeImage('jpeg'), filename: 'cnic.jpg', contentType: 'image/jpeg' }],
      }),
    verify: ({ res }) => expect(res.json().url).toMatch(/\/api\/private\/[0-9a-f]{32}\.jpg$/),
  }),
  row({ name: 'GET /uploads/:key (a product image)', expect: everyone(200), request: (w) => get(w.publicImagePath) }),
  row({
    name: "GET /uploads/:key of an order's screenshot (private)",
    expect: everyone(404),
    request: (w) => get(`/uploads/${w.orderImageKey}`),
  }),
  row({
    name: "GET /api/private/:key of an order's screenshot with a valid signed link",
    expect: everyone(200),
    request: (w) => get(pathOf(w.t.app.privateLinks.url('http://x', w.orderImageKey))),
  }),
  row({
    name: "GET /api/private/:key of an order's screenshot without a signature",
    expect: everyone(403),
    request: (w) => get(`/api/private/${w.orderImageKey}`),
  }),
  row({
    name: 'GET /api/private/:key with a valid signed link',
    expect: everyone(200),
    request: (w) => get(pathOf(w.t.app.privateLinks.url('http://x', w.privateKey))),
  }),
  row({
    name: 'GET /api/private/:key without a signature',
    expect: everyone(403),
    request: (w) => get(`/api/private/${w.privateKey}`),
  }),
  row({
    name: "GET /api/private/:key with another image's signature",
    expect: everyone(403),
    request: (w) => {
      const other = new URL(w.t.app.privateLinks.url('http://x', `${'0'.repeat(32)}.png`));
      return get(`/api/private/${w.privateKey}${other.search}`);
    },
  }),
  // An area that could not load (docs/architecture.md, Versions of a build): anyone may report one.
  row({
    name: 'POST /api/client-errors',
    expect: everyone(204),
    request: () =>
      json('POST', '/api/client-errors', { kind: 'remote-load-failed', remote: 'agent', detail: 'Failed to fetch' }),
  }),
  row({
    name: 'GET /api/admin/comission/:id (no such role)',
    expect: everyone(404),
    request: (w) => get(`/api/admin/comission/${w.agentA.id}`),
  }),

  // Users
  row({
    name: 'GET /api/user',
    expect: { ...anyRole(200), pending: 200 },
    request: () => get('/api/user'),
  }),
  row({
    name: 'PUT /api/update/password (the caller’s own)',
    expect: anyRole(200),
    freshCaller: true,
    request: () =>
      json('PUT', '/api/update/password', { currentPassword: TEST_PASSWORD, newPassword: 'another-secret' }),
    verify: async ({ w, user, before }) => {
      const stored = await userById(w.t.db, user!.id);
      const old = before.users.find((u) => u.id === user!.id)!;
      expect(stored?.tokenVersion).toBe(old.token_version + 1);
      expect(stored?.passwordHash).not.toBe(old.password_hash);
    },
  }),
  row({
    name: 'PUT /api/user/locale (the caller’s own)',
    expect: anyRole(200),
    freshCaller: true,
    request: () => json('PUT', '/api/user/locale', { locale: 'ur' }),
    verify: async ({ w, user, res }) => {
      expect(res.json()).toEqual({ locale: 'ur' });
      expect((await userById(w.t.db, user!.id))?.locale).toBe('ur');
    },
  }),
  row({
    name: 'POST /api/logout (the caller’s own token)',
    expect: { ...anyRole(204), pending: 204 },
    freshCaller: true,
    request: () => json('POST', '/api/logout'),
    verify: async ({ w, user, res, before, after }) => {
      expect(res.body).toBe('');
      const added = after.revoked_tokens.filter((r) => !before.revoked_tokens.some((b) => b.jti === r.jti));
      expect(added).toEqual([expect.objectContaining({ user_id: user!.id })]);
      const token = await w.t.app.tokens.sign(user!);
      expect(
        (await w.t.app.inject({ ...get('/api/user'), headers: { authorization: `Bearer ${token}` } })).statusCode,
      ).toBe(200);
    },
  }),
  row({
    name: 'GET /api/all/pendingusers',
    expect: only({ admin: 200 }),
    request: () => get('/api/all/pendingusers?limit=200'),
    verify: (ctx) =>
      expectList(
        ctx,
        ctx.after.users.filter((u) => u.status === 'pending').map((u) => u.id),
      ),
  }),
  row({
    name: 'GET /api/pendinguser/:id',
    expect: only({ admin: 200 }),
    request: (w) => get(`/api/pendinguser/${w.pending.id}`),
  }),
  row({
    name: 'GET /api/pendinguser/:id of an unknown user',
    expect: only({ admin: 404 }),
    request: () => get(`/api/pendinguser/${UNKNOWN_ID}`),
  }),
  row({
    name: 'GET /api/pendinguser/:id with a malformed id',
    expect: only({ admin: 404 }),
    request: () => get(`/api/pendinguser/${MALFORMED_ID}`),
  }),
  row({
    name: 'PUT /api/user/:id/approve of a pending user',
    expect: only({ admin: 200 }),
    setup: (w) => insertUser(w.t.db, { role: 'manager', status: 'pending' }),
    request: (_w, target) => json('PUT', `/api/user/${target.id}/approve`),
    verify: async ({ w, target }) => {
      expect((await userById(w.t.db, target.id))?.status).toBe('approved');
      expect((await alertsOf(w.t.db, target.id)).map((a) => a.type)).toEqual(['user_approved']);
    },
  }),
  row({
    name: 'PUT /api/user/:id/approve of an approved user',
    expect: only({ admin: 409 }),
    request: (w) => json('PUT', `/api/user/${w.agentB.id}/approve`),
  }),
  row({
    name: 'PUT /api/user/:id/approve of an unknown user',
    expect: only({ admin: 404 }),
    request: () => json('PUT', `/api/user/${UNKNOWN_ID}/approve`),
  }),

  // Getting back in (docs/domain.md, Forgotten passwords): the world's app sends no email.
  row({
    name: 'POST /api/password/forgot without email configured',
    expect: everyone(503),
    request: (w) => json('POST', '/api/password/forgot', { email: w.agentA.email }),
  }),
  row({
    name: 'POST /api/password/reset with a live link',
    expect: everyone(200),
    setup: async (w) => {
      const user = await insertUser(w.t.db, { role: 'agent' });
      const token = crypto.randomBytes(32).toString('base64url');
      await w.t.db
        .insert(passwordResetTokens)
        .values({ tokenHash: hashResetToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
      return { user, token };
    },
    request: (_w, { token }) => json('POST', '/api/password/reset', { token, newPassword: 'a fresh pass phrase' }),
    verify: async ({ w, target, before }) => {
      const stored = await userById(w.t.db, target.user.id);
      const old = before.users.find((u) => u.id === target.user.id)!;
      expect(stored?.tokenVersion).toBe(old.token_version + 1);
      expect(stored?.passwordHash).not.toBe(old.password_hash);
    },
  }),
  row({
    name: 'POST /api/password/reset with an unknown link',
    expect: everyone(400),
    request: () => json('POST', '/api/password/reset', { token: 'A'.repeat(43), newPassword: 'a fresh pass phrase' }),
  }),
  row({
    name: 'POST /api/user/:id/password-reset of an approved user',
    expect: only({ admin: 200 }),
    setup: (w) => insertUser(w.t.db, { role: 'agent' }),
    request: (_w, target) => json('POST', `/api/user/${target.id}/password-reset`),
    verify: ({ target, before, after }) => {
      const added = after.password_reset_tokens.filter(
        (r) => !before.password_reset_tokens.some((b) => b.token_hash === r.token_hash),
      );
      expect(added).toEqual([expect.objectContaining({ user_id: target.id, used_at: null })]);
    },
  }),
  row({
    name: 'POST /api/user/:id/password-reset of a pending user',
    expect: only({ admin: 409 }),
    request: (w) => json('POST', `/api/user/${w.pending.id}/password-reset`),
  }),
  row({
    name: 'POST /api/user/:id/password-reset of an unknown user',
    expect: only({ admin: 404 }),
    request: () => json('POST', `/api/user/${UNKNOWN_ID}/password-reset`),
  }),

  // Account status moves and history (docs/domain.md, Accounts)
  row({
    name: 'PUT /api/user/:id/reject of a pending user',
    expect: only({ admin: 200 }),
    setup: (w) => insertUser(w.t.db, { role: 'agent', status: 'pending' }),
    request: (_w, target) => json('PUT', `/api/user/${target.id}/reject`, { reason: 'Unreadable CNIC.' }),
    verify: async ({ w, target, after }) => {
      expect((await userById(w.t.db, target.id))?.status).toBe('rejected');
      expect(after.user_events.filter((e) => e.user_id === target.id).map((e) => e.type)).toEqual(['rejected']);
    },
  }),
  row({
    name: 'PUT /api/user/:id/reject of an approved user',
    expect: only({ admin: 409 }),
    request: (w) => json('PUT', `/api/user/${w.agentB.id}/reject`, { reason: 'No.' }),
  }),
  row({
    name: 'PUT /api/user/:id/reject of an unknown user',
    expect: only({ admin: 404 }),
    request: () => json('PUT', `/api/user/${UNKNOWN_ID}/reject`, { reason: 'No.' }),
  }),
  row({
    name: 'PUT /api/user/:id/suspend of an approved user',
    expect: only({ admin: 200 }),
    setup: (w) => insertUser(w.t.db, { role: 'agent' }),
    request: (_w, target) => json('PUT', `/api/user/${target.id}/suspend`, { reason: 'Fake reviews.' }),
    verify: async ({ w, target, after }) => {
      expect((await userById(w.t.db, target.id))?.status).toBe('suspended');
      expect(after.user_events.filter((e) => e.user_id === target.id).map((e) => e.type)).toEqual(['suspended']);
    },
  }),
  row({
    name: 'PUT /api/user/:id/suspend of a pending user',
    expect: only({ admin: 409 }),
    request: (w) => json('PUT', `/api/user/${w.pending.id}/suspend`, { reason: 'No.' }),
  }),
  row({
    name: 'PUT /api/user/:id/suspend of an unknown user',
    expect: only({ admin: 404 }),
    request: () => json('PUT', `/api/user/${UNKNOWN_ID}/suspend`, { reason: 'No.' }),
  }),
  row({
    name: 'PUT /api/user/:id/reactivate of a suspended user',
    expect: only({ admin: 200 }),
    setup: (w) => insertUser(w.t.db, { role: 'manager', status: 'suspended' }),
    request: (_w, target) => json('PUT', `/api/user/${target.id}/reactivate`),
    verify: async ({ w, target }) => expect((await userById(w.t.db, target.id))?.status).toBe('approved'),
  }),
  row({
    name: 'PUT /api/user/:id/reactivate of an approved user',
    expect: only({ admin: 409 }),
    request: (w) => json('PUT', `/api/user/${w.agentB.id}/reactivate`),
  }),
  row({
    name: 'PUT /api/user/:id/reactivate of an unknown user',
    expect: only({ admin: 404 }),
    request: () => json('PUT', `/api/user/${UNKNOWN_ID}/reactivate`),
  }),
  row({
    name: "GET /api/users/:id/history (the agent's own)",
    expect: only({ agent: 200, admin: 200 }),
    request: (w) => get(`/api/users/${w.agentA.id}/history`),
  }),
  row({
    name: 'GET /api/users/:id/history of an unknown user',
    expect: only({ admin: 404 }),
    request: () => get(`/api/users/${UNKNOWN_ID}/history`),
  }),
  row({
    name: 'GET /api/users/:id/history with a malformed id',
    expect: anyRole(404),
    request: () => get(`/api/users/${MALFORMED_ID}/history`),
  }),

  // Commission
  row({
    name: "GET /api/agent/comission/:id (the agent's)",
    expect: only({ agent: 200, admin: 200 }),
    request: (w) => get(`/api/agent/comission/${w.agentA.id}`),
  }),
  row({
    name: "GET /api/manager/comission/:id (the manager's)",
    expect: only({ manager: 200, admin: 200 }),
    request: (w) => get(`/api/manager/comission/${w.managerA.id}`),
  }),
  row({
    name: "GET /api/agent/comission/:id with a manager's id",
    expect: only({ admin: 404 }),
    request: (w) => get(`/api/agent/comission/${w.managerA.id}`),
  }),
  row({
    name: 'GET /api/manager/comission/:id with a malformed id',
    expect: only({}, 404),
    request: () => get(`/api/manager/comission/${MALFORMED_ID}`),
  }),

  // Uploads
  row({
    name: 'POST /api/uploads (an image, private to its uploader until attached)',
    expect: anyRole(201),
    request: async () =>
      multipartRequest('/api/uploads', {
        files: [{ data: await makeImage('png'), filename: 'p.png', contentType: 'image/png' }],
      }),
    verify: async ({ w, res, user }) => {
      const url: string = res.json().url;
      expect(url).toMatch(/\/api\/private\/[0-9a-f]{32}\.png\?expires=\d+&sig=[0-9a-f]{64}$/);
      const [stored] = await w.t.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, keyOfLink(url)));
      expect(stored).toMatchObject({ ownerId: user!.id, private: true, attachedAt: null });
    },
  }),

  // Uploads that resume (tus 1.0): an upload is its uploader's alone, anyone else's is a 404
  row({
    name: 'POST /api/uploads/resumable (starts an upload, private to its uploader)',
    expect: anyRole(201),
    request: () => tusRequest('POST', '/api/uploads/resumable', { 'upload-length': '100' }),
    verify: async ({ w, res, user }) => {
      const location = String(res.headers.location);
      expect(location).toMatch(/\/api\/uploads\/resumable\/[0-9a-f-]{36}$/);
      const mine = w.t.db.select().from(resumableUploads).where(eq(resumableUploads.ownerId, user!.id));
      expect((await mine).map((upload) => upload.id)).toContain(location.slice(location.lastIndexOf('/') + 1));
    },
  }),
  row({
    name: "PATCH /api/uploads/resumable/:id (agentA's upload)",
    expect: only({ agent: 204 }, 404),
    setup: (w) => startResumable(w, 100),
    request: (_w, location) =>
      tusRequest(
        'PATCH',
        pathOf(location),
        {
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        Buffer.alloc(10, 1),
      ),
    verify: ({ res }) => expect(res.headers['upload-offset']).toBe('10'),
  }),
  row({
    name: "GET /api/uploads/resumable/:id (agentA's finished upload)",
    expect: only({ agent: 200 }, 404),
    setup: async (w) => {
      const png = await makeImage('png');
      const location = await startResumable(w, png.length);
      const headers = { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
      const res = await send(w, 'agent', tusRequest('PATCH', pathOf(location), headers, png));
      expect(res.statusCode, res.body).toBe(204);
      return location;
    },
    request: (_w, location) => tusRequest('GET', pathOf(location)),
    verify: ({ res }) =>
      expect(res.json().url).toMatch(/\/api\/private\/[0-9a-f]{32}\.png\?expires=\d+&sig=[0-9a-f]{64}$/),
  }),

  // Products
  row({
    name: 'GET /api/products/approved',
    expect: anyRole(200),
    request: () => get('/api/products/approved?limit=200'),
    verify: (ctx) =>
      expectList(
        ctx,
        ctx.after.products.filter((p) => p.status === 'approved').map((p) => p.id),
      ),
  }),
  row({
    name: 'GET /api/products/filter',
    expect: anyRole(200),
    request: () => get('/api/products/filter?limit=200'),
    verify: (ctx) => expectList(ctx, visibleProducts(ctx.after, ctx.user!, ['pending', 'approved'])),
  }),
  row({
    name: 'GET /api/manager/products',
    expect: only({ manager: 200, otherManager: 200, admin: 200 }),
    request: () => get('/api/manager/products?limit=200'),
    verify: (ctx) => expectList(ctx, visibleProducts(ctx.after, ctx.user!, ['pending', 'approved'])),
  }),
  row({
    name: 'GET /api/products/pending',
    expect: only({ manager: 200, otherManager: 200, admin: 200 }),
    request: () => get('/api/products/pending?limit=200'),
    verify: (ctx) => expectList(ctx, visibleProducts(ctx.after, ctx.user!, ['pending'])),
  }),
  row({
    name: 'GET /api/products/:id/singleproduct of an approved product',
    expect: anyRole(200),
    request: (w) => get(`/api/products/${w.productA.id}/singleproduct`),
  }),
  row({
    name: 'GET /api/products/:id/singleproduct of a pending product',
    expect: only({ manager: 200, admin: 200 }, 404),
    request: (w) => get(`/api/products/${w.pendingProductA.id}/singleproduct`),
  }),
  row({
    name: 'GET /api/products/:id/singleproduct of an archived product',
    expect: only({ manager: 200, admin: 200 }, 404),
    request: (w) => get(`/api/products/${w.archivedProductA.id}/singleproduct`),
  }),
  row({
    name: 'GET /api/products/:id/singleproduct of an unknown product',
    expect: only({}, 404),
    request: () => get(`/api/products/${UNKNOWN_ID}/singleproduct`),
  }),
  row({
    name: 'GET /api/products/:id/singleproduct with a malformed id',
    expect: only({}, 404),
    request: () => get(`/api/products/${MALFORMED_ID}/singleproduct`),
  }),
  row({
    name: 'POST /api/products',
    expect: only({ manager: 201, otherManager: 201, admin: 201 }),
    request: () => json('POST', '/api/products', productBody()),
    verify: async ({ w, user, res }) => {
      const stored = await productById(w.t.db, res.json()._id);
      expect(stored).toMatchObject({ vendorId: user!.id, status: user!.role === 'admin' ? 'approved' : 'pending' });
    },
  }),
  row({
    name: "POST /api/products with managerA's uploaded image (only its uploader may attach it)",
    expect: only({ manager: 201, otherManager: 403, admin: 403 }),
    setup: (w) => uploadImageAs(w.t.app, w.managerA),
    request: (_w, link) => json('POST', '/api/products', productBody({ image: link })),
    verify: async ({ w, target, res }) => {
      expect(res.json().image).toMatch(new RegExp(`/uploads/${keyOfLink(target)}$`));
      const [stored] = await w.t.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, keyOfLink(target)));
      expect(stored?.private).toBe(false);
    },
  }),
  row({
    name: "PUT /api/products/:id/update of a manager's approved product",
    expect: only({ manager: 200, admin: 200 }),
    setup: (w) => freshProduct(w, w.managerA),
    request: (_w, target) =>
      json('PUT', `/api/products/${target.id}/update`, productBody({ name: 'Renamed', price: target.price })),
    verify: async ({ w, target }) => expect((await productById(w.t.db, target.id))?.name).toBe('Renamed'),
  }),
  row({
    name: "PUT /api/products/:id/update of a manager's product with the version it was loaded at",
    expect: only({ manager: 200, admin: 200 }),
    setup: (w) => freshProduct(w, w.managerA, { version: 4 }),
    request: (_w, target) =>
      json(
        'PUT',
        `/api/products/${target.id}/update`,
        productBody({ name: 'Renamed', price: target.price, version: 4 }),
      ),
    verify: async ({ w, target }) =>
      expect(await productById(w.t.db, target.id)).toMatchObject({ name: 'Renamed', version: 5 }),
  }),
  row({
    // edits and versions (docs/domain.md): ownership first, then the version
    name: "PUT /api/products/:id/update of a manager's product changed since the version sent",
    expect: only({ manager: 409, admin: 409 }),
    setup: (w) => freshProduct(w, w.managerA, { version: 4 }),
    request: (_w, target) =>
      json(
        'PUT',
        `/api/products/${target.id}/update`,
        productBody({ name: 'Renamed', price: target.price, version: 3 }),
      ),
  }),
  row({
    name: 'PUT /api/products/:id/update of an archived product',
    expect: only({ manager: 409, admin: 409 }),
    request: (w) => json('PUT', `/api/products/${w.archivedProductA.id}/update`, productBody()),
  }),
  row({
    name: 'PUT /api/products/:id/update of an unknown product',
    expect: only({ manager: 404, otherManager: 404, admin: 404 }),
    request: () => json('PUT', `/api/products/${UNKNOWN_ID}/update`, productBody()),
  }),
  row({
    name: 'PUT /api/products/:id/approve of a pending product',
    expect: only({ admin: 200 }),
    setup: (w) => freshProduct(w, w.managerA, { status: 'pending' }),
    request: (_w, target) => json('PUT', `/api/products/${target.id}/approve`),
    verify: async ({ w, target, before }) => {
      expect((await productById(w.t.db, target.id))?.status).toBe('approved');
      const alertsBefore = before.alerts.filter((a) => a.user_id === w.managerA.id).length;
      expect(await alertsOf(w.t.db, w.managerA.id)).toHaveLength(alertsBefore + 1);
    },
  }),
  row({
    name: 'PUT /api/products/:id/approve of an approved product',
    expect: only({ admin: 409 }),
    request: (w) => json('PUT', `/api/products/${w.productA.id}/approve`),
  }),
  row({
    name: 'PUT /api/products/:id/approve of an unknown product',
    expect: only({ admin: 404 }),
    request: () => json('PUT', `/api/products/${UNKNOWN_ID}/approve`),
  }),
  row({
    name: "DELETE /api/products/:id/delete of a manager's product without orders",
    expect: only({ manager: 200, admin: 200 }),
    setup: (w) => freshProduct(w, w.managerA),
    request: (_w, target) => json('DELETE', `/api/products/${target.id}/delete`),
    verify: async ({ w, target, res }) => {
      expect(res.json()).toEqual({ message: MESSAGES.productDeleted, archived: false });
      expect(await productById(w.t.db, target.id)).toBeUndefined();
    },
  }),
  row({
    name: "DELETE /api/products/:id/delete of a manager's product with orders",
    expect: only({ manager: 200, admin: 200 }),
    setup: async (w) => {
      const product = await freshProduct(w, w.managerA);
      await freshOrder(w, product, w.agentB);
      return product;
    },
    request: (_w, target) => json('DELETE', `/api/products/${target.id}/delete`),
    verify: async ({ w, target, res }) => {
      expect(res.json()).toEqual({ message: MESSAGES.productArchived, archived: true });
      expect((await productById(w.t.db, target.id))?.status).toBe('archived');
    },
  }),
  row({
    name: 'DELETE /api/products/:id/delete of an unknown product',
    expect: only({ manager: 404, otherManager: 404, admin: 404 }),
    request: () => json('DELETE', `/api/products/${UNKNOWN_ID}/delete`),
  }),

  // Orders
  row({
    name: 'GET /api/manager/orders',
    expect: only({ manager: 200, otherManager: 200, admin: 200 }),
    request: () => get('/api/manager/orders?limit=200'),
    verify: (ctx) => expectList(ctx, visibleOrders(ctx.after, ctx.user!)),
  }),
  row({
    name: 'GET /api/orders/all',
    expect: only({ admin: 200 }),
    request: () => get('/api/orders/all?limit=200'),
    verify: (ctx) =>
      expectList(
        ctx,
        ctx.after.orders.map((o) => o.id),
      ),
  }),
  row({
    name: "GET /api/agents/:userId/orders (the agent's)",
    expect: only({ agent: 200, admin: 200 }),
    request: (w) => get(`/api/agents/${w.agentA.id}/orders?limit=200`),
    verify: (ctx) =>
      expectList(
        ctx,
        ctx.after.orders.filter((o) => o.agent_id === ctx.w.agentA.id).map((o) => o.id),
      ),
  }),
  row({
    name: "GET /api/agents/:userId/orders with a manager's id",
    expect: only({ admin: 404 }),
    request: (w) => get(`/api/agents/${w.managerA.id}/orders`),
  }),
  row({
    name: 'GET /api/orders/filtered',
    expect: anyRole(200),
    request: () => get('/api/orders/filtered?limit=200'),
    verify: (ctx) => expectList(ctx, visibleOrders(ctx.after, ctx.user!)),
  }),
  row({
    name: "GET /api/manager/orders searching the other manager's product",
    expect: only({ manager: 200, otherManager: 200, admin: 200 }),
    request: (w) => get(`/api/manager/orders?limit=200&productId=${w.productB.id}&q=sara`),
    verify: (ctx) =>
      expectList(ctx, ordersOfProduct(ctx.after, visibleOrders(ctx.after, ctx.user!), ctx.w.productB.id)),
  }),
  row({
    name: 'GET /api/orders/all searching one agent and product',
    expect: only({ admin: 200 }),
    request: (w) => get(`/api/orders/all?limit=200&agentId=${w.agentB.id}&productId=${w.productA.id}&sort=oldest`),
    verify: (ctx) => expectList(ctx, [ctx.w.orderBonA.id]),
  }),
  row({
    name: 'GET /api/orders/export.csv',
    expect: anyRole(200),
    request: () => get('/api/orders/export.csv'),
    verify: (ctx) => expectCsv(ctx, visibleOrders(ctx.after, ctx.user!)),
  }),
  row({
    name: "GET /api/orders/export.csv of the other manager's product",
    expect: anyRole(200),
    request: (w) => get(`/api/orders/export.csv?productId=${w.productB.id}`),
    verify: (ctx) => expectCsv(ctx, ordersOfProduct(ctx.after, visibleOrders(ctx.after, ctx.user!), ctx.w.productB.id)),
  }),
  row({
    name: "GET /api/orders/export.csv of the other agent's orders",
    expect: anyRole(200),
    request: (w) => get(`/api/orders/export.csv?agentId=${w.agentB.id}`),
    verify: (ctx) =>
      expectCsv(
        ctx,
        visibleOrders(ctx.after, ctx.user!).filter((id) =>
          ctx.after.orders.some((o) => o.id === id && o.agent_id === ctx.w.agentB.id),
        ),
      ),
  }),
  row({
    name: "GET /api/order/:id of an agent's order on a manager's product",
    expect: only({ agent: 200, manager: 200, admin: 200 }),
    request: (w) => get(`/api/order/${w.orderA.id}`),
  }),
  row({
    name: "GET /api/order/:id of the other agent's order on the manager's product",
    expect: only({ otherAgent: 200, manager: 200, admin: 200 }),
    request: (w) => get(`/api/order/${w.orderBonA.id}`),
  }),
  row({
    name: 'GET /api/order/:id of an unknown order',
    expect: only({}, 404),
    request: () => get(`/api/order/${UNKNOWN_ID}`),
  }),
  row({
    name: 'GET /api/order/:id with a malformed id',
    expect: only({}, 404),
    request: () => get(`/api/order/${MALFORMED_ID}`),
  }),
  row({
    name: 'POST /api/orders for an approved product',
    expect: only({ agent: 201, otherAgent: 201 }),
    setup: ownScreenshot,
    request: (w, link) => json('POST', '/api/orders', orderBody(w.productA.id, { orderScreenshot: link })),
    verify: async ({ w, user, res, before }) => {
      expect(await orderById(w.t.db, res.json()._id)).toMatchObject({ agentId: user!.id, productId: w.productA.id });
      const alertsBefore = before.alerts.filter((a) => a.user_id === w.managerA.id).length;
      expect(await alertsOf(w.t.db, w.managerA.id)).toHaveLength(alertsBefore + 1);
    },
  }),
  row({
    name: "POST /api/orders with agentA's uploaded screenshot (only its uploader may attach it)",
    expect: only({ agent: 201, otherAgent: 403 }),
    setup: (w) => uploadImageAs(w.t.app, w.agentA),
    request: (w, link) => json('POST', '/api/orders', orderBody(w.productA.id, { orderScreenshot: link })),
    verify: async ({ w, target, res }) => {
      const stored = await orderById(w.t.db, res.json()._id);
      expect(stored?.orderScreenshot).toBe(keyOfLink(target));
    },
  }),
  row({
    name: "POST /api/orders with orderA's screenshot (one picture, one order)",
    expect: only({ agent: 409, otherAgent: 403 }),
    request: (w) => json('POST', '/api/orders', orderBody(w.productA.id, { orderScreenshot: w.orderImageKey })),
  }),
  row({
    name: 'POST /api/orders with a screenshot that is not an upload',
    expect: only({ agent: 400, otherAgent: 400 }),
    request: (w) => json('POST', '/api/orders', orderBody(w.productA.id, { orderScreenshot: 'n/a' })),
  }),
  row({
    name: 'POST /api/orders for a pending product',
    expect: only({ agent: 409, otherAgent: 409 }),
    setup: ownScreenshot,
    request: (w, link) => json('POST', '/api/orders', orderBody(w.pendingProductA.id, { orderScreenshot: link })),
  }),
  row({
    name: 'POST /api/orders for an unknown product',
    expect: only({ agent: 404, otherAgent: 404 }),
    setup: ownScreenshot,
    request: (_w, link) => json('POST', '/api/orders', orderBody(UNKNOWN_ID, { orderScreenshot: link })),
  }),
  row({
    name: "PUT /api/orders/agent/:id of an agent's order",
    expect: only({ agent: 200 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA),
    request: (_w, target) => json('PUT', `/api/orders/agent/${target.id}`, { comments: 'Changed by the agent' }),
    verify: async ({ w, target }) =>
      expect((await orderById(w.t.db, target.id))?.comments).toBe('Changed by the agent'),
  }),
  row({
    name: "PUT /api/orders/agent/:id of an agent's order changed since the version sent",
    expect: only({ agent: 409 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA, { version: 2 }),
    request: (_w, target) => json('PUT', `/api/orders/agent/${target.id}`, { comments: 'Stale', version: 1 }),
  }),
  row({
    name: "PUT /api/orders/agent/:id of an agent's paid order (closed to its agent)",
    expect: only({ agent: 409 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA, { comissionStatus: 'paid', agentStatus: 'Ordered' }),
    request: (_w, target) => json('PUT', `/api/orders/agent/${target.id}`, { comments: 'Changed after payment' }),
  }),
  row({
    name: "PUT /api/orders/agent/:id removing an agent's order screenshot",
    expect: only({ agent: 400, otherAgent: 403 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA, { orderScreenshot: w.orderImageKey }),
    request: (_w, target) => json('PUT', `/api/orders/agent/${target.id}`, { orderScreenshot: '' }),
  }),
  row({
    name: 'PUT /api/orders/agent/:id of an unknown order',
    expect: only({ agent: 404, otherAgent: 404 }),
    request: () => json('PUT', `/api/orders/agent/${UNKNOWN_ID}`, { comments: 'x' }),
  }),
  // Submitting twice (docs/domain.md, Submitting twice): a key is the caller's own, so one key
  // sent by every caller is a request of each; a key that is not a UUID is a 400 after the role check.
  row({
    name: 'POST /api/orders with an Idempotency-Key (every caller the same key)',
    expect: only({ agent: 201, otherAgent: 201 }),
    setup: ownScreenshot,
    request: (w, link) => ({
      ...json('POST', '/api/orders', orderBody(w.productA.id, { orderScreenshot: link })),
      headers: { 'idempotency-key': SHARED_IDEMPOTENCY_KEY },
    }),
    verify: async ({ w, user, res }) =>
      expect(await orderById(w.t.db, res.json()._id)).toMatchObject({ agentId: user!.id }),
  }),
  row({
    name: 'POST /api/orders with an Idempotency-Key that is not a UUID',
    expect: only({ agent: 400, otherAgent: 400 }),
    setup: ownScreenshot,
    request: (w, link) => ({
      ...json('POST', '/api/orders', orderBody(w.productA.id, { orderScreenshot: link })),
      headers: { 'idempotency-key': 'order-1' },
    }),
  }),
  row({
    name: "PUT /api/orders/agent/:id of an agent's order with an Idempotency-Key",
    expect: only({ agent: 200 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA),
    request: (_w, target) => ({
      ...json('PUT', `/api/orders/agent/${target.id}`, { comments: 'Changed once' }),
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    verify: async ({ w, target }) => expect((await orderById(w.t.db, target.id))?.comments).toBe('Changed once'),
  }),
  row({
    name: "PUT /api/orders/:id of an order on a manager's product",
    expect: only({ manager: 200, admin: 200 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA),
    request: (_w, target) => json('PUT', `/api/orders/${target.id}`, { status: 'Refunded' }),
    verify: async ({ w, target, before }) => {
      expect((await orderById(w.t.db, target.id))?.status).toBe('Refunded');
      const alertsBefore = before.alerts.filter((a) => a.user_id === w.agentA.id).length;
      expect(await alertsOf(w.t.db, w.agentA.id)).toHaveLength(alertsBefore + 1);
    },
  }),
  row({
    name: "PUT /api/orders/:id with managerA's uploaded refund screenshot (only its uploader may attach it)",
    expect: only({ manager: 200, admin: 403 }),
    setup: async (w) => ({
      order: await freshOrder(w, w.productA, w.agentA),
      link: await uploadImageAs(w.t.app, w.managerA),
    }),
    request: (_w, target) => json('PUT', `/api/orders/${target.order.id}`, { refundShot: target.link }),
    verify: async ({ w, target }) =>
      expect((await orderById(w.t.db, target.order.id))?.refundShot).toBe(keyOfLink(target.link)),
  }),
  row({
    name: "PUT /api/orders/:id removing an order's refund screenshot",
    expect: only({ manager: 400, admin: 400 }),
    setup: async (w) =>
      freshOrder(w, w.productA, w.agentA, { refundShot: keyOfLink(await uploadImageAs(w.t.app, w.managerA)) }),
    request: (_w, target) => json('PUT', `/api/orders/${target.id}`, { refundShot: '' }),
  }),
  row({
    name: "PUT /api/orders/:id of an order on a manager's product changed since the version sent",
    expect: only({ manager: 409, admin: 409 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA, { version: 2 }),
    request: (_w, target) => json('PUT', `/api/orders/${target.id}`, { status: 'Refunded', version: 1 }),
  }),
  row({
    name: 'PUT /api/orders/:id of an unknown order',
    expect: only({ manager: 404, otherManager: 404, admin: 404 }),
    request: () => json('PUT', `/api/orders/${UNKNOWN_ID}`, { status: 'Refunded' }),
  }),

  // The order history: read only; anyone but the order's agent, its product's manager and admins
  // gets the answer an unknown order gets.
  row({
    name: "GET /api/orders/:id/history of an agent's order on a manager's product",
    expect: only({ agent: 200, manager: 200, admin: 200 }, 404),
    request: (w) => get(`/api/orders/${w.orderA.id}/history`),
    verify: (ctx) => expectHistory(ctx, ctx.w.orderA.id),
  }),
  row({
    name: "GET /api/orders/:id/history of the other agent's order on the manager's product",
    expect: only({ otherAgent: 200, manager: 200, admin: 200 }, 404),
    request: (w) => get(`/api/orders/${w.orderBonA.id}/history`),
    verify: (ctx) => expectHistory(ctx, ctx.w.orderBonA.id),
  }),
  row({
    name: "GET /api/orders/:id/history of an agent's paid order on the other manager's product",
    expect: only({ agent: 200, otherManager: 200, admin: 200 }, 404),
    request: (w) => get(`/api/orders/${w.orderAonB.id}/history`),
    verify: (ctx) => expectHistory(ctx, ctx.w.orderAonB.id),
  }),
  row({
    name: 'GET /api/orders/:id/history of an unknown order',
    expect: only({}, 404),
    request: () => get(`/api/orders/${UNKNOWN_ID}/history`),
  }),
  row({
    name: 'GET /api/orders/:id/history with a malformed id',
    expect: only({}, 404),
    request: () => get(`/api/orders/${MALFORMED_ID}/history`),
  }),

  // Payouts (docs/domain.md, Payouts): admins pay and see all; an agent sees its own, another
  // agent's reads as an unknown one; managers none.
  row({
    name: "POST /api/payouts of an agent's unpaid order",
    expect: only({ admin: 201 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA),
    request: (w, target) =>
      json('POST', '/api/payouts', { agentId: w.agentA.id, orderIds: [target.id], reference: `REF-${target.id}` }),
    verify: async ({ w, target, res }) =>
      expect(await orderById(w.t.db, target.id)).toMatchObject({ comissionStatus: 'paid', payoutId: res.json()._id }),
  }),
  row({
    name: "POST /api/payouts of an agent's unpaid order with an Idempotency-Key",
    expect: only({ admin: 201 }),
    setup: (w) => freshOrder(w, w.productA, w.agentA),
    request: (w, target) => ({
      ...json('POST', '/api/payouts', { agentId: w.agentA.id, orderIds: [target.id], reference: `KEY-${target.id}` }),
      headers: { 'idempotency-key': SHARED_IDEMPOTENCY_KEY },
    }),
    verify: async ({ w, target, res }) =>
      expect(await orderById(w.t.db, target.id)).toMatchObject({ comissionStatus: 'paid', payoutId: res.json()._id }),
  }),
  row({
    name: 'POST /api/payouts for an unknown agent',
    expect: only({ admin: 404 }),
    request: (w) => json('POST', '/api/payouts', { agentId: UNKNOWN_ID, orderIds: [w.orderA.id], reference: 'REF-X' }),
  }),
  row({
    name: 'GET /api/payouts',
    expect: only({ agent: 200, otherAgent: 200, admin: 200 }),
    request: () => get('/api/payouts?limit=200'),
    verify: (ctx) =>
      expectList(
        ctx,
        ctx.after.payouts.filter((p) => ctx.user!.role === 'admin' || p.agent_id === ctx.user!.id).map((p) => p.id),
      ),
  }),
  row({
    name: 'GET /api/payouts/payable',
    expect: only({ admin: 200 }),
    request: () => get('/api/payouts/payable?limit=200'),
  }),
  row({
    name: 'GET /api/payouts/payable/:agentId of an agent',
    expect: only({ admin: 200 }),
    request: (w) => get(`/api/payouts/payable/${w.agentA.id}`),
  }),
  row({
    name: 'GET /api/payouts/payable/summary',
    expect: only({ admin: 200 }),
    request: () => get('/api/payouts/payable/summary?q=a'),
  }),
  row({
    name: 'GET /api/payouts/payable/:agentId/held of an agent',
    expect: only({ admin: 200 }),
    request: (w) => get(`/api/payouts/payable/${w.agentA.id}/held`),
  }),
  row({
    name: "GET /api/payouts/:id of agentA's payout",
    expect: only({ agent: 200, otherAgent: 404, admin: 200 }),
    request: (w) => get(`/api/payouts/${w.payoutA.id}`),
    verify: ({ w, res }) => expect(res.json().orderIds).toEqual([w.orderAonB.id]),
  }),
  row({
    name: 'GET /api/payouts/:id of an unknown payout',
    expect: only({ agent: 404, otherAgent: 404, admin: 404 }),
    request: () => get(`/api/payouts/${UNKNOWN_ID}`),
  }),
  row({
    name: "GET /api/payouts/:id/export.csv of agentA's payout",
    expect: only({ agent: 200, otherAgent: 404, admin: 200 }),
    request: (w) => get(`/api/payouts/${w.payoutA.id}/export.csv`),
    verify: (ctx) => expectCsv(ctx, [ctx.w.orderAonB.id]),
  }),
  // Payout accounts (docs/domain.md, Payout accounts): an agent's own; admins see them on payouts.
  row({
    name: 'GET /api/user/payout-account of an agent without one',
    expect: only({ agent: 404, otherAgent: 404 }),
    request: () => get('/api/user/payout-account'),
  }),
  row({
    name: 'PUT /api/user/payout-account',
    expect: only({ agent: 200, otherAgent: 200 }),
    freshCaller: true,
    // an account no other agent has, so no signal fires
    setup: async () => `+9230${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    request: (_w, wallet) => json('PUT', '/api/user/payout-account', { method: 'jazzcash', account: wallet }),
    verify: ({ res, target }) => expect(res.json()).toMatchObject({ method: 'jazzcash', account: target }),
  }),
  row({
    name: 'GET /api/payouts/payable/:agentId/account of an agent',
    expect: only({ admin: 200 }),
    request: (w) => get(`/api/payouts/payable/${w.agentA.id}/account`),
  }),
  row({
    name: 'GET /api/payouts/transfer.csv of a range of days',
    expect: only({ admin: 200 }),
    request: () => get('/api/payouts/transfer.csv?from=2000-01-01&to=2100-01-01'),
  }),
  row({
    name: "GET /api/payouts/:id/transfer.csv of agentA's payout",
    expect: only({ admin: 200 }),
    request: (w) => get(`/api/payouts/${w.payoutA.id}/transfer.csv`),
  }),
  row({
    name: "GET /api/admin/comission (the platform's)",
    expect: only({ admin: 200 }),
    request: () => get('/api/admin/comission'),
  }),
  // Fraud signals: only admins dismiss a flag or count the orders on hold.
  row({
    name: "PUT /api/orders/:id/flags/:code of a flagged order on a manager's product",
    expect: only({ admin: 200 }),
    setup: async (w) => {
      const order = await freshOrder(w, w.productA, w.agentA);
      await w.t.db
        .insert(orderFlags)
        .values({ orderId: order.id, code: 'paypal-shared', relatedOrderIds: [w.orderB.id] });
      return order;
    },
    request: (_w, target) =>
      json('PUT', `/api/orders/${target.id}/flags/paypal-shared`, { dismissed: true, note: 'Checked.' }),
    verify: async ({ w, target, user, res }) => {
      expect(res.json().flags).toEqual([expect.objectContaining({ code: 'paypal-shared', dismissed: true })]);
      const [flag] = await w.t.db.select().from(orderFlags).where(eq(orderFlags.orderId, target.id));
      expect(flag).toMatchObject({ dismissedBy: user!.id, dismissalNote: 'Checked.' });
    },
  }),
  row({
    name: 'PUT /api/orders/:id/flags/:code of an order without that flag',
    expect: only({ admin: 404 }),
    request: (w) => json('PUT', `/api/orders/${w.orderA.id}/flags/number-seen`, { dismissed: true, note: 'x' }),
  }),
  row({
    name: 'PUT /api/orders/:id/flags/:code of an unknown order',
    expect: only({ admin: 404 }),
    request: () => json('PUT', `/api/orders/${UNKNOWN_ID}/flags/number-seen`, { dismissed: true, note: 'x' }),
  }),
  row({
    name: 'GET /api/orders/held',
    expect: only({ admin: 200 }),
    request: () => get('/api/orders/held'),
    verify: ({ res, after }) => {
      const open = new Set(after.order_flags.filter((f) => f.dismissed_at === null).map((f) => f.order_id));
      const held = after.orders.filter(
        (o) => open.has(o.id) && o.comission_status === 'unpaid' && o.agent_status !== 'cancelled',
      );
      expect(res.json()).toEqual({ orders: held.length });
    },
  }),

  // Alerts and stats
  row({
    name: 'GET /api/alerts',
    expect: anyRole(200),
    request: () => get('/api/alerts?limit=200'),
    verify: ({ res, after, user }) => {
      const body = res.json() as { alerts: { _id: string }[]; unread: number };
      const own = after.alerts.filter((a) => a.user_id === user!.id);
      expect(ids(body.alerts)).toEqual(sorted(own.map((a) => a.id)));
      expect(body.unread).toBe(own.filter((a) => !a.read).length);
    },
  }),
  row({
    name: 'GET /api/alerts/stream',
    expect: anyRole(200),
    stream: true,
    request: () => get('/api/alerts/stream'),
    verify: ({ res, after, user }) => {
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      const unread = after.alerts.filter((a) => a.user_id === user!.id && !a.read).length;
      expect(res.body).toContain(`event: unread\ndata: {"unread":${unread}}\n\n`);
    },
  }),
  row({
    name: 'PUT /api/alerts/read-all',
    expect: anyRole(200),
    request: () => json('PUT', '/api/alerts/read-all'),
    verify: ({ res, before, after, user }) => {
      expect(res.json().unread).toBe(0);
      expect(after.alerts.filter((a) => a.user_id === user!.id).every((a) => a.read)).toBe(true);
      // Nobody else's alerts changed.
      const others = (s: Snapshot) => s.alerts.filter((a) => a.user_id !== user!.id);
      expect(others(after)).toEqual(others(before));
    },
  }),
  row({
    name: 'GET /api/stats/orders',
    expect: anyRole(200),
    request: () => get('/api/stats/orders'),
    verify: ({ res, after, user }) => {
      const days = res.json() as { date: string; count: number }[];
      expect(days).toHaveLength(30);
      expect(days.reduce((sum, day) => sum + day.count, 0)).toBe(visibleOrders(after, user!).length);
    },
  }),
  // The users directory (docs/domain.md, Accounts, Directory): admins only.
  row({
    name: 'GET /api/users',
    expect: only({ admin: 200 }),
    request: () => get('/api/users?limit=200'),
    verify: (ctx) =>
      expectList(
        ctx,
        ctx.after.users.map((u) => u.id),
      ),
  }),
  row({
    name: 'GET /api/users filtered by role and status',
    expect: only({ admin: 200 }),
    request: () => get('/api/users?limit=200&role=agent&status=pending&sort=name'),
    verify: (ctx) =>
      expectList(
        ctx,
        ctx.after.users.filter((u) => u.role === 'agent' && u.status === 'pending').map((u) => u.id),
      ),
  }),
  row({
    name: 'GET /api/users/export.csv',
    expect: only({ admin: 200 }),
    request: () => get('/api/users/export.csv'),
    verify: ({ res, after }) => {
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, ...lines] = res.body.split('\r\n').filter(Boolean);
      expect(header?.startsWith('User ID,')).toBe(true);
      expect(lines.map((line) => line.slice(0, line.indexOf(','))).sort()).toEqual(
        sorted(after.users.map((u) => u.id)),
      );
    },
  }),
  row({
    name: 'GET /api/users/:id',
    expect: only({ admin: 200 }),
    request: (w) => get(`/api/users/${w.agentA.id}`),
    verify: ({ res, w }) => expect(res.json()).toMatchObject({ _id: w.agentA.id, role: 'agent' }),
  }),
  row({
    name: 'GET /api/users/:id of an unknown user',
    expect: only({ admin: 404 }),
    request: () => get(`/api/users/${UNKNOWN_ID}`),
  }),
  row({
    name: 'GET /api/users/:id with a malformed id',
    expect: only({ admin: 404 }),
    request: () => get(`/api/users/${MALFORMED_ID}`),
  }),
  // Push notifications (docs/domain.md, Push notifications): every signed-in account, its own only.
  row({
    name: 'GET /api/push/key',
    expect: anyRole(200),
    request: () => get('/api/push/key'),
  }),
  row({
    name: 'GET /api/push/subscriptions',
    expect: anyRole(200),
    request: () => get('/api/push/subscriptions'),
    verify: ({ res }) => expect(res.json()).toEqual([]),
  }),
  row({
    name: 'POST /api/push/subscriptions',
    expect: anyRole(201),
    request: () =>
      json('POST', '/api/push/subscriptions', {
        endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
        keys: { p256dh: PUSH_TEST_P256DH, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      }),
  }),
  row({
    name: "DELETE /api/push/subscriptions of an endpoint that is not the caller's",
    expect: anyRole(404),
    request: () => json('DELETE', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/none' }),
  }),
  row({
    name: 'GET /api/push/preferences',
    expect: anyRole(200),
    request: () => get('/api/push/preferences'),
  }),
  row({
    name: 'PUT /api/push/preferences',
    expect: anyRole(200),
    request: () => json('PUT', '/api/push/preferences', { kindsOff: ['order_placed'] }),
  }),
];

/** A P-256 public key (uncompressed, base64url) for subscriptions the tests never push to. */
const PUSH_TEST_P256DH = (() => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString('base64url');
})();

/**
 * An event stream's answer, read up to its first event: a refusal whole, a stream until its
 * first blank line (it stays open until the app closes, which ends it).
 */
async function injectStream(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  let body = '';
  for await (const chunk of res.stream()) {
    body += String(chunk);
    if (res.statusCode === 200 && body.includes('\n\n')) break;
  }
  return Object.assign(Object.create(res) as LightMyRequestResponse, { body, json: () => JSON.parse(body) });
}

describe('authorization matrix: every route × every caller', () => {
  let w: World;
  let doc: ApiDocument | undefined;
  beforeAll(async () => {
    w = await buildWorld(await createTestApp());
    doc = (await w.t.app.inject({ url: '/api/openapi.json' })).json() as ApiDocument;
  });
  afterAll(() => w.t.close());

  /** The caller's Authorization header, and the user behind it. */
  async function signIn(caller: Caller, fresh: boolean): Promise<{ user?: UserRow; headers: Record<string, string> }> {
    if (caller === 'anonymous') return { headers: {} };
    const base = w.users[caller];
    const user = fresh ? await insertUser(w.t.db, { role: base.role, status: base.status }) : base;
    const token = fresh ? await w.t.app.tokens.sign(user) : w.tokens[caller];
    return { user, headers: { authorization: `Bearer ${token}` } };
  }

  const state = async () => ({ ...(await snapshot(w.t.db)), files: await filesIn(w.t) });

  for (const r of ROWS) {
    describe(r.name, () => {
      for (const caller of CALLERS) {
        const status = r.expect[caller];
        it(`answers ${caller === 'anonymous' ? 'an anonymous caller' : `the ${caller}`} with ${status}`, async () => {
          const target = r.setup ? await r.setup(w, caller) : undefined;
          const { user, headers } = await signIn(caller, r.freshCaller === true);
          const options = await r.request(w, target);
          const before = await state();
          const request = { ...options, headers: { ...options.headers, ...headers } };
          const res = r.stream ? await injectStream(w.t.app, request) : await w.t.app.inject(request);
          const after = await state();

          expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
          // What the route answered is what the API document says it answers.
          const [method = '', url = ''] = r.name.split(' ');
          const documented = w.t.app.registeredRoutes.some((route) => route.documented && route.url === url);
          if (doc && documented && String(res.headers['content-type']).startsWith('application/json')) {
            expect(answerProblems(doc, method, url, res.statusCode, res.json())).toEqual([]);
          }
          if (res.statusCode >= 400) {
            const body = res.json() as { message?: unknown };
            expect(typeof body.message === 'string' && body.message.length > 0, res.body).toBe(true);
          }
          // A refusal, or a read: nothing stored changed.
          if (res.statusCode >= 400 || options.method === 'GET') expect(after).toEqual(before);
          if (res.statusCode < 300 && r.verify) await r.verify({ w, target, caller, user, res, before, after });
        });
      }
    });
  }

  // Ids are UUIDs in either case (the id rule lower-cases them), so "is it the caller itself"
  // holds for the caller's own id written in upper case.
  it('answers an agent asking for its own commission with its id in upper case with 200', async () => {
    const res = await send(w, 'agent', { method: 'GET', url: `/api/agent/comission/${w.agentA.id.toUpperCase()}` });
    expect(res.statusCode, res.body).toBe(200);
  });
  it('answers a manager asking for its own commission with its id in upper case with 200', async () => {
    const res = await send(w, 'manager', {
      method: 'GET',
      url: `/api/manager/comission/${w.managerA.id.toUpperCase()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  it('answers an agent asking for its own orders with its id in upper case with 200', async () => {
    const res = await send(w, 'agent', { method: 'GET', url: `/api/agents/${w.agentA.id.toUpperCase()}/orders` });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('has rows for every route the app registers', async () => {
    await w.t.app.ready();
    const registered = w.t.app.registeredRoutes
      .filter((route) => route.documented || route.url === '/api/openapi.json' || route.url === '/api/docs')
      .map((route) => `${route.method} ${route.url}`);
    const covered = new Set(ROWS.map((r) => r.name.split(' ').slice(0, 2).join(' ')));
    expect(registered.length).toBeGreaterThanOrEqual(30);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
  });
});
