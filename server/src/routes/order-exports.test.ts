import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import type { OrderRow, ProductRow, UserRow } from '../db/schema';
import { type OrderExportOptions, openOrderExport } from '../services/order-export';
import { parseCsv } from '../test/csv';
import { createTestApp, createUser, injectAs, signInAs, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, getAs } from '../test/orders';
import orderExportsRoutes from './order-exports';

const HEADER = [
  'Order ID',
  'Created at',
  'Order number',
  'Product',
  'Product ID',
  'Agent',
  'Agent email',
  'Buyer name',
  'Buyer PayPal',
  'Review type',
  'Agent status',
  'Status',
  'Commission status',
  'Commission',
  'Updated at',
];

const EXPORT = '/api/orders/export.csv';

interface Received {
  /** 0: no answer came (the connection broke first) */
  status: number;
  /** the whole body came, its end included */
  complete: boolean;
  body: string;
}

/** GET over a real connection with a token; resolves when the connection closes, however it closes. */
function request(url: string, token: string, onData?: (req: http.ClientRequest) => void): Promise<Received> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        onData?.(req);
      });
      res.on('error', () => {});
      res.on('close', () => resolve({ status: res.statusCode ?? 0, complete: res.complete, body }));
    });
    req.on('error', () => resolve({ status: 0, complete: false, body: '' }));
  });
}

/** 2,500 orders of one agent on one product, 7 to a creation time (microseconds apart), commissions 0-40 */
async function insertManyOrders(db: Db, product: ProductRow, agent: UserRow, count: number): Promise<void> {
  await db.execute(sql`
    insert into orders (product_id, agent_id, review_type, amz_order_number, buyer_pay_pal, buyer_name,
      order_screenshot, comission, commission_terms, created_at)
    select ${product.id}, ${agent.id}, 'text', '900-' || lpad(i::text, 7, '0') || '-0000000',
      'bulk' || i || '@pay.example', 'Bulk Buyer ' || i, 'https://img.example.com/bulk.png', (i % 5) * 10,
      '{"comission": 100, "reviewTypes": ["text"]}'::jsonb,
      timestamptz '2024-06-01 00:00:00+00' + ((i / 7) * interval '1 microsecond') + ((i / 70) * interval '1 millisecond')
    from generate_series(1, ${count}) as i`);
}

