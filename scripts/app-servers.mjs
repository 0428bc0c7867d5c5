// The static servers of the four production builds: each app's serve.mjs calls one of these
// with its dist folder and the environment's PORT and HOST.
//
// - The shell: /runtime-config.json comes from a file read again on every request, so editing
//   it moves the API or a remote without a rebuild or a restart; its pages' policy is derived
//   from the same file: scripts only from the shell and the configured remotes.
//   It also serves the remotes' releases (releases/<remote>/<release>/, made by
//   `npm run release`) under /releases/: a release never changes, so its files are cached for a
//   year, but for the three a deploy or a browser reads first (mf-manifest.json, remoteEntry.js,
//   release.json), revalidated on every use; readable cross-origin like a remote's own server.
// - A remote: its federated entry and manifest (fetched cross-origin by the shell) and its
//   standalone page, whose policy allows its own files and the API it was built to call
//   (dist/standalone-page.json, written by the remote's build: scripts/remote-vite-config.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentSecurityPolicy } from './content-security-policy.mjs';
import { serveStatic } from './serve-static.mjs';

/** What shared-api calls when no API address was configured (shared-api/src/config.ts). */
export const DEFAULT_API_BASE_URL = 'http://localhost:8000';
/** Written into a remote's dist by its build (scripts/remote-vite-config.ts). */
export const STANDALONE_PAGE_FILE = 'standalone-page.json';

/** @param {string} file @returns {Promise<{ text: string, config: Record<string, unknown> } | { error: string }>} */
async function readJsonObject(file) {
  try {
    const text = await readFile(file, 'utf8');
    const config = JSON.parse(text);
    if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error('not a JSON object');
    return { text, config };
  } catch (error) {
    return { error: `${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A release's files read before its hashed ones: revalidated on every use. */
const RELEASE_ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'release.json']);

/**
 * The releases folder as the shell serves it: only files inside a release
 * (`<remote>/<release>/...`), never the folder's own bookkeeping (deployed.json).
 * @param {string} releasesDir
 * @returns {import('./serve-static.mjs').StaticMount}
 */
export function releasesMount(releasesDir) {
  return {
    prefix: '/releases/',
    root: releasesDir,
    cors: true,
    serves: (inside) => {
      const parts = inside.split('/');
      return parts.length >= 3 && parts.every((part) => part !== '' && !part.startsWith('.'));
    },
    immutable: (relative) => !RELEASE_ENTRY_FILES.has(relative.split('/').slice(2).join('/')),
  };
}

/**
 * @param {{ root: string, runtimeConfigFile: string, releasesDir?: string, port: number, host?: string | undefined }} options
 * @returns {import('node:http').Server}
 */
export function serveShell({ root, runtimeConfigFile, releasesDir, port, host }) {
  return serveStatic({
    name: 'shell',
    root,
    port,
    host,
    mounts: releasesDir ? [releasesMount(releasesDir)] : [],
    async handle(req, res, pathname) {
      if (pathname !== '/runtime-config.json') return false;
      const read = await readJsonObject(runtimeConfigFile);
      if ('error' in read) {
        console.error(`[shell] runtime configuration unreadable: ${read.error}`);
        res.writeHead(500, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        });
        res.end(JSON.stringify({ message: 'The runtime configuration cannot be read.' }));
        return true;
      }
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : read.text);
      return true;
    },
    async contentSecurityPolicy() {
      const read = await readJsonObject(runtimeConfigFile);
      return contentSecurityPolicy('error' in read ? null : read.config);
    },
  });
}

/**
 * @param {{ name: string, root: string, port: number, host?: string | undefined }} options
 * @returns {import('node:http').Server}
 */
export function serveRemote({ name, root, port, host }) {
  const settingsFile = path.join(root, STANDALONE_PAGE_FILE);
  return serveStatic({
    name,
    root,
    port,
    host,
    cors: true,
    async contentSecurityPolicy() {
      // read per page, so a rebuild under a running server is followed; a build made before
      // the file existed called shared-api's default address
      const read = await readJsonObject(settingsFile);
      const apiBaseUrl = 'error' in read ? undefined : read.config.apiBaseUrl;
      return contentSecurityPolicy({ apiBaseUrl: apiBaseUrl ?? DEFAULT_API_BASE_URL });
    },
  });
}
