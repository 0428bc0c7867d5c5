// `npm start`: builds whatever is not built yet, then serves the production builds of the
// shell and the three remotes next to the API (embedded database under DATA_DIR).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { banner, ProcessGroup, waitForPort } from './process-group.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Build order: the remotes, then the shell. A build counts as present when these exist. */
const APPS = [
  { name: 'remote-admin', port: 3001, built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { name: 'remote-manager', port: 3002, built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { name: 'remote-agent', port: 3003, built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { name: 'shell', port: 3000, built: ['dist/index.html', 'dist/runtime-config.json'] },
];
const API_PORT = Number(process.env.PORT ?? 8000);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

for (const app of APPS) {
  if (app.built.every((file) => existsSync(path.join(root, app.name, file)))) continue;
  console.log(`\n${app.name} is not built yet: npm run build -w ${app.name}`);
  const result = spawnSync(npm, ['run', 'build', '-w', app.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building ${app.name} failed; nothing started.`);
    process.exit(result.status ?? 1);
  }
}

// `npm start -- --seed` (or SEED_DEMO=1): fill an empty database with demo data first, so a
// new user sees a living marketplace. The seed refuses a database that already has data.
if (process.argv.includes('--seed') || /^(1|true|yes)$/i.test(process.env.SEED_DEMO ?? '')) {
  const seeded = spawnSync(npm, ['run', 'seed', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (seeded.status !== 0) {
    console.error('Seeding the demo data failed; nothing started.');
    process.exit(seeded.status ?? 1);
  }
}

const group = new ProcessGroup();
/** The server prints the first admin's sign-in once (a generated password: the file that holds it); the banner repeats it. */
let adminSignIn;
let ready = false;

group.start('api', npm, ['run', 'start', '-w', 'server'], {
  cwd: root,
  onLine(line) {
    if (/admin/i.test(line) && /sign[- ]?in|password/i.test(line)) {
      adminSignIn = line.trim();
      if (ready) banner([adminSignIn]);
    }
  },
});
for (const app of APPS) {
  group.start(app.name, process.execPath, ['serve.mjs'], {
    cwd: path.join(root, app.name),
    env: { PORT: String(app.port) },
  });
}

const ports = [API_PORT, ...APPS.map((app) => app.port)];
const up = await Promise.all(ports.map((port) => waitForPort(port)));
ready = true;
if (up.every(Boolean)) {
  banner(['Open http://localhost:3000', ...(adminSignIn ? [adminSignIn] : [])]);
} else {
  console.error(
    `Some servers did not start (ports ${ports.filter((_, i) => !up[i]).join(', ')}); see the lines above.`,
  );
}
