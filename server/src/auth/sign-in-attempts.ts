/**
 * Sign-in attempts per account, so guesses spread over many addresses still slow down (the
 * per-address limit alone does not see them). Every attempt on an email is counted before its
 * password is checked (concurrent guesses cannot all slip in under the limit), and the right
 * password clears the count: what stays counted are the failures. Emails without an account
 * are counted alike, so a lockout tells nothing about who has one.
 *
 * A fixed window per account: it opens at the first attempt and closes `timeWindow` later;
 * past `max` attempts in it, the account waits until it closes. The store is an interface so a
 * shared one (Redis: INCR, then PEXPIRE on the first) can count across API processes.
 */
import type { RateLimitSetting } from '../config';

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