describe('GET /api/orders/export.csv', () => {
  let t: TestApp;
  let managerA: UserRow;
  let managerB: UserRow;
  let agent1: UserRow;
  let agent2: UserRow;
  let admin: UserRow;
  let productA: ProductRow;
  let productB: ProductRow;
  let o: OrderRow[];

  beforeAll(async () => {
    t = await createTestApp();
    managerA = (await createUser(t.db, { role: 'manager' })).user;
    managerB = (await createUser(t.db, { role: 'manager' })).user;
    agent1 = (await createUser(t.db, { role: 'agent', firstName: 'Hina', lastName: 'Aslam', email: 'hina@mail.test' }))
      .user;
    agent2 = (await createUser(t.db, { role: 'agent', firstName: 'Umar', lastName: 'Baig' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    productA = await createProduct(t.db, managerA, { name: 'Lamp, "warm" white' });
    productB = await createProduct(t.db, managerB, { name: 'Kettle' });
    const at = (day: number) => new Date(Date.UTC(2025, 4, day, 10));
    o = [
      await createOrderRow(t.db, productA, agent1, {
        amzOrderNumber: '111-0000001-0000001',
        buyerName: 'Khan, Sara',
        buyerPayPal: 'sara@pay.example',
        createdAt: at(1),
        updatedAt: at(2),
        comission: 150,
        status: 'On-Hold',
      }),
      await createOrderRow(t.db, productA, agent2, {
        buyerName: 'Say "hi"',
        createdAt: at(2),
        comission: 1234.5,
        agentStatus: 'Ordered',
        comissionStatus: 'paid',
      }),
      await createOrderRow(t.db, productB, agent1, { buyerName: 'Line one\nline two\r\nthree', createdAt: at(3) }),
      await createOrderRow(t.db, productB, agent2, {
        buyerName: '=HYPERLINK("http://evil.example")',
        createdAt: at(4),
      }),
      await createOrderRow(t.db, productA, agent1, { buyerName: '+92 300 1234567', createdAt: at(5) }),
      await createOrderRow(t.db, productB, agent1, { buyerName: '-2+3', createdAt: at(6) }),
      await createOrderRow(t.db, productA, agent2, { buyerName: '@SUM(A1:A9)', createdAt: at(7) }),
      await createOrderRow(t.db, productB, agent2, { buyerName: '\tTabbed', createdAt: at(8) }),
      await createOrderRow(t.db, productA, agent1, { buyerName: '\rReturned', createdAt: at(9), comission: 0 }),
    ];
  });
  afterAll(() => t.close());

  const download = async (who: UserRow, query = '') => {
    const res = await getAs(t.app, who, `${EXPORT}${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const records = parseCsv(res.body);
    return { res, header: records[0], rows: records.slice(1) };
  };
  const idsOf = (rows: string[][]) => rows.map((row) => row[0]);
  /** The ids of orders o1..o9 by their numbers, in the given order. */
  const ids = (...numbers: number[]) => numbers.map((n) => o[n - 1]?.id);
  const buyerCell = (rows: string[][], order: OrderRow | undefined) => rows.find((row) => row[0] === order?.id)?.[7];

  it('answers a CSV attachment named by the day, not to be cached', async () => {
    const before = new Date().toISOString().slice(0, 10);
    const { res } = await download(admin);
    const after = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([`attachment; filename="orders-${before}.csv"`, `attachment; filename="orders-${after}.csv"`]).toContain(
      res.headers['content-disposition'],
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('starts with a header row and gives each order its columns', async () => {
    const { header, rows } = await download(admin);
    expect(header).toEqual(HEADER);
    expect(rows.find((row) => row[0] === o[0]?.id)).toEqual([
      o[0]?.id,
      '2025-05-01T10:00:00.000Z',
      '111-0000001-0000001',
      'Lamp, "warm" white',
      productA.id,
      'Hina Aslam',
      'hina@mail.test',
      'Khan, Sara',
      'sara@pay.example',
      'text',
      'submitted',
      'On-Hold',
      'unpaid',
      '150.00',
      '2025-05-02T10:00:00.000Z',
    ]);
    expect(rows.find((row) => row[0] === o[1]?.id)?.slice(10, 14)).toEqual(['Ordered', '', 'paid', '1234.50']);
    expect(rows.find((row) => row[0] === o[8]?.id)?.[13]).toBe('0.00');
  });

  it('writes the header row in Urdu when asked (English stays the default), the cells as they are', async () => {
    const english = await download(admin);
    const { header, rows } = await download(admin, 'language=ur');
    expect(header).toHaveLength(HEADER.length);
    expect(header?.[2]).toBe('آرڈر نمبر');
    expect(header?.every((title) => /[\u0600-\u06FF]/.test(title))).toBe(true);
    expect(rows.find((row) => row[0] === o[0]?.id)).toEqual(english.rows.find((row) => row[0] === o[0]?.id));
    // an empty language is English; anything else is refused, naming the choices
    expect((await download(admin, 'language=')).header).toEqual(HEADER);
    const refused = await getAs(t.app, admin, `${EXPORT}?language=fr`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.csvLanguageInvalid });
  });

  it('quotes cells holding a comma, a quote, CR or LF, and doubles their quotes', async () => {
    const { res, rows } = await download(admin);
    expect(res.body).toContain(',"Khan, Sara",');
    expect(res.body).toContain(',"Say ""hi""",');
    expect(res.body).toContain(',"Line one\nline two\r\nthree",');
    expect(res.body).toContain(',"Lamp, ""warm"" white",');
    expect(buyerCell(rows, o[0])).toBe('Khan, Sara');
    expect(buyerCell(rows, o[1])).toBe('Say "hi"');
    expect(buyerCell(rows, o[2])).toBe('Line one\nline two\r\nthree');
    // an unquoted plain cell stays as it is
    expect(res.body).toContain(',sara@pay.example,');
  });

  it("starts every cell a spreadsheet would run as a formula with ' and quotes it", async () => {
    const { res, rows } = await download(admin);
    expect(buyerCell(rows, o[3])).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(buyerCell(rows, o[4])).toBe("'+92 300 1234567");
    expect(buyerCell(rows, o[5])).toBe("'-2+3");
    expect(buyerCell(rows, o[6])).toBe("'@SUM(A1:A9)");
    expect(buyerCell(rows, o[7])).toBe("'\tTabbed");
    expect(buyerCell(rows, o[8])).toBe("'\rReturned");
    expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(res.body).toContain(`,"'+92 300 1234567",`);
    expect(res.body).toContain(`,"'-2+3",`);
    expect(res.body).toContain(`,"'@SUM(A1:A9)",`);
    expect(res.body).toContain(`,"'\tTabbed",`);
    expect(res.body).toContain(`,"'\rReturned",`);
  });

  it('carries no image link', async () => {
    const { res } = await download(admin);
    expect(res.body).not.toContain('img.example.com');
    expect(res.body).not.toMatch(/\/uploads\/|\/api\/private\//);
  });

  it('answers an admin every order, a manager its products, an agent its own, newest first', async () => {
    expect(idsOf((await download(admin)).rows)).toEqual(ids(9, 8, 7, 6, 5, 4, 3, 2, 1));
    expect(idsOf((await download(managerA)).rows)).toEqual(ids(9, 7, 5, 2, 1));
    expect(idsOf((await download(managerB)).rows)).toEqual(ids(8, 6, 4, 3));
    expect(idsOf((await download(agent1)).rows)).toEqual(ids(9, 6, 5, 3, 1));
    expect(idsOf((await download(agent2)).rows)).toEqual(ids(8, 7, 4, 2));
  });

  it("never widens a caller's scope by a filter: the header alone", async () => {
    expect(await download(agent1, `agentId=${agent2.id}`)).toMatchObject({ header: HEADER, rows: [] });
    expect(await download(managerA, `productId=${productB.id}`)).toMatchObject({ header: HEADER, rows: [] });
    expect(await download(managerA, `agentId=${agent2.id}&productId=${productB.id}`)).toMatchObject({ rows: [] });
  });

  it("honours the lists' filters and sort", async () => {
    expect(idsOf((await download(admin, 'q=hina')).rows)).toEqual(ids(9, 6, 5, 3, 1));
    expect(idsOf((await download(admin, 'q=KHAN,')).rows)).toEqual(ids(1));
    expect(idsOf((await download(admin, `productId=${productA.id}&agentId=${agent2.id}`)).rows)).toEqual(ids(7, 2));
    expect(idsOf((await download(admin, 'from=2025-05-03&to=2025-05-04')).rows)).toEqual(ids(4, 3));
    expect(idsOf((await download(admin, 'AgentStatus=Ordered&comissionStatus=paid')).rows)).toEqual(ids(2));
    expect(idsOf((await download(managerA, 'sort=oldest')).rows)).toEqual(ids(1, 2, 5, 7, 9));
    expect(idsOf((await download(agent1, 'sort=commission-high')).rows)).toEqual(ids(6, 5, 3, 1, 9));
    expect(idsOf((await download(agent1, 'sort=commission-low')).rows)).toEqual(ids(9, 1, 3, 5, 6));
  });

  it("refuses bad filters with 400 and the contract's message", async () => {
    for (const [query, message] of [
      ['agentId=nope', MESSAGES.agentIdInvalid],
      ['productId=nope', MESSAGES.productIdInvalid],
      ['from=2025-02-30', MESSAGES.searchDateInvalid],
      ['to=tomorrow', MESSAGES.searchDateInvalid],
      ['from=2025-05-04&to=2025-05-03', MESSAGES.searchDateRange],
      [`q=${'y'.repeat(201)}`, MESSAGES.searchTooLong],
    ] as const) {
      const res = await getAs(t.app, agent1, `${EXPORT}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message });
    }
  });

  it('refuses a request without a token with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: EXPORT });
    expect(res.statusCode).toBe(401);
  });

  it('has no HEAD route, which would read the whole export to answer nothing', async () => {
    const res = await injectAs(t.app, admin, { method: 'HEAD', url: EXPORT });
    expect(res.statusCode).toBe(404);
  });
});

