/**
 * The production set-up's database roles (docs/scaling.md, Database roles; the SQL:
 * deploy/database-roles.sql): the owner role migrates (MIGRATION_DATABASE_URL), the API's role
 * reads and writes rows, owns nothing, and so cannot drop, alter or empty a table nor disable a
 * trigger. PostgreSQL only (TEST_DATABASE_URL, a superuser).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { MESSAGES, type Order } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { databaseUrlFor } from '../test/database';
import { createUser, injectAs, TEST_JWT_SECRET, TEST_RATE_LIMITS } from '../test/helpers';
import { makeImage, multipartRequest } from '../test/images';
import { createProduct, orderBody } from '../test/orders';
import { deleteUnusedUploads } from '../uploads/housekeeping';
import { type DatabaseHandle, migratePostgres, openDatabase } from './connection';
import { purgeExpiredRevocations } from './maintenance';
import { orders } from './schema';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ROLES_SQL = fileURLToPath(new URL('../../../deploy/database-roles.sql', import.meta.url));

/** Runs SQL as one role and answers the SQLSTATE it was refused with (undefined: done). */
async function refusal(url: string, statement: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  } finally {
    await client.end();
  }
}

async function asSuperuser(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!ADMIN_URL)('database roles: the API owns no table (skipped: set TEST_DATABASE_URL to run)', () => {
  const suffix = crypto.randomBytes(5).toString('hex');
  const database = `roles_${suffix}`;
  const owner = `owner_${suffix}`;
  const api = `api_${suffix}`;
  const roleUrl = (role: string, password: string) => {
    // (the describe's body runs even when it is skipped: an address that is never used then)
    const url = new URL(databaseUrlFor(ADMIN_URL ?? 'postgres://127.0.0.1/skipped', database));
    url.username = role;
    url.password = password;
    return url.toString();
  };
  const ownerUrl = roleUrl(owner, 'owner-password');
  const apiUrl = roleUrl(api, 'api-password');
  let dataDir: string;
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    const admin = ADMIN_URL ?? '';
    await asSuperuser(admin, `CREATE DATABASE "${database}"`);
    const rolesSql = fs.readFileSync(ROLES_SQL, 'utf8').replaceAll('review_owner', owner).replaceAll('review_api', api);
    await asSuperuser(databaseUrlFor(admin, database), rolesSql);
    // what main.ts does with MIGRATION_DATABASE_URL
    const config = loadConfig({ DATABASE_URL: apiUrl, MIGRATION_DATABASE_URL: ownerUrl });
    await migratePostgres(config.migrationDatabaseUrl ?? '');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roles-'));
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 4 });
    app = await buildApp({
      db: handle,
      dataDir,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      rateLimits: TEST_RATE_LIMITS,
      imageStore: 'postgres',
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    const admin = ADMIN_URL ?? '';
    await asSuperuser(admin, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await asSuperuser(admin, `DROP ROLE IF EXISTS "${api}"`);
    await asSuperuser(admin, `DROP ROLE IF EXISTS "${owner}"`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the owner role owns every table and the API role none', async () => {
    const client = new pg.Client({ connectionString: apiUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ owner: string; tables: number }>(
        `select tableowner as owner, count(*)::int as tables from pg_tables where schemaname = 'public' group by tableowner`,
      );
      expect(rows).toEqual([{ owner, tables: expect.any(Number) }]);
      expect(rows[0]?.tables).toBeGreaterThan(10);
    } finally {
      await client.end();
    }
  });

  it('serves the API on the API role: sign-in, an upload, an order with its history and signals, a logout, the clean-up', async () => {
    const manager = (await createUser(handle.db, { role: 'manager' })).user;
    const { user: agent, password } = await createUser(handle.db, { role: 'agent' });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: agent.email, password } });
    expect(login.statusCode).toBe(200);
    const product = await createProduct(handle.db, manager);
    const uploaded = await injectAs(
      app,
      agent,
      await multipartRequest('/api/uploads', { files: [{ data: await makeImage('png', { width: 60, height: 40 }) }] }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const placed = await injectAs(app, agent, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(product.id, { orderScreenshot: uploaded.json().url }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    const history = await injectAs(app, agent, { method: 'GET', url: `/api/orders/${order._id}/history` });
    expect(history.statusCode).toBe(200);
    const { token } = login.json() as { token: string };
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } })).json()).toEqual({
      message: MESSAGES.signedOut,
    });
    await purgeExpiredRevocations(handle);
    await deleteUnusedUploads(handle.db, app.images);

    // the paid lock holds for the API's role too
    await handle.db.update(orders).set({ comissionStatus: 'paid' }).where(eq(orders.id, order._id));
    expect(await refusal(apiUrl, `update orders set comission_status = 'unpaid' where id = '${order._id}'`)).toBe(
      '23514',
    );
    expect(await handle.db.select({ s: orders.comissionStatus }).from(orders).where(eq(orders.id, order._id))).toEqual([
      { s: 'paid' },
    ]);
  });

  it('refuses the API role what only an owner may do: disable a trigger, empty, drop or alter a table, create one, replica mode', async () => {
    for (const statement of [
      'alter table order_events disable trigger order_events_append_only',
      'alter table orders disable trigger orders_paid_stays_paid',
      'alter table payouts disable trigger all',
      'truncate paid_order_numbers',
      'drop table order_events',
      'alter table orders drop constraint orders_payout_paid_check',
      'create table sneaky (id int)',
      'set session_replication_role = replica',
      'create schema sneaky',
    ]) {
      expect(await refusal(apiUrl, statement), statement).toBe('42501');
    }
    // rows of the append-only tables stay as they are: their triggers answer
    expect(await refusal(apiUrl, 'delete from order_events')).toBe('P0001');
    // the owner can (it migrates)
    expect(await refusal(ownerUrl, 'alter table orders disable trigger orders_paid_stays_paid')).toBeUndefined();
    expect(await refusal(ownerUrl, 'alter table orders enable trigger orders_paid_stays_paid')).toBeUndefined();
  });
});
