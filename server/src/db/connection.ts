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

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
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
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/** Throws when the database does not answer a trivial query (the health check). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
