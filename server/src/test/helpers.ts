/**
 * Test helpers: an app on a fresh copy of the migrated template database, users of any role
 * and status, and requests signed in as them (like fastify/demo's injectWithLogin):
 *
 *   const t = await createTestApp();
 *   const res = await injectAs(t.app, 'agent', { method: 'GET', url: '/api/user' });
 *   await t.close();
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from 'shared-api/contract';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { hashPassword } from '../auth/passwords';
import { parseImageStore, type RateLimits } from '../config';
import type { DatabaseHandle, Db } from '../db/connection';
import { type NewUserRow, type UserRow, users } from '../db/schema';
import type { SignedInUser, StatementSession } from '../plugins/auth';
import type { ImageSigner } from '../uploads/urls';
import { openTestDatabase } from './database';

export const TEST_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdef';
export const TEST_PASSWORD = 'correct horse battery';

/** High enough that no test trips them by accident; rate-limit tests pass their own. */
export const TEST_RATE_LIMITS: RateLimits = {
  login: { max: 10_000, timeWindow: 60_000 },
  register: { max: 10_000, timeWindow: 60_000 },
  upload: { max: 10_000, timeWindow: 60_000 },
  failedLogin: { max: 10_000, timeWindow: 60_000 },
  anonymousUpload: { max: 10_000, timeWindow: 60_000 },
  anonymousUploadTotal: { max: 10_000, timeWindow: 60_000 },
  passwordForgot: { max: 10_000, timeWindow: 60_000 },
  passwordForgotEmail: { max: 10_000, timeWindow: 60_000 },
  clientErrors: { max: 10_000, timeWindow: 60_000 },
  uploadChunk: { max: 10_000, timeWindow: 60_000 },
};

/** The API_PUBLIC_URL of tests that build answers without an app. */
export const TEST_PUBLIC_URL = 'http://localhost:8000';

/** Image fields shown as stored, for tests of order and product answers that do not look at images. */
export const IMAGES_AS_STORED: ImageSigner = { signed: (stored) => stored, shown: (stored) => stored };

export const createTestDataDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'server-test-'));

export interface TestDatabase {
  database: DatabaseHandle;
  db: Db;
  /** a temporary DATA_DIR (holding the PGlite copy when on PGlite) */
  dataDir: string;
  /** closes (and on PostgreSQL drops) the database and removes dataDir */
  close(): Promise<void>;
}

/** A fresh migrated database without an app (PGlite copy, or a PostgreSQL database from the template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = await createTestDataDir();
  const database = await openTestDatabase(inject('testDatabase'), dataDir);
  return {
    database,
    db: database.db,
    dataDir,
    async close() {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
}

/**
 * The app of main.ts on a fresh database: logger off, a fixed JWT secret, generous rate limits,
 * and the image store TEST_IMAGE_STORE names (default files; tests that look into the data
 * folder ask for files).
 */
export async function createTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  try {
    const app = await buildApp({
      db: testDb.database,
      dataDir: testDb.dataDir,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      imageStore: parseImageStore(process.env.TEST_IMAGE_STORE),
      // every answer also through zod's encoding: the serializer's bytes are checked by every test
      checkAnswers: true,
      ...options,
      rateLimits: { ...TEST_RATE_LIMITS, ...options.rateLimits },
    });
    return {
      ...testDb,
      app,
      async close() {
        await app.close();
        await testDb.close();
      },
    };
  } catch (error) {
    await testDb.close();
    throw error;
  }
}

export interface TestUserOptions extends Partial<Omit<NewUserRow, 'passwordHash'>> {
  /** default TEST_PASSWORD */
  password?: string;
}

/** Inserts a user (default: an approved agent with a unique email) and returns it with its password. */
export async function createUser(db: Db, options: TestUserOptions = {}): Promise<{ user: UserRow; password: string }> {
  const { password = TEST_PASSWORD, ...fields } = options;
  const role = fields.role ?? 'agent';
  const [user] = await db
    .insert(users)
    .values({
      email: `${role}-${crypto.randomBytes(5).toString('hex')}@example.com`,
      firstName: 'Test',
      lastName: role.charAt(0).toUpperCase() + role.slice(1),
      role,
      status: 'approved',
      phoneNumber: '+923001234567',
      gender: 'female',
      state: 'pakistan',
      city: 'Lahore',
      ...fields,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('createUser: insert returned no row');
  return { user, password };
}

/** A role (an approved user of it, created once per app) or a given user. */
export type TestIdentity = Role | UserRow;

const usersByApp = new WeakMap<FastifyInstance, Map<Role, UserRow>>();

/** A token for the identity, signed as POST /api/login would (also for pending users, whom login refuses). */
export async function signInAs(app: FastifyInstance, who: TestIdentity): Promise<{ user: UserRow; token: string }> {
  let user: UserRow;
  if (typeof who === 'string') {
    const cache = usersByApp.get(app) ?? new Map<Role, UserRow>();
    usersByApp.set(app, cache);
    const cached = cache.get(who) ?? (await createUser(app.db, { role: who })).user;
    cache.set(who, cached);
    user = cached;
  } else {
    user = who;
  }
  return { user, token: await app.tokens.sign(user) };
}

/** app.inject with the identity's Authorization: Bearer token. */
export async function injectAs(
  app: FastifyInstance,
  who: TestIdentity,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const { token } = await signInAs(app, who);
  return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
}

/** A signed-in user's session, as a route declared sessionInStatement gives it to a service (accepted as it is). */
export function statementSessionOf(user: SignedInUser): StatementSession {
  return {
    claimed: { id: user.id, role: user.role },
    values: { sessionUser: user.id, sessionJti: crypto.randomUUID() },
    accept: async () => user,
  };
}
