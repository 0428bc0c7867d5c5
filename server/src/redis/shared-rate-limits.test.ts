import crypto from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { tooManyFailedSignIns } from 'shared-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { RateLimits } from '../config';
import { createTestApp, createUser, TEST_JWT_SECRET, TEST_RATE_LIMITS, type TestApp } from '../test/helpers';
import { startTestInbox } from '../test/mail';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** The log lines an app writes at warn and above, parsed. */
function logCollector() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}
const redisWarnings = (lines: { level: number; msg: string }[]) =>
  lines.filter((line) => line.level === 40 && /Redis does not answer/.test(line.msg));

/** A second app on the first one's database (two API processes on one PostgreSQL). */
async function secondApp(
  t: TestApp,
  options: Parameters<typeof buildApp>[0]['redis'],
  rateLimits: Partial<RateLimits>,
) {
  return buildApp({
    db: t.database,
    dataDir: t.dataDir,
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    redis: options,
    rateLimits: { ...TEST_RATE_LIMITS, ...rateLimits },
  });
}

const login = (app: FastifyInstance, email: string, password: string, address = '192.0.2.10') =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: address });

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

/** A port nobody listens on: taken, then let go. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rate limits with a Redis nobody answers at', () => {
  it('serves every request, keeps limiting per process in memory, and warns once for the outage', async () => {
    const logs = logCollector();
    const limits = { login: { max: 3, timeWindow: 60_000 } };
    const t = await createTestApp({
      rateLimits: limits,
      redis: { url: `redis://127.0.0.1:${await deadPort()}` },
      logger: logs.logger,
    });
    opened.push(t);
    const { user } = await createUser(t.db);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(t.app, user.email, 'wrong-password')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    expect(redisWarnings(logs.lines)).toHaveLength(1);
  });

  it('still slows down failed sign-ins on an account from one address, counting in memory', async () => {
    const t = await createTestApp({
      rateLimits: { failedLogin: { max: 2, timeWindow: 60_000 } },
      redis: { url: `redis://127.0.0.1:${await deadPort()}` },
    });
    opened.push(t);
    const { user, password } = await createUser(t.db);
    expect((await login(t.app, user.email, 'wrong', '192.0.2.1')).statusCode).toBe(401);
    expect((await login(t.app, user.email, 'wrong', '192.0.2.1')).statusCode).toBe(401);
    expect((await login(t.app, user.email, password, '192.0.2.1')).statusCode).toBe(429);
    expect((await login(t.app, user.email, password, '192.0.2.3')).statusCode).toBe(200);
  });
});

/**
 * A TCP relay in front of the test Redis, so a test can take "Redis" away and bring it back
 * without touching the server other tests use.
 */
