/**
 * One drizzle schema on two drivers: embedded PGlite under DATA_DIR (default), or a real
 * PostgreSQL through a pg Pool when DATABASE_URL is set. Migrations from ../../drizzle are
 * applied with the driver's runtime migrator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The extensions the migrations create. PGlite loads an extension's files only when it is
 * given at open, so every PGlite opened on the database needs them (pg_trgm: the product search).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

export interface DatabaseConfig {
  /** postgres://… — when set, PostgreSQL is used and dataDir holds no database */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** pg Pool size (PostgreSQL only) */
  poolSize?: number;
  /** idle-connection errors of the pg Pool (PostgreSQL only); they must not crash the process */
  onPoolError?: (error: Error) => void;
}

/** What a LISTEN delivers: each notification's payload, and word of a lost-and-regained connection (notifications in between were missed). */
export interface NotificationHandlers {
  notified(payload: string): void;
  reconnected?(): void;
}

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel until the answered function is called: on PostgreSQL on a connection
   * of its own (not the pool's), opened again when lost; on PGlite in this process.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** Idempotent; releases the DATA_DIR lock of PGlite. */
  close(): Promise<void>;
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config) : openPglite(config.dataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  // PGlite neither creates the parent of its folder nor takes a lock.
  const lock = acquireDataDirLock(dataDir);
  try {
    return pgliteHandle(await PGlite.create(pgliteDir(dataDir), { extensions: PGLITE_EXTENSIONS }), () =>
      lock.release(),
    );
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** A handle on an open PGlite client (on disk, or in memory as in the tests). */
export function pgliteHandle(client: PGlite, afterClose?: () => void): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: (channel, handlers) => client.listen(channel, (payload) => handlers.notified(payload)),
    close() {
      closing ??= client.close().finally(afterClose);
      return closing;
    },
  };
}

async function openPostgres(connectionString: string, config: DatabaseConfig): Promise<DatabaseHandle> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const pool = new pg.Pool({
    connectionString,
    max: config.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', config.onPoolError ?? ((error) => console.error('PostgreSQL connection error:', error.message)));
  const db = drizzlePg({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: (channel, handlers) => listenPostgres(connectionString, channel, handlers, config.onPoolError),
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/**
 * Applies the migrations on PostgreSQL through a connection of its own, then closes it: with
 * MIGRATION_DATABASE_URL, the role that owns the tables migrates, and the API's own role
 * (DATABASE_URL) only reads and writes rows (docs/scaling.md, Database roles).
 */
export async function migratePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}

/**
 * One client that LISTENs and nothing else. A lost connection is opened again (every 1 to 10 s
 * while it fails); handlers.reconnected tells the listener it may have missed notifications.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  onError: ((error: Error) => void) | undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notified(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError?.(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    failures = 0;
  }

  function lost(which: pg.Client) {
    if (stopped || client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    schedule();
  }

  function schedule() {
    if (stopped) return;
    failures += 1;
    retry = setTimeout(
      () => {
        connect().then(
          () => handlers.reconnected?.(),
          (error: Error) => {
            onError?.(error);
            schedule();
          },
        );
      },
      Math.min(1_000 * failures, 10_000),
    );
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

/** Throws when the database does not answer a trivial query (the health check). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
