import type { ReleaseProvides } from 'shared-api/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkRemoteRelease, RemoteIncompatibleError, releaseUrl } from './release-check';

const provides: ReleaseProvides = {
  'shared-api': '3.1.0',
  routerExports: ['Link', 'useNavigate'],
  queryExports: ['useQuery'],
  federationRuntime: '2.9.1',
};

const managerRelease = (sharedApi: string) => ({
  name: 'remote-manager',
  version: '1.0.0',
  commit: 'abc',
  builtAt: '2026-11-27T21:00:00.000Z',
  needs: { 'shared-api': sharedApi, routerExports: ['Link'], queryExports: ['useQuery'], federationRuntime: '^2.9.0' },
});

function answering(body: unknown, status = 200) {
  return vi.fn<typeof fetch>(async () =>
    typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status }),
  );
}

const MANIFEST = 'http://localhost:3002/mf-manifest.json';

describe('the check of a remote release before its code runs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads release.json beside the manifest the runtime JSON names', () => {
    expect(releaseUrl(MANIFEST)).toBe('http://localhost:3002/release.json');
    expect(releaseUrl('https://cdn.example.com/manager/2.0.0/remoteEntry.js')).toBe(
      'https://cdn.example.com/manager/2.0.0/release.json',
    );
  });

  it('lets a remote through when this shell provides what it needs', async () => {
    const fetchRelease = answering(managerRelease('^3.0.0'));
    expect(await checkRemoteRelease('manager', MANIFEST, provides, fetchRelease)).toEqual([]);
    expect(fetchRelease).toHaveBeenCalledWith('http://localhost:3002/release.json');
  });

  it('names what a remote needs that this shell lacks, and the error says it in words', async () => {
    const unmet = await checkRemoteRelease('manager', MANIFEST, provides, answering(managerRelease('^99.0.0')));
    expect(unmet).toEqual([{ part: 'shared-api', needs: '^99.0.0', has: '3.1.0' }]);
    expect(new RemoteIncompatibleError('manager', unmet).message).toBe(
      'The manager area needs a newer app (shared-api 99.0 or later; this one has 3.1). Reload later, or ask the admin.',
    );
  });

  it.each([
    ['missing (a deploy from before release.json)', answering('Not Found', 404)],
    ['garbled', answering('{"name": "remote-man')],
    ['not a release', answering({ hello: 'world' })],
    ['the release of another remote', answering({ ...managerRelease('^99.0.0'), name: 'remote-agent' })],
    [
      'unreachable',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ],
  ])('skips the check with a warning when release.json is %s', async (_, fetchRelease) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await checkRemoteRelease('manager', MANIFEST, provides, fetchRelease)).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /^The manager area's release\.json could not be read \(.+\): it loads without the version check\.$/,
    );
  });
});
