import crypto from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  TOTAL_COUNT_HEADER,
  type UserDirectoryRow,
  userDirectorySchema,
  userRecordSchema,
} from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlags, type ProductRow, type UserRow } from '../db/schema';
import { recordUserEvent } from '../services/user-events';
import { openUserExport, USER_EXPORT_HEADER } from '../services/user-export';
import { parseCsv } from '../test/csv';
import { createTestApp, createUser, injectAs, type TestApp, type TestUserOptions } from '../test/helpers';
import { createOrderRow, createProduct } from '../test/orders';

/** Every user of this file has an email at this domain: `q=@dir.test` is the file's directory. */
const DOMAIN = '@dir.test';
const day = (d: number) => new Date(Date.UTC(2025, 0, d, 12));

let t: TestApp;
let admin: UserRow;
/** agents and managers of the world, by a short name */
const u: Record<string, UserRow> = {};

const person = async (key: string, options: TestUserOptions) => {
  u[key] = (
    await createUser(t.db, { email: `${key}-${crypto.randomBytes(3).toString('hex')}${DOMAIN}`, ...options })
  ).user;
  return u[key];
};

const list = async (query: string) => {
  const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/users?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: userDirectorySchema.parse(res.json()), total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
};
const ofFile = (query = '') => list(`q=${encodeURIComponent(DOMAIN)}&limit=200&${query}`);
const keysOf = (rows: UserDirectoryRow[]) =>
  rows.map((row) => Object.entries(u).find(([, user]) => user.id === row._id)?.[0]);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.db, { role: 'admin', firstName: 'Root', lastName: 'Admin', createdAt: day(1) })).user;
  await person('amna', {
    firstName: 'Amna',
    lastName: 'Baig',
    phoneNumber: '+923001110001',
    createdAt: day(2),
    cnicFront: `${'a'.repeat(32)}.png`,
    cnicBack: `${'b'.repeat(32)}.png`,
  });
  // lower case: the name sort ignores case
  await person('bilal', {
    firstName: 'bilal',
    lastName: 'Chaudhry',
    phoneNumber: '+923002220002',
    status: 'suspended',
    statusReason: 'Fake orders',
    createdAt: day(4),
  });
  await person('chand', {
    firstName: 'Chand',
    lastName: 'Dar',
    phoneNumber: '+923003330003',
    status: 'pending',
    createdAt: day(3),
  });
  await person('maha', {
    role: 'manager',
    firstName: 'Maha',
    lastName: 'Noor',
    phoneNumber: '+923004440004',
    createdAt: day(5),
  });
  await person('nadia', {
    role: 'manager',
    firstName: 'Nadia',
    lastName: 'Omar',
    phoneNumber: '+923005550005',
    status: 'rejected',
    statusReason: 'No ID',
    createdAt: day(6),
  });
  // two of one name and one time: the id breaks the tie
  await person('twin1', { firstName: 'Zoya', lastName: 'Twin', phoneNumber: '+923006660006', createdAt: day(7) });
  await person('twin2', { firstName: 'Zoya', lastName: 'Twin', phoneNumber: '+923006660006', createdAt: day(7) });

  const maha = u.maha as UserRow;
  const listed: ProductRow = await createProduct(t.db, maha);
  await createProduct(t.db, maha, { status: 'pending' });
  const archived = await createProduct(t.db, maha, { status: 'archived' });
  const amna = u.amna as UserRow;
  const unpaid = await createOrderRow(t.db, listed, amna, { comission: 150 });
  await createOrderRow(t.db, listed, amna, { comission: 200, agentStatus: 'cancelled' });
  await createOrderRow(t.db, archived, amna, { comission: 100, comissionStatus: 'paid' });
  const flagged = await createOrderRow(t.db, listed, amna, { comission: 120.5 });
  await createOrderRow(t.db, listed, u.bilal as UserRow, { comission: 150 });
  await t.db.insert(orderFlags).values([
    { orderId: flagged.id, code: 'paypal-shared', relatedOrderIds: [unpaid.id] },
    { orderId: flagged.id, code: 'number-seen', relatedOrderIds: [unpaid.id] },
    {
      orderId: unpaid.id,
      code: 'screenshot-reused',
      dismissedAt: new Date(),
      dismissedBy: admin.id,
      dismissalNote: 'Checked.',
    },
  ]);
});
afterAll(() => t?.close());

