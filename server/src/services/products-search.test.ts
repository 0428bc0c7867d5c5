/**
 * The product search matches its keyword anywhere in four columns (ILIKE '%keyword%'), which
 * no B-tree index can serve. The trigram indexes of migration 0003 can: the SQL that
 * listProducts sends, explained with its values on a table large enough for the planner to
 * choose, reads the products through them instead of scanning every one.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import * as schema from '../db/schema';
import { createTestDatabase, createUser, TEST_PUBLIC_URL, type TestDatabase } from '../test/helpers';
import { listProducts } from './products';

const PRODUCTS = 5_000;
const TRIGRAM_INDEXES = [
  'products_name_trgm_idx',
  'products_description_trgm_idx',
  'products_product_id_trgm_idx',
  'products_keyword_trgm_idx',
];

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

let database: TestDatabase;
let client: RawClient;
let db: Db;
let logged: { query: string; params: unknown[] }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  client = (database.db as unknown as { $client: RawClient }).$client;
  const logger = { logQuery: (query: string, params: unknown[]) => logged.push({ query, params }) };
  // the same client as the test database's, with a logger
  db = (database.database.kind === 'pglite'
    ? drizzlePglite({ client: client as never, schema, logger })
    : drizzlePg({ client: client as never, schema, logger })) as unknown as Db;

  const { user: vendor } = await createUser(database.db, { role: 'manager' });
  await database.db.execute(sql`
    insert into products (vendor_id, name, product_id, description, category, keyword, price, comission, status)
    select ${vendor.id}, 'Product ' || i, 'B0' || lpad(i::text, 8, '0'),
      case when i % 10 = 0 then 'Made of steel and wood' else '' end, 'Electronics',
      case when i % 7 = 0 then 'desk lamp' else '' end, 10, 1, 'approved'
    from generate_series(1, ${PRODUCTS}) as i`);
  await database.db.execute(sql`
    insert into products (vendor_id, name, description, category, price, comission, status)
    values (${vendor.id}, 'Striped Zebra Lamp', 'A lamp', 'Home & Kitchen', 25, 3, 'approved')`);
  // As autovacuum (PostgreSQL) and the API's maintenance (PGlite) do: statistics for the planner,
  // and the GIN indexes' pending entries merged (until then the planner prices them as a full read).
  await database.db.execute(sql`vacuum analyze products`);
});
afterAll(() => database.close());

/** The plan of a query the service sent, with the values it sent. */
async function planOf(query: string, params: unknown[]): Promise<string> {
  const { rows } = await client.query(`explain ${query}`, params);
  return rows.map((row) => String(Object.values(row)[0])).join('\n');
}

describe('the product search', () => {
  it('reads through the trigram indexes of all four columns, not every product', async () => {
    logged = [];
    const { items, total } = await listProducts(
      db,
      { statuses: ['approved'] },
      { keyword: 'zebra' },
      { page: 1, limit: 50, offset: 0 },
      TEST_PUBLIC_URL,
    );
    expect(items.map((p) => p.name)).toEqual(['Striped Zebra Lamp']);
    expect(total).toBe(1);

    // the page and its total
    expect(logged).toHaveLength(2);
    for (const { query, params } of logged) {
      const plan = await planOf(query, params);
      for (const index of TRIGRAM_INDEXES) expect(plan, plan).toContain(index);
      expect(plan, plan).not.toMatch(/Seq Scan on "?products"?/);
    }
  });
});
