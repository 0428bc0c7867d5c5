// Serves the shell's production build, its runtime JSON and its Content-Security-Policy
// (scripts/app-servers.mjs).
//
// /runtime-config.json comes from RUNTIME_CONFIG_FILE (default dist/runtime-config.json,
// copied from public/ by the build) and is read again on every request, so editing it
// moves the API or a remote without a rebuild or a restart. The remotes' releases are served
// under /releases/ from RELEASES_DIR (default releases/ at the repository's root), so
// `npm run deploy` needs no restart either (scripts/releases/paths.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveShell } from '../scripts/app-servers.mjs';
import { releasesDir } from '../scripts/releases/paths.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

serveShell({
  root: path.join(here, 'dist'),
  runtimeConfigFile: path.resolve(here, process.env.RUNTIME_CONFIG_FILE ?? 'dist/runtime-config.json'),
  releasesDir: releasesDir(),
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST,
});