describe('a large export', () => {
  let t: TestApp;
  let admin: UserRow;
  let agent: UserRow;
  const ROWS = 2_500;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
    const manager = (await createUser(t.db, { role: 'manager' })).user;
    await insertManyOrders(t.db, await createProduct(t.db, manager), agent, ROWS);
  });
  afterAll(() => t.close());

  const idsInOrder = async (orderBy: string) => {
    const result = await t.db.execute(sql.raw(`select id from orders order by ${orderBy}`));
    return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  };

  it('has every row exactly once, in order, across batches', async () => {
    const res = await getAs(t.app, admin, EXPORT);
    expect(res.statusCode).toBe(200);
    const ids = parseCsv(res.body)
      .slice(1)
      .map((row) => row[0]);
    expect(ids).toHaveLength(ROWS);
    expect(new Set(ids).size).toBe(ROWS);
    expect(ids).toEqual(await idsInOrder('created_at desc, id desc'));
  });

  it('keeps the order of every sort across batches, ties included', async () => {
    const sorted = async (sort: string) => {
      const res = await getAs(t.app, agent, `${EXPORT}?sort=${sort}`);
      return parseCsv(res.body)
        .slice(1)
        .map((row) => row[0]);
    };
    expect(await sorted('oldest')).toEqual(await idsInOrder('created_at, id'));
    expect(await sorted('commission-high')).toEqual(await idsInOrder('comission desc, created_at desc, id desc'));
    expect(await sorted('commission-low')).toEqual(await idsInOrder('comission, created_at, id'));
  });

  it('reads batches of 1,000 rows, and one more query when the last batch was full', async () => {
    const reads = async (batchSize?: number) => {
      const batches: number[] = [];
      const options: OrderExportOptions = { onBatch: (_n, rows) => batches.push(rows) };
      if (batchSize) options.batchSize = batchSize;
      const stream = await openOrderExport(t.db, admin, {}, options);
      for await (const _chunk of stream) {
        // read to the end
      }
      return batches;
    };
    expect(await reads()).toEqual([1000, 1000, 500]);
    expect(await reads(500)).toEqual([500, 500, 500, 500, 500, 0]);
  });

  it('reads no more batches once the stream is destroyed', async () => {
    let read = 0;
    let ended: number | undefined;
    const stream = await openOrderExport(
      t.db,
      admin,
      {},
      {
        batchSize: 10,
        onBatch: (n) => {
          read = n;
        },
        onEnd: (n) => {
          ended = n;
        },
      },
    );
    for await (const _chunk of stream) break;
    // the stream closes once the reading loop has ended
    if (!stream.closed) await new Promise((resolve) => stream.once('close', resolve));
    expect(ended).toBe(read);
    expect(read).toBeLessThan(ROWS / 10);
  });
});

