/**
 * One drizzle schema on two drivers: embedded PGlite under DATA_DIR (default), or a real
 * PostgreSQL through a pg Pool when DATABASE_URL is set. Migrations from ../../drizzle are
 * applied with the driver's runtime migrator, then the canonical keys the migrations cannot
 * compute are filled (canonical-keys.ts).
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
import { fillCanonicalKeys } from './canonical-keys';
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
  /** connection errors of the pg clients (PostgreSQL only), idle or checked out; they never crash the process */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL only: how long a request may wait on the database (the API's; none for the seed and scripts) */
  timeouts?: DatabaseTimeouts;
}

/**
 * How long the API waits on PostgreSQL before it answers 503 (docs/scaling.md, "A database
 * restart"): for a connection (a free one of the pool, or a new one), and for one statement,
 * which the server cancels (statement_timeout) and, when the server does not answer at all
 * (a hung or paused PostgreSQL), the client gives up on a second later (GuardedClient's
 * answerTimeoutMs).
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}

/** The API's defaults (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 1_500, statementMs: 5_000 };

/** The client gives up this long after the server should have cancelled the statement. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;

/** What a LISTEN delivers: each notification's payload, and word of a lost-and-regained connection (notifications in between were missed). */
export interface NotificationHandlers {
  notified(payload: string): void;
  reconnected?(): void;
}

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** the migrations, then the canonical keys of rows that have none (fillCanonicalKeys) */
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
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await fillCanonicalKeys(db);
    },
    listen: (channel, handlers) => client.listen(channel, (payload) => handlers.notified(payload)),
    close() {
      closing ??= client.close().finally(afterClose);
      return closing;
    },
  };
}

