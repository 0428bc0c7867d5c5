// PostgreSQL's faults under order load, against the real cluster (two API processes behind
// HAProxy, PostgreSQL, Redis): killed and started again, paused and resumed. What must hold
// (docs/scaling.md, "A database restart"): no API process exits, every request is answered (201,
// 409 on a client's retry, or 503 within the bound), service is back within 2 s of the database,
// and every order answered 201 is in the database exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingPackages } from '../cluster.mjs';
import {
  approvedProductOf,
  login,
  nextOrderNumber,
  openAlertStream,
  orderBody,
  placeOrderOnNewConnection,
  startCluster,
  uploadScreenshot,
} from './harness.mjs';

const AGENTS = 6;
/** While PostgreSQL is down (refusing connections), a request is answered 503 within this. */
const DOWN_BOUND_MS = 2_000;
/**
 * While PostgreSQL hangs, within this: the API's connection time-out (1.5 s) and statement
 * time-out (5 s) with the client's second after it (db/connection.ts), and a margin for a
 * machine the load keeps busy.
 */
const HUNG_BOUND_MS = 9_000;
/** Service is back this long after PostgreSQL accepts connections again. */
const RECOVERY_MS = 2_000;
/** A request that took longer than this counts as unanswered. */
const CLIENT_TIMEOUT_MS = 20_000;

const missing = missingPackages();
if (missing.length > 0) throw new Error(`the cluster tests need Debian's ${missing.join(', ')} (README, Set-up)`);

/** @type {Awaited<ReturnType<typeof startCluster>>} */
let cluster;
/** @type {Array<{ token: string }>} */
let agents;
let manager;
let product;

beforeAll(async () => {
  cluster = await startCluster({
    processes: 2,
    seed: ['--orders', '10', '--products', '6', '--agents', String(AGENTS)],
    // every order placed has a screenshot of its own, uploaded first
    env: { UPLOAD_RATE_LIMIT: '10000/min' },
  });
  agents = await Promise.all(
    Array.from({ length: AGENTS }, (_, i) => login(cluster.balancerUrl, `agent${i + 1}@demo.test`)),
  );
  manager = await login(cluster.balancerUrl, 'manager1@demo.test');
  product = await approvedProductOf(cluster.balancerUrl, agents[0].token, manager.user._id);
});

