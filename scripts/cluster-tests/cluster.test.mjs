// Two API processes behind HAProxy (deploy/haproxy.cfg) on PostgreSQL and Redis, as
// `npm run start:cluster` runs them (docs/scaling.md): what must hold past one process.
// Needs Debian's postgresql, redis-server and haproxy (`npm run test:cluster`).
import crypto from 'node:crypto';
import pg from 'pg';
import { ACCOUNT_MESSAGES, tooManyFailedSignIns } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserKeys, startPushService } from '../../server/src/test/push-service.ts';
import { missingPackages } from '../cluster.mjs';
import {
  ADMIN,
  approvedProductOf,
  DEMO_PASSWORD,
  login,
  nextOrderNumber,
  openAlertStream,
  orderBody,
  placeOrderOnNewConnection,
  rgbPng,
  startCluster,
  uploadScreenshot,
} from './harness.mjs';

const LOGIN_LIMIT = 10;
const FAILED_SIGN_IN_LIMIT = 4;
/** Every request of these tests gives up after this long: a hang fails the test, it never stalls it. */
const CLIENT_TIMEOUT_MS = 10_000;

const missing = missingPackages();
if (missing.length > 0) throw new Error(`the cluster tests need Debian's ${missing.join(', ')} (README, Set-up)`);

/** @type {Awaited<ReturnType<typeof startCluster>>} */
let cluster;
let agent;
let manager;
/** an approved product of the manager's, with a review type */
let product;
/** the push service the API processes post to (PUSH_ENDPOINT_ALLOW) */
let pushService;

/** One VAPID pair for every process (their DATA_DIRs differ: docs/domain.md, Push notifications). */
function vapidPair() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url'),
  };
}

beforeAll(async () => {
  pushService = await startPushService();
  cluster = await startCluster({
    processes: 2,
    seed: ['--orders', '20', '--products', '12', '--agents', '4'],
    env: {
      LOGIN_RATE_LIMIT: `${LOGIN_LIMIT}/min`,
      FAILED_LOGIN_LIMIT: `${FAILED_SIGN_IN_LIMIT}/15min`,
      // every order placed has a screenshot of its own, uploaded first
      UPLOAD_RATE_LIMIT: '10000/min',
      PUSH_ENDPOINT_ALLOW: 'http://127.0.0.1:',
      ...vapidPair(),
    },
  });
  agent = await login(cluster.balancerUrl, 'agent1@demo.test');
  manager = await login(cluster.balancerUrl, 'manager1@demo.test');
  product = await approvedProductOf(cluster.balancerUrl, agent.token, manager.user._id);
});

afterAll(async () => {
  await cluster?.stop();
  await pushService?.close();
});

function placeOrder(baseUrl, token, body) {
  return fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  });
}

