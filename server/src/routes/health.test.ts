import fs from 'node:fs';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/connection';
import { createTestApp, createTestDataDir, signInAs, TEST_JWT_SECRET, type TestApp } from '../test/helpers';

describe('GET /api/health', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers ok while the database answers', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 once the database is closed, and so does every route that needs it', async () => {
    t = await createTestApp();
    const { token } = await signInAs(t.app, 'agent');
    await t.database.close();

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ message: MESSAGES.databaseUnavailable });

    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(user.statusCode).toBe(503);
    expect(user.json()).toEqual({ message: MESSAGES.databaseUnavailable });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com', password: 'secret12' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual({ message: MESSAGES.databaseUnavailable });
  });
});

describe('an unreachable PostgreSQL server', () => {
  it('gives 503 with a message instead of an error page', async () => {
    const dataDir = await createTestDataDir();
    // Port 1: nothing listens there, the connection is refused at once.
    const database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      dataDir,
      onPoolError: () => {},
    });
    const app = await buildApp({ db: database, dataDir, jwtSecret: TEST_JWT_SECRET });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'a@example.com', password: 'secret12' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({ message: MESSAGES.databaseUnavailable });
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
