// The pieces of the API past one process, shared by `npm run start:cluster`, the cluster tests
// (scripts/cluster-tests/) and the bench's scale section: PostgreSQL (scripts/lib/postgres.mjs)
// with the cluster's database, Redis, API processes that each keep nothing the others need, and HAProxy in front
// with deploy/haproxy.cfg (docs/scaling.md). Each piece is a command to run in the foreground;
// the caller runs them (a ProcessGroup, the bench's processes, a test's).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, PG_BIN, waitForPostgres } from './lib/postgres.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HAPROXY_TEMPLATE = path.join(ROOT, 'deploy', 'haproxy.cfg');
/** The database the API processes share. */
export const DATABASE_NAME = 'marketplace';
/** The README's set-up line installs these. */
export const DEBIAN_PACKAGES = ['postgresql', 'redis-server', 'haproxy'];

function onPath(tool) {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

/** The Debian packages a cluster needs and this machine lacks. */
export function missingPackages() {
  const missing = [];
  if (!fs.existsSync(path.join(PG_BIN, 'postgres'))) missing.push('postgresql');
  if (!onPath('redis-server')) missing.push('redis-server');
  if (!onPath('haproxy') && !fs.existsSync('/usr/sbin/haproxy')) missing.push('haproxy');
  return missing;
}

export const haproxyBinary = () => (onPath('haproxy') ? 'haproxy' : '/usr/sbin/haproxy');

/** The PostgreSQL settings of a cluster: every API process holds a pool of 10 (db/connection.ts), the bench and tests a few more. */
export const POSTGRES_SETTINGS = { max_connections: 200 };

/** Waits until PostgreSQL on the port answers, then creates the shared database if it is missing; its URL. */
export async function preparePostgres(port, { timeoutMs = 60_000, isRunning = () => true } = {}) {
  const server = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitForPostgres(server, { timeoutMs, isRunning });
  await createDatabase(server, DATABASE_NAME);
  return `postgres://postgres@127.0.0.1:${port}/${DATABASE_NAME}`;
}

/** Redis on 127.0.0.1:port, nothing on disk (rate-limit counters are worth a window at most). */
export function redisServer({ port }) {
  return {
    command: 'redis-server',
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    url: `redis://127.0.0.1:${port}`,
  };
}

/** The JWT secret every process of the cluster signs with (kept in `dir`, made once). */
export function sharedJwtSecret(dir) {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dir, 'jwt-secret');
  fs.mkdirSync(dir, { recursive: true });
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/**
 * One API process: production code through tsx (as `npm start`), on 127.0.0.1 only, behind
 * one proxy (TRUST_PROXY=1), its own DATA_DIR (what it keeps there is a cache: images live in
 * PostgreSQL), the balancer's address as its public one.
 * @param {{ index: number, port: number, dir: string, databaseUrl: string, redisUrl: string,
 *   publicUrl: string, jwtSecret: string, drainSeconds?: number, env?: Record<string, string> }} options
 */
export function apiProcess({ index, port, dir, databaseUrl, redisUrl, publicUrl, jwtSecret, drainSeconds = 3, env }) {
  return {
    name: `api${index}`,
    command: process.execPath,
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: path.join(ROOT, 'server'),
    port,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, `api${index}`),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      IMAGE_STORE: 'postgres',
      API_PUBLIC_URL: publicUrl,
      JWT_SECRET: jwtSecret,
      TRUST_PROXY: '1',
      DRAIN_SECONDS: String(drainSeconds),
      ...env,
    },
  };
}

/**
 * deploy/haproxy.cfg with this cluster's balancer port, runtime-API socket and API processes:
 * only the lines marked "start:cluster" and the server lines change.
 * @param {string} template
 * log: a line per request on standard output.
 * @param {{ port: number, socket: string, servers: Array<{ name: string, port: number }>, log?: boolean }} options
 */
export function haproxyConfig(template, { port, socket, servers, log = false }) {
  const lines = template.split('\n');
  const out = [];
  let serversWritten = false;
  for (const line of lines) {
    if (/^\s*bind\s.*#\s*start:cluster/.test(line)) {
      out.push(`    bind 127.0.0.1:${port}`);
    } else if (/^\s*stats socket\s.*#\s*start:cluster/.test(line)) {
      out.push(`    stats socket ${socket} mode 600 level admin`);
    } else if (log && /^(global|defaults)\s*$/.test(line)) {
      out.push(
        line,
        line.startsWith('global') ? '    log stdout format raw local0' : '    log global\n    option httplog',
      );
    } else if (/^\s*server\s/.test(line)) {
      if (serversWritten) continue;
      serversWritten = true;
      for (const server of servers) out.push(`    server ${server.name} 127.0.0.1:${server.port}`);
    } else {
      out.push(line);
    }
  }
  const text = out.join('\n');
  if (!serversWritten || !text.includes(`bind 127.0.0.1:${port}`) || !text.includes(socket)) {
    throw new Error('deploy/haproxy.cfg lost its "start:cluster" bind or stats socket line, or its server lines');
  }
  return text;
}

/** Writes the balancer's configuration into `dir`; its foreground command. */
export function haproxyServer({ dir, port, servers, log = false }) {
  fs.mkdirSync(dir, { recursive: true });
  const socket = path.join(dir, 'haproxy.sock');
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig(fs.readFileSync(HAPROXY_TEMPLATE, 'utf8'), { port, socket, servers, log }));
  // -db: in the foreground, stopped by SIGTERM / SIGINT like the other processes
  return { command: haproxyBinary(), args: ['-db', '-f', file], socket, file };
}

/** A command on HAProxy's runtime API (`show servers state`, `set server api/api1 state drain`). */
export function haproxyCommand(socket, command) {
  return new Promise((resolve, reject) => {
    const client = net.connect(socket);
    let answer = '';
    client.setEncoding('utf8');
    client.on('connect', () => client.end(`${command}\n`));
    client.on('data', (chunk) => {
      answer += chunk;
    });
    client.on('end', () => resolve(answer));
    client.on('error', reject);
  });
}

/** The balancer's view of each server: { api1: 'UP', api2: 'DOWN', ... } (`show stat`). */
export async function serverStates(socket) {
  const csv = await haproxyCommand(socket, 'show stat');
  const states = {};
  for (const line of csv.split('\n')) {
    const cells = line.split(',');
    if (cells[0] === 'api' && cells[1] !== 'BACKEND' && cells[1] !== 'FRONTEND' && cells[1]) {
      states[cells[1]] = cells[17];
    }
  }
  return states;
}

/** Resolves once the balancer counts the server in (or out); throws after timeoutMs. */
export async function waitForServerState(socket, name, wanted, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = (await serverStates(socket))[name];
    if (last?.startsWith(wanted)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the balancer still says ${name} is ${last}, not ${wanted}, after ${timeoutMs / 1000} s`);
}

/** A whole number from the environment, or the default; throws with the variable's name. */
export function envNumber(name, fallback, { min = 1, max = 65_535 } = {}) {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}".`);
  }
  return n;
}
