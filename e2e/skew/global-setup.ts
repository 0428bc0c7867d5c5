import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PORTS, ROOT, RUNTIME_CONFIG_FILE, STATE_DIR } from '../support/env';
import { portIsOpen, resetRuntimeConfig, spawnLogged, startApi, stopAll, waitForPort } from '../support/servers';
import { type AppDir, type Build, buildFolder, combination } from './combination';

const SERVED: Array<{ app: AppDir; port: number; key: string; role: 'shell' | 'remotes' }> = [
  { app: 'remote-admin', port: PORTS.admin, key: 'admin', role: 'remotes' },
  { app: 'remote-manager', port: PORTS.manager, key: 'manager', role: 'remotes' },
  { app: 'remote-agent', port: PORTS.agent, key: 'agent', role: 'remotes' },
  { app: 'shell', port: PORTS.shell, key: 'shell', role: 'shell' },
];

const BUILT = { shell: 'index.html', remote: 'remoteEntry.js' };

/**
 * One combination of the skew matrix: today's API (today's server folder, so today's
 * migrations, on a fresh database) and the four static servers, each serving today's build or
 * the previous release's, on the e2e run's fixed ports.
 */
export default async function skewGlobalSetup(): Promise<void> {
  const run = combination();
  console.log(`[skew] ${run.name}: ${run.title}`);
  await stopAll();
  fs.rmSync(STATE_DIR, { recursive: true, force: true });
  fs.mkdirSync(STATE_DIR, { recursive: true });
  for (const [name, port] of Object.entries(PORTS)) {
    if (await portIsOpen(port)) {
      throw new Error(`port ${port} (${name}) is in use: stop what runs there before the skew matrix`);
    }
  }
  const builds = SERVED.map((served) => {
    const build: Build = run[served.role];
    const folder = buildFolder(served.app, build);
    const marker = path.join(folder, served.app === 'shell' ? BUILT.shell : BUILT.remote);
    if (!fs.existsSync(marker)) {
      throw new Error(
        `${marker} is missing: ${build === 'today' ? 'npm run build' : 'node scripts/skew/build-previous.mjs'} first`,
      );
    }
    return { ...served, folder };
  });

  // the runtime JSON the served shell was built with (its format is that shell's)
  resetRuntimeConfig(path.join(buildFolder('shell', run.shell), 'runtime-config.json'));
  await startApi(fs.mkdtempSync(path.join(os.tmpdir(), 'skew-data-')));
  await Promise.all(
    builds.map(async ({ app, port, key, folder }) => {
      spawnLogged(key, 'node', [path.join('scripts', 'skew', 'serve-build.mjs'), app, folder], ROOT, {
        PORT: String(port),
        RUNTIME_CONFIG_FILE,
      });
      await waitForPort(port);
    }),
  );
}