afterAll(async () => {
  await cluster?.stop();
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * One client per agent placing orders through the balancer, each on a connection of its own. A
 * client that gets 503 sends the same order again (after 100 ms) until it gets another answer:
 * the order number makes a retry of a placed order a 409. Every answer is kept with when it was
 * sent and answered.
 */
function orderLoad() {
  /** @type {Array<{ number: string, status: number | string, retry: boolean, id?: string, message?: string, sentAt: number, answeredAt: number }>} */
  const outcomes = [];
  let stopping = false;
  const send = async (token, number, shot, retry) => {
    const sentAt = Date.now();
    try {
      const { status, body } = await placeOrderOnNewConnection(
        cluster.balancerUrl,
        token,
        orderBody(product, number, shot),
        CLIENT_TIMEOUT_MS,
      );
      outcomes.push({ number, status, retry, id: body?._id, message: body?.message, sentAt, answeredAt: Date.now() });
      return status;
    } catch (error) {
      outcomes.push({
        number,
        status: `${error?.name}: ${error?.message} (${error?.cause?.code ?? error?.cause?.message ?? ''})`,
        retry,
        sentAt,
        answeredAt: Date.now(),
      });
      return 0;
    }
  };
  /** the order's screenshot, uploaded again until an upload gets through (it needs the database too) */
  const upload = async (token) => {
    for (;;) {
      try {
        return await uploadScreenshot(cluster.balancerUrl, token);
      } catch {
        await sleep(100);
      }
    }
  };
  const client = async ({ token }) => {
    while (!stopping) {
      const number = nextOrderNumber();
      const shot = await upload(token);
      // a retry sends the same order with the same screenshot: if the first was placed, a 409
      let status = await send(token, number, shot, false);
      while (status === 503) {
        await sleep(100);
        status = await send(token, number, shot, true);
      }
    }
  };
  const running = Promise.all(agents.map(client));
  return {
    outcomes,
    created: () => outcomes.filter((o) => o.status === 201).length,
    async stop() {
      stopping = true;
      await running;
    },
  };
}

/** What every fault must leave: the processes, the answers and the database. */
async function expectNothingLostOrDoubled(outcomes, boundMs) {
  for (const api of cluster.apis) {
    expect(api.proc.child.exitCode, `${api.name} exited`).toBeNull();
    expect(api.proc.child.signalCode, `${api.name} was killed`).toBeNull();
  }
  const unexpected = outcomes.filter((o) => ![201, 409, 503].includes(o.status));
  expect(unexpected, 'answers other than 201, 409 and 503').toEqual([]);
  // a 409 only answers a client's retry of an order whose first try the fault cut off
  expect(outcomes.filter((o) => o.status === 409 && !o.retry)).toEqual([]);
  const unavailable = outcomes.filter((o) => o.status === 503);
  expect(unavailable.length, 'the fault was felt').toBeGreaterThan(0);
  for (const o of unavailable)
    expect(typeof o.message === 'string' && o.message.length > 0, 'a 503 with a message').toBe(true);
  const slow = unavailable.filter((o) => o.answeredAt - o.sentAt > boundMs);
  expect(
    slow.map((o) => o.answeredAt - o.sentAt),
    `503s answered later than ${boundMs} ms`,
  ).toEqual([]);

  const numbers = [...new Set(outcomes.map((o) => o.number))];
  const { rows } = await cluster.query(
    'select amz_order_number as number, array_agg(id::text) as ids from orders where amz_order_number = any($1) group by 1',
    [numbers],
  );
  const stored = new Map(rows.map((row) => [row.number, row.ids]));
  for (const [number, ids] of stored) expect(ids, number).toHaveLength(1);
  for (const o of outcomes.filter((o) => o.status === 201)) expect(stored.get(o.number), o.number).toEqual([o.id]);
  for (const o of outcomes.filter((o) => o.status === 409)) expect(stored.has(o.number), o.number).toBe(true);
  // every order a client was left without an answer for is either placed once or not at all
  return { unavailable: unavailable.length, created: outcomes.filter((o) => o.status === 201).length };
}

/** How long after `since` the first order was placed (201 answered). */
function recoveredAfter(outcomes, since) {
  const first = outcomes
    .filter((o) => o.status === 201 && o.answeredAt >= since)
    .sort((a, b) => a.answeredAt - b.answeredAt)[0];
  return first ? first.answeredAt - since : Number.POSITIVE_INFINITY;
}

describe('PostgreSQL killed (SIGKILL) under order load and started again 5 s later', () => {
  it('keeps every API process, answers 503 while it is down, and places orders again within 2 s of its return', async () => {
    const stream = await openAlertStream(cluster.balancerUrl, manager.token);
    expect(stream.response.status).toBe(200);
    const load = orderLoad();
    let killedAt = 0;
    let acceptingAt = 0;
    try {
      await until(() => load.created() >= 30, '30 orders before the kill');
      killedAt = Date.now();
      await cluster.killPostgres();
      await sleep(5_000);
      acceptingAt = await cluster.startPostgres();
      await until(
        () => recoveredAfter(load.outcomes, acceptingAt) < Number.POSITIVE_INFINITY,
        'an order placed after the restart',
        30_000,
      );
      const atReturn = load.created();
      await until(() => load.created() >= atReturn + 30, '30 orders after the restart');
    } finally {
      await load.stop();
    }
    const figures = await expectNothingLostOrDoubled(load.outcomes, DOWN_BOUND_MS);
    const recovery = recoveredAfter(load.outcomes, acceptingAt);
    console.log(
      `PostgreSQL killed: ${figures.unavailable} answers 503 (all within ${DOWN_BOUND_MS} ms), ${figures.created} orders placed, ` +
        `the first ${recovery} ms after PostgreSQL accepted connections again (${acceptingAt - killedAt} ms after the kill)`,
    );
    expect(recovery).toBeLessThanOrEqual(RECOVERY_MS);

    // the live stream opened before the restart still delivers (its LISTEN connection came back)
    try {
      const amzOrderNumber = nextOrderNumber();
      const shot = await uploadScreenshot(cluster.balancerUrl, agents[0].token);
      const placed = await placeOrderOnNewConnection(
        cluster.balancerUrl,
        agents[0].token,
        orderBody(product, amzOrderNumber, shot),
        CLIENT_TIMEOUT_MS,
      );
      expect(placed.status).toBe(201);
      const alert = await stream.waitFor((e) => e.event === 'alert' && e.data.includes(amzOrderNumber), 15_000);
      expect(
        alert,
        `no alert on the stream after the restart; events: ${JSON.stringify(stream.events.slice(-5))}`,
      ).not.toBeNull();
    } finally {
      stream.close();
    }
  });
});

describe('PostgreSQL paused (SIGSTOP) for 10 s under order load', () => {
  it('keeps every API process, answers 503 within the bound while it hangs, and places orders again within 2 s of its resume', async () => {
    const load = orderLoad();
    let resumedAt = 0;
    try {
      await until(() => load.created() >= 30, '30 orders before the pause');
      cluster.pausePostgres();
      await sleep(10_000);
      resumedAt = await cluster.resumePostgres();
      await until(
        () => recoveredAfter(load.outcomes, resumedAt) < Number.POSITIVE_INFINITY,
        'an order placed after the resume',
        30_000,
      );
      const atReturn = load.created();
      await until(() => load.created() >= atReturn + 30, '30 orders after the resume');
    } finally {
      if (cluster.postgres.paused.length > 0) await cluster.resumePostgres();
      await load.stop();
    }
    const figures = await expectNothingLostOrDoubled(load.outcomes, HUNG_BOUND_MS);
    const during = load.outcomes.filter((o) => o.status === 503);
    const longest = Math.max(...during.map((o) => o.answeredAt - o.sentAt));
    const recovery = recoveredAfter(load.outcomes, resumedAt);
    console.log(
      `PostgreSQL paused: ${figures.unavailable} answers 503 (the longest after ${longest} ms), ${figures.created} orders placed, ` +
        `the first ${recovery} ms after PostgreSQL answered again`,
    );
    expect(recovery).toBeLessThanOrEqual(RECOVERY_MS);
  });
});