describe('sign-in limits, counted in Redis (REDIS_URL)', () => {
  // Straight to each process, with the X-Forwarded-For the balancer adds (TRUST_PROXY=1):
  // every request alternates between the two, as round robin sends them.
  const signIn = (api, clientAddress, email, password) =>
    fetch(`${api.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });

  it('the sign-in limit per address counts the sign-ins of both processes', async () => {
    const statuses = [];
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      statuses.push((await signIn(cluster.apis[i % 2], '203.0.113.7', 'agent3@demo.test', DEMO_PASSWORD)).status);
    }
    expect(statuses).toEqual(Array(LOGIN_LIMIT).fill(200));
    for (const api of cluster.apis) {
      expect((await signIn(api, '203.0.113.7', 'agent3@demo.test', DEMO_PASSWORD)).status).toBe(429);
    }
    // another address is not held back by this one's count
    expect((await signIn(cluster.apis[0], '203.0.113.8', 'agent3@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it("an account's failed sign-ins from one address count on both processes, and never keep the owner out from another", async () => {
    const guesser = '198.51.100.66';
    for (let i = 0; i < FAILED_SIGN_IN_LIMIT; i++) {
      const failed = await signIn(cluster.apis[i % 2], guesser, 'agent2@demo.test', 'not-the-password');
      expect(failed.status).toBe(401);
    }
    // the limit reached: the guesser's next attempt waits a second, whichever process it reaches
    for (const api of cluster.apis) {
      const waiting = await signIn(api, guesser, 'agent2@demo.test', DEMO_PASSWORD);
      expect(waiting.status).toBe(429);
      expect((await waiting.json()).message).toBe(tooManyFailedSignIns(1_000));
    }
    for (const api of cluster.apis) {
      expect((await signIn(api, '198.51.100.99', 'agent2@demo.test', DEMO_PASSWORD)).status).toBe(200);
    }
  });
});

/** A small valid PNG (a 4 x 4 gradient). */
function png() {
  return rgbPng(4, 4, (x, y) => [x * 60, y * 60, 200]);
}

describe('images in PostgreSQL (IMAGE_STORE=postgres)', () => {
  it('an image uploaded through one process is served by the other', async () => {
    const [first, second] = cluster.apis;
    const form = new FormData();
    form.append('file', new Blob([png()], { type: 'image/png' }), 'screenshot.png');
    const uploaded = await fetch(`${first.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.token}` },
      body: form,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    expect(uploaded.status).toBe(201);
    const link = new URL((await uploaded.json()).url);
    expect(link.origin).toBe(cluster.balancerUrl);

    const fromFirst = await fetch(`${first.url}${link.pathname}${link.search}`);
    const fromSecond = await fetch(`${second.url}${link.pathname}${link.search}`);
    expect(fromFirst.status).toBe(200);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get('content-type')).toMatch(/^image\//);
    expect(Buffer.from(await fromSecond.arrayBuffer())).toEqual(Buffer.from(await fromFirst.arrayBuffer()));
  });
});

describe('live alerts across processes (GET /api/alerts/stream, LISTEN/NOTIFY)', () => {
  it('an alert created through one process reaches a stream opened on the other within a second', async () => {
    const [first, second] = cluster.apis;
    const stream = await openAlertStream(second.url, manager.token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);

      const amzOrderNumber = nextOrderNumber();
      const shot = await uploadScreenshot(first.url, agent.token);
      const placed = await placeOrder(first.url, agent.token, orderBody(product, amzOrderNumber, shot));
      expect(placed.status).toBe(201);
      const alert = await stream.waitFor((e) => e.event === 'alert' && e.data.includes(amzOrderNumber), 1_000);
      expect(alert, `no alert event within a second; events so far: ${JSON.stringify(stream.events)}`).not.toBeNull();
    } finally {
      stream.close();
    }
  });

  it('a logout through one process ends the stream its token opened on the other within a second', async () => {
    const [first, second] = cluster.apis;
    const session = await login(cluster.balancerUrl, 'agent4@demo.test');
    const stream = await openAlertStream(second.url, session.token);
    try {
      expect(stream.response.status).toBe(200);
      expect(await stream.waitFor((e) => e.event === 'unread', 5_000)).not.toBeNull();
      const logout = await fetch(`${first.url}/api/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      expect(logout.status).toBe(204);
      expect(await stream.endsWithin(1_000)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("a suspension through one process refuses the person's token on every process and ends its streams within a second", async () => {
    const [first, second] = cluster.apis;
    const person = await login(cluster.balancerUrl, 'agent3@demo.test');
    const admin = await login(cluster.balancerUrl, ADMIN.email, ADMIN.password);
    const streams = [await openAlertStream(first.url, person.token), await openAlertStream(second.url, person.token)];
    const asAdmin = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
    try {
      for (const stream of streams) {
        expect(stream.response.status).toBe(200);
        expect(await stream.waitFor((e) => e.event === 'unread', 5_000)).not.toBeNull();
      }
      const suspended = await fetch(`${first.url}/api/user/${person.user._id}/suspend`, {
        method: 'PUT',
        headers: asAdmin,
        body: JSON.stringify({ reason: 'Cluster test.' }),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      expect(suspended.status).toBe(200);
      for (const stream of streams) expect(await stream.endsWithin(1_000)).toBe(true);
      for (const api of [first, second, { url: cluster.balancerUrl }]) {
        const refused = await fetch(`${api.url}/api/user`, {
          headers: { authorization: `Bearer ${person.token}` },
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        });
        expect(refused.status, api.url).toBe(401);
      }
      const signIn = await fetch(`${second.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'agent3@demo.test', password: DEMO_PASSWORD }),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      expect(signIn.status).toBe(403);
      expect((await signIn.json()).message).toBe(`${ACCOUNT_MESSAGES.suspendedLogin} Cluster test.`);
    } finally {
      for (const stream of streams) stream.close();
      // the other tests may sign agent3 in again
      await fetch(`${first.url}/api/user/${person.user._id}/reactivate`, {
        method: 'PUT',
        headers: asAdmin,
        body: '{}',
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
    }
  });
});

describe('push notifications behind the balancer (push_outbox)', () => {
  it('pushes an alert created on one process once, not once per process', async () => {
    const [first, second] = cluster.apis;
    const browser = browserKeys();
    const endpoint = `${pushService.origin}/cluster/${crypto.randomUUID()}`;
    const subscribed = await fetch(`${second.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint, keys: browser.keys }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    expect(subscribed.status).toBe(201);

    const numbers = [nextOrderNumber(), nextOrderNumber(), nextOrderNumber()];
    for (const [i, amzOrderNumber] of numbers.entries()) {
      const api = i % 2 === 0 ? first : second;
      const shot = await uploadScreenshot(api.url, agent.token);
      expect((await placeOrder(api.url, agent.token, orderBody(product, amzOrderNumber, shot))).status).toBe(201);
    }
    const path = new URL(endpoint).pathname;
    const mine = () => pushService.received.filter((push) => push.path === path);
    // both processes drain on every alert's NOTIFY: wait for the queue to be empty, then count
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      for (let i = 0; i < 100; i++) {
        const { rows } = await db.query('select count(*)::int as queued from push_outbox');
        if (rows[0].queued === 0 && mine().length >= numbers.length) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await db.end();
    }
    const bodies = mine().map((push) => JSON.parse(browser.decrypt(push.body)).body);
    for (const amzOrderNumber of numbers) {
      expect(
        bodies.filter((body) => body.includes(amzOrderNumber)),
        bodies.join('\n'),
      ).toHaveLength(1);
    }
    expect(bodies).toHaveLength(numbers.length);
  });
});

describe('a process killed (SIGKILL) while clients place orders through the balancer', () => {
  it('keeps every order a client got 201 for, none twice, and answers the others 502 or 503 in time', async () => {
    const CLIENTS = 6;
    /** @type {Array<{ number: string, status: number | string, retry: boolean, id?: string }>} */
    const outcomes = [];
    let created = 0;
    let stop = false;

    const send = async (number, shot, retry) => {
      try {
        const { status, body } = await placeOrderOnNewConnection(
          cluster.balancerUrl,
          agent.token,
          orderBody(product, number, shot),
          CLIENT_TIMEOUT_MS,
        );
        outcomes.push({ number, status, retry, id: body?._id });
        return status;
      } catch (error) {
        // a client timeout or a broken connection: what the balancer must never leave a client with
        outcomes.push({
          number,
          status: `${error?.name}: ${error?.message} (${error?.cause?.code ?? error?.cause?.message ?? ''})`,
          retry,
        });
        return 0;
      }
    };
    const client = async () => {
      while (!stop) {
        const number = nextOrderNumber();
        // uploaded to the process this test never stops (the images are in PostgreSQL, either may attach them)
        const shot = await uploadScreenshot(cluster.apis[1].url, agent.token);
        let status = await send(number, shot, false);
        // a client that got 502/503 sends the same order again: the order number (and its
        // screenshot, one order's) makes it a 409 if it was placed
        for (let tries = 0; (status === 502 || status === 503) && tries < 5; tries++) {
          await new Promise((r) => setTimeout(r, 200));
          status = await send(number, shot, true);
        }
        if (status === 201) created++;
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);

    const until = async (condition, what) => {
      const deadline = Date.now() + 60_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      await until(() => created >= 30, '30 orders before the kill');
      await cluster.kill(0);
      const atKill = created;
      await until(() => created >= atKill + 30, '30 orders after the kill');
    } finally {
      stop = true;
      await Promise.all(clients);
      await cluster.start(0);
    }

    const statuses = new Set(outcomes.map((o) => o.status));
    for (const status of statuses) expect([201, 409, 502, 503]).toContain(status);
    // a 409 only answers a client's second try of an order the first try placed
    expect(outcomes.filter((o) => o.status === 409 && !o.retry)).toEqual([]);

    const numbers = [...new Set(outcomes.map((o) => o.number))];
    const { rows } = await cluster.query(
      'select amz_order_number as number, array_agg(id::text) as ids from orders where amz_order_number = any($1) group by 1',
      [numbers],
    );
    const stored = new Map(rows.map((row) => [row.number, row.ids]));
    for (const [number, ids] of stored) expect(ids, number).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 201)) {
      expect(stored.get(outcome.number), outcome.number).toEqual([outcome.id]);
    }
    for (const outcome of outcomes.filter((o) => o.status === 409)) {
      expect(stored.has(outcome.number), outcome.number).toBe(true);
    }
  });
});

describe('a rolling restart, one process at a time, under a read load', () => {
  it('fails no request', async () => {
    const CLIENTS = 6;
    const failures = [];
    const served = { total: 0 };
    let stop = false;
    const reader = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${cluster.balancerUrl}/api/products/approved?limit=50`, {
            headers: { authorization: `Bearer ${agent.token}` },
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          });
          await response.arrayBuffer();
          if (response.status === 200) served.total++;
          else failures.push(response.status);
        } catch (error) {
          failures.push(`${error?.name}: ${error?.message}`);
        }
      }
    };
    const readers = Array.from({ length: CLIENTS }, reader);
    const servedDuring = [];
    try {
      for (let i = 0; i < cluster.apis.length; i++) {
        const before = served.total;
        await cluster.terminate(i);
        await cluster.start(i);
        servedDuring.push(served.total - before);
      }
      const before = served.total;
      await new Promise((r) => setTimeout(r, 1_000));
      servedDuring.push(served.total - before);
    } finally {
      stop = true;
      await Promise.all(readers);
    }
    expect(failures).toEqual([]);
    // the load ran all along: requests were served while each process restarted and after
    for (const count of servedDuring) expect(count).toBeGreaterThan(0);
  });
});
