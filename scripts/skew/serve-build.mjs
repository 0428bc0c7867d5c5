// Serves a build from any folder with today's static servers, as the app's own serve.mjs does
// with its dist/: the skew matrix serves the previous release's builds this way.
//
//   PORT=3000 RUNTIME_CONFIG_FILE=... node scripts/skew/serve-build.mjs shell .skew/previous/shell
//   PORT=3001 node scripts/skew/serve-build.mjs remote-admin .skew/previous/remote-admin
import path from 'node:path';
import { serveRemote, serveShell } from '../app-servers.mjs';
import { APPS } from '../apps.mjs';

const [name, folder] = process.argv.slice(2);
const app = APPS.find((candidate) => candidate.name === name);
if (!app || !folder) {
  console.error(`usage: node scripts/skew/serve-build.mjs <${APPS.map((a) => a.name).join('|')}> <dist folder>`);
  process.exit(2);
}
const root = path.resolve(folder);
const port = Number(process.env.PORT ?? app.port);
const host = process.env.HOST;

if (name === 'shell') {
  serveShell({
    root,
    runtimeConfigFile: path.resolve(process.env.RUNTIME_CONFIG_FILE ?? path.join(root, 'runtime-config.json')),
    port,
    host,
  });
} else {
  serveRemote({ name, root, port, host });
}
