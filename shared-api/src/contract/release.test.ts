import { describe, expect, it } from 'vitest';
import { remoteIncompatible } from './message-builders';
import {
  isBelowRange,
  parseRemoteRelease,
  parseShellRelease,
  type ReleaseNeeds,
  type ReleaseProvides,
  rangeFloor,
  satisfies,
  unmetNeeds,
} from './release';

describe('satisfies', () => {
  it.each([
    ['1.5.0', '^1.5.0', true],
    ['1.9.3', '^1.5.0', true],
    ['1.4.9', '^1.5.0', false],
    ['2.0.0', '^1.5.0', false],
    ['0.2.5', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['0.0.4', '^0.0.3', false],
    ['1.5.9', '~1.5.2', true],
    ['1.6.0', '~1.5.2', false],
    ['1.5.1', '~1.5.2', false],
    ['9.0.0', '>=1.5.0', true],
    ['1.4.0', '>=1.5.0', false],
    ['1.5.0', '1.5.0', true],
    ['1.5.1', '1.5.0', false],
    ['1.5.1', '=1.5.0', false],
    ['1.7.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['1.5.3', '1.5', true],
    ['3.3.3', '*', true],
    ['1.6.0', '>=1.5.0 <1.6.0', false],
    ['1.5.5', '>=1.5.0 <1.6.0', true],
    ['3.0.0', '^1.0.0 || ^3.0.0', true],
    ['2.0.0', '^1.0.0 || ^3.0.0', false],
    ['1.5.0', '1.2.0 - 1.5.0', true],
    ['1.5.1', '1.2.0 - 1.5.0', false],
    ['2.9.1', '^2.9.0', true],
    ['2.8.9', '^2.9.0', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('admits a prerelease only where the range names one of the same version', () => {
    expect(satisfies('2.0.0-beta.1', '^1.5.0')).toBe(false);
    expect(satisfies('1.6.0-beta.1', '^1.5.0')).toBe(false);
    expect(satisfies('1.6.0-beta.2', '^1.6.0-beta.1')).toBe(true);
    expect(satisfies('1.6.0', '^1.6.0-beta.1')).toBe(true);
    expect(satisfies('1.6.0-alpha', '^1.6.0-beta.1')).toBe(false);
  });

  it('is false for what does not parse', () => {
    expect(satisfies('one', '^1.0.0')).toBe(false);
    expect(satisfies('1.0.0', '^one')).toBe(false);
    expect(satisfies('1.0.0', 'latest')).toBe(false);
    expect(satisfies('1.0.0', `>=1.0.0 ${'<'.repeat(300)}`)).toBe(false);
  });
});

describe('rangeFloor and isBelowRange', () => {
  it('name the lowest version a range admits and whether a version is under it', () => {
    expect(rangeFloor('^1.5.0')).toBe('1.5.0');
    expect(rangeFloor('>=2.1.0 <3.0.0 || ^1.2.0')).toBe('1.2.0');
    expect(rangeFloor('*')).toBe('0.0.0');
    expect(isBelowRange('1.4.0', '^1.5.0')).toBe(true);
    expect(isBelowRange('2.0.0', '^1.5.0')).toBe(false);
  });
});

const provides: ReleaseProvides = {
  'shared-api': '3.1.0',
  routerExports: ['Link', 'useNavigate', 'useParams'],
  queryExports: ['useQuery', 'useMutation'],
  federationRuntime: '2.9.1',
};
const needs: ReleaseNeeds = {
  'shared-api': '^3.0.0',
  routerExports: ['Link', 'useParams'],
  queryExports: ['useQuery'],
  federationRuntime: '^2.9.0',
};

describe('unmetNeeds', () => {
  it('is empty when the shell provides all a remote needs', () => {
    expect(unmetNeeds(provides, needs)).toEqual([]);
  });

  it('names each part the shell lacks, with the version or the missing exports', () => {
    expect(
      unmetNeeds(provides, {
        'shared-api': '^3.5.0',
        routerExports: ['Link', 'useBlocker', 'Await'],
        queryExports: ['useSuspenseQuery'],
        federationRuntime: '^3.0.0',
      }),
    ).toEqual([
      { part: 'shared-api', needs: '^3.5.0', has: '3.1.0' },
      { part: 'federationRuntime', needs: '^3.0.0', has: '2.9.1' },
      { part: 'routerExports', needs: 'useBlocker, Await', has: '' },
      { part: 'queryExports', needs: 'useSuspenseQuery', has: '' },
    ]);
  });

  it('refuses a remote built for an older major (shared-api changes incompatibly only at a major)', () => {
    expect(unmetNeeds({ ...provides, 'shared-api': '4.0.0' }, needs)).toEqual([
      { part: 'shared-api', needs: '^3.0.0', has: '4.0.0' },
    ]);
  });
});

describe('remoteIncompatible', () => {
  it("says which part needs which version, in the issue's words", () => {
    expect(remoteIncompatible('remote-admin', [{ part: 'shared-api', needs: '^1.5.0', has: '1.4.0' }])).toBe(
      'The admin area needs a newer app (shared-api 1.5 or later; this one has 1.4). Reload later, or ask the admin.',
    );
  });

  it('names missing exports, and a host that is newer than the area was built for', () => {
    expect(
      remoteIncompatible('remote-manager', [
        { part: 'routerExports', needs: 'useBlocker, Await', has: '' },
        { part: 'shared-api', needs: '^3.0.0', has: '4.0.0' },
      ]),
    ).toBe(
      "The manager area needs a newer app (react-router-dom's useBlocker and Await, which this one does not offer). The manager area was built for an older app (shared-api ^3.0.0; this one has 4.0). Reload later, or ask the admin.",
    );
  });
});

const remoteJson = {
  name: 'remote-admin',
  version: '1.0.0',
  commit: 'abc123',
  builtAt: '2026-11-27T21:00:00.000Z',
  needs,
};
const shellJson = {
  name: 'shell',
  version: '1.0.0',
  commit: 'abc123',
  builtAt: '2026-11-27T21:00:00.000Z',
  provides,
};

describe('parseRemoteRelease and parseShellRelease', () => {
  it('read what a build writes', () => {
    expect(parseRemoteRelease(JSON.parse(JSON.stringify(remoteJson)))).toEqual(remoteJson);
    expect(parseShellRelease(JSON.parse(JSON.stringify(shellJson)))).toEqual(shellJson);
  });

  it.each([
    ['not an object', 'release'],
    ['null', null],
    ['an unknown remote', { ...remoteJson, name: 'remote-other' }],
    ['no needs', { ...remoteJson, needs: undefined }],
    ['a range that does not parse', { ...remoteJson, needs: { ...needs, 'shared-api': 'workspace:*' } }],
    ['exports that are not names', { ...remoteJson, needs: { ...needs, routerExports: ['<script>'] } }],
    ['exports that are not a list', { ...remoteJson, needs: { ...needs, queryExports: 'useQuery' } }],
    ['no commit', { ...remoteJson, commit: undefined }],
    ['a very long version', { ...remoteJson, version: '1'.repeat(500) }],
  ])('refuse a remote release.json with %s', (_, json) => {
    expect(parseRemoteRelease(json)).toBeNull();
  });

  it('refuse a shell release.json whose versions are ranges, or a remote one', () => {
    expect(parseShellRelease({ ...shellJson, provides: { ...provides, 'shared-api': '^3.1.0' } })).toBeNull();
    expect(parseShellRelease(remoteJson)).toBeNull();
    expect(parseRemoteRelease(shellJson)).toBeNull();
  });
});
