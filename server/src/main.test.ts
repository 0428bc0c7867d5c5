/**
 * The real start-up (src/main.ts in child processes, on PGlite): first-start admin line,
 * the listening line, the DATA_DIR lock between two servers, and a clean SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgliteDir } from './db/connection';
import { LOCK_FILE_NAME } from './db/data-dir-lock';
import { FIRST_ADMIN_PASSWORD_FILE_NAME } from './first-admin';
import { createTestDataDir } from './test/helpers';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string, env: Record<string, string> = {}): Started {
  const { DATABASE_URL: _ignored, ADMIN_EMAIL: _e, ADMIN_PASSWORD: _p, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...inherited, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the port once the server prints its listening line; rejects if it exits first. */
async function listeningPort(server: Started): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /API listening on http:\/\/localhost:(\d+)/.exec(server.output());
      if (match) {
        clearInterval(timer);
        resolve(Number(match[1]));
      }
    };
    const timer = setInterval(check, 50);
    server.exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code} before listening:\n${server.output()}`));
    });
  });
}

// Each test starts one or two API processes (tsx, then the database): seconds each, more on a busy machine.
describe('starting the server (src/main.ts)', { timeout: 60_000 }, () => {
  let dataDir: string;
  const running: Started[] = [];
  beforeAll(async () => {
    dataDir = await createTestDataDir();
    // Start from the migrated template when there is one (a fresh PGlite takes seconds to create).
    const template = inject('testDatabase');
    if (template.kind === 'pglite') fs.cpSync(pgliteDir(template.dataDir), pgliteDir(dataDir), { recursive: true });
  });
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin once and prints where its password is (never the password), refuses a second server on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const first = startServer(dataDir);
    running.push(first);
    const port = await listeningPort(first);
    const adminLine = /Admin sign-in: admin@example\.com, password in (\S+)/.exec(first.output());
    expect(adminLine?.[1]).toBe(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME));
    const password = fs.readFileSync(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE_NAME), 'utf8').trim();
    expect(first.output()).not.toContain(password);

    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password }),
    });
    expect(login.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(first.child.pid));

    const second = startServer(dataDir);
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another server (pid ${first.child.pid}) is already using the data folder`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('starts over a stale lock left by a crashed server, without printing the admin password again', async () => {
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), '999999999\n');
    const again = startServer(dataDir, { ADMIN_EMAIL: 'someone-else@example.com', ADMIN_PASSWORD: 'another-password' });
    running.push(again);
    await listeningPort(again);
    expect(again.output()).not.toContain('Admin sign-in');
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('with DRAIN_SECONDS, fails its health check on SIGTERM while still answering other requests, then stops cleanly', async () => {
    const draining = startServer(dataDir, { DRAIN_SECONDS: '2' });
    running.push(draining);
    const port = await listeningPort(draining);
    draining.child.kill('SIGTERM');
    await expect.poll(() => draining.output(), { timeout: 5_000 }).toContain('Health check failing for 2 s');

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', message: MESSAGES.apiStopping });
    expect((await fetch(`http://127.0.0.1:${port}/api/user`)).status).toBe(401);
    expect(await draining.exited).toBe(0);
    // a server's start and its drain: seconds on a busy machine
  }, 60_000);

  it('refuses to start with TRUST_PROXY=true and says what to set instead', async () => {
    const refused = startServer(dataDir, { TRUST_PROXY: 'true' });
    running.push(refused);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('TRUST_PROXY=true would trust every X-Forwarded-For entry');
    expect(refused.output()).toContain('Set TRUST_PROXY to the number of proxies in front of the API');
  });

  it('refuses to start, with a message and no stack trace, with TRUST_PROXY=0.0.0.0/0 or a hop count on a public HOST', async () => {
    for (const [env, says] of [
      [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY has "0.0.0.0/0", a range of every address'],
      [{ TRUST_PROXY: '1', HOST: '0.0.0.0' }, 'Set HOST to a loopback address'],
    ] as const) {
      const refused = startServer(dataDir, env);
      running.push(refused);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain(says);
      expect(refused.output()).not.toMatch(/\n\s+at /);
    }
  });
});
