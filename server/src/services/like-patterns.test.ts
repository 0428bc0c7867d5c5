/**
 * The search's lookup (./like-patterns.ts searchLookup): the pattern the orders' trigram index is read by holds for
 * every text that holds the searched one, in any case, and is made of a few pieces of it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { likePattern, searchLookup } from './like-patterns';

/** What ILIKE does with a pattern of ours: `%` any run, `\` escapes, the rest itself in any case. */
function ilike(text: string, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\') source += (pattern[++i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i').test(text);
}

describe('searchLookup', () => {
  it('reads a few pieces of three characters of each word, from its first three to its last three', () => {
    expect(searchLookup('Thomas Hussain')).toBe('%Tho%mas%Hus%ain%');
    expect(searchLookup('zebra')).toBe('%ebr%');
    expect(searchLookup('abc')).toBe('%abc%');
    expect(searchLookup('emma.walker43@example.com')).toBe('%emm%wal%r43%exa%ple%com%');
    expect(searchLookup('404-1234567-7654321')).toBe('%404%123%567%765%321%');
  });

  it('looks up the whole text when it has no run of three Latin letters or digits', () => {
    for (const text of ['ab', 'a b c', 'عمران خان', '50%', 'x_y']) expect(searchLookup(text)).toBe(likePattern(text));
    // a run of three is enough: the rest of the text is matched in the columns
    expect(searchLookup('50%_off')).toBe('%off%');
  });

  it('matches every text that holds the searched one, in any case (property)', () => {
    const char = fc.constantFrom(...'aAbBzZ09 .-@%_\\éÉعİß'.split(''));
    const text = fc.array(char, { minLength: 1, maxLength: 24 }).map((chars) => chars.join(''));
    const changeCase = (s: string, flips: boolean[]) =>
      [...s].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join('');
    fc.assert(
      fc.property(text, text, text, fc.array(fc.boolean(), { minLength: 1 }), (searched, before, after, flips) => {
        // the stored text holds the searched one, in a case of its own (ASCII letters only: a
        // non-Latin letter's case is left to the database, as the columns' match does)
        const stored = `${before}${[...searched].map((c, i) => (/[a-z]/i.test(c) ? changeCase(c, [flips[i % flips.length] as boolean]) : c)).join('')}${after}`;
        expect(ilike(stored, likePattern(searched))).toBe(true);
        expect(ilike(stored, searchLookup(searched))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
