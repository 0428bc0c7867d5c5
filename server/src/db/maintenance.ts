/**
 * PGlite has no autovacuum: nothing else ever vacuums or analyzes its tables. Without it the
 * planner's figures stay those of an empty database (it guessed 355 rows where an agent had
 * 30,690), dead rows of updated orders are never reclaimed, and index-only scans read the
 * heap (a visibility map is set only by VACUUM): counting an agent's orders at 100,000
 * orders took 15 ms instead of 5. So the API does what autovacuum would: `VACUUM ANALYZE`
 * at start-up and then every DB_MAINTENANCE_MINUTES.
 * PostgreSQL runs its own autovacuum; there the vacuum does nothing.
 *
 * On either database the same timer purges the revocations of tokens that have expired, the
 * password reset links a day past their expiry and the Idempotency-Keys past their 24 hours, then
 * runs the other jobs it is given (the upload clean-up, hashing old order screenshots).
 */
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HOURS } from 'shared-api/contract';
import type { DatabaseHandle } from './connection';
import { idempotencyKeys, passwordResetTokens, revokedTokens } from './schema';

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

/**
 * Deletes the revocations of tokens that have expired (an expired token is refused anyway). An
 * hour late, on the database's clock: an API process whose clock runs behind still refuses a
 * revoked token until its own clock says it expired.
 */
export async function purgeExpiredRevocations(database: Pick<DatabaseHandle, 'db'>): Promise<void> {
  await database.db.execute(
    sql`delete from ${revokedTokens} where ${revokedTokens.expiresAt} < now() - interval '1 hour'`,
  );
}

/**
 * Deletes the password reset links (used or not) that expired more than a day ago: a link is
 * refused from its expiry on, and the account's history keeps what was reset.
 */
export async function purgeExpiredResetLinks(database: Pick<DatabaseHandle, 'db'>): Promise<void> {
  await database.db.execute(
    sql`delete from ${passwordResetTokens} where ${passwordResetTokens.expiresAt} < now() - interval '1 day'`,
  );
}

/** An Idempotency-Key's row older than its lifetime: deleted below, taken over when met before (services/idempotency.ts). */
export const idempotencyKeyExpired = sql`${idempotencyKeys.createdAt} <= now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;

/**
 * Deletes the Idempotency-Keys older than their lifetime (docs/domain.md, Submitting twice): the
 * same key is then a new request. A row met before this runs is taken over (services/idempotency.ts).
 */
export async function purgeExpiredIdempotencyKeys(database: Pick<DatabaseHandle, 'db'>): Promise<void> {
  await database.db.execute(sql`delete from ${idempotencyKeys} where ${idempotencyKeyExpired}`);
}

/** Work the timer also runs, on every database (PostgreSQL too): each failure is reported on its own. */
export interface MaintenanceJob {
  run(): Promise<unknown>;
  onError(error: unknown): void;
}

/**
 * Every `everyMinutes` (0: never): purgeExpiredRevocations, purgeExpiredResetLinks,
 * purgeExpiredIdempotencyKeys, maintainDatabase, then each job; a
 * failure is reported, never thrown.
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
    everyMinutes > 0
      ? setInterval(() => {
          running = purgeExpiredRevocations(database)
            .catch(onError)
            .then(() => purgeExpiredResetLinks(database))
            .catch(onError)
            .then(() => purgeExpiredIdempotencyKeys(database))
            .catch(onError)
            .then(() => maintainDatabase(database))
            .catch(onError)
            .then(runJobs);
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
