import { describe, expect, it } from 'vitest';
import { buildPrevious } from './build-previous.mjs';
import { hasCommit, parseReleases, previousRelease } from './releases.mjs';

const HASH = 'd51bc09abf4d6f2b52108a40f60880b090858b85';

describe('deploy/releases.tsv', () => {
  it('reads one release a line after the header, skipping comments and blank lines, oldest first', () => {
    const text = `# releases\nversion\tcommit\tdate\n\n1.0.0\t${HASH}\t2026-11-27\n1.1.0\t${'a'.repeat(40)}\t2026-12-04\n`;
    expect(parseReleases(text, 'r.tsv')).toEqual([
      { version: '1.0.0', commit: HASH, date: '2026-11-27' },
      { version: '1.1.0', commit: 'a'.repeat(40), date: '2026-12-04' },
    ]);
  });

  it('refuses a file without its header, a short hash, a line of spaces for tabs, a version twice, or no release', () => {
    expect(() => parseReleases(`1.0.0\t${HASH}\t2026-11-27\n`, 'r.tsv')).toThrow(
      'r.tsv:1: the first line must be the header',
    );
    expect(() => parseReleases(`version\tcommit\tdate\n1.0.0\td51bc09\t2026-11-27\n`, 'r.tsv')).toThrow(
      'r.tsv:2: "d51bc09" is not a full 40-digit commit hash',
    );
    expect(() => parseReleases(`version\tcommit\tdate\n1.0.0 ${HASH} 2026-11-27\n`, 'r.tsv')).toThrow(
      'expected version<TAB>commit<TAB>date, got 1 fields',
    );
    const twice = `version\tcommit\tdate\n1.0.0\t${HASH}\t2026-11-27\n1.0.0\t${HASH}\t2026-11-28\n`;
    expect(() => parseReleases(twice, 'r.tsv')).toThrow('r.tsv:3: version 1.0.0 twice');
    expect(() => parseReleases('version\tcommit\tdate\n', 'r.tsv')).toThrow('r.tsv: no release listed');
  });

  it("names a previous release whose commit is in this repository's history", () => {
    expect(hasCommit(previousRelease().commit)).toBe(true);
  });

  it('stops with a message saying so when the clone lacks the commit, before building anything', () => {
    const release = { version: '9.9.9', commit: '0'.repeat(40), date: '2026-11-27' };
    expect(() => buildPrevious({ release })).toThrow(
      /is commit 0{40}, which this clone does not have\. A shallow clone\?/,
    );
  });
});
