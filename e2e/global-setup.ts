import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PORTS, ROOT, STATE_DIR } from './support/env';
import { portIsOpen, resetRuntimeConfig, startApi, startApp, stopAll } from './support/servers';

const BUILD_MARKERS = [
  'remote-admin/dist/remoteEntry.js',
  'remote-manager/dist/remoteEntry.js',
  'remote-agent/dist/remoteEntry.js',
  'shell/dist/index.html',
];

export default async function globalSetup(): Promise<void> {
  await stopAll();
  fs.rmSync(STATE_DIR, { recursive: true, force: true });
  fs.mkdirSync(STATE_DIR, { recursive: true });

  for (const [name, port] of Object.entries(PORTS)) {
    if (await portIsOpen(port)) {
      throw new Error(`port ${port} (${name}) is in use: stop what runs there (npm start?) before the browser tests`);
    }
  }
  if (BUILD_MARKERS.some((marker) => !fs.existsSync(path.join(ROOT, marker)))) {
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  }
  resetRuntimeConfig();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  await startApi(dataDir);
  await Promise.all([startApp('admin'), startApp('manager'), startApp('agent')]);
  await startApp('shell');
}
