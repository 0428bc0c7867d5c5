// Serves the shell's production build, its runtime JSON and its Content-Security-Policy.
//
// /runtime-config.json comes from RUNTIME_CONFIG_FILE (default dist/runtime-config.json,
// copied from public/ by the build) and is read again on every request, so editing it
// moves the API or a remote without a rebuild or a restart. Every HTML response carries a
// CSP computed from the same file: scripts only from the shell and the configured remotes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const configFile = path.resolve(here, process.env.RUNTIME_CONFIG_FILE ?? 'dist/runtime-config.json');
const FIREBASE_ORIGINS = ['https://firebasestorage.googleapis.com'];

/** @returns {Promise<{ text: string, config: Record<string, unknown> } | { error: string }>} */
async function readRuntimeConfig() {
  try {
    const text = await readFile(configFile, 'utf8');
    const config = JSON.parse(text);
    if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error('not a JSON object');
    return { text, config };
  } catch (error) {
    return { error: `${configFile}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** @param {unknown} url @returns {string | null} */
function originOf(url) {
  if (typeof url !== 'string' || url === '') return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** @param {Record<string, unknown> | null} config */
export function contentSecurityPolicy(config) {
  const remotes = config?.remotes && typeof config.remotes === 'object' ? Object.values(config.remotes) : [];
  const remoteOrigins = [...new Set(remotes.map(originOf).filter((o) => o !== null))];
  const api = originOf(config?.apiBaseUrl);
  const apiOrigins = api ? [api] : [];
  const firebase = config?.firebase ? FIREBASE_ORIGINS : [];
  const list = (...sources) => [...new Set(sources.flat())].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", remoteOrigins)}`,
    `connect-src ${list("'self'", apiOrigins, remoteOrigins, firebase)}`,
    `img-src ${list("'self'", 'data:', 'blob:', apiOrigins, firebase)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remoteOrigins)}`,
    `font-src ${list("'self'", remoteOrigins)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

serveStatic({
  name: 'shell',
  root: path.join(here, 'dist'),
  port: Number(process.env.PORT ?? 3000),
  async handle(req, res, pathname) {
    if (pathname !== '/runtime-config.json') return false;
    const read = await readRuntimeConfig();
    if ('error' in read) {
      console.error(`[shell] runtime configuration unreadable: ${read.error}`);
      res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
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
  async extraHeaders({ contentType }) {
    if (!contentType.startsWith('text/html')) return undefined;
    const read = await readRuntimeConfig();
    return {
      'Content-Security-Policy': contentSecurityPolicy('error' in read ? null : read.config),
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
  },
});
