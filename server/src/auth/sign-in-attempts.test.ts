import { describe, expect, it } from 'vitest';
import { accountKey, attemptKey, createMemorySignInAttempts, signInDelay } from './sign-in-attempts';

describe('sign-in attempts kept in memory', () => {
  const limit = { max: 3, timeWindow: 60_000 };
  const key = attemptKey('a@example.com', '192.0.2.1');

  it('lets the first failures through, then makes the next attempt wait 1 s, doubling after each failure, at most the window', async () => {
    let now = 0;
    const attempts = createMemorySignInAttempts(limit, { now: () => now });
    expect([await attempts.take(key), await attempts.take(key), await attempts.take(key)]).toEqual([0, 0, 0]);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const wait = await attempts.take(key);
      waits.push(wait);
      // refused while it waits, and not counted: asking again changes nothing
      expect(await attempts.take(key)).toBe(wait);
      now += wait;
      expect(await attempts.take(key)).toBe(0);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it('says how much of the wait is left', async () => {
    let now = 0;
    const attempts = createMemorySignInAttempts(limit, { now: () => now });
    for (let i = 0; i < 3; i++) await attempts.take(key);
    now = 400;
    expect(await attempts.take(key)).toBe(600);
  });

  it('forgets the failures a window after the last wait ended', async () => {
    let now = 0;
    const attempts = createMemorySignInAttempts(limit, { now: () => now });
    for (let i = 0; i < 3; i++) await attempts.take(key);
    now = 1_000 + 60_000 - 1;
    expect(await attempts.take(key)).toBe(0);
    // still counted: that was the fourth failure
    expect(await attempts.take(key)).toBe(2_000);
    now += 2_000 + 60_000;
    expect([await attempts.take(key), await attempts.take(key), await attempts.take(key)]).toEqual([0, 0, 0]);
    expect(await attempts.take(key)).toBe(1_000);
  });

  it('counts each account and address apart, and forgets one on clear', async () => {
    const attempts = createMemorySignInAttempts(limit, { now: () => 0 });
    for (let i = 0; i < 3; i++) await attempts.take(key);
    expect(await attempts.take(key)).toBeGreaterThan(0);
    expect(await attempts.take(attemptKey('a@example.com', '198.51.100.7'))).toBe(0);
    expect(await attempts.take(attemptKey('b@example.com', '192.0.2.1'))).toBe(0);
    await attempts.clear(key);
    expect(await attempts.take(key)).toBe(0);
  });

  it('holds a bounded number of keys: forgotten ones go first, then the least recently counted', async () => {
    let now = 0;
    const one = { max: 1, timeWindow: 60_000 };
    const attempts = createMemorySignInAttempts(one, { now: () => now, maxKeys: 3 });
    /** counts one more failure and answers the wait it imposes: 1 s for a key remembered with none, 2 s after one */
    const failAgain = async (key: string) => {
      expect(await attempts.take(key)).toBe(0);
      return attempts.take(key);
    };
    await attempts.take('old');
    now = 30_000;
    await attempts.take('kept-1');
    await attempts.take('kept-2');
    now = 62_000;
    // old's failures were forgotten (its wait ended at 1 s, a window before): it goes, the two others stay
    await attempts.take('new');
    expect(await failAgain('kept-1')).toBe(2_000);
    expect(await failAgain('kept-2')).toBe(2_000);
    // full of remembered keys: the least recently counted ('new') goes
    await attempts.take('newer');
    now += 2_000;
    expect(await failAgain('new')).toBe(1_000);
  });

  it('keys an attempt by its address and its email without case or surrounding spaces', () => {
    expect(accountKey('  Someone@Example.COM ')).toBe('someone@example.com');
    expect(attemptKey('  Someone@Example.COM ', '2001:db8::1')).toBe('2001:db8::1 someone@example.com');
  });

  it('computes the wait from the failures, never past the window, for any count', () => {
    expect([1, 2, 3, 4, 5].map((failures) => signInDelay(failures, limit))).toEqual([0, 0, 1_000, 2_000, 4_000]);
    expect(signInDelay(10_000, limit)).toBe(60_000);
  });
});
