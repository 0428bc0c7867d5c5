// Serves a production build (a Vite dist folder) over plain Node http, no dependencies.
//
// - SPA fallback: an extension-less path that is not a file gets index.html.
// - Caching: hashed files under /assets/ are immutable for a year; everything else
//   (index.html, remoteEntry.js, mf-manifest.json, release.json, runtime JSON) is `no-cache`, so a
//   redeploy is picked up at once (revalidated with an ETag).
// - Every HTML page carries a Content-Security-Policy (the caller's, or the page's own origin
//   only) with `frame-ancestors 'none'`, X-Frame-Options and a Referrer-Policy; every file
//   X-Content-Type-Options: nosniff.
// - Optional CORS (`Access-Control-Allow-Origin: *`) for remotes, whose files the shell's
//   origin loads; an optional request handler that runs before the file lookup (the shell's
//   runtime JSON).
// - Listens on 127.0.0.1 unless given another host: nothing on the network reaches a
//   developer's build by accident. Browsers and tools that ask for `localhost` reach it.
// - gzip for text types when the client accepts it.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { contentSecurityPolicy } from './content-security-policy.mjs';

export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg', '.webmanifest']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** a Vite content hash in a file name: name-AbC123xY.js */
const HASHED_FILE = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const MAX_GZIP_CACHE = 200;
const DEFAULT_HOST = '127.0.0.1';
/** Sent with every HTML page, next to its Content-Security-Policy. */
const HTML_HEADERS = {
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * @typedef {object} ServeStaticOptions
 * @property {string} root the dist folder
 * @property {number} port
 * @property {string} [name] shown in log lines
 * @property {string} [host] the address to listen on; default 127.0.0.1 (HOST in the apps' serve.mjs)
 * @property {boolean} [cors] send Access-Control-Allow-Origin: * (remotes)
 * @property {boolean} [spaFallback] serve index.html for extension-less unknown paths (default true)
 * @property {(ctx: { pathname: string, filePath: string }) => string | Promise<string>} [contentSecurityPolicy]
 *   the policy of an HTML page; default: the page's own origin only
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, pathname: string) => boolean | Promise<boolean>} [handle]
 *   runs first; return true when it answered the request
 */

/** @param {ServeStaticOptions} options @returns {import('node:http').Server} */
export function serveStatic(options) {
  const root = path.resolve(options.root);
  const name = options.name ?? path.basename(path.dirname(root));
  /** @type {Map<string, { key: string, body: Buffer }>} */
  const gzipCache = new Map();

  const server = createServer(async (req, res) => {
    try {
      if (options.cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain' }).end('Method Not Allowed');
        return;
      }

      const url = new URL(req.url ?? '/', 'http://localhost');
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad Request');
        return;
      }
      if (pathname.includes('\0')) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad Request');
        return;
      }

      if (options.handle && (await options.handle(req, res, pathname))) return;

      const found = await resolveFile(root, pathname, options.spaFallback ?? true);
      if (!found) {
        res
          .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end('Not Found');
        return;
      }
      await sendFile(req, res, found, pathname);
    } catch (error) {
      console.error(`[${name}] ${req.method} ${req.url}:`, error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal Server Error');
    }
  });

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {{ filePath: string, size: number, mtimeMs: number }} file
   * @param {string} pathname
   */
  async function sendFile(req, res, file, pathname) {
    const ext = path.extname(file.filePath).toLowerCase();
    const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    const relative = path.relative(root, file.filePath).split(path.sep).join('/');
    const immutable = relative.startsWith('assets/') && HASHED_FILE.test(relative);
    const extra = ext === '.html' ? await htmlHeaders(pathname, file.filePath) : {};
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const gzip = acceptsGzip && COMPRESSIBLE.has(ext) && file.size > 1024;
    // the page's headers (a CSP from a config file) are part of the validator, so a changed
    // policy is never answered with 304 for an unchanged file; so is the encoding
    const extraTag = Object.keys(extra).length > 0 ? `-${shortHash(JSON.stringify(extra))}` : '';
    const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${extraTag}${gzip ? '-gz' : ''}"`;

    /** @type {Record<string, string>} */
    const headers = {
      'Content-Type': contentType,
      'Cache-Control': immutable ? IMMUTABLE : 'no-cache',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...extra,
    };

    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }

    if (gzip) {
      const body = await gzipped(file, etag);
      headers['Content-Encoding'] = 'gzip';
      headers['Content-Length'] = String(body.length);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }

    headers['Content-Length'] = String(file.size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file.filePath).pipe(res);
  }

  /** @param {string} pathname @param {string} filePath @returns {Promise<Record<string, string>>} */
  async function htmlHeaders(pathname, filePath) {
    const policy = options.contentSecurityPolicy
      ? await options.contentSecurityPolicy({ pathname, filePath })
      : contentSecurityPolicy(null);
    return { 'Content-Security-Policy': policy, ...HTML_HEADERS };
  }

  /** @param {{ filePath: string }} file @param {string} key */
  async function gzipped(file, key) {
    const cached = gzipCache.get(file.filePath);
    if (cached && cached.key === key) return cached.body;
    const body = gzipSync(await readFile(file.filePath));
    if (gzipCache.size >= MAX_GZIP_CACHE) gzipCache.delete(gzipCache.keys().next().value);
    gzipCache.set(file.filePath, { key, body });
    return body;
  }

  const host = options.host || DEFAULT_HOST;
  server.listen(options.port, host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    console.log(`[${name}] serving ${root} on ${displayUrl(host, port)}`);
  });
  return server;
}

/**
 * The address to open: localhost for a loopback or every-interface host, else the host itself.
 * @param {string} host @param {number} port
 */
function displayUrl(host, port) {
  if (['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Maps a URL path to a file inside root; never outside it.
 * @param {string} root @param {string} pathname @param {boolean} spaFallback
 * @returns {Promise<{ filePath: string, size: number, mtimeMs: number } | null>}
 */
async function resolveFile(root, pathname, spaFallback) {
  const filePath = path.resolve(root, `.${path.posix.normalize(`/${pathname}`)}`);
  if (filePath !== root && !filePath.startsWith(root + path.sep)) return null;

  const file = await fileAt(filePath);
  if (file) return file;
  const index = await fileAt(path.join(filePath, 'index.html'));
  if (index) return index;
  if (spaFallback && path.extname(pathname) === '') return fileAt(path.join(root, 'index.html'));
  return null;
}

/** @param {string} filePath */
async function fileAt(filePath) {
  try {
    const s = await stat(filePath);
    return s.isFile() ? { filePath, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** @param {string} text */
function shortHash(text) {
  return createHash('sha1').update(text).digest('base64url').slice(0, 10);
}
