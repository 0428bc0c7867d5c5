/**
 * Sign-in attempts per account, so guesses spread over many addresses still slow down (the
 * per-address limit alone does not see them). Every attempt on an email is counted before its
 * password is checked (concurrent guesses cannot all slip in under the limit), and the right
 * password clears the count: what stays counted are the failures. Emails without an account
 * are counted alike, so a lockout tells nothing about who has one.
 *
 * A fixed window per account: it opens at the first attempt and closes `timeWindow` later;
 * past `max` attempts in it, the account waits until it closes. With REDIS_URL the count is
 * shared by every API process (createRedisSignInAttempts), otherwise each counts its own.
 */
import type { RateLimitSetting } from '../config';
import type { SharedRedis } from '../redis/shared-redis';

export interface SignInAttempts {
  /**
   * Counts an attempt on the account; answers how many milliseconds it must wait when the
   * attempt is over the limit (the attempt is refused), otherwise 0.
   */
  take(account: string): Promise<number>;
  /** The right password: forgets the account's attempts. */
  clear(account: string): Promise<void>;
}

/** The key attempts are counted under: the email as sign-in matches it (case and spaces aside). */
export const accountKey = (email: string) => email.trim().toLowerCase();

interface Window {
  attempts: number;
  endsAt: number;
}

export interface MemorySignInAttemptsOptions {
  /** the clock, in milliseconds (tests pass their own) */
  now?: () => number;
  /** accounts held at most; past it the expired windows go, then the oldest (memory stays bounded under a flood of emails) */
  maxAccounts?: number;
}

/** Counts in this process's memory: each API process counts its own. */
export function createMemorySignInAttempts(
  limit: RateLimitSetting,
  { now = Date.now, maxAccounts = 100_000 }: MemorySignInAttemptsOptions = {},
): SignInAttempts {
  // A Map iterates in insertion order: a window is re-inserted when it opens, so the first are the oldest.
  const windows = new Map<string, Window>();

  function makeRoom(time: number) {
    if (windows.size < maxAccounts) return;
    for (const [account, window] of windows) if (window.endsAt <= time) windows.delete(account);
    for (const account of windows.keys()) {
      if (windows.size < maxAccounts) break;
      windows.delete(account);
    }
  }

  return {
    async take(account) {
      const time = now();
      let window = windows.get(account);
      if (!window || window.endsAt <= time) {
        windows.delete(account);
        makeRoom(time);
        window = { attempts: 0, endsAt: time + limit.timeWindow };
        windows.set(account, window);
      }
      window.attempts += 1;
      return window.attempts > limit.max ? window.endsAt - time : 0;
    },
    async clear(account) {
      windows.delete(account);
    },
  };
}

// INCR, and the window's expiry set by the attempt that opens it; answers the count and the time left.
const TAKE_SCRIPT = `
local attempts = redis.call('INCR', KEYS[1])
if attempts == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {attempts, redis.call('PTTL', KEYS[1])}`;

/**
 * Counts in Redis, shared by every API process; while Redis is down, in this process's memory
 * (`fallback`), so sign-ins go on and stay limited per process.
 */
export function createRedisSignInAttempts(
  redis: SharedRedis,
  limit: RateLimitSetting,
  fallback: SignInAttempts = createMemorySignInAttempts(limit),
): SignInAttempts {
  const key = (account: string) => `sign-in:${account}`;
  return {
    take: (account) =>
      redis.run(
        async (client) => {
          const [attempts, ttl] = (await client.eval(TAKE_SCRIPT, 1, key(account), limit.timeWindow)) as [
            number,
            number,
          ];
          return attempts > limit.max ? Math.max(ttl, 1) : 0;
        },
        () => fallback.take(account),
      ),
    async clear(account) {
      await fallback.clear(account);
      await redis.run(
        (client) => client.del(key(account)),
        () => 0,
      );
    },
  };
}
