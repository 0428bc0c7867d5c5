/**
 * Within a major, shared-api changes only by additions (docs/architecture.md, Versioning of
 * shared-api): a remote deployed earlier keeps finding every export it was built against in a
 * newer shell. An export gone or changed in kind since the last release (shared-api/exports-
 * snapshot.json) fails here unless package.json's major is above the snapshot's.
 */
import { describe, expect, it } from 'vitest';
import { breakingChanges, currentExports, type ExportsSnapshot, readSnapshot } from './shared-api-exports';

const major = (version: string) => Number(version.split('.')[0]);

const RELEASED: ExportsSnapshot = {
  version: '3.1.0',
  entries: ['.', './contract'],
  exports: { '.': { ApiError: 'class', login: 'function', MESSAGES: 'const' }, './contract': { REMOTES: 'const' } },
};

describe('breakingChanges', () => {
  it('lets additions through', () => {
    const now = structuredClone(RELEASED);
    now.entries.push('./testing/users');
    Object.assign(now.exports['.'] ?? {}, { logout: 'function' });
    expect(breakingChanges(RELEASED, now)).toEqual([]);
  });

  it('names a removed entry, a removed export and one whose kind changed', () => {
    const now: ExportsSnapshot = {
      version: '3.2.0',
      entries: ['.'],
      exports: { '.': { ApiError: 'function', MESSAGES: 'const' } },
    };
    expect(breakingChanges(RELEASED, now)).toEqual([
      'the entry shared-api/contract is gone',
      'shared-api: ApiError was a class, is now a function',
      'shared-api: login (function) is gone',
      'shared-api/contract: REMOTES (const) is gone',
    ]);
  });
});

describe("shared-api's exports against the last release's", () => {
  it('keeps every export of the snapshot with its kind, or moves to a new major', { timeout: 180_000 }, () => {
    const snapshot = readSnapshot();
    const now = currentExports();
    expect(major(now.version), 'shared-api went back a major').toBeGreaterThanOrEqual(major(snapshot.version));
    if (major(now.version) > major(snapshot.version)) return;
    expect(
      breakingChanges(snapshot, now),
      `Removing or changing an export breaks remotes deployed against shared-api ${snapshot.version}: keep it, or bump shared-api's major (then refresh the snapshot: npx tsx docs/checks/shared-api-exports.ts --write).`,
    ).toEqual([]);
  });
});
