// The release commands against temporary folders: a release, a deploy, a rollback, a canary,
// the list, and every refusal (a message, exit code 1, nothing live changed).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from './cli';

const PROVIDES = {
  'shared-api': '3.1.0',
  routerExports: ['Link', 'useNavigate'],
  queryExports: ['useQuery'],
  federationRuntime: '2.9.1',
};
const NEEDS = {
  'shared-api': '^3.1.0',
  routerExports: ['Link'],
  queryExports: ['useQuery'],
  federationRuntime: '2.9.1',
};
const RUNTIME = {
  apiBaseUrl: 'http://localhost:8000',
  remotes: {
    admin: 'http://localhost:3001/mf-manifest.json',
    manager: 'http://localhost:3002/mf-manifest.json',
    agent: 'http://localhost:3003/mf-manifest.json',
  },
};

let dir = '';
let env: NodeJS.ProcessEnv = {};
const runtimeFile = () => path.join(dir, 'runtime-config.json');
const readRuntime = () => JSON.parse(fs.readFileSync(runtimeFile(), 'utf8'));

function write(file: string, content: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}

/** A remote's dist as its build leaves it. */
function dist(
  name: string,
  { version = '1.0.0', commit = 'abc1234', builtAt = '2026-11-27T10:00:00.000Z', needs = NEEDS } = {},
) {
  const folder = path.join(dir, `dist-${name}-${version}-${commit}`);
  write(path.join(folder, 'mf-manifest.json'), { name });
  write(path.join(folder, 'remoteEntry.js'), 'export {};');
  write(path.join(folder, 'assets/app-AbCdEf12.js'), 'export {};');
  write(path.join(folder, 'release.json'), { name, version, commit, builtAt, needs });
  return folder;
}

const run = (...argv: string[]) => runCommand(argv, { env, cwd: dir, dirty: () => false });

async function release(name: string, options?: Parameters<typeof dist>[1]) {
  const result = await run('release', name, '--dist', dist(name, options));
  expect(result.code, result.output).toBe(0);
  return /Released \S+ (\S+)/.exec(result.output)?.[1] ?? '';
}

/** Runs a command that must be refused and checks that nothing live changed. */
async function refused(argv: string[], message: RegExp) {
  const before = fs.readFileSync(runtimeFile(), 'utf8');
  const history = path.join(dir, 'releases/remote-agent/deployed.json');
  const historyBefore = fs.existsSync(history) ? fs.readFileSync(history, 'utf8') : null;
  const result = await run(...argv);
  expect(result.output).toMatch(message);
  expect(result.code).toBe(1);
  expect(fs.readFileSync(runtimeFile(), 'utf8')).toBe(before);
  expect(fs.existsSync(history) ? fs.readFileSync(history, 'utf8') : null).toBe(historyBefore);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  write(runtimeFile(), RUNTIME);
  write(path.join(dir, 'shell-release.json'), {
    name: 'shell',
    version: '1.0.0',
    commit: 'fff0000',
    builtAt: '2026-11-27T09:00:00.000Z',
    provides: PROVIDES,
  });
  env = {
    RELEASES_DIR: path.join(dir, 'releases'),
    RUNTIME_CONFIG_FILE: runtimeFile(),
    SHELL_RELEASE: path.join(dir, 'shell-release.json'),
  };
});

describe('npm run release', () => {
  it('copies the build into releases/<remote>/<version>+<commit>/', async () => {
    const id = await release('remote-agent');
    expect(id).toBe('1.0.0+abc1234');
    const folder = path.join(dir, 'releases/remote-agent/1.0.0+abc1234');
    expect(fs.readdirSync(folder).sort()).toEqual(['assets', 'mf-manifest.json', 'release.json', 'remoteEntry.js']);
  });

  it("names a release by the first 12 characters of git's full hash", async () => {
    const commit = '270f76e817040652a2d42c514905dac5307aa66d';
    expect(await release('remote-agent', { commit })).toBe('1.0.0+270f76e81704');
    const copied = path.join(dir, 'releases/remote-agent/1.0.0+270f76e81704/release.json');
    expect(JSON.parse(fs.readFileSync(copied, 'utf8')).commit).toBe(commit);
  });

  it('names a release of a dirty working tree -dirty', async () => {
    const result = await runCommand(['release', 'remote-agent', '--dist', dist('remote-agent')], {
      env,
      cwd: dir,
      dirty: () => true,
    });
    expect(result.output).toContain('1.0.0+abc1234-dirty');
    expect(fs.existsSync(path.join(dir, 'releases/remote-agent/1.0.0+abc1234-dirty/mf-manifest.json'))).toBe(true);
  });

  it('never overwrites a release', async () => {
    await release('remote-agent');
    const marker = path.join(dir, 'releases/remote-agent/1.0.0+abc1234/remoteEntry.js');
    fs.writeFileSync(marker, 'the first build');
    const again = await run('release', 'remote-agent', '--dist', dist('remote-agent'));
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/exists already.*never overwritten/);
    expect(fs.readFileSync(marker, 'utf8')).toBe('the first build');
  });

  it('refuses a build without its manifest or its release.json', async () => {
    for (const missing of ['mf-manifest.json', 'release.json']) {
      const folder = dist('remote-agent', { commit: `c-${missing.length}` });
      fs.rmSync(path.join(folder, missing));
      const result = await run('release', 'remote-agent', '--dist', folder);
      expect(result.code).toBe(1);
      expect(result.output).toContain(`has no ${missing}`);
    }
    expect(fs.existsSync(path.join(dir, 'releases/remote-agent'))).toBe(false);
  });

  it("refuses another remote's build", async () => {
    const result = await run('release', 'remote-agent', '--dist', dist('remote-admin'));
    expect(result).toEqual({ code: 1, output: expect.stringContaining("remote-admin's, not remote-agent's") });
  });
});

