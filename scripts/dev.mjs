// `npm run dev`: the four Vite dev servers (shell 3000, remotes 3001-3003, each remote also
// serving its standalone page) and the API in watch mode.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForPort } from './lib/wait.mjs';
import { banner, ProcessGroup } from './process-group.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const APPS = [
  { name: 'remote-admin', port: 3001 },
  { name: 'remote-manager', port: 3002 },
  { name: 'remote-agent', port: 3003 },
  { name: 'shell', port: 3000 },
];

const group = new ProcessGroup();
let ready = false;
let adminSignIn;

group.start('api', npm, ['run', 'dev', '-w', 'server'], {
  cwd: root,
  onLine(line) {
    if (/admin/i.test(line) && /sign[- ]?in|password/i.test(line)) {
      adminSignIn = line.trim();
      if (ready) banner([adminSignIn]);
    }
  },
});
for (const app of APPS) {
  // each Vite server has its own fixed port (strictPort in its vite.config.ts)
  group.start(app.name, npm, ['run', 'dev', '-w', app.name], { cwd: root });
}

const up = await Promise.all([Number(process.env.PORT ?? 8000), ...APPS.map((a) => a.port)].map((p) => waitForPort(p)));
ready = true;
if (up.every(Boolean)) {
  banner([
    'Open http://localhost:3000',
    'Standalone areas: http://localhost:3001 (admin), :3002 (manager), :3003 (agent)',
    ...(adminSignIn ? [adminSignIn] : []),
  ]);
}
