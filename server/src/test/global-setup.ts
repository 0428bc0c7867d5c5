import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS, pgliteDir } from '../db/connection';
import { databaseUrlFor, PGLITE_DUMP_FILE, type TestDatabaseTemplate } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/** Migrates one template database for the whole run; test files copy it (see ./database.ts). */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `test_template_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${template}"`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(adminUrl, template),
      dataDir: os.tmpdir(),
      poolSize: 1,
    });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('testDatabase', { kind: 'postgres', adminUrl, template });
    return async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await client.end();
    };
  }

  // PGlite: a migrated data dir, and a dump of it that each test app loads into memory
  // (faster than copying ~1,000 files per test file).
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'server-test-template-'));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const client = await PGlite.create(pgliteDir(dataDir), { extensions: PGLITE_EXTENSIONS });
  try {
    const dump = await client.dumpDataDir('none');
    await fs.writeFile(path.join(dataDir, PGLITE_DUMP_FILE), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('testDatabase', { kind: 'pglite', dataDir });
  return () => fs.rm(dataDir, { recursive: true, force: true });
}
