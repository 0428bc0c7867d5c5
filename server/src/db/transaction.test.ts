/** The transaction helper: a deadlock is run again, a few times, and nothing else is. */
import { describe, expect, it, vi } from 'vitest';
import type { Db } from './connection';
import { DEADLOCK_ATTEMPTS, inTransaction, type Tx } from './transaction';

/** What drizzle throws for a deadlock: its query error, with the driver's error as the cause. */
const deadlock = () =>
  Object.assign(new Error('Failed query'), { cause: { code: '40P01', message: 'deadlock detected' } });

/** A database whose every transaction hands `work` the same stand-in for a transaction, and counts. */
function fakeDb() {
  // a stand-in: the work under test never touches the transaction it is given
  const tx = {} as Tx;
  const transaction = vi.fn((work: (tx: Tx) => Promise<unknown>) => work(tx));
  return { db: { transaction } as unknown as Pick<Db, 'transaction'>, transaction };
}

describe('inTransaction', () => {
  it('runs a transaction PostgreSQL failed to break a deadlock again, and answers what the run that went through answered', async () => {
    const { db, transaction } = fakeDb();
    const work = vi.fn().mockRejectedValueOnce(deadlock()).mockResolvedValue('placed');
    await expect(inTransaction(db, work)).resolves.toBe('placed');
    expect(work).toHaveBeenCalledTimes(2);
    expect(transaction).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${DEADLOCK_ATTEMPTS} deadlocks with the last one`, async () => {
    const { db } = fakeDb();
    const last = deadlock();
    const work = vi.fn().mockRejectedValueOnce(deadlock()).mockRejectedValueOnce(deadlock()).mockRejectedValue(last);
    await expect(inTransaction(db, work)).rejects.toBe(last);
    expect(work).toHaveBeenCalledTimes(DEADLOCK_ATTEMPTS);
  });

  it('never runs again after any other error', async () => {
    const { db } = fakeDb();
    const taken = Object.assign(new Error('Failed query'), { cause: { code: '23505' } });
    const work = vi.fn().mockRejectedValue(taken);
    await expect(inTransaction(db, work)).rejects.toBe(taken);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