describe('npm run deploy', () => {
  it('points the runtime JSON at the release, keeps the others, and rolls back to what was live before', async () => {
    const first = await release('remote-agent');
    const second = await release('remote-agent', {
      version: '1.1.0',
      commit: 'def5678',
      builtAt: '2026-11-27T11:00:00.000Z',
    });

    expect((await run('deploy', 'remote-agent', first)).code).toBe(0);
    expect(readRuntime().remotes.agent).toBe('/releases/remote-agent/1.0.0+abc1234/mf-manifest.json');
    expect((await run('deploy', 'agent', second)).code).toBe(0);
    expect(readRuntime().remotes.agent).toBe('/releases/remote-agent/1.1.0+def5678/mf-manifest.json');
    expect(readRuntime().remotes.admin).toBe(RUNTIME.remotes.admin);
    expect(readRuntime().apiBaseUrl).toBe(RUNTIME.apiBaseUrl);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const back = await run('deploy', 'remote-agent', '--rollback');
    expect(back.output).toContain(`back on ${first}`);
    expect(readRuntime().remotes.agent).toBe('/releases/remote-agent/1.0.0+abc1234/mf-manifest.json');
    // the first deploy remembered the remote's own server
    expect((await run('deploy', 'remote-agent', '--rollback')).code).toBe(0);
    expect(readRuntime().remotes.agent).toBe(RUNTIME.remotes.agent);
    await refused(['deploy', 'remote-agent', '--rollback'], /no deploy before the live one/);
  });

  it('lists every release with the live one and the canary', async () => {
    const first = await release('remote-agent');
    const second = await release('remote-agent', {
      version: '1.1.0',
      commit: 'def5678',
      builtAt: '2026-11-27T11:00:00.000Z',
    });
    await run('deploy', 'remote-agent', first);
    await run('deploy', 'remote-agent', '--canary', second, '--percent', '10');
    const list = await run('list');
    expect(list.code).toBe(0);
    expect(list.output).toContain(`  ${first}  built 2026-11-27T10:00:00.000Z  [live]`);
    expect(list.output).toContain(`  ${second}  built 2026-11-27T11:00:00.000Z  [canary]`);
    expect(list.output).toContain('canary /releases/remote-agent/1.1.0+def5678/mf-manifest.json for 10%');
    expect(list.output).toMatch(/remote-admin: live http:\/\/localhost:3001\/mf-manifest\.json\n {2}\(no releases\)/);
  });

  it('sets a canary, changes its share, and ends it with --percent 0 or a rollback', async () => {
    const first = await release('remote-agent');
    const second = await release('remote-agent', { version: '1.1.0', commit: 'def5678' });
    await run('deploy', 'remote-agent', first);
    const stable = readRuntime().remotes.agent;
    const canary = '/releases/remote-agent/1.1.0+def5678/mf-manifest.json';

    expect((await run('deploy', 'remote-agent', '--canary', second, '--percent', '10')).code).toBe(0);
    expect(readRuntime().remotes.agent).toEqual({ stable, canary, canaryPercent: 10 });
    expect((await run('deploy', 'remote-agent', '--percent', '25')).code).toBe(0);
    expect(readRuntime().remotes.agent).toEqual({ stable, canary, canaryPercent: 25 });
    expect((await run('deploy', 'remote-agent', '--percent', '0')).code).toBe(0);
    expect(readRuntime().remotes.agent).toBe(stable);

    await run('deploy', 'remote-agent', '--canary', second, '--percent', '10');
    const ended = await run('deploy', 'remote-agent', '--rollback');
    expect(ended.output).toContain('canary');
    expect(readRuntime().remotes.agent).toBe(stable);
    // a deploy of the canary's release makes it the stable one for everyone
    await run('deploy', 'remote-agent', '--canary', second, '--percent', '10');
    await run('deploy', 'remote-agent', second);
    expect(readRuntime().remotes.agent).toBe(canary);
  });

  it('refuses a release the live shell cannot host, naming the part and the versions', async () => {
    const id = await release('remote-agent', { needs: { ...NEEDS, 'shared-api': '^3.2.0' } });
    await refused(
      ['deploy', 'remote-agent', id],
      /cannot host remote-agent 1\.0\.0\+abc1234: it needs shared-api \^3\.2\.0 \(the live shell has 3\.1\.0\)/,
    );
    await refused(['deploy', 'remote-agent', '--canary', id, '--percent', '5'], /shared-api \^3\.2\.0/);
    const router = await release('remote-agent', {
      commit: 'r1',
      needs: { ...NEEDS, routerExports: ['Link', 'useBlocker'] },
    });
    await refused(['deploy', 'remote-agent', router], /react-router-dom's exports useBlocker/);
  });

  it("reads the live shell's release.json from the URL its server serves", async () => {
    const id = await release('remote-agent', { needs: { ...NEEDS, 'shared-api': '^3.2.0' } });
    let provides = PROVIDES;
    const server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          name: 'shell',
          version: '1.1.0',
          commit: 'fff0001',
          builtAt: '2026-11-27T09:00:00.000Z',
          provides,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      if (!address || typeof address !== 'object') throw new Error('not listening');
      const shell = `http://127.0.0.1:${address.port}/release.json`;
      await refused(['deploy', 'remote-agent', id, '--shell', shell], /live shell \(1\.1\.0\+fff0001\) cannot host/);
      provides = { ...PROVIDES, 'shared-api': '3.2.0' };
      expect((await run('deploy', 'remote-agent', id, '--shell', shell)).code).toBe(0);
      expect(readRuntime().remotes.agent).toBe(`/releases/remote-agent/${id}/mf-manifest.json`);
    } finally {
      server.close();
    }
  });

  it('refuses when the live shell has no readable release.json', async () => {
    const id = await release('remote-agent');
    fs.rmSync(path.join(dir, 'shell-release.json'));
    await refused(['deploy', 'remote-agent', id], /live shell's release\.json cannot be read/);
  });

  it('refuses an unknown remote or release', async () => {
    await refused(['deploy', 'remote-nobody', 'x'], /Unknown remote "remote-nobody"/);
    const id = await release('remote-agent');
    await refused(
      ['deploy', 'remote-agent', '9.9.9+nothing'],
      new RegExp(`Unknown release "9\\.9\\.9\\+nothing" of remote-agent: there are ${id.replace('+', '\\+')}`),
    );
    await refused(['deploy', 'remote-agent', '../remote-admin'], /Unknown release/);
    await refused(['deploy', 'remote-admin', 'x'], /Unknown release "x" of remote-admin: .* holds none/);
  });

  it('refuses a release folder missing its manifest or its release.json', async () => {
    const id = await release('remote-agent');
    const folder = path.join(dir, 'releases/remote-agent', id);
    fs.renameSync(path.join(folder, 'mf-manifest.json'), path.join(dir, 'manifest-aside.json'));
    await refused(['deploy', 'remote-agent', id], /has no mf-manifest\.json/);
    fs.renameSync(path.join(dir, 'manifest-aside.json'), path.join(folder, 'mf-manifest.json'));
    fs.rmSync(path.join(folder, 'release.json'));
    await refused(['deploy', 'remote-agent', id], /has no release\.json/);
    fs.writeFileSync(path.join(folder, 'release.json'), '{ not json');
    await refused(['deploy', 'remote-agent', id], /is not valid JSON/);
  });

  it('refuses a runtime JSON that does not parse', async () => {
    const id = await release('remote-agent');
    for (const text of [
      '{ "remotes": ',
      '[1, 2]',
      '{ "remotes": "x" }',
      '{ "remotes": { "agent": { "stable": 5 } } }',
    ]) {
      fs.writeFileSync(runtimeFile(), text);
      await refused(['deploy', 'remote-agent', id], /runtime JSON/);
      await refused(['deploy', 'remote-agent', '--rollback'], /runtime JSON/);
      await refused(['deploy', 'remote-agent', '--canary', id, '--percent', '5'], /runtime JSON/);
    }
  });

  it('refuses a rollback with nothing before, and a share that is not 0 to 100', async () => {
    await refused(['deploy', 'remote-agent', '--rollback'], /no deploy before the live one/);
    const id = await release('remote-agent');
    await refused(['deploy', 'remote-agent', '--canary', id, '--percent', '101'], /from 0 to 100/);
    await refused(['deploy', 'remote-agent', '--canary', id, '--percent', 'ten'], /from 0 to 100, not "ten"/);
    await refused(['deploy', 'remote-agent', '--canary', id], /needs --percent/);
    await refused(['deploy', 'remote-agent', '--percent', '10'], /has no canary/);
    await refused(['deploy', 'remote-agent', id, '--rollback'], /one release, or --rollback/);
    await refused(['deploy', 'remote-agent', '--bogus'], /Unknown option/);
  });
});

describe('one deploy at a time', () => {
  const lockFile = () => path.join(dir, 'releases', 'deploy.lock');
  const history = (remote: string) =>
    JSON.parse(fs.readFileSync(path.join(dir, 'releases', remote, 'deployed.json'), 'utf8')).deployed.map(
      (d: { release: string | null }) => d.release,
    );

  it('refuses a second deploy while one runs; the live pointer and the history are those of the one that ran', async () => {
    const first = await release('remote-agent', { version: '1.0.0' });
    const second = await release('remote-agent', { version: '1.1.0' });

    const [a, b] = await Promise.all([run('deploy', 'agent', first), run('deploy', 'agent', second)]);

    expect(a.code, a.output).toBe(0);
    expect(b.code).toBe(1);
    expect(b.output).toMatch(
      /^Another deploy of remote-agent is running \(since \d{4}-\d\d-\d\dT[\d:.]+Z, pid \d+\); wait for it, or delete .*deploy\.lock if it died\./,
    );
    expect(readRuntime().remotes.agent).toBe(`/releases/remote-agent/${first}/mf-manifest.json`);
    expect(history('remote-agent')).toEqual([null, first]);
    // released: the next deploy runs, and a rollback goes back to the first
    expect(fs.existsSync(lockFile())).toBe(false);
    expect((await run('deploy', 'agent', second)).code).toBe(0);
    expect((await run('deploy', 'agent', '--rollback')).code).toBe(0);
    expect(readRuntime().remotes.agent).toBe(`/releases/remote-agent/${first}/mf-manifest.json`);
  });

  it("holds the runtime JSON for every remote: another remote's deploy waits its turn too", async () => {
    const agent = await release('remote-agent');
    const admin = await release('remote-admin');
    const [a, b] = await Promise.all([run('deploy', 'agent', agent), run('deploy', 'admin', admin)]);
    expect([a.code, b.code]).toEqual([0, 1]);
    expect(b.output).toMatch(/^Another deploy of remote-agent is running/);
    expect(readRuntime().remotes).toEqual({
      ...RUNTIME.remotes,
      agent: `/releases/remote-agent/${agent}/mf-manifest.json`,
    });
  });

  it('refuses while a running process holds the lock, changing nothing, and leaves its lock alone', async () => {
    const id = await release('remote-agent');
    const holder = { remote: 'remote-manager', pid: process.ppid, since: '2026-11-28T01:00:00.000Z' };
    write(lockFile(), holder);
    await refused(
      ['deploy', 'agent', id],
      new RegExp(
        `Another deploy of remote-manager is running \\(since 2026-11-28T01:00:00.000Z, pid ${process.ppid}\\)`,
      ),
    );
    await refused(['deploy', 'agent', '--rollback'], /Another deploy of remote-manager is running/);
    expect(JSON.parse(fs.readFileSync(lockFile(), 'utf8'))).toEqual(holder);
  });

  it('takes over the lock of a deploy that died', async () => {
    const id = await release('remote-agent');
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    write(lockFile(), { remote: 'remote-agent', pid: dead, since: '2026-11-28T01:00:00.000Z' });

    const result = await run('deploy', 'agent', id);

    expect(result.code, result.output).toBe(0);
    expect(readRuntime().remotes.agent).toBe(`/releases/remote-agent/${id}/mf-manifest.json`);
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('never takes over the lock of a dead pid on another machine (a shared releases folder)', async () => {
    const id = await release('remote-agent');
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const holder = { remote: 'remote-agent', pid: dead, since: '2026-11-28T01:00:00.000Z', host: 'another-machine' };
    write(lockFile(), holder);

    await refused(['deploy', 'agent', id], /Another deploy of remote-agent is running/);
    expect(JSON.parse(fs.readFileSync(lockFile(), 'utf8'))).toEqual(holder);
  });

  it('releases the lock when a deploy is refused', async () => {
    await refused(['deploy', 'agent', '9.9.9+nothing'], /9\.9\.9\+nothing/);
    expect(fs.existsSync(lockFile())).toBe(false);
  });
});
