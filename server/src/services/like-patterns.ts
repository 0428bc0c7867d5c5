/**
 * The LIKE patterns of the searches: the user's text, and where the orders' search looks in its
 * trigram index. No imports: the bench loads this file to explain the search's statement.
 */

/** The user's text matched literally: % and _ are not wildcards (backslash is LIKE's escape). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Where a search looks in the trigram index (migration 0034): a LIKE pattern of a few pieces of
 * the text, three characters each, in the text's order and not overlapping, so that any text
 * holding the searched one holds them too (matched in any case, as the text is). "Thomas Hussain"
 * looks up `%Tho%mas%Hus%ain%`: 4 of the index's lists of orders, instead of the 15 of every
 * trigram of the text, most of them those of a word's first or last letters, which many names
 * share (docs/benchmarks.md, 30 November, morning: the search's lookup). The pieces come from each
 * run of 3 or more Latin letters and digits (a word's characters to pg_trgm in every locale): one
 * from its middle for 3 to 5 characters, else one in every 3, from its first 3 to its last 3. No
 * such run (a shorter text, or another script): the whole text, as the columns are matched.
 */
export function searchLookup(text: string): string {
  const pieces: string[] = [];
  for (const word of text.match(/[A-Za-z0-9]{3,}/g) ?? []) {
    const count = Math.floor(word.length / 3);
    // count - 1 gaps of at least 3 characters between the pieces' starts: none overlaps the next
    const starts =
      count === 1
        ? [Math.floor((word.length - 3) / 2)]
        : Array.from({ length: count }, (_, i) => Math.floor((i * (word.length - 3)) / (count - 1)));
    for (const start of starts) pieces.push(word.slice(start, start + 3));
  }
  return pieces.length > 0 ? `%${pieces.join('%')}%` : likePattern(text);
}
