import { afterEach, describe, expect, it, vi } from 'vitest';
import { canaryBucket, remoteUrlFor, remoteUrls } from './remote-urls';
import { applyRuntimeConfig, type RuntimeConfigFile } from './shell-config';

const STABLE = '/releases/remote-agent/1.0.0+aaa/mf-manifest.json';
const CANARY = '/releases/remote-agent/1.1.0+bbb/mf-manifest.json';
const ids = Array.from({ length: 2000 }, (_, i) => `user-${i}`);

afterEach(() => {
  vi.restoreAllMocks();
  applyRuntimeConfig({});
});

describe("the runtime JSON's remotes", () => {
  it('takes a URL per area, as before', () => {
    applyRuntimeConfig({ remotes: { agent: STABLE } });
    expect(remoteUrls().agent.stable).toBe(STABLE);
    expect(remoteUrls().admin).toEqual({ stable: 'http://localhost:3001/mf-manifest.json' });
    expect(remoteUrlFor('agent', 'user-1')).toBe(STABLE);
  });

  it('takes a canary: its share of signed-in people get it, the same person always the same one', () => {
    applyRuntimeConfig({ remotes: { agent: { stable: STABLE, canary: CANARY, canaryPercent: 10 } } });
    expect(remoteUrls().agent.stable).toBe(STABLE);
    const onCanary = ids.filter((id) => remoteUrlFor('agent', id) === CANARY);
    // FNV-1a spreads the ids: about a tenth, never none or all
    expect(onCanary.length).toBeGreaterThan(100);
    expect(onCanary.length).toBeLessThan(300);
    for (const id of ids.slice(0, 50)) {
      expect(remoteUrlFor('agent', id)).toBe(remoteUrlFor('agent', id));
      expect(remoteUrlFor('agent', id)).toBe(canaryBucket(id) < 10 ? CANARY : STABLE);
    }
    // a larger share keeps everyone the smaller one had
    applyRuntimeConfig({ remotes: { agent: { stable: STABLE, canary: CANARY, canaryPercent: 50 } } });
    for (const id of onCanary) expect(remoteUrlFor('agent', id)).toBe(CANARY);
    // the other areas are untouched
    expect(remoteUrlFor('admin', onCanary[0])).toBe('http://localhost:3001/mf-manifest.json');
  });

  it('never gives a signed-out page the canary', () => {
    applyRuntimeConfig({ remotes: { agent: { stable: STABLE, canary: CANARY, canaryPercent: 100 } } });
    expect(remoteUrlFor('agent', null)).toBe(STABLE);
    expect(remoteUrlFor('agent', undefined)).toBe(STABLE);
    expect(remoteUrlFor('agent', 'anyone')).toBe(CANARY);
  });

  it('gives nobody a canary at 0%', () => {
    applyRuntimeConfig({ remotes: { agent: { stable: STABLE, canary: CANARY, canaryPercent: 0 } } });
    expect(ids.every((id) => remoteUrlFor('agent', id) === STABLE)).toBe(true);
  });

  it('falls back to the default for a malformed value, with a console error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const malformed: unknown[] = [
      { canary: CANARY, canaryPercent: 10 },
      { stable: STABLE, canary: CANARY },
      { stable: STABLE, canary: CANARY, canaryPercent: 101 },
      { stable: STABLE, canary: CANARY, canaryPercent: '10' },
      { stable: STABLE, canary: 5, canaryPercent: 10 },
      ['a', 'b'],
      42,
    ];
    for (const value of malformed) {
      error.mockClear();
      applyRuntimeConfig({ remotes: { agent: value } } as unknown as RuntimeConfigFile);
      expect(remoteUrls().agent).toEqual({ stable: 'http://localhost:3003/mf-manifest.json' });
      expect(remoteUrlFor('agent', 'anyone')).toBe('http://localhost:3003/mf-manifest.json');
      // said once per runtime JSON, not on every load of the area
      expect(error).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('remotes.agent is neither a URL nor a canary'), value);
    }
  });
});

describe('canaryBucket', () => {
  it('is FNV-1a of the UTF-8 bytes, mod 100', () => {
    // FNV-1a 32 of "a" is 0xe40c292c, of "" is the offset basis 0x811c9dc5
    expect(canaryBucket('a')).toBe(0xe40c292c % 100);
    expect(canaryBucket('')).toBe(0x811c9dc5 % 100);
  });
});
