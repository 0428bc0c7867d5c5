import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrderRow, createProduct } from '../routes/orders.fixtures';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import type { DatabaseHandle } from './connection';
import { maintainDatabase, scheduleMaintenance } from './maintenance';

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

  it('runs again every interval on PGlite, reports a failure without throwing, and stop() waits for a run under way', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const execute = vi
      .fn()
      .mockImplementationOnce(() => Promise.reject(new Error('disk full')))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    const fake = { kind: 'pglite', db: { execute } } as unknown as DatabaseHandle;
    const errors: unknown[] = [];
    const maintenance = scheduleMaintenance(fake, 30, (error) => errors.push(error));

    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(execute).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([new Error('disk full')]);

    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(execute).toHaveBeenCalledTimes(2);
    let stopped = false;
    const stopping = maintenance.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(120 * 60_000);
    expect(execute).toHaveBeenCalledTimes(2);
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
    // no VACUUM on PostgreSQL
    expect(execute).not.toHaveBeenCalled();
    await maintenance.stop();
    await vi.advanceTimersByTimeAsync(120 * 60_000);
    expect(cleanUp).toHaveBeenCalledTimes(2);
  });

  it('does not schedule anything on PostgreSQL or with 0 minutes', async () => {
    vi.useFakeTimers();
    const execute = vi.fn(() => Promise.resolve());
    for (const [kind, minutes] of [
      ['postgres', 60],
      ['pglite', 0],
    ] as const) {
      const maintenance = scheduleMaintenance(
        { kind, db: { execute } } as unknown as DatabaseHandle,
        minutes,
        () => {},
      );
      await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
      await maintenance.stop();
    }
    expect(execute).not.toHaveBeenCalled();
  });
});
