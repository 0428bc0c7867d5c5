// The static servers of the builds, on a free port each, over built-like folders.
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STANDALONE_PAGE_FILE, serveRemote, serveShell } from './app-servers.mjs';

const RUNTIME_CONFIG = {
  apiBaseUrl: 'http://api.example.test:8000',
  publicUrl: 'http://localhost:3000',
  remotes: {
    admin: 'http://localhost:3001/mf-manifest.json',
    manager: 'http://localhost:3002/mf-manifest.json',
    agent: 'https://agent.example.test/remoteEntry.js',
  },
};
const PAGE = '<!doctype html><html><head><title>page</title></head><body><div id="root"></div></body></html>';

/** @param {string} root @param {Record<string, string>} files */
function writeFiles(root, files) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

/** @param {import('node:http').Server} server */
async function baseUrl(server) {
  if (!server.listening) await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** @param {import('node:http').Server} server */
function close(server) {
  return new Promise((resolve) => server.close(() => resolve(undefined)));
}

/** @param {string} policy @returns {Record<string, string[]>} */
function directives(policy) {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

let dir = '';
/** @type {import('node:http').Server[]} */
const servers = [];
/** @param {import('node:http').Server} server */
function track(server) {
  servers.push(server);
  return server;
}

beforeAll(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-servers-'));
  writeFiles(path.join(dir, 'shell'), {
    'index.html': PAGE,
    'runtime-config.json': JSON.stringify(RUNTIME_CONFIG),
    'assets/index-AbCdEf12.js': 'export {};',
  });
  writeFiles(path.join(dir, 'remote'), {
    'index.html': PAGE,
    'remoteEntry.js': 'export const get = () => {};',
    'mf-manifest.json': '{"name":"remoteAdmin"}',
    'assets/app-AbCdEf12.js': 'export {};',
    [STANDALONE_PAGE_FILE]: '{"apiBaseUrl":"https://api.example.test/base"}',
  });
  writeFiles(path.join(dir, 'old-remote'), { 'index.html': PAGE, 'remoteEntry.js': 'export {};' });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.map(close));
  fs.rmSync(dir, { recursive: true, force: true });
});

const shell = () =>
  track(
    serveShell({
      root: path.join(dir, 'shell'),
      runtimeConfigFile: path.join(dir, 'shell', 'runtime-config.json'),
      port: 0,
    }),
  );
/** The shell's server with a releases folder (scripts/releases/) and a runtime JSON of its own. */
const shellWithReleases = () =>
  track(
    serveShell({
      root: path.join(dir, 'shell'),
      runtimeConfigFile: path.join(dir, 'release-runtime-config.json'),
      releasesDir: path.join(dir, 'releases'),
      port: 0,
    }),
  );
const remote = (folder = 'remote') =>
  track(serveRemote({ name: 'remote-admin', root: path.join(dir, folder), port: 0 }));

/** The headers every HTML page carries, whatever its policy. */
function expectPageHeaders(response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const policy = directives(response.headers.get('content-security-policy') ?? '');
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['worker-src']).toEqual(["'self'"]);
  expect(policy['manifest-src']).toEqual(["'self'"]);
  return policy;
}

