import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import { createOrderRow, createProduct } from '../test/orders';
import type { DatabaseHandle } from './connection';
import { maintainDatabase, purgeExpiredResetLinks, purgeExpiredRevocations, scheduleMaintenance } from './maintenance';
import { passwordResetTokens, revokedTokens } from './schema';

let database: TestDatabase | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await database?.close();
  database = undefined;
});

/** What the planner believes a table holds (pg_class.reltuples; -1 until VACUUM or ANALYZE). */
async function plannerRows(db: TestDatabase['db'], table: string): Promise<number> {
  const result = await db.execute(sql`select reltuples::int as n from pg_class where relname = ${table}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]?.n);
}

describe('database maintenance', () => {
  it('on PGlite, VACUUM ANALYZE gives the planner the real row counts (PostgreSQL has its own autovacuum)', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const { user: vendor } = await createUser(db, { role: 'manager' });
    const { user: agent } = await createUser(db, { role: 'agent' });
    const product = await createProduct(db, vendor);
    for (let i = 0; i < 25; i += 1) await createOrderRow(db, product, agent);

    const before = await plannerRows(db, 'orders');
    const ran = await maintainDatabase(database.database);
    if (database.database.kind === 'postgres') {
      expect(ran).toBe(false);
      return;
    }
    expect(ran).toBe(true);
    expect(before).not.toBe(25);
    expect(await plannerRows(db, 'orders')).toBe(25);
  });

  it('purges only the revocations of tokens that expired more than an hour ago', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const { user } = await createUser(db);
    const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    for (const [jti, expiresAt] of [
      ['expired-a-day-ago', ago(24 * 60)],
      ['expired-two-hours-ago', ago(120)],
      ['expired-a-minute-ago', ago(1)],
      ['expires-in-an-hour', ago(-60)],
      ['expires-in-a-week', ago(-7 * 24 * 60)],
    ] as const) {
      await db.execute(
        sql`insert into revoked_tokens (jti, user_id, expires_at) values (${jti}, ${user.id}, ${expiresAt})`,
      );
    }

    await purgeExpiredRevocations(database.database);

    const kept = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).orderBy(revokedTokens.jti);
    expect(kept.map((row) => row.jti)).toEqual(['expired-a-minute-ago', 'expires-in-a-week', 'expires-in-an-hour']);
  });

  it('purges only the password reset links that expired more than a day ago, used or not', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const { user } = await createUser(db);
    const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    const links = [
      ['a', ago(3 * 24 * 60), true],
      ['b', ago(25 * 60), false],
      ['c', ago(23 * 60), true],
      ['d', ago(-30), false],
    ] as const;
    for (const [name, expiresAt, used] of links) {
      await db.execute(
        sql`insert into password_reset_tokens (token_hash, user_id, created_at, expires_at, used_at)
            values (${name.repeat(64)}, ${user.id}, ${expiresAt} - interval '1 hour', ${expiresAt}, ${used ? sql`now()` : null})`,
      );
    }

    await purgeExpiredResetLinks(database.database);

    const kept = await db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .orderBy(passwordResetTokens.tokenHash);
    expect(kept.map((row) => row.tokenHash[0])).toEqual(['c', 'd']);
  });

  it('on PGlite, every interval purges expired revocations and vacuums, reports a failure without throwing, and stop() waits for a run under way', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const statements: string[] = [];
    const execute = vi.fn((query: unknown) => {
      const text = typeof query === 'string' ? query : new PgDialect().sqlToQuery(query as SQL).sql;
      statements.push(
        text.startsWith('delete from "revoked_tokens"')
          ? 'purge'
          : text.startsWith('delete from "password_reset_tokens"')
            ? 'purge links'
            : text.startsWith('delete from "idempotency_keys"')
              ? 'purge keys'
              : text,
      );
      if (statements.length === 1) return Promise.reject(new Error('disk full'));
      if (statements.length === 8) return new Promise<void>((resolve) => (finish = resolve));
      return Promise.resolve();
    });
    const fake = { kind: 'pglite', db: { execute } } as unknown as DatabaseHandle;
    const errors: unknown[] = [];
    const maintenance = scheduleMaintenance(fake, 30, (error) => errors.push(error));

    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    // the purge failed; the rest ran all the same
    expect(statements).toEqual(['purge', 'purge links', 'purge keys', 'vacuum analyze']);
    expect(errors).toEqual([new Error('disk full')]);

    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(statements).toEqual([
      ...['purge', 'purge links', 'purge keys', 'vacuum analyze'],
      ...['purge', 'purge links', 'purge keys', 'vacuum analyze'],
    ]);
    let stopped = false;
    const stopping = maintenance.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(120 * 60_000);
    expect(statements).toHaveLength(8);
  });

  it('on PostgreSQL, every interval purges expired revocations and does not vacuum', async () => {
    vi.useFakeTimers();
    const statements: string[] = [];
    const execute = vi.fn((query: unknown) => {
      statements.push(typeof query === 'string' ? query : new PgDialect().sqlToQuery(query as SQL).sql);
      return Promise.resolve();
    });
    const maintenance = scheduleMaintenance(
      { kind: 'postgres', db: { execute } } as unknown as DatabaseHandle,
      60,
      () => {},
    );
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    await maintenance.stop();
    expect(statements).toHaveLength(6);
    for (const text of statements) {
      expect(text).toMatch(/^delete from "(revoked_tokens|password_reset_tokens|idempotency_keys)"/);
    }
  });

  it('runs its other jobs on every interval on PostgreSQL too, each failure reported on its own', async () => {
    vi.useFakeTimers();
    const execute = vi.fn(() => Promise.resolve());
    const cleanUp = vi.fn().mockRejectedValueOnce(new Error('disk gone')).mockResolvedValue(undefined);
    const purge = vi.fn(() => Promise.resolve());
    const errors: unknown[] = [];
    const maintenance = scheduleMaintenance(
      { kind: 'postgres', db: { execute } } as unknown as DatabaseHandle,
      60,
      () => {},
      [
        { run: cleanUp, onError: (error) => errors.push(error) },
        { run: purge, onError: (error) => errors.push(error) },
      ],
    );
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect([cleanUp.mock.calls.length, purge.mock.calls.length]).toEqual([1, 1]);
    expect(errors).toEqual([new Error('disk gone')]);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect([cleanUp.mock.calls.length, purge.mock.calls.length]).toEqual([2, 2]);
    // no VACUUM on PostgreSQL: the only statements are the purges of revocations, reset links and keys
    expect(execute).toHaveBeenCalledTimes(6);
    await maintenance.stop();
    await vi.advanceTimersByTimeAsync(120 * 60_000);
    expect(cleanUp).toHaveBeenCalledTimes(2);
  });

  it('does not schedule anything with 0 minutes', async () => {
    vi.useFakeTimers();
    const execute = vi.fn(() => Promise.resolve());
    for (const kind of ['postgres', 'pglite'] as const) {
      const maintenance = scheduleMaintenance({ kind, db: { execute } } as unknown as DatabaseHandle, 0, () => {});
      await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
      await maintenance.stop();
    }
    expect(execute).not.toHaveBeenCalled();
  });
});
