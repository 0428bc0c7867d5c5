/**
 * Failed sign-ins, counted per account and address together (docs/domain.md, Accounts and
 * sessions): guesses from one address slow that address down on that account, never the owner
 * signing in from another. Past `max` failures, each further attempt must wait: 1 s after the
 * limit is reached, doubling after each failure, at most `timeWindow`; the failures are
 * forgotten `timeWindow` after the last wait ends, or at once when the right password signs in.
 * A slowdown, not a lock: the owner's own mistakes cost seconds, and a guesser's grow without end.
 *
 * Every attempt is counted before its password is checked (concurrent guesses cannot all slip
 * in before the wait), and an attempt that comes before its wait is over is refused and not
 * counted. Emails without an account are counted alike, so a wait tells nothing about who has
 * one. With REDIS_URL the counts are shared by every API process (createRedisSignInAttempts),
 * otherwise each counts its own.
 */
import type { RateLimitSetting } from '../config';
import type { SharedRedis } from '../redis/shared-redis';

export interface SignInAttempts {
  /**
   * Counts an attempt (`attemptKey`); answers how many milliseconds it must still wait (the
   * attempt is refused, and not counted), otherwise 0.
   */
  take(key: string): Promise<number>;
  /** The right password: forgets the key's failures. */
  clear(key: string): Promise<void>;
}

/** The account attempts are counted under: the email as sign-in matches it (case and spaces aside). */
export const accountKey = (email: string) => email.trim().toLowerCase();

/** What attempts are counted under: the address and the account (an address holds no space, so the two never run together). */
export const attemptKey = (email: string, address: string) => `${address} ${accountKey(email)}`;

/** The wait after the failure that reaches the limit; each later failure doubles it. */
export const FIRST_SIGN_IN_DELAY_MS = 1_000;

/** The wait a key's `failures`-th failure imposes on its next attempt (0: none). */
export function signInDelay(failures: number, limit: RateLimitSetting): number {
  if (failures < limit.max) return 0;
  return Math.min(FIRST_SIGN_IN_DELAY_MS * 2 ** Math.min(failures - limit.max, 40), limit.timeWindow);
}

interface Failures {
  count: number;
  /** when the next attempt may come */
  waitUntil: number;
  /** when the failures are forgotten */
  forgetAt: number;
}

export interface MemorySignInAttemptsOptions {
  /** the clock, in milliseconds (tests pass their own) */
  now?: () => number;
  /** keys held at most; past it the forgotten go, then the least recently counted (memory stays bounded under a flood) */
  maxKeys?: number;
}

/** Counts in this process's memory: each API process counts its own. */
export function createMemorySignInAttempts(
  limit: RateLimitSetting,
  { now = Date.now, maxKeys = 100_000 }: MemorySignInAttemptsOptions = {},
): SignInAttempts {
  // A Map iterates in insertion order: a key is re-inserted whenever it is counted, so the first are the oldest.
  const entries = new Map<string, Failures>();

  function makeRoom(time: number) {
    if (entries.size < maxKeys) return;
    for (const [key, entry] of entries) if (entry.forgetAt <= time) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  }

  return {
    async take(key) {
      const time = now();
      let entry = entries.get(key);
      if (entry && entry.forgetAt <= time) entry = undefined;
      if (entry && time < entry.waitUntil) return entry.waitUntil - time;
      entries.delete(key);
      makeRoom(time);
      const count = (entry?.count ?? 0) + 1;
      const waitUntil = time + signInDelay(count, limit);
      entries.set(key, { count, waitUntil, forgetAt: waitUntil + limit.timeWindow });
      return 0;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

// KEYS[1]: the failures, KEYS[2]: the wait (a key that lives as long as it lasts); ARGV: max,
// first delay, window. The same rule as signInDelay, in one step for every process.
const TAKE_SCRIPT = `
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then return wait end
local failures = redis.call('INCR', KEYS[1])
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[3])
local delay = 0
if failures >= max then
  delay = math.floor(math.min(tonumber(ARGV[2]) * 2 ^ math.min(failures - max, 40), window))
  redis.call('SET', KEYS[2], '1', 'PX', delay)
end
redis.call('PEXPIRE', KEYS[1], delay + window)
return 0`;

/**
 * Counts in Redis, shared by every API process; while Redis is down, in this process's memory
 * (`fallback`), so sign-ins go on and stay slowed down per process.
 */
export function createRedisSignInAttempts(
  redis: SharedRedis,
  limit: RateLimitSetting,
  fallback: SignInAttempts = createMemorySignInAttempts(limit),
): SignInAttempts {
  const failuresKey = (key: string) => `sign-in:${key}`;
  const waitKey = (key: string) => `sign-in-wait:${key}`;
  return {
    take: (key) =>
      redis.run(
        async (client) => {
          const wait = (await client.eval(
            TAKE_SCRIPT,
            2,
            failuresKey(key),
            waitKey(key),
            limit.max,
            FIRST_SIGN_IN_DELAY_MS,
            limit.timeWindow,
          )) as number;
          return Math.max(wait, 0);
        },
        () => fallback.take(key),
      ),
    async clear(key) {
      await fallback.clear(key);
      await redis.run(
        (client) => client.del(failuresKey(key), waitKey(key)),
        () => 0,
      );
    },
  };
}
