import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresMissing, postgresServer, startPostgres } from './postgres.mjs';
import { portIsOpen } from './wait.mjs';

const missing = postgresMissing();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-test-'));
afterAll(() => fs.rmSync(logDir, { recursive: true, force: true }));

/** A port nothing listens on now. */
async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Debian's PostgreSQL 15 (README, Set-up); CI installs it
describe.skipIf(missing)(`the PostgreSQL starter (scripts/lib/postgres.mjs)${missing ? `: ${missing}` : ''}`, () => {
  it('runs the server on 127.0.0.1 only, without a Unix socket, with the settings asked for', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-spec-'));
    try {
      const spec = postgresServer({ dir, port: 15999, settings: { max_connections: 200 } });
      expect(fs.existsSync(path.join(dir, 'data', 'PG_VERSION'))).toBe(true);
      const args = spec.args.join(' ');
      expect(args).toContain(`-D ${path.join(dir, 'data')} -p 15999`);
      expect(args).toContain('-c listen_addresses=127.0.0.1');
      expect(args).toContain('-c unix_socket_directories=');
      expect(args).toContain('-c max_connections=200');
      expect(spec.url('shop')).toBe('postgres://postgres@127.0.0.1:15999/shop');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts a server that takes queries, creates its database, and stops it, folder and all', async () => {
    const port = await freePort();
    const postgres = await startPostgres({ port, logDir, database: 'starter_test' });
    try {
      expect(postgres.version).toMatch(/^15\./);
      const { rows } = await postgres.query('starter_test', 'select current_database() as name');
      expect(rows).toEqual([{ name: 'starter_test' }]);
      // a second create of the same database is no error
      expect(await postgres.createDatabase('starter_test')).toBe(`postgres://postgres@127.0.0.1:${port}/starter_test`);
      expect(await postgres.explain('starter_test', 'select 1')).toContain('Result');
    } finally {
      await postgres.stop();
    }
    expect(await portIsOpen(port)).toBe(false);
    expect(fs.existsSync(postgres.dir)).toBe(false);
  });

  it('fails with the end of the server log when the server cannot start', async () => {
    const port = await freePort();
    await expect(
      startPostgres({ port, logDir, settings: { max_connections: 'not-a-number' }, timeoutMs: 30_000 }),
    ).rejects.toThrow(/PostgreSQL did not take connections.*its log ends:.*max_connections/s);
  });
});