async function redisRelay(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let listenPort = 0;
  async function start() {
    server = net.createServer((client) => {
      const upstream = net.connect(Number(port || 6379), hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server?.listen(listenPort, '127.0.0.1', resolve));
    listenPort = (server.address() as net.AddressInfo).port;
  }
  async function stop() {
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  }
  await start();
  return { url: () => `redis://127.0.0.1:${listenPort}`, start, stop, close: stop };
}

describe.skipIf(!REDIS_URL)('rate limits shared through Redis (skipped: set TEST_REDIS_URL to run them)', () => {
  const redisFor = () => ({ url: REDIS_URL ?? '', keyPrefix: `test:${crypto.randomBytes(6).toString('hex')}:` });

  it('counts the per-address limit across two app instances', async () => {
    const limits = { login: { max: 4, timeWindow: 60_000 } };
    const redis = redisFor();
    const t = await createTestApp({ rateLimits: limits, redis });
    opened.push(t);
    const other = await secondApp(t, redis, limits);
    opened.push(other);
    const { user } = await createUser(t.db);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login(i % 2 ? other : t.app, user.email, 'wrong')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('counts password reset requests per email and per address across two app instances', async () => {
    const limits = {
      passwordForgot: { max: 3, timeWindow: 60_000 },
      passwordForgotEmail: { max: 2, timeWindow: 60_000 },
    };
    const redis = redisFor();
    const inbox = await startTestInbox();
    opened.push(inbox);
    const t = await createTestApp({ rateLimits: limits, redis, mail: inbox.settings });
    opened.push(t);
    const other = await buildApp({
      db: t.database,
      dataDir: t.dataDir,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      redis,
      mail: inbox.settings,
      rateLimits: { ...TEST_RATE_LIMITS, ...limits },
    });
    opened.push(other);
    const forgot = (app: FastifyInstance, email: string, address: string) =>
      app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress: address });

    const byEmail: number[] = [];
    for (const [i, address] of ['192.0.2.1', '192.0.2.2', '192.0.2.3'].entries()) {
      byEmail.push((await forgot(i % 2 ? other : t.app, 'someone@example.com', address)).statusCode);
    }
    expect(byEmail).toEqual([202, 202, 429]);

    const byAddress: number[] = [];
    for (let i = 0; i < 4; i++) {
      byAddress.push((await forgot(i % 2 ? other : t.app, `person-${i}@example.com`, '198.51.100.7')).statusCode);
    }
    expect(byAddress).toEqual([202, 202, 202, 429]);
  });

  it('counts failed sign-ins per account and address across two app instances, and the right password clears them on both', async () => {
    const limits = { failedLogin: { max: 3, timeWindow: 60_000 } };
    const redis = redisFor();
    const t = await createTestApp({ rateLimits: limits, redis });
    opened.push(t);
    const other = await secondApp(t, redis, limits);
    opened.push(other);
    const { user, password } = await createUser(t.db);
    const here = '192.0.2.1';
    expect((await login(t.app, user.email, 'wrong', here)).statusCode).toBe(401);
    expect((await login(other, user.email, 'wrong', here)).statusCode).toBe(401);
    expect((await login(t.app, user.email, password, here)).statusCode).toBe(200);
    for (const app of [other, t.app, other]) expect((await login(app, user.email, 'wrong', here)).statusCode).toBe(401);
    for (const app of [t.app, other]) {
      const waiting = await login(app, user.email, password, here);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json()).toEqual({ message: tooManyFailedSignIns(1_000) });
      expect(Number(waiting.headers['retry-after'])).toBe(1);
    }
    // the owner, from another address, on either instance
    expect((await login(other, user.email, password, '192.0.2.99')).statusCode).toBe(200);
    // once the wait is over, the next failure doubles it, on both
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await login(other, user.email, 'wrong', here)).statusCode).toBe(401);
    expect(Number((await login(t.app, user.email, password, here)).headers['retry-after'])).toBe(2);
  });

  it('falls back to memory when Redis goes away mid-way, warns once, and counts in Redis again when it is back', async () => {
    const relay = await redisRelay(REDIS_URL ?? '');
    opened.push(relay);
    const logs = logCollector();
    const limits = { login: { max: 3, timeWindow: 60_000 } };
    const redis = { ...redisFor(), url: relay.url() };
    const t = await createTestApp({ rateLimits: limits, redis, logger: logs.logger });
    opened.push(t);
    const other = await secondApp(t, redis, limits);
    opened.push(other);
    const { user } = await createUser(t.db);

    // shared: two on one instance, one on the other
    expect((await login(t.app, user.email, 'wrong', '192.0.2.20')).statusCode).toBe(401);
    expect((await login(t.app, user.email, 'wrong', '192.0.2.20')).statusCode).toBe(401);
    expect((await login(other, user.email, 'wrong', '192.0.2.20')).statusCode).toBe(401);

    await relay.stop();
    // each instance now counts its own, from zero: no 500, and the limit still holds per process
    const down: number[] = [];
    for (let i = 0; i < 5; i++) down.push((await login(t.app, user.email, 'wrong', '192.0.2.21')).statusCode);
    expect(down).toEqual([401, 401, 401, 429, 429]);
    expect(redisWarnings(logs.lines)).toHaveLength(1);

    await relay.start();
    // a request on another address each time, until one is counted in Redis again
    let probe = 0;
    const answersAgain = () => logs.lines.some((line) => /Redis answers again/.test(line.msg));
    await expect
      .poll(
        async () => {
          await login(t.app, 'probe@example.com', 'x', `198.51.100.${++probe}`);
          return answersAgain();
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    // back in Redis: the address used before the outage has one attempt left there
    expect((await login(t.app, user.email, 'wrong', '192.0.2.22')).statusCode).toBe(401);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await login(other, user.email, 'wrong', '192.0.2.22')).statusCode);
    expect(codes).toEqual([401, 401, 429, 429]);
  });
});
