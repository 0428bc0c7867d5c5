/** Test databases: a copy of the template migrated once by global-setup.ts. */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, PGLITE_EXTENSIONS, pgliteHandle } from '../db/connection';

export type TestDatabaseTemplate =
  | {
      kind: 'pglite' /** a DATA_DIR holding a migrated PGlite folder and its dump (PGLITE_DUMP_FILE) */;
      dataDir: string;
    }
  | { kind: 'postgres' /** TEST_DATABASE_URL */; adminUrl: string /** migrated template database */; template: string };

export const PGLITE_DUMP_FILE = 'pglite-dump.tar';

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh migrated database for one test app: an in-memory PGlite loaded from the template's
 * dump, or a PostgreSQL database created WITH TEMPLATE and dropped on close().
 */
export async function openTestDatabase(template: TestDatabaseTemplate, dataDir: string): Promise<DatabaseHandle> {
  if (template.kind === 'pglite') {
    const dump = await fs.readFile(path.join(template.dataDir, PGLITE_DUMP_FILE));
    return pgliteHandle(await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS }));
  }
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(template.adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`),
  );
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(template.adminUrl, name), dataDir, poolSize: 4 });
  let dropping: Promise<void> | undefined;
  return {
    db: handle.db,
    kind: handle.kind,
    migrate: () => handle.migrate(),
    listen: (channel, handlers) => handle.listen(channel, handlers),
    close() {
      dropping ??= handle
        .close()
        .then(() =>
          withClient(template.adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
        )
        .then(() => undefined);
      return dropping;
    },
  };
}
