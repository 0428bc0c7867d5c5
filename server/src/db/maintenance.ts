/**
 * PGlite has no autovacuum: nothing else ever vacuums or analyzes its tables. Without it the
 * planner's figures stay those of an empty database (it guessed 355 rows where an agent had
 * 30,690), dead rows of updated orders are never reclaimed, and index-only scans read the
 * heap (a visibility map is set only by VACUUM): counting an agent's orders at 100,000
 * orders took 15 ms instead of 5. So the API does what autovacuum would: `VACUUM ANALYZE`
 * at start-up and then every DB_MAINTENANCE_MINUTES.
 * PostgreSQL runs its own autovacuum; there the timer runs only the other jobs it is given.
 */
import type { DatabaseHandle } from './connection';

export interface Maintenance {
  /** clears the timer and waits for a run under way, so the database can be closed */
  stop(): Promise<void>;
}

/** VACUUM ANALYZE on PGlite (the whole database; it waits for the queries before it). */
export async function maintainDatabase(database: Pick<DatabaseHandle, 'kind' | 'db'>): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.db.execute('vacuum analyze');
  return true;
}

/** Work the timer also runs, on every database (PostgreSQL too): each failure is reported on its own. */
export interface MaintenanceJob {
  run(): Promise<unknown>;
  onError(error: unknown): void;
}

/**
 * Runs maintainDatabase every `everyMinutes` (0: never), then each job; a failure is reported,
 * never thrown.
 */
export function scheduleMaintenance(
  database: Pick<DatabaseHandle, 'kind' | 'db'>,
  everyMinutes: number,
  onError: (error: unknown) => void,
  jobs: readonly MaintenanceJob[] = [],
): Maintenance {
  let running: Promise<unknown> = Promise.resolve();
  const runJobs = async () => {
    for (const job of jobs) await job.run().catch((error: unknown) => job.onError(error));
  };
  const timer =
    (database.kind === 'pglite' || jobs.length > 0) && everyMinutes > 0
      ? setInterval(() => {
          running = maintainDatabase(database).catch(onError).then(runJobs);
        }, everyMinutes * 60_000)
      : undefined;
  // the timer alone never keeps the process up
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