describe('an export over a real connection', () => {
  let t: TestApp;
  let admin: UserRow;
  let token: string;
  let origin: string;
  const options: OrderExportOptions = { batchSize: 10 };
  const ROWS = 2_500;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin' })).user;
    const agent = (await createUser(t.db, { role: 'agent' })).user;
    const manager = (await createUser(t.db, { role: 'manager' })).user;
    await insertManyOrders(t.db, await createProduct(t.db, manager), agent, ROWS);
    // the same route, reading 10 rows at a time, its batches watched through `options`
    await t.app.register(orderExportsRoutes, { prefix: '/watched', exportOptions: options });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    token = (await signInAs(t.app, admin)).token;
  });
  afterAll(() => t.close());

  it('stops reading batches when the client goes away', async () => {
    const ended = new Promise<number>((resolve) => {
      options.onEnd = resolve;
    });
    let read = 0;
    options.onBatch = (n) => {
      read = n;
    };
    await request(`${origin}/watched/orders/export.csv`, token, (req) => req.destroy());
    const batches = await ended;
    expect(batches).toBe(read);
    expect(batches).toBeLessThan(ROWS / 10);
    // and the server goes on serving
    const again = await request(`${origin}/api/orders/export.csv?limit=1&q=no-such-order`, token);
    expect(again).toMatchObject({ status: 200, complete: true });
  });

  it('ends the response unfinished when a query fails after the first batch, and goes on serving', async () => {
    const failing = await createTestApp();
    try {
      const failingOptions: OrderExportOptions = { batchSize: 10 };
      const agent = (await createUser(failing.db, { role: 'agent' })).user;
      const manager = (await createUser(failing.db, { role: 'manager' })).user;
      await insertManyOrders(failing.db, await createProduct(failing.db, manager), agent, 100);
      await failing.app.register(orderExportsRoutes, { prefix: '/watched', exportOptions: failingOptions });
      await failing.app.listen({ port: 0, host: '127.0.0.1' });
      const failingOrigin = `http://127.0.0.1:${(failing.app.server.address() as AddressInfo).port}`;
      const failingToken = await failing.app.tokens.sign(agent);
      // the database goes away once the first batch is read
      failingOptions.onBatch = (n) => {
        if (n === 1) void failing.database.close();
      };
      const result = await request(`${failingOrigin}/watched/orders/export.csv`, failingToken);
      expect(result.status).toBe(200);
      expect(result.complete).toBe(false);
      expect(parseCsv(result.body.slice(0, result.body.lastIndexOf('\r\n') + 2))[0]).toEqual(HEADER);
      // the process is alive and the app answers (the database is gone: 503)
      const health = await fetch(`${failingOrigin}/api/health`);
      expect(health.status).toBe(503);
    } finally {
      await failing.close();
    }
  });
});

