// The PostgreSQL connection's faults (docs/scaling.md, "A database restart"): a connection the
// server ends while a transaction holds it, a server that stops answering, a server that is back.
import crypto from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../plugins/errors';
import { databaseUrlFor } from '../test/database';
import { createTestDataDir } from '../test/helpers';
import { type DatabaseHandle, GuardedClient, openDatabase } from './connection';

describe('a guarded client', () => {
  it('takes an error emitted on it without throwing, and reports it once', () => {
    const errors: Error[] = [];
    const client = new GuardedClient({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }, (error) =>
      errors.push(error),
    );
    // a plain pg.Client throws here: an 'error' event with no listener is an uncaught exception
    expect(() => new pg.Client().emit('error', new Error('terminating connection'))).toThrow('terminating connection');
    expect(() => client.emit('error', new Error('terminating connection'))).not.toThrow();
    expect(() => client.emit('error', new Error('and again'))).not.toThrow();
    expect(errors.map((e) => e.message)).toEqual(['terminating connection']);
    expect(client.broken?.message).toBe('terminating connection');
  });

  it("passes a query's callback to pg as it is, wrapping nothing a query (docs/benchmarks.md, Where the API's time goes)", () => {
    const client = new GuardedClient({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }, () => {}, 1_000);
    const sent = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(() => undefined as never);
    try {
      const config = { text: 'select 1' };
      const callback = () => {};
      client.query(config, [], callback);
      // a closure a query around pg-pool's callback made every request's objects outlive the young generation
      expect(sent.mock.calls[0]?.[0]).toBe(config);
      expect(sent.mock.calls[0]?.[2]).toBe(callback);
    } finally {
      sent.mockRestore();
      client.emit('end');
    }
  });
});

const template = inject('testDatabase');

/**
 * A TCP proxy in front of PostgreSQL that can stop passing bytes on (as a paused server would:
 * connections stay open, nothing is answered) and drop every connection (as a restart would).
 */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let paused = false;
  const held: Array<() => void> = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    sockets.add(inbound).add(outbound);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (paused) held.push(() => to.write(chunk));
        else to.write(chunk);
      });
    forward(inbound, outbound);
    forward(outbound, inbound);
    const close = () => {
      inbound.destroy();
      outbound.destroy();
      sockets.delete(inbound);
      sockets.delete(outbound);
    };
    inbound.on('error', close).on('close', close);
    outbound.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const write of held.splice(0)) write();
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(template.kind !== 'postgres')('the pool on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let database: string;
  /** the test database, straight to PostgreSQL (not through the proxy) */
  let directUrl: string;
  const poolErrors: Error[] = [];
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeEach(async () => {
    if (template.kind !== 'postgres') return;
    const admin = new URL(template.adminUrl);
    proxy = await startProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    database = `test_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: template.adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE "${database}"`);
    await client.end();
    directUrl = databaseUrlFor(template.adminUrl, database);
    const url = new URL(directUrl);
    url.port = String(proxy.port);
    poolErrors.length = 0;
    uncaught.length = 0;
    process.on('uncaughtException', onUncaught);
    handle = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: await createTestDataDir(),
      poolSize: 3,
      timeouts: { connectMs: 500, statementMs: 1_000 },
      onPoolError: (error) => poolErrors.push(error),
    });
  });

  afterEach(async () => {
    if (template.kind !== 'postgres') return;
    process.off('uncaughtException', onUncaught);
    await handle.close();
    await proxy.close();
    const client = new pg.Client({ connectionString: template.adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.end();
  });

  const answers = async () => {
    const result = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: Array<{ one: number }> };
    return result.rows[0];
  };

  it('fails a transaction whose connection the server ends, as unavailable, and serves the next request', async () => {
    const inTransaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select pg_sleep(0.8)`);
      await tx.execute(sql`select 1`);
    });
    const failed = inTransaction.then(
      () => undefined,
      (error: unknown) => error,
    );
    // the server ends the backend the transaction holds, as a restart does (57P01)
    const admin = new pg.Client({ connectionString: directUrl });
    await admin.connect();
    try {
      await expect
        .poll(async () => {
          const { rowCount } = await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_sleep%'`,
          );
          return rowCount;
        })
        .toBe(1);
    } finally {
      await admin.end();
    }

    const error = await failed;
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await answers()).toEqual({ one: 1 });
    expect(uncaught).toEqual([]);
    expect(poolErrors.length).toBeGreaterThan(0);
  });

  it('gives up on a server that stops answering, keeps no stuck client, and serves again once it answers', async () => {
    expect(await answers()).toEqual({ one: 1 });
    proxy.pause();
    // more requests than the pool has clients: none may wait for ever, none may keep its client
    const stuck = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? answers()
          : handle.db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
            }),
      ),
    );
    for (const outcome of stuck) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected')
        expect(isDatabaseUnavailable(outcome.reason), String(outcome.reason)).toBe(true);
    }
    proxy.resume();
    await expect.poll(answers, { timeout: 5_000, interval: 50 }).toEqual({ one: 1 });
    // the pool is whole again: as many transactions at once as it has clients
    await Promise.all(
      Array.from({ length: 3 }, () => handle.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`))),
    );
    expect(uncaught).toEqual([]);
  });

  it('keeps a connection idle for longer than the answer time-out, and one whose statements run in time', async () => {
    // statementMs 1 s: a client waiting on the server gives up after 2 s without an answer
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    expect(await answers()).toEqual({ one: 1 });
    const clients = pool.totalCount;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // answered one after another for longer than the time-out: each answer restarts its count
    for (let i = 0; i < 6; i++) await handle.db.execute(sql`select pg_sleep(0.4)`);
    expect(await answers()).toEqual({ one: 1 });
    expect(pool.totalCount).toBe(clients);
    expect(poolErrors).toEqual([]);
  });

  it('cancels a statement that runs longer than the statement time-out, as unavailable', async () => {
    const error = await handle.db.execute(sql`select pg_sleep(2)`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await answers()).toEqual({ one: 1 });
  });

  it('serves again after every connection was dropped, with no error reaching the process', async () => {
    await Promise.all(Array.from({ length: 3 }, () => answers()));
    const inFlight = handle.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.2)`)).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.dropConnections();
    expect(isDatabaseUnavailable(await inFlight)).toBe(true);
    await expect.poll(answers, { timeout: 5_000, interval: 50 }).toEqual({ one: 1 });
    expect(uncaught).toEqual([]);
  });
});
