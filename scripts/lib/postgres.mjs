// The one PostgreSQL starter of the tools (`npm run start:cluster`, the cluster tests, the bench):
// Debian's PostgreSQL 15 binaries, a data folder of the caller's (initdb on first use), listening
// on 127.0.0.1:port only, in the foreground so that its caller stops it like its other processes.
// initdb and postgres refuse to run as root, so as root they run as the postgres user.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startProcess, tail } from './processes.mjs';
import { waitUntil, watchExit } from './wait.mjs';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const asRoot = () => process.getuid?.() === 0;

/** Why PostgreSQL cannot run here, or null when it can. */
export function postgresMissing() {
  for (const tool of ['initdb', 'postgres']) {
    if (!fs.existsSync(path.join(PG_BIN, tool))) return `${path.join(PG_BIN, tool)} not found`;
  }
  if (asRoot() && spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status !== 0) {
    return 'running as root and there is no postgres user to run PostgreSQL as';
  }
  return null;
}

/** As root: the command as the postgres user; otherwise as it is. */
export function asPostgres(command, args) {
  return asRoot() ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };
}

function chownToPostgres(dir) {
  if (!asRoot()) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  fs.chownSync(dir, uid, gid);
}

/**
 * The PostgreSQL server of `dir` (its data in `dir/data`, initdb on first use), listening on
 * 127.0.0.1:port only (no Unix socket), as a foreground command; `settings` are `-c` options.
 * @param {{ dir: string, port: number, settings?: Record<string, string | number> }} options
 */
export function postgresServer({ dir, port, settings = {} }) {
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dir, { recursive: true });
  chownToPostgres(dir);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const initdb = asPostgres(path.join(PG_BIN, 'initdb'), [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-instructions',
    ]);
    const result = spawnSync(initdb.command, initdb.args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`initdb failed in ${dataDir}:\n${result.stderr || result.stdout}`);
  }
  const options = { listen_addresses: '127.0.0.1', unix_socket_directories: '', ...settings };
  return {
    ...asPostgres(path.join(PG_BIN, 'postgres'), [
      '-D',
      dataDir,
      '-p',
      String(port),
      ...Object.entries(options).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ]),
    dataDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
  };
}

/** Runs `use` with a client of its own, ended afterwards. */
export async function withClient(connectionString, use) {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether PostgreSQL at url takes a connection and answers a query (within a second). */
export async function acceptsConnections(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000, query_timeout: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Waits until PostgreSQL at url takes connections; throws after timeoutMs, or once isRunning()
 * is false (the server exited).
 * @param {string} url
 * @param {{ timeoutMs?: number, isRunning?: () => boolean }} [options]
 */
export async function waitForPostgres(url, { timeoutMs = 60_000, isRunning = () => true } = {}) {
  if (await waitUntil(() => acceptsConnections(url), { timeoutMs, intervalMs: 100, isRunning })) return;
  throw new Error(`PostgreSQL did not take connections at ${url}${isRunning() ? ` within ${timeoutMs / 1000} s` : ''}`);
}

/** `create database`, unless it exists already (42P04). */
export async function createDatabase(url, name) {
  await withClient(url, async (client) => {
    try {
      await client.query(`create database ${name}`);
    } catch (error) {
      if (error?.code !== '42P04') throw error;
    }
  });
}

/**
 * Starts a PostgreSQL server (postgresServer) as a process of processes.mjs and waits until it
 * takes connections; `database`, when given, is created. Stopped by `stop()` (a fast shutdown:
 * SIGINT), or by processes.mjs's cleanup() with every other process; `dir` defaults to a
 * temporary folder, removed by `stop()`.
 * @param {{ port: number, logDir: string, dir?: string, settings?: Record<string, string | number>,
 *   database?: string, name?: string, timeoutMs?: number }} options
 */
export async function startPostgres({ port, logDir, dir, settings, database, name = 'postgres', timeoutMs = 60_000 }) {
  const ownDir = dir === undefined;
  const folder = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-'));
  const spec = postgresServer({ dir: folder, port, settings });
  const proc = startProcess(name, spec.command, spec.args, { cwd: folder, logDir, stopSignal: 'SIGINT' });
  const stop = async () => {
    await proc.stop();
    if (ownDir) fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitForPostgres(spec.url(), { timeoutMs, isRunning: watchExit(proc) });
  } catch (error) {
    await stop();
    throw new Error(`${error.message}; its log ends:\n${tail(proc.logFile)}`);
  }
  if (database) await createDatabase(spec.url(), database);
  const version = await withClient(
    spec.url(),
    async (client) => (await client.query('show server_version')).rows[0].server_version,
  );
  return {
    dir: folder,
    dataDir: spec.dataDir,
    spec,
    proc,
    version,
    url: spec.url,
    /** creates the database; its URL */
    async createDatabase(databaseName) {
      await createDatabase(spec.url(), databaseName);
      return spec.url(databaseName);
    },
    query: (databaseName, sql, params = []) =>
      withClient(spec.url(databaseName), (client) => client.query(sql, params)),
    /** EXPLAIN (ANALYZE, BUFFERS) of a query, as text */
    explain: (databaseName, sql, params = []) =>
      withClient(spec.url(databaseName), async (client) => {
        const result = await client.query(`explain (analyze, buffers) ${sql}`, params);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      }),
    stop,
  };
}
