/**
 * Malformed input never breaks the API: well over a thousand bad requests, generated from a
 * seeded PRNG (the same requests every run), over every route — wrong types, missing fields,
 * huge strings and bodies, broken JSON, wrong content types, NUL bytes, invalid UTF-8 and lone
 * surrogates, bad ids, odd query strings, numbers as strings, deep nesting, prototype-pollution
 * keys, bad tokens, bad multipart — each sent without a token and with a valid token of a role
 * the route lets through. None may give a 5xx; every 4xx is JSON with a non-empty message.
 *
 * Also: a database that goes away in the middle of a request gives 503 with a message.
 */
import crypto from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { ACCOUNT_MESSAGES, IDEMPOTENCY_MESSAGES, MESSAGES, type Role, UUID_PATTERN } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableUploads } from '../db/schema';
import { createTestApp, TEST_JWT_SECRET } from '../test/helpers';
import { makeImage } from '../test/images';
import { startTestInbox, type TestInbox } from '../test/mail';
import { createOrderRow, createProduct, orderBody } from '../test/orders';
import { buildWorld, type Caller, insertUser, productBody, REGISTRATION_FIELDS, send, type World } from '../test/world';

const SEED = 0x5eed_2024;
/** Generated requests per route (each sent twice: anonymous and with a token). */
const PER_ROUTE = 32;

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
/** Bytes and ids from the PRNG too, so a run's requests are the same every time. */
function seededBytes(rand: Rand, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(rand() * 256);
  return bytes;
}
const seededUuid = (rand: Rand) => {
  const hex = seededBytes(rand, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const seedOf = (text: string) => crypto.createHash('sha256').update(`${SEED}:${text}`).digest().readUInt32LE(0);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Body = Record<string, Json>;

interface SweepRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** with :name placeholders */
  path: string;
  /** roles whose token gets past the route's role check */
  roles: readonly Role[];
  /** valid values of the path's placeholders, for a token of this role */
  params?: (w: World, role: Role) => Record<string, string>;
  /** a valid body (the generator breaks it) */
  body?: (w: World, rand: Rand) => Body;
  /** query parameters the route reads, with valid values */
  query?: Record<string, string>;
  multipart?: boolean;
}

const ALL_ROLES: readonly Role[] = ['agent', 'manager', 'admin'];
/** A P-256 public key (uncompressed, base64url) for the push subscriptions the sweep makes. */
const SWEEP_P256DH = (() => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString('base64url');
})();
/** An upload that resumes which no one started. */
const UNKNOWN_UPLOAD = '5e1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';

/** The sweep's app takes screenshots in this Firebase Storage bucket (docs/domain.md, Images). */
const SWEEP_BUCKET = 'sweep-test.appspot.com';
const sweepFirebaseLink = (name: string) =>
  `https://firebasestorage.googleapis.com/v0/b/${SWEEP_BUCKET}/o/images%2F${name}.png?alt=media`;
const SELLERS: readonly Role[] = ['manager', 'admin'];
const PAGE = { page: '1', limit: '5' };
const PRODUCT_QUERY = { ...PAGE, keyword: 'lamp', marketPlace: 'US', reviewType: 'text', status: 'pending' };
const ORDER_QUERY = { ...PAGE, AgentStatus: 'submitted', comissionStatus: 'unpaid' };
/** the staff lists' and the export's search (well-formed ids that name nothing) */
const SEARCH_QUERY = {
  ...ORDER_QUERY,
  q: 'Sara',
  agentId: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b',
  productId: '4f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b',
  from: '2020-01-01',
  to: '2099-12-31',
  flagged: 'true',
  sort: 'commission-high',
};
/** the users directory's filters and sort */
const USER_QUERY = { ...PAGE, role: 'agent', status: 'approved', q: 'Sara', sort: 'name' };
const FAKE_CNIC = (n: number) => `http://localhost:8000/api/private/${String(n).repeat(32).slice(0, 32)}.jpg`;

const randomOrderNumber = (rand: Rand) => {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  return `${digits(3)}-${digits(7)}-${digits(7)}`;
};

const userOf = (w: World, role: Role) => (role === 'admin' ? w.admin : role === 'manager' ? w.managerA : w.agentA);

