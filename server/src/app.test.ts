import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { JWT_SECRET_FILE_NAME } from './auth/tokens';
import { pgliteDir } from './db/connection';
import { LOCK_FILE_NAME } from './db/data-dir-lock';
import { createTestDataDir } from './test/helpers';

describe('buildApp given a database config instead of a handle', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens and migrates its own PGlite under DATA_DIR, keeps a generated JWT secret there, and closes it with the app', async () => {
    dataDir = await createTestDataDir();
    const template = inject('testDatabase');
    if (template.kind === 'pglite') fs.cpSync(pgliteDir(template.dataDir), pgliteDir(dataDir), { recursive: true });

    const app = await buildApp({ database: { dataDir }, dataDir });
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    expect(fs.statSync(path.join(dataDir, JWT_SECRET_FILE_NAME)).mode & 0o777).toBe(0o600);
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'x@example.com', password: 'secret12' },
    });
    expect(res.statusCode).toBe(401); // the users table exists: migrated
    await app.close();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    // The same secret on the next start: tokens stay valid across restarts.
    const secret = fs.readFileSync(path.join(dataDir, JWT_SECRET_FILE_NAME), 'utf8');
    const again = await buildApp({ database: { dataDir }, dataDir });
    await again.close();
    expect(fs.readFileSync(path.join(dataDir, JWT_SECRET_FILE_NAME), 'utf8')).toBe(secret);
  });
});
