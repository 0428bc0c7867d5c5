// The four production builds `npm start` and `npm run start:cluster` serve, and building the
// ones that are missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Build order: the remotes, then the shell. A build counts as present when these exist. */
export const APPS = [
  { name: 'remote-admin', port: 3001, built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { name: 'remote-manager', port: 3002, built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { name: 'remote-agent', port: 3003, built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { name: 'shell', port: 3000, built: ['dist/index.html', 'dist/runtime-config.json'] },
];

/** `npm run build -w <app>` for every app not built yet; exits the process when one fails. */
export function buildMissingApps() {
  for (const app of APPS) {
    if (app.built.every((file) => existsSync(path.join(root, app.name, file)))) continue;
    console.log(`\n${app.name} is not built yet: npm run build -w ${app.name}`);
    const result = spawnSync(npm, ['run', 'build', '-w', app.name], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`Building ${app.name} failed; nothing started.`);
      process.exit(result.status ?? 1);
    }
  }
}
