import { describe, expect, it } from 'vitest';
import { accountKey, createMemorySignInAttempts } from './sign-in-attempts';

describe('sign-in attempts kept in memory', () => {
  const limit = { max: 3, timeWindow: 60_000 };

  it('refuses the attempts past the limit until the window that the first opened closes', async () => {
    let now = 0;
    const attempts = createMemorySignInAttempts(limit, { now: () => now });
    expect(await attempts.take('a@example.com')).toBe(0);
    now = 20_000;
    expect(await attempts.take('a@example.com')).toBe(0);
    expect(await attempts.take('a@example.com')).toBe(0);
    expect(await attempts.take('a@example.com')).toBe(40_000);
    now = 59_999;
    expect(await attempts.take('a@example.com')).toBe(1);
    // refused attempts do not push the end of the window back
    now = 60_000;
    expect(await attempts.take('a@example.com')).toBe(0);
  });

  it('counts each account apart, and forgets one on clear', async () => {
    const attempts = createMemorySignInAttempts(limit, { now: () => 0 });
    for (let i = 0; i < 3; i++) await attempts.take('a@example.com');
    expect(await attempts.take('b@example.com')).toBe(0);
    expect(await attempts.take('a@example.com')).toBeGreaterThan(0);
    await attempts.clear('a@example.com');
    expect(await attempts.take('a@example.com')).toBe(0);
  });

  it('holds a bounded number of accounts: expired windows go first, then the oldest', async () => {
    let now = 0;
    const attempts = createMemorySignInAttempts({ max: 1, timeWindow: 60_000 }, { now: () => now, maxAccounts: 3 });
    await attempts.take('old@example.com');
    now = 30_000;
    await attempts.take('kept-1@example.com');
    await attempts.take('kept-2@example.com');
    now = 61_000;
    // old@'s window has closed: it goes, the two others stay counted
    await attempts.take('new@example.com');
    expect(await attempts.take('kept-1@example.com')).toBeGreaterThan(0);
    expect(await attempts.take('kept-2@example.com')).toBeGreaterThan(0);
    // full of open windows: the oldest goes
    await attempts.take('newer@example.com');
    expect(await attempts.take('kept-1@example.com')).toBe(0);
  });

  it('keys an account by its email without case or surrounding spaces', () => {
    expect(accountKey('  Someone@Example.COM ')).toBe('someone@example.com');
  });
});