const ROUTES: SweepRoute[] = [
  { method: 'GET', path: '/api/health', roles: ALL_ROLES },
  {
    method: 'POST',
    path: '/api/login',
    roles: ALL_ROLES,
    body: (w) => ({ email: w.agentA.email, password: 'not-the-password' }),
  },
  {
    method: 'POST',
    path: '/api/register',
    roles: ALL_ROLES,
    // CNIC links no upload stands behind: a well-formed registration still ends in a 400.
    body: () => ({
      ...REGISTRATION_FIELDS,
      email: 'nadia@example.com',
      referralUserId: null,
      cnicFront: FAKE_CNIC(1),
      cnicBack: FAKE_CNIC(2),
      role: 'agent',
    }),
  },
  { method: 'GET', path: '/api/user', roles: ALL_ROLES },
  // each request signs in anew, so a logout that gets through ends only its own token
  { method: 'POST', path: '/api/logout', roles: ALL_ROLES },
  {
    method: 'PUT',
    path: '/api/update/password',
    roles: ALL_ROLES,
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'another-secret' }),
  },
  { method: 'PUT', path: '/api/user/locale', roles: ALL_ROLES, body: () => ({ locale: 'en' }) },
  { method: 'GET', path: '/api/all/pendingusers', roles: ['admin'], query: PAGE },
  { method: 'GET', path: '/api/pendinguser/:id', roles: ['admin'], params: (w) => ({ id: w.pending.id }) },
  {
    method: 'PUT',
    path: '/api/user/:id/approve',
    roles: ['admin'],
    // an approved user: a well-formed request is a 409, the world stays as it is
    params: (w) => ({ id: w.agentB.id }),
    body: () => ({ password: 'secret123' }),
  },
  // the sweep's app emails into a test inbox: a well-formed request is a 202
  { method: 'POST', path: '/api/password/forgot', roles: ALL_ROLES, body: (w) => ({ email: w.agentA.email }) },
  {
    method: 'POST',
    path: '/api/password/reset',
    roles: ALL_ROLES,
    // a token no link has: a well-formed request is a 400, the world stays as it is
    body: () => ({ token: 'A'.repeat(43), newPassword: 'a fresh pass phrase' }),
  },
  {
    method: 'POST',
    path: '/api/user/:id/password-reset',
    roles: ['admin'],
    // a pending user: a well-formed request is a 409
    params: (w) => ({ id: w.pending.id }),
  },
  // the account moves (docs/domain.md, Accounts): each on a user it cannot move, a well-formed
  // request is a 409 and the world stays as it is
  {
    method: 'PUT',
    path: '/api/user/:id/reject',
    roles: ['admin'],
    params: (w) => ({ id: w.agentB.id }),
    body: () => ({ reason: 'Unreadable CNIC images.' }),
  },
  {
    method: 'PUT',
    path: '/api/user/:id/suspend',
    roles: ['admin'],
    params: (w) => ({ id: w.pending.id }),
    body: () => ({ reason: 'Fake reviews.' }),
  },
  {
    method: 'PUT',
    path: '/api/user/:id/reactivate',
    roles: ['admin'],
    params: (w) => ({ id: w.agentB.id }),
    body: () => ({ reason: 'Cleared.' }),
  },
  {
    method: 'GET',
    path: '/api/users/:id/history',
    roles: ['agent', 'admin'],
    params: (w) => ({ id: w.agentA.id }),
  },
  {
    method: 'GET',
    path: '/api/agent/comission/:id',
    roles: ['agent', 'admin'],
    params: (w) => ({ id: w.agentA.id }),
  },
  {
    method: 'GET',
    path: '/api/manager/comission/:id',
    roles: ['manager', 'admin'],
    params: (w) => ({ id: w.managerA.id }),
  },
  { method: 'POST', path: '/api/uploads', roles: ALL_ROLES, multipart: true },
  {
    method: 'POST',
    path: '/api/client-errors',
    roles: ALL_ROLES,
    body: () => ({ kind: 'remote-incompatible', remote: 'manager', detail: 'The manager area needs a newer app.' }),
  },
  // uploads that resume (tus 1.0): their odd headers are swept in 'tus headers' below
  { method: 'POST', path: '/api/uploads/resumable', roles: ALL_ROLES },
  { method: 'GET', path: '/api/uploads/resumable/:id', roles: ALL_ROLES, params: () => ({ id: UNKNOWN_UPLOAD }) },
  { method: 'PATCH', path: '/api/uploads/resumable/:id', roles: ALL_ROLES, params: () => ({ id: UNKNOWN_UPLOAD }) },
  { method: 'GET', path: '/uploads/:key', roles: ALL_ROLES, params: (w) => ({ key: w.publicImagePath.slice(9) }) },
  {
    method: 'GET',
    path: '/api/private/:key',
    roles: ALL_ROLES,
    params: (w) => ({ key: w.privateKey }),
    query: { expires: '9999999999', sig: 'a'.repeat(64) },
  },
  { method: 'GET', path: '/api/products/approved', roles: ALL_ROLES, query: PRODUCT_QUERY },
  { method: 'GET', path: '/api/products/filter', roles: ALL_ROLES, query: PRODUCT_QUERY },
  { method: 'GET', path: '/api/manager/products', roles: SELLERS, query: PRODUCT_QUERY },
  { method: 'GET', path: '/api/products/pending', roles: SELLERS, query: PRODUCT_QUERY },
  {
    method: 'GET',
    path: '/api/products/:id/singleproduct',
    roles: ALL_ROLES,
    params: (w) => ({ id: w.productA.id }),
  },
  { method: 'POST', path: '/api/products', roles: SELLERS, body: () => productBody() as Body },
  {
    method: 'PUT',
    path: '/api/products/:id/update',
    roles: SELLERS,
    // a pending product (managerA's): an edit that gets through leaves it pending, so the
    // orders swept later still find productA approved
    params: (w) => ({ id: w.pendingProductA.id }),
    // with the version it was loaded at (docs/domain.md, Edits and versions): broken like any field
    body: () => productBody({ version: 1 }) as Body,
  },
  { method: 'PUT', path: '/api/products/:id/approve', roles: ['admin'], params: (w) => ({ id: w.productA.id }) },
  {
    method: 'DELETE',
    path: '/api/products/:id/delete',
    roles: SELLERS,
    // already archived (it has an order): a well-formed request archives it again
    params: (w) => ({ id: w.archivedProductA.id }),
  },
  {
    method: 'GET',
    path: '/api/manager/orders',
    roles: SELLERS,
    query: SEARCH_QUERY,
  },
  {
    method: 'GET',
    path: '/api/orders/all',
    roles: ['admin'],
    query: SEARCH_QUERY,
  },
  {
    method: 'GET',
    path: '/api/orders/export.csv',
    roles: ALL_ROLES,
    query: SEARCH_QUERY,
  },
  {
    method: 'GET',
    path: '/api/agents/:userId/orders',
    roles: ['agent', 'admin'],
    params: (w) => ({ userId: w.agentA.id }),
    query: ORDER_QUERY,
  },
  { method: 'GET', path: '/api/orders/filtered', roles: ALL_ROLES, query: ORDER_QUERY },
  { method: 'GET', path: '/api/order/:id', roles: ALL_ROLES, params: (w) => ({ id: w.orderA.id }) },
  {
    method: 'POST',
    path: '/api/orders',
    roles: ['agent'],
    // a new order number and screenshot each time, so a well-formed order gets as far as the insert
    body: (w, rand) =>
      orderBody(w.productA.id, {
        amzOrderNumber: randomOrderNumber(rand),
        orderScreenshot: sweepFirebaseLink(seededUuid(rand)),
      }) as unknown as Body,
  },
  {
    method: 'PUT',
    path: '/api/orders/agent/:id',
    roles: ['agent'],
    params: (w) => ({ id: w.orderA.id }),
    body: (w) => ({
      reviewType: 'text',
      amzOrderNumber: '321-7654321-7654321',
      buyerPayPal: 'buyer@example.com',
      buyerName: 'Sara Khan',
      orderScreenshot: w.orderImageKey,
      reviewScreenShot: sweepFirebaseLink('review'),
      FeedbackScreenShot: sweepFirebaseLink('feedback'),
      comments: 'ok',
      AgentStatus: 'Ordered',
      version: 1,
    }),
  },
  {
    method: 'PUT',
    path: '/api/orders/:id',
    roles: SELLERS,
    params: (w) => ({ id: w.orderA.id }),
    body: () => ({
      status: 'On-Hold',
      refundShot: sweepFirebaseLink('refund'),
      comissionStatus: 'unpaid',
      version: 1,
    }),
  },
  { method: 'GET', path: '/api/orders/:id/history', roles: ALL_ROLES, params: (w) => ({ id: w.orderA.id }) },
  // a well-formed payout of an order that is not that agent's: a 409 at best, so the sweep pays nothing
  {
    method: 'POST',
    path: '/api/payouts',
    roles: ['admin'],
    body: (w, rand) => ({ agentId: w.agentB.id, orderIds: [w.orderA.id], reference: `SWEEP-${seededUuid(rand)}` }),
  },
  { method: 'GET', path: '/api/payouts', roles: ['agent', 'admin'], query: { ...PAGE, agentId: SEARCH_QUERY.agentId } },
  {
    method: 'GET',
    path: '/api/payouts/payable',
    roles: ['admin'],
    query: { ...PAGE, AgentStatus: 'Feedbacked', q: 'agent' },
  },
  {
    method: 'GET',
    path: '/api/payouts/payable/summary',
    roles: ['admin'],
    query: { AgentStatus: 'Feedbacked', q: 'a' },
  },
  {
    method: 'GET',
    path: '/api/payouts/payable/:agentId/held',
    roles: ['admin'],
    params: (w) => ({ agentId: w.agentA.id }),
    query: { AgentStatus: 'Ordered' },
  },
  {
    method: 'GET',
    path: '/api/payouts/payable/:agentId',
    roles: ['admin'],
    params: (w) => ({ agentId: w.agentA.id }),
    query: { AgentStatus: 'Ordered' },
  },
  { method: 'GET', path: '/api/payouts/:id', roles: ['agent', 'admin'], params: (w) => ({ id: w.payoutA.id }) },
  {
    method: 'GET',
    path: '/api/payouts/:id/export.csv',
    roles: ['agent', 'admin'],
    params: (w) => ({ id: w.payoutA.id }),
  },
  {
    method: 'GET',
    path: '/api/payouts/payable/:agentId/account',
    roles: ['admin'],
    params: (w) => ({ agentId: w.agentA.id }),
  },
  {
    method: 'GET',
    path: '/api/payouts/transfer.csv',
    roles: ['admin'],
    query: { from: '2026-01-01', to: '2026-01-31' },
  },
  { method: 'GET', path: '/api/payouts/:id/transfer.csv', roles: ['admin'], params: (w) => ({ id: w.payoutA.id }) },
  // the agent's payout account: the sweep sets agentA's over and over (no other agent has it)
  { method: 'GET', path: '/api/user/payout-account', roles: ['agent'] },
  {
    method: 'PUT',
    path: '/api/user/payout-account',
    roles: ['agent'],
    body: () => ({ method: 'bank', account: 'PK36SCBL0000001123456702', holderName: 'Hira Gill' }),
  },
  { method: 'GET', path: '/api/admin/comission', roles: ['admin'] },
  // push notifications: every role, its own subscriptions
  { method: 'GET', path: '/api/push/key', roles: ALL_ROLES },
  { method: 'GET', path: '/api/push/subscriptions', roles: ALL_ROLES },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    roles: ALL_ROLES,
    body: (_w, rand) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${seededUuid(rand)}`,
      keys: { p256dh: SWEEP_P256DH, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    roles: ALL_ROLES,
    body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/none' }),
  },
  { method: 'GET', path: '/api/push/preferences', roles: ALL_ROLES },
  { method: 'PUT', path: '/api/push/preferences', roles: ALL_ROLES, body: () => ({ kindsOff: ['order_placed'] }) },
  // fraud signals
  {
    method: 'PUT',
    path: '/api/orders/:id/flags/:code',
    roles: ['admin'],
    params: (w) => ({ id: w.orderA.id, code: 'paypal-shared' }),
    body: () => ({ dismissed: true, note: 'Checked with the agent.' }),
  },
  { method: 'GET', path: '/api/orders/held', roles: ['admin'] },
  { method: 'GET', path: '/api/alerts', roles: ALL_ROLES, query: PAGE },
  { method: 'PUT', path: '/api/alerts/read-all', roles: ALL_ROLES, query: PAGE },
  // Not GET /api/alerts/stream: a stream that opens stays open; its odd input (Last-Event-ID, a
  // query string, bad tokens) is tested in routes/alerts-stream.test.ts.
  { method: 'GET', path: '/api/stats/orders', roles: ALL_ROLES },
  // the users directory (docs/domain.md, Accounts, Directory)
  { method: 'GET', path: '/api/users', roles: ['admin'], query: USER_QUERY },
  { method: 'GET', path: '/api/users/export.csv', roles: ['admin'], query: USER_QUERY },
  { method: 'GET', path: '/api/users/:id', roles: ['admin'], params: (w) => ({ id: w.agentA.id }) },
];

// --- bad values --------------------------------------------------------------------------

const KB100 = 'x'.repeat(100 * 1024);
const MB2 = 'y'.repeat(2 * 1024 * 1024);

const WRONG_TYPES: Json[] = [
  0,
  -0,
  -1,
  1.5,
  0.001,
  1e-7,
  9999999.999,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  ['text'],
  [1, 2, 3],
  {},
  { title: 'text' },
  { $gt: '' },
  '',
  ' ',
  '\t\n',
  'string',
];
const NUMBERS_AS_STRINGS = [
  '12',
  '-5',
  '0',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '12abc',
  ' 7 ',
  '١٢',
  '1,5',
  '00012',
  '9'.repeat(400),
];
const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udfff',
  '\ud83d',
  '\u202e\u0041',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%_\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as is
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\uFEFF',
  '😀'.repeat(50),
];
const BAD_IDS = [
  'not-a-uuid',
  "1' OR '1'='1",
  '1;DROP TABLE users--',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  'x'.repeat(80),
  'x'.repeat(5000),
  '0'.repeat(32),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '00000000-0000-4000-8000-00000000000g',
  '%00',
  'abc%00def',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF%FE',
  '%F0%9F%98%80',
  '{}',
  '[]',
  'null',
  'undefined',
  '-1',
  '1e9',
  '%24%7B7*7%7D',
  '%3Cscript%3E',
  '%20',
  '.',
  '..',
  `${'0'.repeat(32)}.png`,
  `..%2Fprivate%2F${'0'.repeat(32)}.png`,
];
const BROKEN_JSON = [
  '{',
  '}',
  '[',
  '{"a":',
  '{"name": "x",}',
  "{'name': 'x'}",
  '{"name": "x"',
  'nul',
  'undefined',
  '{"a":1}{"b":2}',
  '{"a": NaN}',
  '{"a": Infinity}',
  '{"a": 01}',
  '{"a": "\\x41"}',
  '{"a": "\\u12"}',
  '{"a":"unterminated}',
  '\u0000',
  '{"a": 1} trailing',
  '\uFEFF{"a": 1}',
  '{"a" 1}',
  '{,}',
  '{"a": [1, 2}',
  ' ',
];
const NOT_OBJECTS = ['null', '[]', '[{}]', '123', '"a string"', 'true', '-0', '1e999'];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  'text/json',
  'image/png',
  'application/octet-stream',
  '*/*',
  'application/json; boundary=x; charset=utf-8; q=2',
  ';;;',
];
const ODD_QUERY_VALUES = [
  '-1',
  '0',
  'NaN',
  '1e309',
  '99999999999999999999',
  '1.5',
  'abc',
  '',
  '%20',
  '201',
  '1000001',
  '0x10',
  '%00',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF',
  'Shipped',
  'maybe',
  'FR',
  'essay',
  'archived',
  'cancelled',
  'Cancelled',
  'PAID',
  '%25%5F%5C',
  encodeURIComponent("' OR 1=1 --"),
  'x'.repeat(3000),
];
const QUERY_KEYS = [
  'page',
  'limit',
  'keyword',
  'marketPlace',
  'reviewType',
  'status',
  'AgentStatus',
  'comissionStatus',
  'expires',
  'sig',
  'q',
  'agentId',
  'productId',
  'from',
  'to',
  'sort',
];

function nested(depth: number, array: boolean): string {
  return array ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

// --- the generator ----------------------------------------------------------------------

interface Generated {
  kind: string;
  /** what was broken, for a failure report */
  detail: string;
  options: InjectOptions;
  /** the token variant sends this Authorization header instead of a valid token */
  authorization?: string;
}

const BODY_KINDS = [
  'wrongType',
  'wrongType',
  'missingField',
  'hugeString',
  'hugeBody',
  'brokenJson',
  'wrongContentType',
  'nulByte',
  'invalidUtf8',
  'loneSurrogate',
  'numberAsString',
  'nestedObject',
  'protoKeys',
  'notAnObject',
  'emptyBody',
  'nastyStrings',
] as const;

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? 'missing');
}

function queryString(entries: [string, string][]): string {
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

/** A body text with `extra` spliced in as the first member of the JSON object. */
const withMembers = (body: Body, extra: string) => {
  const text = JSON.stringify(body);
  return text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`;
};

