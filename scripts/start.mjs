// `npm start`: builds whatever is not built yet, then serves the production builds of the
// shell and the three remotes next to the API (embedded database under DATA_DIR).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { APPS, buildMissingApps, npm, root } from './apps.mjs';
import { waitForPort } from './lib/wait.mjs';
import { banner, ProcessGroup } from './process-group.mjs';

const API_PORT = Number(process.env.PORT ?? 8000);

buildMissingApps();

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