describe("the shell's server", () => {
  it('sends its pages with a policy that allows scripts only from the shell and the configured remotes', async () => {
    const url = await baseUrl(shell());
    for (const page of ['/', '/index.html', '/admin/dashboard']) {
      const policy = expectPageHeaders(await fetch(`${url}${page}`));
      expect(policy['script-src']).toEqual([
        "'self'",
        'http://localhost:3001',
        'http://localhost:3002',
        'https://agent.example.test',
      ]);
      expect(policy['connect-src']).toContain('http://api.example.test:8000');
      expect(policy['img-src']).toContain('http://api.example.test:8000');
    }
  });

  it('sends its runtime JSON and index.html uncached, and hashed assets for a year', async () => {
    const url = await baseUrl(shell());
    const runtime = await fetch(`${url}/runtime-config.json`);
    expect(await runtime.json()).toEqual(RUNTIME_CONFIG);
    expect(runtime.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${url}/assets/index-AbCdEf12.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });
});

describe("the shell's server, for the remotes' releases", () => {
  const RELEASE = '/releases/remote-agent/1.0.0+abc1234';

  beforeAll(() => {
    writeFiles(path.join(dir, 'releases'), {
      'remote-agent/1.0.0+abc1234/mf-manifest.json': '{"name":"remoteAgent"}',
      'remote-agent/1.0.0+abc1234/remoteEntry.js': 'export const get = () => {};',
      'remote-agent/1.0.0+abc1234/release.json': '{"name":"remote-agent"}',
      'remote-agent/1.0.0+abc1234/assets/app-AbCdEf12.js': 'export {};',
      'remote-agent/1.0.0+abc1234/standalone-page.json': '{}',
      'remote-agent/deployed.json': '{"deployed":[]}',
    });
    fs.writeFileSync(
      path.join(dir, 'release-runtime-config.json'),
      JSON.stringify({
        ...RUNTIME_CONFIG,
        remotes: {
          admin: '/releases/remote-admin/2.0.0+def/mf-manifest.json',
          manager: 'http://localhost:3002/mf-manifest.json',
          agent: {
            stable: `${RELEASE}/mf-manifest.json`,
            canary: 'https://canary.example.test/mf-manifest.json',
            canaryPercent: 5,
          },
        },
      }),
    );
  });

  it('serves a release under /releases/: its entry files revalidated, the rest for a year, readable cross-origin', async () => {
    const url = await baseUrl(shellWithReleases());
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'release.json']) {
      const response = await fetch(`${url}${RELEASE}/${file}`, { headers: { Origin: 'http://elsewhere.test' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    for (const file of ['assets/app-AbCdEf12.js', 'standalone-page.json']) {
      const response = await fetch(`${url}${RELEASE}/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await fetch(`${url}${RELEASE}/remoteEntry.js`)).headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    );
    // the shell's own files are not cross-origin
    expect((await fetch(`${url}/runtime-config.json`)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves a release made after it started (a deploy needs no restart)', async () => {
    const url = await baseUrl(shellWithReleases());
    const later = '/releases/remote-agent/1.1.0+later/mf-manifest.json';
    expect((await fetch(`${url}${later}`)).status).toBe(404);
    writeFiles(path.join(dir, 'releases'), { 'remote-agent/1.1.0+later/mf-manifest.json': '{"name":"remoteAgent"}' });
    expect((await fetch(`${url}${later}`)).status).toBe(200);
  });

  it('answers 404 for what is not a file inside a release: the history, a folder, a path out, no page fallback', async () => {
    const url = await baseUrl(shellWithReleases());
    for (const where of [
      '/releases/remote-agent/deployed.json',
      '/releases/remote-agent/1.0.0+abc1234',
      '/releases/remote-agent/1.0.0+abc1234/',
      '/releases/remote-agent/1.0.0+abc1234/nothing-here',
      '/releases/remote-agent/1.0.0+abc1234/../deployed.json',
      '/releases/remote-agent/1.0.0+abc1234/..%2F..%2F..%2Frelease-runtime-config.json',
      '/releases/remote-agent/.incoming-x/mf-manifest.json',
      '/releases/',
    ]) {
      const response = await fetch(`${url}${where}`);
      expect(response.status, where).toBe(404);
    }
  });

  it('allows scripts from a canary and from releases on its own origin', async () => {
    const url = await baseUrl(shellWithReleases());
    const policy = expectPageHeaders(await fetch(`${url}/agent/orders`));
    expect(policy['script-src']).toEqual(["'self'", 'http://localhost:3002', 'https://canary.example.test']);
  });
});

describe("a remote's server", () => {
  it('sends its standalone page with a policy for its own files and the API it was built to call', async () => {
    const url = await baseUrl(remote());
    for (const page of ['/', '/admin/dashboard']) {
      const policy = expectPageHeaders(await fetch(`${url}${page}`));
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'", 'https://api.example.test']);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://api.example.test']);
    }
  });

  it("allows shared-api's default API for a build that recorded none", async () => {
    const url = await baseUrl(remote('old-remote'));
    const policy = expectPageHeaders(await fetch(`${url}/`));
    expect(policy['connect-src']).toEqual(["'self'", 'http://localhost:8000']);
  });

  it('lets any origin read its entry and manifest, never cached without revalidation', async () => {
    const url = await baseUrl(remote());
    for (const [file, type] of [
      ['/remoteEntry.js', 'text/javascript; charset=utf-8'],
      ['/mf-manifest.json', 'application/json; charset=utf-8'],
    ]) {
      const response = await fetch(`${url}${file}`, { headers: { Origin: 'http://localhost:3000' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    const asset = await fetch(`${url}/assets/app-AbCdEf12.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('where the servers listen', () => {
  it('is the loopback address unless a host is given: other addresses of the machine are refused', async () => {
    const server = remote();
    const url = await baseUrl(server);
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    expect(address.address).toBe('127.0.0.1');
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining(`on http://localhost:${address.port}`));

    // what browsers and the start scripts ask for still answers
    expect((await fetch(url)).status).toBe(200);
    const viaLocalhost = net.connect({ host: 'localhost', port: address.port });
    await once(viaLocalhost, 'connect');
    viaLocalhost.destroy();

    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && i.family === 'IPv4')
      .map((i) => i?.address);
    for (const ip of external) {
      const socket = net.connect({ host: ip, port: address.port });
      const [outcome] = await Promise.race([once(socket, 'connect').then(() => ['connected']), once(socket, 'error')]);
      socket.destroy();
      expect(outcome).not.toBe('connected');
    }
  });
});
