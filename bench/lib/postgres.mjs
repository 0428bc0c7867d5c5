// A private PostgreSQL cluster for the bench: Debian's PostgreSQL 15 binaries, a temporary
// data folder, the bench's own port and socket folder, stopped and removed at the end.
// initdb and pg_ctl refuse to run as root, so as root they run as the postgres user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { onCleanup, runCommand } from './processes.mjs';
import { PORTS } from './stack.mjs';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why PostgreSQL cannot run here, or null when it can. */
export function postgresMissing() {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!fs.existsSync(path.join(PG_BIN, tool))) return `${path.join(PG_BIN, tool)} not found`;
  }
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user to run PostgreSQL as';
    }
  }
  return null;
}

/** As root: the command as the postgres user; otherwise as it is. */
function asPostgres(command, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * Starts the cluster; resolves to { url(db), createDatabase(name), explain(db, sql, params), stop() }.
 * @param {{ logDir: string }} options
 */
export async function startPostgres({ logDir }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  const dataDir = path.join(dir, 'data');
  const removeDir = onCleanup('postgres folder', () => fs.rmSync(dir, { recursive: true, force: true }));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const pgCtl = path.join(PG_BIN, 'pg_ctl');
  await runCommand(
    'postgres-initdb',
    ...asPostgres(path.join(PG_BIN, 'initdb'), [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-instructions',
    ]),
    { cwd: dir, logDir },
  );

  const serverLog = path.join(dir, 'server.log');
  await runCommand(
    'postgres-start',
    ...asPostgres(pgCtl, [
      '-D',
      dataDir,
      '-o',
      `-p ${PORTS.postgres} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-l',
      serverLog,
      '-w',
      'start',
    ]),
    { cwd: dir, logDir },
  );
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await runCommand('postgres-stop', ...asPostgres(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']), {
      cwd: dir,
      logDir,
    }).catch((error) => console.error(error.message));
  };
  const unregister = onCleanup('postgres server', stop);

  const url = (database) => `postgres://postgres@127.0.0.1:${PORTS.postgres}/${database}`;
  const version = await withClient(
    url('postgres'),
    async (client) => (await client.query('show server_version')).rows[0].server_version,
  );

  return {
    version,
    url,
    async createDatabase(name) {
      await withClient(url('postgres'), (client) => client.query(`create database ${name}`));
      return url(name);
    },
    async query(database, sql, params = []) {
      return withClient(url(database), (client) => client.query(sql, params));
    },
    /** EXPLAIN (ANALYZE, BUFFERS) of a query, as text */
    async explain(database, sql, params = []) {
      return withClient(url(database), async (client) => {
        const result = await client.query(`explain (analyze, buffers) ${sql}`, params);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    },
    async stop() {
      unregister();
      await stop();
      removeDir();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function withClient(connectionString, use) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
