/**
 * The staff search matches its text anywhere in the order number, the buyer's name and PayPal
 * and the agent's name and email (ILIKE '%text%'), and the lists and the export sort by date
 * or commission: the SQL that listOrders and openOrderExport send, explained with its values on
 * a table large enough for the planner to choose, reads through the trigram indexes (the order's
 * columns together, migration 0034; the agents', 0007) instead of every order, and counts a search's matches in the query of its page.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import type { UserRow } from '../db/schema';
import * as schema from '../db/schema';
import { createTestDatabase, createUser, IMAGES_AS_STORED, type TestDatabase } from '../test/helpers';
import { createProduct } from '../test/orders';
import { searchLookup } from './like-patterns';
import { openOrderExport } from './order-export';
import type { OrderFilters } from './order-query';
import { listOrders } from './orders';

const ORDERS = 10_000;
/** the order's three searched columns put together (migration 0034, in place of 0007's three) */
const ORDER_TRIGRAM_INDEXES = ['orders_search_text_trgm_idx'];

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

let database: TestDatabase;
let client: RawClient;
let db: Db;
let logged: { query: string; params: unknown[] }[] = [];
let admin: UserRow;
let agent: UserRow;

beforeAll(async () => {
  database = await createTestDatabase();
  client = (database.db as unknown as { $client: RawClient }).$client;
  const logger = { logQuery: (query: string, params: unknown[]) => logged.push({ query, params }) };
  // the same client as the test database's, with a logger
  db = (database.database.kind === 'pglite'
    ? drizzlePglite({ client: client as never, schema, logger })
    : drizzlePg({ client: client as never, schema, logger })) as unknown as Db;

  admin = (await createUser(database.db, { role: 'admin' })).user;
  const manager = (await createUser(database.db, { role: 'manager' })).user;
  agent = (await createUser(database.db, { role: 'agent', firstName: 'Zubair', lastName: 'Qazi' })).user;
  const others = [];
  for (let i = 0; i < 4; i++) others.push((await createUser(database.db, { role: 'agent' })).user);
  const product = await createProduct(database.db, manager);
  await database.db.execute(sql`
    insert into orders (product_id, agent_id, review_type, amz_order_number, buyer_pay_pal, buyer_name,
      comission, commission_terms, created_at)
    select ${product.id}, (array[${sql.join(
      others.map((o) => sql`${o.id}::uuid`),
      sql`, `,
    )}])[1 + i % 4], 'text', lpad((i % 1000)::text, 3, '0') || '-' || lpad(i::text, 7, '0') || '-0000000',
      'buyer' || i || '@pay.example', 'Buyer ' || i, (i % 50) * 10,
      '{"comission": 100, "reviewTypes": ["text"]}'::jsonb,
      timestamptz '2025-01-01 00:00:00+00' + i * interval '1 minute'
    from generate_series(1, ${ORDERS}) as i`);
  await database.db.execute(sql`
    insert into orders (product_id, agent_id, review_type, amz_order_number, buyer_pay_pal, buyer_name,
      comission, commission_terms)
    values (${product.id}, ${agent.id}, 'text', '999-1234567-7654321', 'striped.zebra@pay.example',
      'Striped Zebra', 100, '{"comission": 100, "reviewTypes": ["text"]}'::jsonb)`);
  // As autovacuum (PostgreSQL) and the API's maintenance (PGlite) do: statistics for the planner,
  // and the GIN indexes' pending entries merged (until then the planner prices them as a full read).
  await database.db.execute(sql`vacuum analyze orders`);
  await database.db.execute(sql`vacuum analyze users`);
});
afterAll(() => database.close());

/** The plan of a query the service sent, with the values it sent. */
async function planOf(query: string, params: unknown[]): Promise<string> {
  const { rows } = await client.query(`explain ${query}`, params);
  return rows.map((row) => String(Object.values(row)[0])).join('\n');
}