async function badTokens(w: World, rand: Rand): Promise<{ detail: string; header: string }> {
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const sign = (claims: Record<string, unknown>, sub: string, key = secret, exp = '1h') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key);
  const kind = pick(rand, [
    'bearer-only',
    'bearer-space',
    'three-dots',
    'basic',
    'unknown-user',
    'other-secret',
    'alg-none',
    'long',
    'non-uuid-sub',
    'expired',
    'old-version',
    'bad-role',
    'two-tokens',
  ]);
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  switch (kind) {
    case 'bearer-only':
      return { detail: kind, header: 'Bearer' };
    case 'bearer-space':
      return { detail: kind, header: 'Bearer    ' };
    case 'three-dots':
      return { detail: kind, header: 'Bearer a.b.c' };
    case 'basic':
      return { detail: kind, header: 'Basic dXNlcjpwYXNz' };
    case 'unknown-user':
      return { detail: kind, header: `Bearer ${await sign({ role: 'admin', tv: 0 }, seededUuid(rand))}` };
    case 'other-secret':
      return {
        detail: kind,
        header: `Bearer ${await sign({ role: 'admin', tv: 0 }, w.admin.id, new TextEncoder().encode('x'.repeat(40)))}`,
      };
    case 'alg-none':
      return {
        detail: kind,
        header: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: w.admin.id, role: 'admin', tv: 0, exp: 9999999999 })}.`,
      };
    case 'long':
      return { detail: kind, header: `Bearer ${'a'.repeat(8000)}` };
    case 'non-uuid-sub':
      return { detail: kind, header: `Bearer ${await sign({ role: 'admin', tv: 0 }, "1' OR '1'='1")}` };
    case 'expired':
      return {
        detail: kind,
        header: `Bearer ${await new SignJWT({ role: 'admin', tv: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(w.admin.id)
          .setIssuedAt(1_000_000)
          .setExpirationTime(1_000_100)
          .sign(secret)}`,
      };
    case 'old-version':
      return { detail: kind, header: `Bearer ${await sign({ role: 'admin', tv: -1 }, w.admin.id)}` };
    case 'bad-role':
      return { detail: kind, header: `Bearer ${await sign({ role: 'owner', tv: 0 }, w.admin.id)}` };
    default:
      return { detail: kind, header: `Bearer ${await sign({ role: 'admin', tv: 0 }, w.admin.id)}, Bearer x` };
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A multipart body built by hand (so it can be broken). */
function multipart(
  parts: { name: string; filename?: string; type?: string; data: Buffer | string; rawHeaders?: string }[],
  boundary = 'sweepboundary',
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.rawHeaders ??
      `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}${
        part.type ? `\r\nContent-Type: ${part.type}` : ''
      }`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

async function badUpload(rand: Rand, png: Buffer): Promise<{ detail: string; payload: Buffer | string; type: string }> {
  const type = 'multipart/form-data; boundary=sweepboundary';
  const kind = pick(rand, [
    'not-an-image',
    'truncated-png',
    'png-signature-only',
    'empty-file',
    'wrong-field',
    'two-files',
    'many-fields',
    'long-field',
    'cnic-not-an-image',
    'odd-purpose',
    'no-boundary',
    'other-boundary',
    'unterminated',
    'garbage',
    'json-instead',
    'traversal-filename',
    'nul-filename',
    'big-random',
    'too-large',
    'header-only',
    'no-disposition',
  ]);
  const file = (data: Buffer | string, extra: Partial<{ name: string; filename: string; type: string }> = {}) => ({
    name: 'file',
    filename: 'image.png',
    type: 'image/png',
    data,
    ...extra,
  });
  switch (kind) {
    case 'not-an-image':
      return { detail: kind, type, payload: multipart([file('hello, I am text')]) };
    case 'truncated-png':
      return { detail: kind, type, payload: multipart([file(png.subarray(0, 40))]) };
    case 'png-signature-only':
      return { detail: kind, type, payload: multipart([file(Buffer.concat([PNG_SIGNATURE, seededBytes(rand, 64)]))]) };
    case 'empty-file':
      return { detail: kind, type, payload: multipart([file('')]) };
    case 'wrong-field':
      return { detail: kind, type, payload: multipart([file(png, { name: 'image' })]) };
    case 'two-files':
      return { detail: kind, type, payload: multipart([file(png), file(png)]) };
    case 'many-fields':
      return {
        detail: kind,
        type,
        payload: multipart([...Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, data: 'x' })), file(png)]),
      };
    case 'long-field':
      return { detail: kind, type, payload: multipart([{ name: 'purpose', data: 'c'.repeat(5000) }, file(png)]) };
    case 'cnic-not-an-image':
      return { detail: kind, type, payload: multipart([{ name: 'purpose', data: 'cnic' }, file('GIF89a not really')]) };
    case 'odd-purpose':
      return {
        detail: kind,
        type,
        payload: multipart([{ name: 'purpose', data: pick(rand, ['CNIC', 'cnic\u0000', 'admin', ' ', '\ud800']) }]),
      };
    case 'no-boundary':
      return { detail: kind, type: 'multipart/form-data', payload: multipart([file(png)]) };
    case 'other-boundary':
      return { detail: kind, type: 'multipart/form-data; boundary=nope', payload: multipart([file(png)]) };
    case 'unterminated':
      return { detail: kind, type, payload: multipart([file(png)], 'sweepboundary', false) };
    case 'garbage':
      return { detail: kind, type, payload: seededBytes(rand, 2048) };
    case 'json-instead':
      return { detail: kind, type: 'application/json', payload: '{"file": "data:image/png;base64,AAAA"}' };
    case 'traversal-filename':
      return { detail: kind, type, payload: multipart([file(png, { filename: '../../../etc/passwd' })]) };
    case 'nul-filename':
      return { detail: kind, type, payload: multipart([file(png, { filename: 'a\u0000.png' })]) };
    case 'big-random':
      return { detail: kind, type, payload: multipart([file(seededBytes(rand, 2 * 1024 * 1024))]) };
    case 'too-large':
      return {
        detail: kind,
        type,
        payload: multipart([file(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]))]),
      };
    case 'header-only':
      return { detail: kind, type, payload: '--sweepboundary\r\nContent-Disposition: form-data; name="file"' };
    default:
      return {
        detail: kind,
        type,
        payload: multipart([{ name: 'file', data: png, rawHeaders: 'Content-Type: image/png' }]),
      };
  }
}

async function generate(route: SweepRoute, rand: Rand, w: World, role: Role, png: Buffer): Promise<Generated> {
  const params = route.params?.(w, role) ?? {};
  const validQuery = Object.entries(route.query ?? {});
  const url = (values = params, query = validQuery) => fillPath(route.path, values) + queryString(query);
  const body = route.body?.(w, rand);

  const kinds: string[] = ['oddQuery', 'badAuth', 'wrongMethod'];
  if (route.params) kinds.push('badId', 'badId', 'badId', 'badId');
  if (route.query) kinds.push('oddQuery', 'oddQuery');
  if (body) kinds.push(...BODY_KINDS, ...BODY_KINDS);
  if (route.multipart) kinds.push(...Array.from({ length: 12 }, () => 'badUpload'));
  if (!body && !route.multipart && route.method !== 'GET') kinds.push('brokenJson', 'wrongContentType', 'notAnObject');
  if (route.method === 'GET') kinds.push('bodyOnGet');
  const kind = pick(rand, kinds);

  const base: InjectOptions = { method: route.method, url: url() };
  const withPayload = (payload: string | Buffer | Body, contentType = 'application/json'): InjectOptions => ({
    ...base,
    payload: typeof payload === 'object' && !Buffer.isBuffer(payload) ? JSON.stringify(payload) : payload,
    headers: { 'content-type': contentType },
  });
  const fields = body ? Object.keys(body) : [];
  const field = fields.length ? pick(rand, fields) : 'field';
  const change = (value: Json): Body => ({ ...(body ?? {}), [field]: value });

  switch (kind) {
    case 'wrongType': {
      const value = pick(rand, WRONG_TYPES);
      return { kind, detail: `${field}=${JSON.stringify(value)}`, options: withPayload(change(value)) };
    }
    case 'missingField': {
      const kept = Object.fromEntries(Object.entries(body ?? {}).filter(() => rand() < 0.4));
      return { kind, detail: `kept ${Object.keys(kept).join(',')}`, options: withPayload(kept) };
    }
    case 'hugeString':
      return { kind, detail: `${field}=100KB`, options: withPayload(change(rand() < 0.5 ? KB100 : `${KB100}\u0000`)) };
    case 'hugeBody':
      return { kind, detail: '2MB', options: withPayload(change(MB2)) };
    case 'brokenJson': {
      const text = JSON.stringify(body ?? { a: 1 });
      const broken = rand() < 0.3 ? text.slice(0, Math.floor(rand() * text.length)) : pick(rand, BROKEN_JSON);
      return { kind, detail: JSON.stringify(broken.slice(0, 40)), options: withPayload(broken) };
    }
    case 'wrongContentType': {
      const type = pick(rand, CONTENT_TYPES);
      const payload = type.includes('urlencoded') ? 'a=1&b=2' : JSON.stringify(body ?? { a: 1 });
      return { kind, detail: type, options: withPayload(payload, type) };
    }
    case 'nulByte': {
      const where = pick(rand, ['value', 'key', 'escaped']);
      if (where === 'key') {
        return { kind, detail: 'NUL in a key', options: withPayload({ ...(body ?? {}), 'a\u0000b': 'x' }) };
      }
      if (where === 'escaped') {
        return {
          kind,
          detail: `${field} \\u0000`,
          options: withPayload(withMembers(body ?? {}, `"${field}":"a\\u0000"`)),
        };
      }
      return { kind, detail: `${field} NUL`, options: withPayload(change(`before\u0000after`)) };
    }
    case 'invalidUtf8': {
      const bytes = pick(rand, [
        [0xff],
        [0xc3, 0x28],
        [0xe2, 0x82],
        [0xed, 0xa0, 0x80],
        [0xf0, 0x28, 0x8c, 0x28],
        [0xc0, 0xaf],
      ]);
      const text = JSON.stringify(change('@@@'));
      const [head, tail] = text.split('@@@') as [string, string];
      return {
        kind,
        detail: `${field} bytes ${bytes.map((b) => b.toString(16)).join(' ')}`,
        options: withPayload(Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)])),
      };
    }
    case 'loneSurrogate': {
      const value = pick(rand, ['\ud800', 'a\udfffb', '\ud83d', `${'x'.repeat(10)}\udc00`]);
      return { kind, detail: `${field} lone surrogate`, options: withPayload(change(value)) };
    }
    case 'numberAsString': {
      const value = pick(rand, NUMBERS_AS_STRINGS);
      return { kind, detail: `${field}=${value.slice(0, 20)}`, options: withPayload(change(value)) };
    }
    case 'nestedObject': {
      const depth = pick(rand, [5, 50, 500, 5000]);
      return {
        kind,
        detail: `${field} nested ${depth}`,
        options: withPayload(withMembers(body ?? {}, `"${field}":${nested(depth, rand() < 0.5)}`)),
      };
    }
    case 'protoKeys': {
      const extra = pick(rand, [
        '"__proto__":{"role":"admin","status":"approved"}',
        '"constructor":{"prototype":{"role":"admin"}}',
        '"__proto__":null',
        '"prototype":{"a":1}',
        '"toString":1,"valueOf":"x","hasOwnProperty":[]',
      ]);
      return { kind, detail: extra.slice(0, 30), options: withPayload(withMembers(body ?? {}, extra)) };
    }
    case 'notAnObject': {
      const text = pick(rand, NOT_OBJECTS);
      return { kind, detail: text, options: withPayload(text) };
    }
    case 'emptyBody':
      return { kind, detail: 'empty', options: withPayload('') };
    case 'nastyStrings': {
      const value = pick(rand, NASTY_STRINGS);
      return { kind, detail: `${field}=${JSON.stringify(value).slice(0, 30)}`, options: withPayload(change(value)) };
    }
    case 'badId': {
      const names = Object.keys(params);
      const name = pick(rand, names);
      const id = pick(rand, BAD_IDS);
      return {
        kind,
        detail: `${name}=${id.slice(0, 40)}`,
        options: { ...base, url: url({ ...params, [name]: id }), ...(body ? { payload: body } : {}) },
      };
    }
    case 'oddQuery': {
      const entries: [string, string][] = [];
      const count = 1 + Math.floor(rand() * 4);
      for (let i = 0; i < count; i++) {
        const key =
          rand() < 0.7 && validQuery.length ? (pick(rand, validQuery) as [string, string])[0] : pick(rand, QUERY_KEYS);
        const shape = pick(rand, ['plain', 'repeat', 'brackets', 'nested']);
        const value = pick(rand, ODD_QUERY_VALUES);
        if (shape === 'repeat') entries.push([key, value], [key, '2']);
        else if (shape === 'brackets') entries.push([`${key}[]`, value]);
        else if (shape === 'nested') entries.push([`${key}[a][b]`, value]);
        else entries.push([key, value]);
      }
      return {
        kind,
        detail: queryString(entries).slice(0, 80),
        options: { ...base, url: url(params, entries), ...(body ? { payload: body } : {}) },
      };
    }
    case 'badAuth': {
      const { detail, header } = await badTokens(w, rand);
      return { kind, detail, options: { ...base, ...(body ? { payload: body } : {}) }, authorization: header };
    }
    case 'wrongMethod': {
      // Not OPTIONS: a bare OPTIONS request is a recorded bug (see 'known bugs' below).
      const method = pick(rand, ['PATCH', 'DELETE', 'POST', 'PUT', 'GET', 'HEAD'] as const);
      return { kind, detail: method, options: { ...base, method, payload: method === 'GET' ? undefined : '{}' } };
    }
    case 'bodyOnGet': {
      const text = pick(rand, [...BROKEN_JSON, ...NOT_OBJECTS]);
      return {
        kind,
        detail: text.slice(0, 20),
        options: { ...base, payload: text, headers: { 'content-type': 'application/json' } },
      };
    }
    default: {
      const upload = await badUpload(rand, png);
      return {
        kind,
        detail: upload.detail,
        options: { ...base, payload: upload.payload, headers: { 'content-type': upload.type } },
      };
    }
  }
}

// --- the sweep ----------------------------------------------------------------------------

interface Failure {
  route: string;
  kind: string;
  detail: string;
  as: string;
  status: number;
  body: string;
}

/** A 5xx, or a 4xx that is not JSON with a non-empty message: what the sweep reports. */
function problemWith(res: LightMyRequestResponse, method: string): string | undefined {
  if (res.statusCode >= 500) return 'a 5xx';
  // HEAD answers carry no body.
  if (res.statusCode < 400 || method === 'HEAD') return undefined;
  try {
    const body = res.json() as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim().length > 0 ? undefined : 'no message';
  } catch {
    return 'not JSON';
  }
}

describe('malformed input sweep', () => {
  let w: World;
  let inbox: TestInbox;
  let png: Buffer;
  const statusCounts = new Map<string, number>();
  let sent = 0;
  let generated = 0;

  beforeAll(async () => {
    // screenshots may be links into a Firebase bucket: well-formed orders of the sweep reach the insert
    inbox = await startTestInbox();
    w = await buildWorld(await createTestApp({ firebaseBucket: SWEEP_BUCKET, mail: inbox.settings }));
    png = await makeImage('png');
  });
  afterAll(async () => {
    const summary = [...statusCounts.entries()].sort().map(([status, count]) => `${status}: ${count}`);
    console.info(
      `malformed-input sweep: ${generated} generated requests, ${sent} sent (seed ${SEED}); ${summary.join(', ')}`,
    );
    await w.t.close();
    await inbox.close();
  });

  /** Each bad value in each field of each body, one at a time, for every role the route lets through. */
  const FIELD_VALUES: Json[] = ['a\u0000b', 'x\ud800', {}, [], null, KB100, '1e400', -1];

  for (const route of ROUTES.filter((r) => r.body)) {
    const name = `${route.method} ${route.path}`;
    it(`${name} answers each body field set to each bad value, one at a time, without a 5xx`, async () => {
      const failures: Failure[] = [];
      const rand = prng(seedOf(`fields ${name}`));
      for (const role of route.roles) {
        const authorization = `Bearer ${await w.t.app.tokens.sign(userOf(w, role))}`;
        const url = fillPath(route.path, route.params?.(w, role) ?? {});
        for (const field of Object.keys(route.body?.(w, rand) ?? {})) {
          for (const value of FIELD_VALUES) {
            const payload = { ...route.body?.(w, rand), [field]: value };
            const res = await w.t.app.inject({ method: route.method, url, payload, headers: { authorization } });
            generated++;
            sent++;
            statusCounts.set(String(res.statusCode), (statusCounts.get(String(res.statusCode)) ?? 0) + 1);
            const problem = problemWith(res, route.method);
            if (problem) {
              const detail = `${field}=${JSON.stringify(value).slice(0, 30)}`;
              failures.push({ route: name, kind: 'field', detail, as: role, status: res.statusCode, body: res.body });
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  /**
   * The record ids bodies carry, by route, and what a malformed one is told (the contract's
   * `idOf`, the rule of ids in paths too). A product's `productId` is its marketplace's, free text.
   */
  const BODY_IDS: Record<string, Record<string, string>> = {
    'POST /api/register': { referralUserId: MESSAGES.referralUserMissing },
    'POST /api/orders': { productId: MESSAGES.productIdInvalid },
    'POST /api/payouts': { agentId: MESSAGES.agentIdInvalid, orderIds: MESSAGES.payoutOrderIdInvalid },
  };
  const MALFORMED_IDS = BAD_IDS.filter((id) => !UUID_PATTERN.test(id));

  it('answers 400 saying what the id should name for a malformed id in a body, never 404 or 5xx', async () => {
    const wrong: string[] = [];
    const rand = prng(seedOf('ids in bodies'));
    for (const [name, fields] of Object.entries(BODY_IDS)) {
      const route = ROUTES.find((r) => `${r.method} ${r.path}` === name);
      if (!route?.body) throw new Error(`the sweep has no ${name} with a body`);
      for (const role of route.roles) {
        const authorization = `Bearer ${await w.t.app.tokens.sign(userOf(w, role))}`;
        const url = fillPath(route.path, route.params?.(w, role) ?? {});
        const body = route.body(w, rand);
        for (const [field, message] of Object.entries(fields)) {
          for (const id of MALFORMED_IDS) {
            const payload = { ...body, [field]: Array.isArray(body[field]) ? [id] : id };
            const res = await w.t.app.inject({ method: route.method, url, payload, headers: { authorization } });
            if (res.statusCode !== 400 || res.json().message !== message) {
              wrong.push(`${name} as ${role}, ${field}=${id.slice(0, 30)}: ${res.statusCode} ${res.body.slice(0, 80)}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  /** The routes that take an Idempotency-Key (docs/domain.md, Submitting twice). */
  const IDEMPOTENT_ROUTES = ['POST /api/orders', 'PUT /api/orders/agent/:id', 'POST /api/payouts'];
  /** Header values that are not a UUID (a header holds Latin-1 only, no line breaks). */
  const BAD_KEYS = [
    ...MALFORMED_IDS.filter((id) => /^[\t\x20-\x7e\x80-\xff]*$/.test(id)),
    'x'.repeat(20_000),
    `${'0'.repeat(8)}-${'0'.repeat(4)}-${'0'.repeat(4)}-${'0'.repeat(4)}-${'0'.repeat(13)}`,
    '{"a":1}',
  ];

  it('answers 400 saying so for an Idempotency-Key that is not a UUID, never a 5xx, doing nothing', async () => {
    const wrong: string[] = [];
    const rand = prng(seedOf('idempotency keys'));
    for (const name of IDEMPOTENT_ROUTES) {
      const route = ROUTES.find((r) => `${r.method} ${r.path}` === name);
      if (!route?.body) throw new Error(`the sweep has no ${name} with a body`);
      for (const role of route.roles) {
        const authorization = `Bearer ${await w.t.app.tokens.sign(userOf(w, role))}`;
        const url = fillPath(route.path, route.params?.(w, role) ?? {});
        for (const key of BAD_KEYS) {
          const payload = route.body(w, rand);
          const headers = { authorization, 'idempotency-key': key };
          const res = await w.t.app.inject({ method: route.method, url, payload, headers });
          if (res.statusCode !== 400 || res.json().message !== IDEMPOTENCY_MESSAGES.keyInvalid) {
            wrong.push(`${name} as ${role}, key=${key.slice(0, 30)}: ${res.statusCode} ${res.body.slice(0, 80)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  for (const route of ROUTES) {
    const name = `${route.method} ${route.path}`;
    it(`${name} answers ${PER_ROUTE} malformed requests, anonymous and signed in, without a 5xx`, async () => {
      const rand = prng(seedOf(name));
      const failures: Failure[] = [];
      for (let i = 0; i < PER_ROUTE; i++) {
        const role = pick(rand, route.roles);
        const request = await generate(route, rand, w, role, png);
        generated++;
        const token = await w.t.app.tokens.sign(userOf(w, role));
        const variants: [string, string | undefined][] = [
          ['anonymous', undefined],
          [request.authorization ? 'a bad token' : role, request.authorization ?? `Bearer ${token}`],
        ];
        for (const [as, authorization] of variants) {
          const headers = { ...request.options.headers, ...(authorization ? { authorization } : {}) };
          const res = await w.t.app.inject({ ...request.options, headers });
          sent++;
          statusCounts.set(String(res.statusCode), (statusCounts.get(String(res.statusCode)) ?? 0) + 1);
          const problem = problemWith(res, request.options.method ?? 'GET');
          // SWEEP_LOG=1 prints every request's outcome (to study or reproduce one).
          if (process.env.SWEEP_LOG)
            console.log(
              `sweep\t${name}\t${request.kind}\t${as === 'anonymous' ? 'anon' : 'token'}\t${res.statusCode}\t${request.detail.slice(0, 50)}\t${res.body.slice(0, 80)}`,
            );
          if (problem) {
            failures.push({
              route: name,
              kind: request.kind,
              detail: request.detail,
              as,
              status: res.statusCode,
              body: `${problem}: ${res.body.slice(0, 200)}`,
            });
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

/**
 * Uploads that resume (tus 1.0, routes/uploads-resumable.ts): their input is headers. Each is
 * set to odd values, one at a time, on a real upload of the caller's: never a 5xx, every 4xx
 * JSON with a message (but HEAD's, which has no body), and nothing stored but by a valid chunk.
 */
describe('tus headers (uploads that resume)', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(await createTestApp());
  });
  afterAll(() => w.t.close());

  const ODD_HEADER_VALUES = [
    '',
    ' ',
    '-1',
    '0',
    '1.0',
    '1e3',
    '0x10',
    'NaN',
    '9'.repeat(40),
    '1, 2',
    '1.0.0, 1.0.0',
    'ÿþ',
    'filename',
    'filename ====',
    'filename !!',
    'k v,k v',
    `filename ${'A'.repeat(4000)}`,
    `filename ${Buffer.from('\u0000').toString('base64')}`,
    `filetype ${Buffer.from([0xff, 0xfe]).toString('base64')}`,
  ];
  const HEADERS = [
    'tus-resumable',
    'upload-length',
    'upload-offset',
    'upload-metadata',
    'upload-defer-length',
    'content-type',
    'content-length',
  ];

  it('answers odd values of each tus header on POST, HEAD, PATCH and GET without a 5xx', async () => {
    const authorization = `Bearer ${w.tokens.agent}`;
    const start = await w.t.app.inject({
      method: 'POST',
      url: '/api/uploads/resumable',
      headers: { authorization, 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(start.statusCode, start.body).toBe(201);
    const url = new URL(String(start.headers.location)).pathname;
    const valid: Record<string, Record<string, string>> = {
      POST: { 'tus-resumable': '1.0.0', 'upload-length': '100' },
      HEAD: { 'tus-resumable': '1.0.0' },
      PATCH: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      GET: {},
    };
    const failures: string[] = [];
    for (const method of ['POST', 'HEAD', 'PATCH', 'GET'] as const) {
      for (const header of HEADERS) {
        for (const value of ODD_HEADER_VALUES) {
          if (header === 'content-length') continue;
          const res = await w.t.app.inject({
            method,
            url: method === 'POST' ? '/api/uploads/resumable' : url,
            headers: { authorization, ...valid[method], [header]: value },
            ...(method === 'PATCH' || method === 'POST' ? { payload: Buffer.alloc(3, 1) } : {}),
          });
          const problem = problemWith(res, method);
          if (problem)
            failures.push(`${method} ${header}=${JSON.stringify(value).slice(0, 30)}: ${problem} ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // of all that, only whole chunks of 3 bytes were stored (the POSTs' bodies were not read)
    const stored = await w.t.db.select({ bytes: resumableUploads.bytes }).from(resumableUploads);
    expect(stored.length).toBeGreaterThan(0);
    for (const { bytes } of stored) expect(bytes.length % 3).toBe(0);
  }, 120_000);
});

/**
 * Found by the sweep, recorded here and not fixed (the fix is outside this suite's files):
 * each `it.fails` passes while the bug is there and turns red once it is fixed — then make
 * it a plain `it`.
 */
describe('known bugs found by the sweep', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(await createTestApp());
  });
  afterAll(() => w.t.close());

  const expectApiRefusal = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toEqual(expect.any(String));
  };

  // BUG (plugins/cors.ts): @fastify/cors answers an OPTIONS request without Origin and
  // Access-Control-Request-Method (not a CORS preflight) with 400 text/plain "Invalid
  // Preflight Request", not JSON { message }. Fix: strictPreflight: false, or answer it.
  it('answers a bare OPTIONS request with JSON { message }', async () => {
    const res = await w.t.app.inject({ method: 'OPTIONS', url: '/api/products/approved' });
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode >= 400) expectApiRefusal(res, res.statusCode);
  });

  // BUG (app.ts, Fastify router): an id whose percent-encoding is broken never reaches the
  // route or plugins/errors.ts: the router answers 400 { error, code: 'FST_ERR_BAD_URL',
  // message: "'/api/products/%E0%A4%A/singleproduct' is not a valid url component" } — not the
  // 404 a malformed id gives, nor the API's { message } shape. Fix: Fastify's frameworkErrors option.
  it('answers an id with a broken percent-encoding with 404 { message }', async () => {
    const res = await send(w, 'admin', { method: 'GET', url: '/api/products/%E0%A4%A/singleproduct' });
    expectApiRefusal(res, 404);
  });

  // BUG (app.ts, Fastify router): an id longer than maxParamLength (100) gives 414
  // { error: 'Bad Request', code: 'FST_ERR_MAX_PARAM_LENGTH', message } from the router, not
  // the 404 a malformed id gives. Fix: frameworkErrors (or a larger maxParamLength).
  it('answers an id of 101 characters with 404 { message }', async () => {
    const res = await send(w, 'admin', { method: 'GET', url: `/api/order/${'x'.repeat(101)}` });
    expectApiRefusal(res, 404);
  });
});