describe('GET /api/orders/export.csv, cells a spreadsheet would split or run', () => {
  let t: TestApp;
  let admin: UserRow;
  let agent: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
    product = await createProduct(t.db, (await createUser(t.db, { role: 'manager' })).user);
  });
  afterAll(() => t.close());

  it("judges a cell on its NFKC form and quotes a cell holding ';', so a spreadsheet splitting at ';' runs none", async () => {
    const names = ['Ali;=2*21;x', '＝2*21', '＋92 300', '－1', '＠SUM(A1)', 'Noor; ＝1+1', 'A；B'];
    const placed = new Map<string, string>();
    for (const [i, buyerName] of names.entries()) {
      const order = await createOrderRow(t.db, product, agent, {
        buyerName,
        createdAt: new Date(Date.UTC(2025, 5, i + 1)),
      });
      placed.set(order.id, buyerName);
    }
    const res = await getAs(t.app, admin, EXPORT);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((row) => placed.get(row[0] ?? ''))).toEqual([...names].reverse());
    expect(rows.find((row) => row[0] === [...placed.keys()][0])?.[7]).toBe("Ali;'=2*21;x");
    expect(res.body).toContain(`,"Ali;'=2*21;x",`);
    expect(res.body).toContain(`,"'＝2*21",`);
    expect(res.body).toContain(`,"'＋92 300",`);
    expect(res.body).toContain(`,"'－1",`);
    expect(res.body).toContain(`,"'＠SUM(A1)",`);
    expect(res.body).toContain(`,"Noor;' ＝1+1",`);
    expect(res.body).toContain(`,"A；B",`);
    // read as a spreadsheet whose separator is ';' reads it: no piece of any line starts a formula
    for (const line of res.body.split('\r\n')) {
      for (const piece of line.split(';')) expect(piece.normalize('NFKC').trimStart()).not.toMatch(/^[=+\-@]/);
    }
  });
});
