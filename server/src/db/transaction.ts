/**
 * The one way a service runs a transaction that may deadlock with another (docs/domain.md,
 * Fraud signals and Payouts): PostgreSQL breaks a deadlock by failing one of the transactions,
 * which rolled back whole, so running it again is safe.
 */
import type { Db } from './connection';
import { isDeadlock } from './errors';

/** A transaction of `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How many times inTransaction runs a transaction at most. */
export const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, and again when PostgreSQL broke a deadlock by failing it, up to
 * DEADLOCK_ATTEMPTS times; any other error (and the last deadlock) goes through to the caller.
 */
export async function inTransaction<T>(
  db: Pick<Db, 'transaction'>,
  work: (tx: Tx) => Promise<T>,
  attempts = DEADLOCK_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
    }
  }
}