describe('GET /api/users', () => {
  it('answers every user, newest first, with X-Total-Count and without ID images', async () => {
    const { rows, total } = await ofFile();
    expect(total).toBe(7);
    expect(keysOf(rows)).toEqual(expect.arrayContaining(['twin1', 'twin2', 'nadia', 'maha', 'bilal', 'chand', 'amna']));
    expect(keysOf(rows).slice(2)).toEqual(['nadia', 'maha', 'bilal', 'chand', 'amna']);
    for (const row of rows) expect(row).not.toHaveProperty('cnicFront');
    expect(JSON.stringify(rows)).not.toMatch(/passwordHash|tokenVersion|\.png/);
    const everyone = await list('limit=1');
    expect(everyone.total).toBeGreaterThanOrEqual(8);
  });

  it('narrows by role, by status and by both', async () => {
    expect(keysOf((await ofFile('role=manager')).rows)).toEqual(['nadia', 'maha']);
    expect(keysOf((await ofFile('status=suspended')).rows)).toEqual(['bilal']);
    expect(keysOf((await ofFile('status=rejected')).rows)).toEqual(['nadia']);
    expect(keysOf((await ofFile('role=agent&status=pending')).rows)).toEqual(['chand']);
    expect(await ofFile('role=manager&status=pending')).toEqual({ rows: [], total: 0 });
    // an empty filter is no filter
    expect((await ofFile('role=&status=')).total).toBe(7);
  });

  it('finds a text in the name, the email or the phone, in any case', async () => {
    const found = async (q: string) => keysOf((await list(`q=${encodeURIComponent(q)}`)).rows);
    expect(await found('mna bAIG')).toEqual(['amna']);
    expect(await found('MAHA-')).toEqual(['maha']);
    expect(await found('3005550')).toEqual(['nadia']);
    expect(await found('  chaudhry  ')).toEqual(['bilal']);
    // LIKE's wildcards are plain text
    expect(await found('Am%a')).toEqual([]);
    expect(await found('_mna')).toEqual([]);
    const { total } = await list(`q=${encodeURIComponent('noor')}`);
    expect(total).toBe(1);
  });

  it('sorts by name and by the day joined, both ways, ties broken by id', async () => {
    const twins = [u.twin1, u.twin2].map((user) => user?.id).sort();
    const twinKeys = twins.map((id) => (id === u.twin1?.id ? 'twin1' : 'twin2'));
    expect(keysOf((await ofFile('sort=name')).rows)).toEqual(['amna', 'bilal', 'chand', 'maha', 'nadia', ...twinKeys]);
    expect(keysOf((await ofFile('sort=-name')).rows)).toEqual([
      ...[...twinKeys].reverse(),
      'nadia',
      'maha',
      'chand',
      'bilal',
      'amna',
    ]);
    expect(keysOf((await ofFile('sort=createdAt')).rows)).toEqual([
      'amna',
      'chand',
      'bilal',
      'maha',
      'nadia',
      ...twinKeys,
    ]);
    expect(keysOf((await ofFile('sort=-createdAt')).rows)).toEqual([
      ...[...twinKeys].reverse(),
      'nadia',
      'maha',
      'bilal',
      'chand',
      'amna',
    ]);
    expect(keysOf((await ofFile()).rows)).toEqual(keysOf((await ofFile('sort=-createdAt')).rows));
  });

  it('pages: the pages together are the list, and the total is the whole', async () => {
    const whole = keysOf((await ofFile('sort=name')).rows);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const { rows, total } = await list(`q=${encodeURIComponent(DOMAIN)}&sort=name&limit=3&page=${page}`);
      expect(total).toBe(7);
      pages.push(...keysOf(rows));
    }
    expect(pages).toEqual(whole);
    expect((await list(`q=${encodeURIComponent(DOMAIN)}&limit=3&page=4`)).rows).toEqual([]);
  });

  it("counts each role's figures: an agent's orders, unpaid commission and open flags; a manager's orders and products", async () => {
    const byKey = new Map((await ofFile()).rows.map((row) => [keysOf([row])[0], row]));
    // amna: 4 orders; unpaid and not cancelled: 150 + 120.50; two open flags (a dismissed one is not counted)
    expect(byKey.get('amna')?.counts).toEqual({ orders: 4, unpaidCommission: 270.5, openFlags: 2, products: 0 });
    expect(byKey.get('bilal')?.counts).toEqual({ orders: 1, unpaidCommission: 150, openFlags: 0, products: 0 });
    expect(byKey.get('chand')?.counts).toEqual({ orders: 0, unpaidCommission: 0, openFlags: 0, products: 0 });
    // maha: every order of her products; products not archived (approved and pending)
    expect(byKey.get('maha')?.counts).toEqual({ orders: 5, unpaidCommission: 0, openFlags: 0, products: 2 });
    expect(byKey.get('nadia')?.counts).toEqual({ orders: 0, unpaidCommission: 0, openFlags: 0, products: 0 });
    expect(byKey.get('bilal')).toMatchObject({ status: 'suspended', statusReason: 'Fake orders' });
    expect(byKey.get('amna')).toMatchObject({ statusReason: null, name: 'Amna Baig' });
  });

  it('refuses a bad role, status or sort, a long search and a page past the first 10,000 rows', async () => {
    const refused = async (query: string) => {
      const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/users?${query}` });
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    await refused('role=boss');
    await refused('status=banned');
    expect(await refused('sort=email')).toBe(ACCOUNT_MESSAGES.userSortInvalid);
    expect(await refused(`q=${'x'.repeat(101)}`)).toBe(ACCOUNT_MESSAGES.userQueryInvalid);
    expect(await refused('page=0')).toBe(MESSAGES.pageInvalid);
    expect(await refused('limit=201')).toBe(MESSAGES.limitInvalid);
    expect(await refused('page=51&limit=200')).toBe(MESSAGES.pageTooFar);
  });
});

describe('GET /api/users/:id', () => {
  it("answers the whole record: signed ID image links, status reason, counts, no payout account yet and the history oldest first with the admins' notes", async () => {
    const amna = u.amna as UserRow;
    await recordUserEvent(t.db, admin, {
      userId: amna.id,
      type: 'suspended',
      reason: 'Shared PayPal',
      note: 'Seen twice',
    });
    await recordUserEvent(t.db, admin, { userId: amna.id, type: 'reactivated' });
    const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/users/${amna.id}` });
    expect(res.statusCode).toBe(200);
    const record = userRecordSchema.parse(res.json());
    expect(record).toMatchObject({
      _id: amna.id,
      name: 'Amna Baig',
      status: 'approved',
      statusReason: null,
      counts: { orders: 4, unpaidCommission: 270.5, openFlags: 2, products: 0 },
      payoutAccount: null,
    });
    expect(record.cnicFront).toMatch(
      new RegExp(`/api/private/${'a'.repeat(32)}\\.png\\?expires=\\d+&sig=[0-9a-f]{64}$`),
    );
    expect(record.cnicBack).toMatch(new RegExp(`/api/private/${'b'.repeat(32)}\\.png\\?expires=`));
    expect(record.history.map(({ type, reason, note, actor }) => ({ type, reason, note, actor: actor._id }))).toEqual([
      { type: 'suspended', reason: 'Shared PayPal', note: 'Seen twice', actor: admin.id },
      { type: 'reactivated', reason: null, note: null, actor: admin.id },
    ]);
    expect(record.history[0]?.actor).toEqual({ _id: admin.id, name: 'Root Admin', role: 'admin' });
  });

  it("answers a manager's record with its counts and a rejected user's reason", async () => {
    const maha = userRecordSchema.parse(
      (await injectAs(t.app, admin, { method: 'GET', url: `/api/users/${u.maha?.id}` })).json(),
    );
    expect(maha.counts).toEqual({ orders: 5, unpaidCommission: 0, openFlags: 0, products: 2 });
    expect(maha.history).toEqual([]);
    const nadia = userRecordSchema.parse(
      (await injectAs(t.app, admin, { method: 'GET', url: `/api/users/${u.nadia?.id}` })).json(),
    );
    expect(nadia).toMatchObject({ status: 'rejected', statusReason: 'No ID', payoutAccount: null });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [crypto.randomUUID(), 'not-an-id', '123']) {
      const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/users/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.userNotFound });
    }
  });
});