describe('the version an edit was loaded at (docs/domain.md, Edits and versions)', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(await createTestApp());
  });
  afterAll(() => w.t.close());

  const BAD_VERSIONS: Json[] = ['1', '', 0, -1, 1.5, 1e300, 2 ** 31, null, true, [1], { version: 1 }, 'W/"1"'];

  it('refuses every version that is not a whole number from 1 with 400 and its message, changing nothing', async () => {
    const versionOf = async () =>
      (await send(w, 'admin', { method: 'GET', url: `/api/order/${w.orderA.id}` })).json<{ version: number }>().version;
    const before = await versionOf();
    const edits: [Caller, string, Body][] = [
      ['manager', `/api/products/${w.pendingProductA.id}/update`, productBody() as Body],
      ['agent', `/api/orders/agent/${w.orderA.id}`, { comments: 'bad version' }],
      ['admin', `/api/orders/${w.orderA.id}`, { status: 'On-Hold' }],
    ];
    for (const [role, url, body] of edits) {
      for (const version of BAD_VERSIONS) {
        const res = await send(w, role, { method: 'PUT', url, payload: { ...body, version } });
        expect(res.statusCode, `${url} version ${JSON.stringify(version)}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ message: MESSAGES.versionInvalid });
      }
    }
    expect(await versionOf()).toBe(before);
  });
});

describe('a database that goes away during a request', () => {
  /**
   * The token is checked while the database is up; the database closes right before the
   * handler runs, so the route's own queries (and transactions) meet it gone.
   */
  it.each([
    ['GET /api/products/approved', 'agent'],
    ['POST /api/products', 'manager'],
    ['GET /api/order/:id', 'agent'],
    ['GET /api/orders/export.csv', 'manager'],
    ['POST /api/orders', 'agent'],
    ['PUT /api/orders/:id', 'admin'],
    ['GET /api/users', 'admin'],
    ['GET /api/users/export.csv', 'admin'],
  ] as const)('answers %s, signed in as %s, with 503 and a message', async (route, role) => {
    const t = await createTestApp();
    try {
      const manager = await insertUser(t.db, { role: 'manager' });
      const agent = await insertUser(t.db, { role: 'agent' });
      const admin = await insertUser(t.db, { role: 'admin' });
      const product = await createProduct(t.db, manager);
      const order = await createOrderRow(t.db, product, agent);
      const caller = { agent, manager, admin }[role];
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
      const payload =
        route === 'POST /api/products'
          ? productBody()
          : route === 'POST /api/orders'
            ? orderBody(product.id, { orderScreenshot: sweepFirebaseLink('gone') })
            : route === 'PUT /api/orders/:id'
              ? { status: 'Refunded' }
              : undefined;
      t.app.addHook('preHandler', async () => {
        await t.database.close();
      });
      const res = await t.app.inject({
        method,
        url: path.replace(':id', order.id),
        headers: { authorization: `Bearer ${await t.app.tokens.sign(caller)}` },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: MESSAGES.databaseUnavailable });
    } finally {
      await t.close();
    }
  });
});

describe("the users directory's filters (docs/domain.md, Accounts, Directory)", () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(await createTestApp());
  });
  afterAll(() => w.t.close());

  it('refuses a bad role, status or sort, a search over 100 characters and a bad page or limit with 400 and a message', async () => {
    const cases: [string, string | undefined][] = [
      ['role=boss', undefined],
      ['role=Agent', undefined],
      ['status=banned', undefined],
      ['status=pending&status=approved', undefined],
      ['sort=email', ACCOUNT_MESSAGES.userSortInvalid],
      ['sort=-id', ACCOUNT_MESSAGES.userSortInvalid],
      [`q=${'x'.repeat(101)}`, ACCOUNT_MESSAGES.userQueryInvalid],
      ['page=0', MESSAGES.pageInvalid],
      ['page=1.5', MESSAGES.pageInvalid],
      ['page=abc', MESSAGES.pageInvalid],
      ['limit=0', MESSAGES.limitInvalid],
      ['limit=201', MESSAGES.limitInvalid],
      ['page=10001', MESSAGES.pageTooFar],
    ];
    for (const url of ['/api/users', '/api/users/export.csv']) {
      for (const [query, message] of cases) {
        // the export has no page: its bad pages are ignored like any unknown parameter
        if (url.endsWith('.csv') && /^(page|limit)=/.test(query)) continue;
        const res = await send(w, 'admin', { method: 'GET', url: `${url}?${query}` });
        expect(res.statusCode, `${url}?${query.slice(0, 40)}: ${res.body}`).toBe(400);
        const body = res.json() as { message?: unknown };
        expect(typeof body.message === 'string' && body.message.length > 0).toBe(true);
        if (message) expect(body.message).toBe(message);
      }
    }
    // a search of exactly 100 characters is a search
    const res = await send(w, 'admin', { method: 'GET', url: `/api/users?q=${'x'.repeat(100)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