async function openPostgres(connectionString: string, config: DatabaseConfig): Promise<DatabaseHandle> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const onError =
    config.onPoolError ?? ((error: Error) => console.error('PostgreSQL connection error:', error.message));
  const timeouts = config.timeouts;
  const pool = new GuardedPool(
    {
      connectionString,
      max: config.poolSize ?? 10,
      connectionTimeoutMillis: timeouts?.connectMs ?? 5_000,
      ...(timeouts && { statement_timeout: timeouts.statementMs }),
    },
    onError,
    timeouts && timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
  );
  const db = drizzlePg({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(connectionString, onError),
    listen: (channel, handlers) => listenPostgres(connectionString, channel, handlers, onError),
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/**
 * A pg client whose connection errors never reach the process: pg emits 'error' on a client
 * whose connection the server ended (a restart: 57P01), and the pool listens only while the
 * client is idle, so a client checked out for a transaction crashed the API. This one always
 * listens, and tells whoever holds it (onBroken).
 *
 * With `answerTimeoutMs`, a server that answers nothing for that long while queries wait on it
 * (a hung or paused PostgreSQL) ends the connection: its queries fail with "Query read timeout"
 * and the client is discarded, never handed to the next request. One watch a client looks every
 * tenth of the time-out, so a hung server is given up on between 1 and 1.1 times answerTimeoutMs
 * after its last answer. The client counts the queries it sends and the server's answers (each
 * query ends with a ReadyForQuery); it wraps nothing of a query's. pg's own query_timeout, a
 * timer and a wrapped callback a query (as this class once wrapped them too), made each request's
 * objects outlive the young generation: 2 KB a query promoted and 10 µs a request of the
 * collector's time (docs/benchmarks.md, Where the API's time goes).
 */
export class GuardedClient extends pg.Client {
  /** set by GuardedPool while the client is checked out */
  onBroken: ((error: Error) => void) | undefined;
  private brokenBy: Error | undefined;
  /** queries sent and not answered yet */
  private waiting = 0;
  /** when the first of them was sent, or the server last answered one */
  private waitingSince = 0;
  private watch: NodeJS.Timeout | undefined;

  constructor(
    config: pg.ClientConfig,
    onError: (error: Error) => void = () => {},
    private readonly answerTimeoutMs?: number,
  ) {
    super(config);
    const broke = (error: Error) => {
      if (this.brokenBy) return;
      this.brokenBy = error;
      onError(error);
      this.onBroken?.(error);
    };
    this.on('error', broke);
    // an end nobody asked for (end() sets _ending): the connection was lost without an error
    this.on('end', () => {
      clearInterval(this.watch);
      if (!(this as unknown as { _ending?: boolean })._ending) broke(new Error('Connection terminated unexpectedly'));
    });
    if (answerTimeoutMs !== undefined) {
      // the server's answer to a query (or to the start-up, before any was sent)
      (this as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', () => {
        if (this.waiting > 0) this.waiting--;
        this.waitingSince = Date.now();
      });
    }
  }

  /** The error that ended the client's connection, if one did. */
  get broken(): Error | undefined {
    return this.brokenBy;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes them through unchanged
  override query(...args: any[]): any {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    // counted once pg took it (a query refused at once throws), before any answer can come
    if (this.answerTimeoutMs !== undefined) this.sent(this.answerTimeoutMs);
    return result;
  }

  private sent(timeoutMs: number) {
    if (this.waiting++ === 0) this.waitingSince = Date.now();
    this.watch ??= setInterval(
      () => {
        if (this.waiting > 0 && Date.now() - this.waitingSince >= timeoutMs) this.giveUp();
      },
      Math.max(10, timeoutMs / 10),
    ).unref();
  }

  /** pg would keep the connection waiting for the lost answers; nothing else can use it */
  private giveUp() {
    clearInterval(this.watch);
    this.waiting = 0;
    // the stream's error fails every query of the client, and the client with it (see above)
    (this as unknown as { connection?: { stream?: { destroy(error: Error): void } } }).connection?.stream?.destroy(
      new Error('Query read timeout'),
    );
  }
}

/**
 * A pg Pool of GuardedClients. A client whose connection breaks while checked out is released
 * at once with the error (the pool then discards it), and a later release by its holder does
 * nothing: drizzle releases a transaction's client only after a successful BEGIN, so a client
 * lost in BEGIN would otherwise hold a place in the pool for ever.
 */
export class GuardedPool extends pg.Pool {
  /** answerTimeoutMs: see GuardedClient */
  constructor(config: pg.PoolConfig, onError: (error: Error) => void, answerTimeoutMs?: number) {
    super({ ...config, Client: guardedClientClass(onError, answerTimeoutMs) });
    // errors of idle clients (the pool's own listener removes them)
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: the callback form is pool.query's, passed through unchanged
  override connect(callback?: any): any {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => guardCheckedOut(client as unknown as GuardedClient));
  }
}

function guardedClientClass(onError: (error: Error) => void, answerTimeoutMs: number | undefined): typeof pg.Client {
  return class extends GuardedClient {
    constructor(config: pg.ClientConfig) {
      super(config, onError, answerTimeoutMs);
    }
  } as unknown as typeof pg.Client;
}

function guardCheckedOut(client: GuardedClient): pg.PoolClient {
  const poolClient = client as GuardedClient & pg.PoolClient;
  const release = poolClient.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.onBroken = undefined;
    release(error ?? client.broken);
  };
  poolClient.release = releaseOnce;
  if (client.broken) releaseOnce(client.broken);
  else client.onBroken = (error) => releaseOnce(error);
  return poolClient;
}

/**
 * Applies the migrations on PostgreSQL, then gives rows their canonical keys, through a connection
 * of its own without the request time-outs (a migration may take longer than a request), then
 * closes it: with MIGRATION_DATABASE_URL, the role that owns the tables migrates, and the API's
 * own role (DATABASE_URL) only reads and writes rows (docs/scaling.md, Database roles).
 */
export async function migratePostgres(
  connectionString: string,
  onError: (error: Error) => void = (error) => console.error('PostgreSQL connection error:', error.message),
): Promise<void> {
  const migrations = new GuardedPool({ connectionString, max: 1, connectionTimeoutMillis: 10_000 }, onError);
  try {
    const db = drizzlePg({ client: migrations, schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await fillCanonicalKeys(db);
  } finally {
    await migrations.end();
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
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, query_timeout: 10_000 });
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