describe('GET /api/users/export.csv', () => {
  const download = async (query = '') => {
    const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/users/export.csv?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    return { res, header, rows };
  };
  const keysOfCsv = (rows: string[][]) =>
    rows.map((row) => Object.entries(u).find(([, user]) => user.id === row[0])?.[0]);

  it('writes the header row in Urdu when asked, the same rows as in English', async () => {
    const english = await download(`q=${encodeURIComponent(DOMAIN)}&sort=name`);
    const urdu = await download(`q=${encodeURIComponent(DOMAIN)}&sort=name&language=ur`);
    expect(urdu.header).toHaveLength(english.header?.length ?? 0);
    expect(urdu.header?.[3]).toBe('ای میل');
    expect(urdu.header?.every((title) => /[\u0600-\u06FF]/.test(title))).toBe(true);
    expect(urdu.rows).toEqual(english.rows);
  });

  it('is a file (not a user id): the header in its documented order, then every matching user in the sort', async () => {
    const { res, header, rows } = await download(`q=${encodeURIComponent(DOMAIN)}&sort=name`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(header).toEqual([
      'User ID',
      'Joined at',
      'Name',
      'Email',
      'Phone',
      'Role',
      'Status',
      'Status reason',
      'City',
      'Country',
      'Orders',
      'Unpaid commission',
      'Open flags',
      'Products',
    ]);
    expect(header).toEqual(USER_EXPORT_HEADER);
    expect(keysOfCsv(rows)).toEqual(keysOf((await ofFile('sort=name')).rows));
    const amna = rows.find((row) => row[0] === u.amna?.id);
    expect(amna).toEqual([
      u.amna?.id,
      day(2).toISOString(),
      'Amna Baig',
      u.amna?.email,
      "'+923001110001",
      'agent',
      'approved',
      '',
      'Lahore',
      'pakistan',
      '4',
      '270.50',
      '2',
      '0',
    ]);
    expect(rows.find((row) => row[0] === u.bilal?.id)?.slice(6, 8)).toEqual(['suspended', 'Fake orders']);
    expect(res.body).not.toMatch(/\.png|private/);
  });

  it("honours the directory's filters and every sort", async () => {
    expect(keysOfCsv((await download(`q=${encodeURIComponent(DOMAIN)}&role=manager`)).rows)).toEqual(['nadia', 'maha']);
    expect(keysOfCsv((await download('q=chaudhry')).rows)).toEqual(['bilal']);
    expect(keysOfCsv((await download(`q=${encodeURIComponent(DOMAIN)}&status=pending`)).rows)).toEqual(['chand']);
    for (const sort of ['name', '-name', 'createdAt', '-createdAt']) {
      const { rows } = await download(`q=${encodeURIComponent(DOMAIN)}&sort=${sort}`);
      expect(keysOfCsv(rows)).toEqual(keysOf((await ofFile(`sort=${sort}`)).rows));
    }
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/users/export.csv?sort=email' });
    expect(res.statusCode).toBe(400);
  });

  it("starts every cell a spreadsheet would run as a formula with ' and quotes it, as the orders export", async () => {
    const evil = await person('evil', {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: 'X',
      phoneNumber: '+92 300 1234567',
      city: '@SUM(A1:A9)',
      state: '－1',
      status: 'suspended',
      statusReason: 'Fraud;=2*21',
    });
    const { res, rows } = await download(`q=${encodeURIComponent(evil.email)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(2, 10)).toEqual([
      `'=HYPERLINK("http://evil.example") X`,
      evil.email,
      "'+92 300 1234567",
      'agent',
      'suspended',
      "Fraud;'=2*21",
      "'@SUM(A1:A9)",
      "'－1",
    ]);
    expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example"") X",`);
    expect(res.body).toContain(`,"Fraud;'=2*21",`);
    for (const line of res.body.split('\r\n')) {
      for (const piece of line.split(/[;,]/)) expect(piece.normalize('NFKC').trimStart()).not.toMatch(/^[=+\-@]/);
    }
  });

  it('reads in batches, each after the last row sent, and gives the same rows as one batch', async () => {
    const read = async (batchSize: number, sort: 'name' | '-name' | 'createdAt' | '-createdAt') => {
      const batches: number[] = [];
      const stream = await openUserExport(
        t.db,
        { q: DOMAIN, sort },
        { batchSize, onBatch: (_batch, rows) => batches.push(rows) },
      );
      let text = '';
      for await (const chunk of stream) text += chunk;
      return { text, batches };
    };
    for (const sort of ['name', '-name', 'createdAt', '-createdAt'] as const) {
      const whole = await read(1000, sort);
      const small = await read(2, sort);
      expect(small.text).toBe(whole.text);
      expect(small.batches.length).toBeGreaterThan(3);
      expect(small.batches.every((rows) => rows <= 2)).toBe(true);
    }
  });
});