/** The plans of a page of the admin's list and its total (the agents' lookup of a search left out). */
async function listPlans(filters: OrderFilters) {
  logged = [];
  const result = await listOrders(db, admin, filters, { page: 1, limit: 50, offset: 0 }, IMAGES_AS_STORED);
  const plans = [];
  for (const { query, params } of logged.filter(({ query }) => /from "orders"/.test(query))) {
    plans.push(await planOf(query, params));
  }
  return { ...result, plans };
}

describe('the order search and sorts', () => {
  it("finds a search's page and its total in one query, through the trigram indexes of the order columns (and the agents index when the text names an agent), then reads that page's orders by their keys, not every order", async () => {
    // the first three name no agent, so the agents' part is left out; 'Qazi' names the agent of the order
    for (const [q, namesAgent] of [
      ['zebra', false],
      ['1234567', false],
      ['striped.zebra@', false],
      ['Qazi', true],
    ] as const) {
      const { items, total, plans } = await listPlans({ q });
      expect(items.map((order) => order.buyerName)).toEqual(['Striped Zebra']);
      expect(total).toBe(1);
      expect(plans).toHaveLength(2);
      const [found = '', read = ''] = plans;
      for (const index of ORDER_TRIGRAM_INDEXES) expect(found, found).toContain(index);
      // the index is read by the lookup's few pieces of the text, not by every trigram of it
      expect(found, found).toMatch(new RegExp(`Index Cond: .*~~\\* '${searchLookup(q).replaceAll('%', '\\%')}'`));
      if (namesAgent) expect(found, found).toContain('orders_agent_id_created_at_idx');
      else expect(found, found).not.toMatch(/agent_id/);
      expect(read, read).toContain('orders_pkey');
      for (const plan of plans) expect(plan, plan).not.toMatch(/Seq Scan on "?orders"?/);
    }
  });

  it('counts every match of a search on each of its pages, and past its last page', async () => {
    // 'Buyer 1' is in 'Buyer 1', 'Buyer 10'..'Buyer 19', 'Buyer 100'.. and 'Buyer 1000'..'Buyer 1999', 'Buyer 10000'
    const expected = 1 + 10 + 100 + 1000 + 1;
    const pageOf = (page: number) =>
      listOrders(db, admin, { q: 'Buyer 1' }, { page, limit: 50, offset: (page - 1) * 50 }, IMAGES_AS_STORED);
    const first = await pageOf(1);
    expect(first.total).toBe(expected);
    expect(first.items).toHaveLength(50);
    const last = await pageOf(Math.ceil(expected / 50));
    expect(last.total).toBe(expected);
    expect(last.items).toHaveLength(expected % 50);
    const past = await pageOf(Math.ceil(expected / 50) + 3);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(expected);
  });

  it('never matches across two columns: the text of one column followed by the next one is not found', async () => {
    // '…-7654321' ends the order number and 'Striped' begins the buyer's name
    const { items, total } = await listPlans({ q: '7654321Striped' });
    expect(items).toEqual([]);
    expect(total).toBe(0);
    // nor with the space that joins them in the index of the three (migration 0034): the index
    // is where to look, each column is still tested on its own
    for (const q of ['7654321 Striped', 'Zebra striped.zebra', '-7654321 striped zebra striped']) {
      const across = await listPlans({ q });
      expect(across.items, q).toEqual([]);
      expect(across.total, q).toBe(0);
    }
  });

  it("finds an agent's orders by the agent's name through the same plan", async () => {
    const { items, total, plans } = await listPlans({ q: 'zubair qazi' });
    expect(items.map((order) => order.agent._id)).toEqual([agent.id]);
    expect(total).toBe(1);
    for (const plan of plans) expect(plan, plan).not.toMatch(/Seq Scan on "?orders"?/);
  });

  it('reads the newest and the highest commissions first from their indexes', async () => {
    const newest = await listPlans({});
    expect(newest.plans[0]).toMatch(/Index Scan Backward using orders_created_at_id_idx/);
    const highest = await listPlans({ sort: 'commission-high' });
    expect(highest.plans[0]).toMatch(/Index Scan Backward using orders_comission_created_at_id_idx/);
    const lowest = await listPlans({ sort: 'commission-low' });
    expect(lowest.plans[0]).toMatch(/Index Scan using orders_comission_created_at_id_idx/);
  });

  it("reads a list's first page by a statement with its LIMIT in the text, and the same orders as the pages after it", async () => {
    const agentId = agent.id;
    logged = [];
    // 12 rows: read by the statement of 20 (FIRST_PAGE_ROWS), cut to 12
    const first = await listOrders(db, admin, {}, { page: 1, limit: 12, offset: 0 }, IMAGES_AS_STORED);
    expect(first.items).toHaveLength(12);
    expect(first.total).toBe(ORDERS + 1);
    const [read] = logged.filter(({ query }) => /from "orders"/.test(query));
    expect(read?.query).toMatch(/ limit 20$/);
    expect(read?.query).not.toMatch(/offset/);
    const second = await listOrders(db, admin, {}, { page: 2, limit: 6, offset: 6 }, IMAGES_AS_STORED);
    expect(second.items.map((order) => order._id)).toEqual(first.items.slice(6).map((order) => order._id));
    // one agent's orders are a first page too; a status filter keeps its LIMIT and OFFSET as values
    logged = [];
    await listOrders(db, admin, { agentId }, { page: 1, limit: 50, offset: 0 }, IMAGES_AS_STORED);
    await listOrders(db, admin, { agentStatus: 'submitted' }, { page: 1, limit: 50, offset: 0 }, IMAGES_AS_STORED);
    const [byAgent, byStatus] = logged.filter(({ query }) => /from "orders"/.test(query) && !/sum\(/.test(query));
    expect(byAgent?.query).toMatch(/ limit 50$/);
    expect(byStatus?.query).toMatch(/ limit \$\d+ offset \$\d+$/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'lets PostgreSQL keep one plan for a first page, where a page after it is planned on every run',
    async () => {
      const pool = client as unknown as import('pg').Pool;
      const connection = await pool.connect();
      try {
        // the app's statements on one connection: PostgreSQL's plans are kept per connection
        const one = drizzlePg({ client: connection, schema }) as unknown as Db;
        for (let run = 0; run < 8; run++) {
          await listOrders(one, admin, {}, { page: 1, limit: 50, offset: 0 }, IMAGES_AS_STORED);
          await listOrders(one, admin, {}, { page: 2, limit: 50, offset: 50 }, IMAGES_AS_STORED);
        }
        const { rows } = await connection.query<{ name: string; generic_plans: string; custom_plans: string }>(
          `select name, generic_plans, custom_plans from pg_prepared_statements where name like 'order_list_page:%'`,
        );
        const firstPage = rows.find((row) => row.name === 'order_list_page:admin:newest:first50');
        const later = rows.find((row) => row.name === 'order_list_page:admin:newest');
        // the first page: one plan for every run; the next: its LIMIT and OFFSET planned on each
        expect(Number(firstPage?.generic_plans), JSON.stringify(rows)).toBeGreaterThanOrEqual(8);
        expect(Number(firstPage?.custom_plans), JSON.stringify(rows)).toBe(0);
        expect(Number(later?.custom_plans), JSON.stringify(rows)).toBeGreaterThanOrEqual(8);
        expect(Number(later?.generic_plans), JSON.stringify(rows)).toBe(0);
      } finally {
        connection.release();
      }
    },
  );

  it("reads each batch of the export as a range of the sort's index", async () => {
    logged = [];
    // the first day's orders (1,439), in batches of 100
    const stream = await openOrderExport(db, admin, { to: '2025-01-01' }, { batchSize: 100 });
    for await (const _chunk of stream) {
      // read to the end
    }
    const next = logged.find(({ query }) => /from "orders"/.test(query) && /\) < \(/.test(query));
    expect(next).toBeDefined();
    const plan = await planOf(next?.query ?? '', next?.params ?? []);
    expect(plan, plan).toMatch(/Index Scan Backward using orders_created_at_id_idx/);
    expect(plan, plan).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW\(/);
  });
});
