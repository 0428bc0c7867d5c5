/** Reading database errors: a deadlock is run again, a few times, and nothing else is. */
import { describe, expect, it, vi } from 'vitest';
import { DEADLOCK_ATTEMPTS, retryingDeadlocks } from './errors';

/** What drizzle throws for a deadlock: its query error, with the driver's error as the cause. */
const deadlock = () =>
  Object.assign(new Error('Failed query'), { cause: { code: '40P01', message: 'deadlock detected' } });

describe('retryingDeadlocks', () => {
  it('runs a transaction PostgreSQL failed to break a deadlock again, and answers what the run that went through answered', async () => {
    const run = vi.fn().mockRejectedValueOnce(deadlock()).mockRejectedValueOnce(deadlock()).mockResolvedValue('placed');
    await expect(retryingDeadlocks(run)).resolves.toBe('placed');
    expect(run).toHaveBeenCalledTimes(3);
  });

  it(`gives up after ${DEADLOCK_ATTEMPTS} deadlocks with the last one`, async () => {
    const last = deadlock();
    const run = vi.fn().mockRejectedValueOnce(deadlock()).mockRejectedValueOnce(deadlock()).mockRejectedValue(last);
    await expect(retryingDeadlocks(run)).rejects.toBe(last);
    expect(run).toHaveBeenCalledTimes(DEADLOCK_ATTEMPTS);
  });

  it('never runs again after any other error', async () => {
    const taken = Object.assign(new Error('Failed query'), { cause: { code: '23505' } });
    const run = vi.fn().mockRejectedValue(taken);
    await expect(retryingDeadlocks(run)).rejects.toBe(taken);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
