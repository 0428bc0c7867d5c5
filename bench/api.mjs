// Section 3, API load: autocannon (10 s, 50 connections, on 127.0.0.1) against the real API
// (production code, LOG_LEVEL=warn) on PGlite and on PostgreSQL, each at 1,000 and 100,000
// orders, on eight routes: approved products (a page of 50), an agent's orders (a page of 50),
// one order, one order's history, creating an order, creating one with an uploaded screenshot of
// the seed's layout, the admin's orders (a page of 50) and the same searched by a buyer's name.
// Beside the first six, the bare route (bench/bare-server.mjs): the same SQL on the same database
// through the driver alone, with no auth, measured in turns with the API (A B A B: measurePairs,
// the ratio the median of the pairs'); for the screenshot's, also without the fraud checks
// (issue 15's budget: with them within 1.3x). And the CSV export of every order, once per
// database before any load: rows per second and the API process's peak memory. And the admin's
// users directory (a page of 50) on databases of their own, seeded by users (`--user-sizes`,
// default 100 and 10,000 users): issue 25's budget, a page at the most users within 1.5x of a
// page at the fewest.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { postgresMissing, startPostgres } from '../scripts/lib/postgres.mjs';
import { onCleanup, startProcess, waitForHttp } from '../scripts/lib/processes.mjs';
import { fixed, highestLoad, int, loadNow, ms } from './lib/report.mjs';
import { uploadScreenshots } from './lib/screenshots.mjs';
import {
  ADMIN,
  apiGet,
  benchFirebaseLink,
  DEMO,
  login,
  PORTS,
  SEED_USERS_BESIDE_AGENTS,
  seed,
  startApi,
} from './lib/stack.mjs';
import { SQL } from './queries.mjs';

/** The API's own search patterns (no imports of its own), for the query plans: loaded through tsx. */
const { likePattern, searchLookup } = await tsImport('../server/src/services/like-patterns.ts', import.meta.url);

// bareRatio: issue 31 raised it from 0.5 to 0.75
export const BUDGETS = { pgP99Ms: 25, bareRatio: 0.75, scaleRatio: 1.5, fraudChecksRatio: 1.3 };

const here = path.dirname(fileURLToPath(import.meta.url));
const KIND_LABEL = { pglite: 'PGlite', postgres: 'PostgreSQL' };
/** The routes the bare route also serves (the admin's lists are the API's alone). */
const BARE_ENDPOINTS = new Set([
  'products',
  'agentOrders',
  'oneOrder',
  'orderHistory',
  'createOrder',
  'createOrderShot',
]);
/**
 * The order they are measured in: every read before the writes, so that each reads the database
 * as seeded. The admin's unfiltered page, measured after the placing routes, showed the newest
 * orders: the thousands the bench had just placed, not the seed's, so the search (the seed's
 * orders) was compared with another page (docs/benchmarks.md, 29 November, night).
 */
const ENDPOINTS = [
  'products',
  'agentOrders',
  'oneOrder',
  'orderHistory',
  'adminOrders',
  'adminSearch',
  'createOrder',
  'createOrderShot',
];
export const ENDPOINT_LABEL = {
  products: 'approved products, page of 50',
  agentOrders: "agent's orders, page of 50",
  oneOrder: 'one order',
  orderHistory: "one order's history",
  createOrder: 'create an order',
  createOrderShot: "create an order with an uploaded screenshot of the seed's layout",
  adminOrders: "admin's orders, page of 50",
  adminSearch: "admin's orders searched by a buyer's name, page of 50",
  usersDirectory: "admin's users directory, page of 50",
};
/** What `--routes` may name: the loaded routes, the CSV export and the users directory (its own databases). */
export const API_ROUTES = [...ENDPOINTS, 'export', 'usersDirectory'];
/** Routes whose result grows with the database (a search's matches): no 1,000 ÷ 100,000 row. */
const GROWS_WITH_SIZE = new Set(['createOrder', 'createOrderShot', 'adminSearch']);
/**
 * createOrderShot runs a number of requests, not a time: each order has its own screenshot,
 * uploaded before the load (the API refuses an upload on a second order). The API gets its own;
 * the bare route makes its own, used with the checks and again without them (measureShots).
 * Past them they are used again, and the log says so (the API's answers are then 409s).
 */
const SHOTS = { warmup: 100, requests: 2000 };
/** The screenshots a database needs: the warm-up's and the measured requests'. */
const poolSize = (shots) => shots.warmup + shots.requests;

/** Amazon order numbers no seed uses (the seed's start with 111-499) and no other request used. */
let orderCounter = 0;
const nextOrderNumber = () => {
  const n = orderCounter++;
  return `9${String(Math.floor(n / 1e14) % 100).padStart(2, '0')}-${String(Math.floor(n / 1e7) % 1e7).padStart(7, '0')}-${String(n % 1e7).padStart(7, '0')}`;
};

let current;
/** Ctrl+C: stop the load at once. */
export function stopLoad() {
  current?.stop();
}

/**
 * An autocannon run; also when its last answer came, in seconds from its start, and each
 * answer's latency in milliseconds (to put runs together: measureShots).
 */
function cannon(options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let lastAnswer = started;
    /** @type {number[]} */
    const latencies = [];
    current = autocannon(options, (error, result) => {
      current = undefined;
      if (error) reject(error);
      else resolve({ ...result, answeredIn: (lastAnswer - started) / 1000, latencies });
    });
    current.on('response', (_client, _status, _bytes, responseTime) => {
      lastAnswer = performance.now();
      latencies.push(responseTime);
    });
  });
}

/** One autocannon run; the figures the table needs (and each answer's latency, when kept: `together`). */
export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  duration,
  amount,
  connections,
  keepLatencies = false,
}) {
  const { origin, pathname, search } = new URL(url);
  const request = { method, path: `${pathname}${search}`, headers };
  if (body) {
    request.headers = { ...headers, 'content-type': 'application/json' };
    request.setupRequest = (req) => ({ ...req, body: JSON.stringify(body()) });
  }
  // `amount`: that many requests, whatever the time they take (duration is then ignored)
  // (autocannon refuses more connections than requests)
  const length = amount === undefined ? { duration } : { amount };
  if (amount !== undefined) connections = Math.min(connections, amount);
  const load = loadNow();
  const result = await cannon({ url: origin, connections, ...length, requests: [request] });
  return {
    // a counted run lasts a few seconds: its rate is its requests over the time to its last answer,
    // not the mean of whole-second buckets (the last one partial), nor autocannon's duration (which
    // ends at the next whole-second tick after the last answer)
    rps: amount === undefined ? result.requests.average : result.requests.total / result.answeredIn,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
    answeredIn: result.answeredIn,
    load,
    ...(keepLatencies ? { latencies: result.latencies } : {}),
  };
}

/** Runs of one target put together: their requests over their times, percentiles of all their answers. */
export function together(runs) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? 0;
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  const statusCodes = {};
  for (const run of runs) {
    for (const [code, { count }] of Object.entries(run.statusCodes ?? {})) {
      statusCodes[code] = { count: (statusCodes[code]?.count ?? 0) + count };
    }
  }
  return {
    rps: sum((run) => run.requests) / sum((run) => run.answeredIn),
    requests: sum((run) => run.requests),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? 0,
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    statusCodes,
    answeredIn: sum((run) => run.answeredIn),
    load: highestLoad(...runs),
    latencies,
  };
}

/** Ports of the servers of the i-th database size: API and bare route side by side. */
const portsOf = (i) => ({ api: PORTS.api + 2 * i, bare: PORTS.bare + 2 * i });
/** The order sizes' ports, then the users directory's databases' (after them: portsOf(sizes.length + j)). */
export const apiSectionPorts = (sizes, userSizes = []) =>
  [...sizes, ...userSizes].flatMap((_, i) => Object.values(portsOf(i)));

/** The requests of each route, for the API and for the bare route (none for the admin's lists). */
function targets({ apiUrl, bareUrl, token, adminToken, searchText, agentId, orderId, historyOrderId, product, shots }) {
  const auth = { authorization: `Bearer ${token}` };
  const adminAuth = { authorization: `Bearer ${adminToken}` };
  const order = () => ({
    productId: product.id,
    reviewType: product.reviewType,
    amzOrderNumber: nextOrderNumber(),
    buyerPayPal: 'bench.buyer@example.com',
    buyerName: 'Bench Buyer',
    // a link into the bench's Firebase bucket, not an upload of ours (createOrderShot places those)
    orderScreenshot: benchFirebaseLink(),
    comments: '',
  });
  // the screenshot's route: a buyer of its own each, so that what it measures is the screenshot's
  // check, not the turns one buyer's PayPal lock makes (createOrder keeps that worst case)
  let buyers = 0;
  const ownBuyer = () => ({ buyerPayPal: `bench.buyer.${buyers++}@example.com` });
  return {
    products: {
      api: { url: `${apiUrl}/api/products/approved?limit=50`, headers: auth },
      bare: { url: `${bareUrl}/bare/products/approved?limit=50&agentId=${agentId}` },
    },
    agentOrders: {
      api: { url: `${apiUrl}/api/agents/${agentId}/orders?limit=50`, headers: auth },
      bare: { url: `${bareUrl}/bare/agents/${agentId}/orders?limit=50` },
    },
    oneOrder: {
      api: { url: `${apiUrl}/api/order/${orderId}`, headers: auth },
      bare: { url: `${bareUrl}/bare/order/${orderId}?agentId=${agentId}` },
    },
    orderHistory: {
      api: { url: `${apiUrl}/api/orders/${historyOrderId}/history`, headers: auth },
      bare: { url: `${bareUrl}/bare/orders/${historyOrderId}/history?agentId=${agentId}` },
    },
    createOrder: {
      api: { url: `${apiUrl}/api/orders`, method: 'POST', headers: auth, body: order },
      bare: { url: `${bareUrl}/bare/orders`, method: 'POST', body: () => ({ ...order(), agentId }) },
    },
    createOrderShot: shots && {
      api: {
        url: `${apiUrl}/api/orders`,
        method: 'POST',
        headers: auth,
        body: () => ({ ...order(), ...ownBuyer(), orderScreenshot: shots.next('api') }),
      },
      bare: {
        url: `${bareUrl}/bare/orders`,
        method: 'POST',
        body: () => ({ ...order(), ...ownBuyer(), agentId, orderScreenshot: shots.next('bare') }),
      },
      // placing without the fraud checks: the budget's "without"
      bareWithout: {
        url: `${bareUrl}/bare/orders`,
        method: 'POST',
        body: () => ({ ...order(), ...ownBuyer(), agentId, orderScreenshot: shots.next('bareWithout'), checks: false }),
      },
    },
    adminOrders: {
      api: { url: `${apiUrl}/api/orders/all?limit=50`, headers: adminAuth },
    },
    adminSearch: {
      api: { url: `${apiUrl}/api/orders/all?limit=50&q=${encodeURIComponent(searchText)}`, headers: adminAuth },
    },
  };
}

/**
 * The demo agent's session, its newest order, its newest paid order (whose history runs from its
 * placement to its payment) and an approved product it may order; the admin's session and what it
 * searches for: the buyer's name of the newest order (about one order in 320 of the seed's has
 * each buyer's name).
 */
async function fixtures(apiUrl) {
  const { token, user } = await login(apiUrl, DEMO.agent);
  const { body: orders, total: agentOrders } = await apiGet(apiUrl, `/api/agents/${user._id}/orders?limit=1`, token);
  const { body: paid } = await apiGet(apiUrl, `/api/agents/${user._id}/orders?limit=1&comissionStatus=paid`, token);
  const historyOrderId = (paid[0] ?? orders[0])?._id;
  const { body: history } = await apiGet(apiUrl, `/api/orders/${historyOrderId}/history`, token);
  const { body: products, total: approved } = await apiGet(apiUrl, '/api/products/approved?limit=50', token);
  const product = products.find((p) => p.reviewTypes.length > 0);
  if (!orders[0] || !product) throw new Error('the seeded database has no order of agent1 or no approved product');
  const { token: adminToken } = await login(apiUrl, ADMIN);
  const { body: newest, total: allOrders } = await apiGet(apiUrl, '/api/orders/all?limit=1', adminToken);
  const searchText = newest[0]?.buyerName;
  if (!searchText) throw new Error('the seeded database has no order');
  const { total: searchMatches } = await apiGet(
    apiUrl,
    `/api/orders/all?limit=1&q=${encodeURIComponent(searchText)}`,
    adminToken,
  );
  return {
    token,
    adminToken,
    searchText,
    agentId: user._id,
    orderId: orders[0]._id,
    historyOrderId,
    product: { id: product._id, reviewType: product.reviewTypes[0].title, image: product.image },
    counts: {
      agentOrders,
      approvedProducts: approved,
      productsOnPage: products.length,
      historyEvents: history.length,
      allOrders,
      searchMatches,
    },
  };
}

/** The API process's memory in KB, from /proc (Linux): VmRSS now, VmHWM its peak. */
function memoryKb(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
}

/**
 * GET /api/orders/export.csv as the admin, read to the end: rows, bytes, rows per second and the
 * API process's peak resident memory while it ran (its peak is reset first through clear_refs;
 * where that is refused, the highest of samples every 20 ms).
 */
async function measureExport({ apiUrl, adminToken, pid }) {
  const load = loadNow();
  const rssBeforeKb = memoryKb(pid, 'VmRSS');
  let peakFrom = 'VmHWM';
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    peakFrom = 'samples';
  }
  let sampledKb = rssBeforeKb;
  const sampler = setInterval(() => {
    try {
      sampledKb = Math.max(sampledKb, memoryKb(pid, 'VmRSS'));
    } catch {
      // the process is gone; the request fails below
    }
  }, 20);
  try {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/api/orders/export.csv`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (!response.ok || !response.body) throw new Error(`the export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    const peakKb = peakFrom === 'VmHWM' ? memoryKb(pid, 'VmHWM') : Math.max(sampledKb, memoryKb(pid, 'VmRSS'));
    // the seed's cells hold no line break: one line per row, after the header
    const rows = lines - 1;
    return {
      rows,
      bytes,
      seconds,
      rowsPerSecond: rows / seconds,
      rssBeforeMb: rssBeforeKb / 1024,
      peakRssMb: peakKb / 1024,
      peakFrom,
      load,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The screenshots of createOrderShot: poolSize(shots) uploaded through the API by the demo agent,
 * and as many made by the bare route in its database; `next(who)` hands them out in turn.
 */
async function screenshotPools({ apiUrl, bareUrl, fx, log, label, shots }) {
  const SHOT_POOL = poolSize(shots);
  const started = performance.now();
  const bare = async () => {
    if (!bareUrl) return undefined;
    const response = await fetch(`${bareUrl}/bare/screenshots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: fx.agentId, first: SHOT_POOL, count: SHOT_POOL }),
    });
    if (response.status !== 201) throw new Error(`the bare route's screenshots answered ${response.status}`);
    return (await response.json()).keys;
  };
  // side by side: the API's decode queue and the bare route's process; the API's time is its own
  // (until its last upload is in), not the slower of the two
  let apiSeconds = 0;
  const [api, bareKeys] = await Promise.all([
    uploadScreenshots(apiUrl, fx.token, { first: 0, count: SHOT_POOL }).then((keys) => {
      apiSeconds = (performance.now() - started) / 1000;
      return keys;
    }),
    bare(),
  ]);
  const pools = { api, bare: bareKeys, bareWithout: bareKeys };
  const seconds = (performance.now() - started) / 1000;
  // the API's uploads are the proof uploads agents make: hashed and looked at beside their layout's
  log(
    `  ${label}: ${int(SHOT_POOL)} order screenshots each uploaded in ${fixed(seconds, 0)} s ` +
      `(the API: ${fixed(SHOT_POOL / apiSeconds, 1)} uploads/s, its ${int(SHOT_POOL)} in ${fixed(apiSeconds, 0)} s)`,
  );
  const used = { api: 0, bare: 0, bareWithout: 0 };
  return {
    next(who) {
      const pool = pools[who];
      const n = used[who]++;
      if (n === pool.length) log(`  ${label}: the ${who} screenshots ran out; used again from the first`);
      return pool[n % pool.length];
    },
  };
}

/**
 * createOrderShot: as many requests as there are screenshots, each used once. On PostgreSQL the
 * database is first vacuumed and analysed (the pools' thousands of uploads would otherwise wake
 * autovacuum in the middle of a run, and its new statistics make every connection plan again).
 * The bare route with the checks and without them take turns, with, without, without, with, half
 * the requests a turn, so what drifts over the runs falls on both alike (the first run after the
 * pools was the slowest, whichever it was).
 */
async function measureShots({ db, routes, whos, postgres, connections, shots, log }) {
  if (db.kind === 'postgres') {
    const started = performance.now();
    await postgres.query(db.database, 'vacuum analyze');
    log(`  ${db.label}: vacuum analyze in ${fixed((performance.now() - started) / 1000, 1)} s`);
  }
  const run = (who, amount) => load({ ...routes.createOrderShot[who], amount, connections, keepLatencies: true });
  // in turns, there and back (the API, the bare route, without the checks, without, with, the
  // API), so that each divides figures of the same minutes of the machine, as measurePairs does
  const measured = ['api', 'bare', 'bareWithout'].filter(
    (who) => whos.includes(who) && (who === 'api' || (whos.includes('bare') && whos.includes('bareWithout'))),
  );
  for (const who of measured) await run(who, shots.warmup);
  /** @type {Record<string, Array<Awaited<ReturnType<typeof run>>>>} */
  const runs = Object.fromEntries(measured.map((who) => [who, []]));
  for (const who of [...measured, ...[...measured].reverse()]) runs[who].push(await run(who, shots.requests / 2));
  const turns = (who) => runs[who].map((figures) => int(figures.rps)).join(' and ');
  log(`  ${db.label}: the turns, ${measured.map((who) => `${who} ${turns(who)} req/s`).join(', ')}`);
  /** @type {Record<string, ReturnType<typeof together>>} */
  const figures = Object.fromEntries(measured.map((who) => [who, together(runs[who])]));
  // the latencies stay out of the results file
  const kept = Object.fromEntries(Object.entries(figures).map(([who, { latencies, ...rest }]) => [who, rest]));
  if (!runs.api || !runs.bare) return kept;
  // each API turn beside the bare route's turn next to it: the ratio is the median of those, as measurePairs's
  const pairs = runs.api.map((api, i) => pairOf(api, /** @type {Awaited<ReturnType<typeof run>>} */ (runs.bare[i])));
  return { ...kept, pairs, ratio: median(pairs.map((pair) => pair.ratio)) };
}

/** A turn of a route beside the bare route's turn next to it: their requests a second and its ratio. */
function pairOf(api, bare) {
  return { api: api.rps, bare: bare.rps, ratio: api.rps / bare.rps, load: highestLoad(api, bare) };
}

/** Turns of a route and its bare route: A B A B, each `duration / PAIRS` seconds (at least one). */
export const PAIRS = 2;

/** The middle of a list of numbers (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * A route beside its bare route (issue 31): after both warm-ups, the API then the bare route in
 * turns, PAIRS times, so that each ratio divides figures of the same minutes of the machine; the
 * ratio is the median of the pairs' ratios. The API's and the bare route's own figures put their
 * turns together (their requests over their times, percentiles of all their answers).
 */
async function measurePairs({ targets, options }) {
  const { connections } = options;
  if (options.warmup > 0) {
    for (const who of ['api', 'bare']) await load({ ...targets[who], duration: options.warmup, connections });
  }
  const duration = Math.max(1, Math.round(options.duration / PAIRS));
  const turns = { api: [], bare: [] };
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    for (const who of ['api', 'bare']) {
      turns[who].push(await load({ ...targets[who], duration, connections, keepLatencies: true }));
    }
    const api = turns.api.at(-1);
    const bare = turns.bare.at(-1);
    pairs.push(pairOf(api, bare));
  }
  const kept = (runs) => {
    const { latencies, ...figures } = together(runs);
    return figures;
  };
  return { api: kept(turns.api), bare: kept(turns.bare), pairs, ratio: median(pairs.map((pair) => pair.ratio)) };
}

/**
 * The admin's users directory, its first page of 50 (the default sort, newest joined first), on
 * each users database: all of them up at once, then one after another under load. `started`
 * takes the API processes, for the caller to stop.
 */
async function measureUsersDirectory({ databases, started, logDir, log, options }) {
  const servers = [];
  for (const db of databases) {
    const api = await startApi({ ...db, port: db.ports.api, logDir, label: db.label });
    started.push(api);
    const apiUrl = `http://127.0.0.1:${db.ports.api}`;
    const { token } = await login(apiUrl, ADMIN);
    const { total } = await apiGet(apiUrl, '/api/users?limit=1', token);
    servers.push({
      db,
      total,
      target: { url: `${apiUrl}/api/users?limit=50`, headers: { authorization: `Bearer ${token}` } },
    });
  }
  const figures = {};
  for (const { db, total, target } of servers) {
    if (options.warmup > 0) await load({ ...target, duration: options.warmup, connections: options.connections });
    const api = await load({ ...target, duration: options.duration, connections: options.connections });
    figures[db.users] = { total, api };
    const failed = api.non2xx + api.errors;
    log(
      `  ${KIND_LABEL[db.kind]} ${int(total)} users · ${ENDPOINT_LABEL.usersDirectory}: ` +
        `${int(api.rps)} req/s, p50 ${ms(api.p50Ms)}, p99 ${ms(api.p99Ms)}` +
        (failed ? ` (${failed} failed: ${JSON.stringify(api.statusCodes)}, errors ${api.errors})` : ''),
    );
  }
  return figures;
}

/**
 * @param {{ tempRoot: string, logDir: string, duration: number, warmup: number, connections: number,
 *   sizes: number[], userSizes?: number[], products: number, bareSizes: number[], routes?: string[], shots?: { warmup: number, requests: number }, log: (line: string) => void }} options
 */
export async function measureApi(options) {
  const { tempRoot, logDir, sizes, log } = options;
  const routes = options.routes ?? API_ROUTES;
  const endpoints = ENDPOINTS.filter((e) => routes.includes(e));
  const result = { duration: options.duration, connections: options.connections, kinds: {}, explain: {} };

  // PostgreSQL, or why not
  const missing = postgresMissing();
  let postgres = null;
  if (missing) {
    log(`PostgreSQL skipped: ${missing}`);
    result.kinds.postgres = { skipped: missing };
  } else {
    postgres = await startPostgres({ port: PORTS.postgres, logDir, name: 'postgres-api' });
    onCleanup('postgres', () => postgres?.stop());
    log(`PostgreSQL ${postgres.version} on port ${PORTS.postgres} (private cluster, default settings)`);
  }
  const kinds = postgres ? ['pglite', 'postgres'] : ['pglite'];

  // Seed every database first, side by side (nothing is measured meanwhile).
  const databases = [];
  for (const kind of kinds) {
    for (const [i, size] of sizes.entries()) {
      const label = `${kind}-${size}`;
      const dataDir = path.join(tempRoot, `api-${label}`);
      const database = `bench_${size}`;
      const databaseUrl = kind === 'postgres' ? await postgres.createDatabase(database) : undefined;
      databases.push({ kind, size, label, dataDir, databaseUrl, database, ports: portsOf(i) });
    }
    // the users directory's: as many users as asked (the seed's agents and the five beside them),
    // the fewest orders of the order sizes
    if (routes.includes('usersDirectory')) {
      for (const [j, users] of (options.userSizes ?? []).entries()) {
        const label = `${kind}-users-${users}`;
        const database = `bench_users_${users}`;
        const databaseUrl = kind === 'postgres' ? await postgres.createDatabase(database) : undefined;
        const dataDir = path.join(tempRoot, `api-${label}`);
        const ports = portsOf(sizes.length + j);
        databases.push({ kind, users, size: Math.min(...sizes), label, dataDir, databaseUrl, database, ports });
      }
    }
  }
  const sizeLabel = (d) => (d.users ? `${int(d.users)} users` : int(d.size));
  log(
    `Seeding ${databases.map((d) => `${KIND_LABEL[d.kind]} ${sizeLabel(d)}`).join(', ')} (${options.products} products)…`,
  );
  await Promise.all(
    databases.map(async (d) => {
      const agents = d.users ? Math.max(1, d.users - SEED_USERS_BESIDE_AGENTS) : undefined;
      d.seedSeconds = await seed({ ...d, orders: d.size, agents, products: options.products, logDir });
      // what autovacuum would have done by the time a real database is this size
      if (d.kind === 'postgres') await postgres.query(d.database, 'vacuum analyze');
    }),
  );
  log(`  seeded: ${databases.map((d) => `${d.label} in ${d.seedSeconds.toFixed(0)} s`).join(', ')}`);

  for (const kind of kinds) {
    const kindResult = { sizes: {} };
    result.kinds[kind] = kindResult;
    const started = [];
    try {
      // every size of this database up at once, so that each route runs on all sizes back to back
      const servers = [];
      for (const db of databases.filter((d) => d.kind === kind && !d.users)) {
        const withBare = options.bareSizes.includes(db.size) && endpoints.some((e) => BARE_ENDPOINTS.has(e));
        const apiUrl = `http://127.0.0.1:${db.ports.api}`;
        const bareUrl = `http://127.0.0.1:${db.ports.bare}`;
        let bareEnv;
        if (withBare && kind === 'pglite') {
          // PGlite is one process per folder: the bare route reads a copy made before any load
          const bareDir = path.join(tempRoot, `bare-${db.label}`);
          fs.cpSync(path.join(db.dataDir, 'pglite'), bareDir, { recursive: true });
          bareEnv = { BARE_PGLITE_DIR: bareDir };
        } else if (withBare) {
          bareEnv = { BARE_DATABASE_URL: db.databaseUrl };
        }
        const api = await startApi({ ...db, port: db.ports.api, logDir, label: db.label });
        started.push(api);
        if (bareEnv) {
          const bareArgs = ['--import', 'tsx', path.join(here, 'bare-server.mjs')];
          const bare = startProcess(`bare-${db.label}`, process.execPath, bareArgs, {
            cwd: here,
            env: { ...bareEnv, BARE_PORT: String(db.ports.bare) },
            logDir,
          });
          started.push(bare);
          await waitForHttp(`${bareUrl}/health`, bare);
        }
        const fx = await fixtures(apiUrl);
        const shots = endpoints.includes('createOrderShot')
          ? await screenshotPools({
              apiUrl,
              bareUrl: withBare ? bareUrl : undefined,
              fx,
              log,
              label: db.label,
              shots: options.shots ?? SHOTS,
            })
          : undefined;
        servers.push({ db, withBare, routes: targets({ apiUrl, bareUrl, ...fx, shots }) });
        kindResult.sizes[db.size] = { counts: fx.counts, endpoints: {} };
        if (kind === 'postgres') {
          // before any order is created, so the plans are those of the seeded data
          // the search's values as the API makes them: its text, and the lookup the index is read by
          const pattern = likePattern(fx.searchText);
          const { rows: agents } = await postgres.query(db.database, SQL.searchAgents, ['agent', pattern, pattern]);
          // a text naming agents is read with theirs (services/orders.ts searchMatches), one naming none alone
          const agentIds = agents.map((agent) => agent.id);
          const [searchIds, search] =
            agentIds.length > 0
              ? [SQL.adminSearchIdsWithAgents, [searchLookup(fx.searchText), pattern, pattern, pattern, agentIds]]
              : [SQL.adminSearchIds, [searchLookup(fx.searchText), pattern, pattern, pattern]];
          result.explain[db.size] = {
            agentOrdersPage: await postgres.explain(db.database, SQL.agentOrdersPage, [fx.agentId, fx.agentId]),
            agentOrdersCount: await postgres.explain(db.database, SQL.agentOrdersCount, [fx.agentId, fx.agentId]),
            approvedProductsPage: await postgres.explain(db.database, SQL.approvedProductsPage, ['approved', 50, 0]),
            // the statements that read the caller's session: a token id never revoked, the agent
            approvedProductsCount: await postgres.explain(db.database, SQL.approvedProductsCount, [
              crypto.randomUUID(),
              fx.agentId,
              'approved',
            ]),
            oneOrder: await postgres.explain(db.database, SQL.oneOrderWithSession, [
              crypto.randomUUID(),
              fx.agentId,
              fx.orderId,
              1,
            ]),
            adminOrdersPage: await postgres.explain(db.database, SQL.adminOrdersPage, []),
            searchAgents: await postgres.explain(db.database, SQL.searchAgents, ['agent', pattern, pattern]),
            adminSearchIds: await postgres.explain(db.database, searchIds, [...search, 50, 0]),
            ordersByIds: await postgres.explain(db.database, SQL.ordersByIds, [
              (await postgres.query(db.database, searchIds, [...search, 50, 0])).rows.map((row) => row.id),
            ]),
            orderHistory: await postgres.explain(db.database, SQL.orderHistory, [
              crypto.randomUUID(),
              fx.agentId,
              'flag-dismissed',
              fx.historyOrderId,
              fx.agentId,
            ]),
          };
        }
        if (routes.includes('export')) {
          // before any load, on the seeded orders alone
          const exported = await measureExport({ apiUrl, adminToken: fx.adminToken, pid: api.child.pid });
          kindResult.sizes[db.size].export = exported;
          log(
            `  ${KIND_LABEL[kind]} ${int(db.size)} orders · CSV export: ${int(exported.rows)} rows in ${fixed(exported.seconds, 1)} s, ` +
              `${int(exported.rowsPerSecond)} rows/s, peak RSS ${int(exported.peakRssMb)} MB (${int(exported.rssBeforeMb)} MB before)`,
          );
        }
      }

      for (const endpoint of endpoints) {
        for (const { db, withBare, routes } of servers) {
          const figuresOf = {};
          if (!routes[endpoint]) continue;
          const whos = ['api', 'bare', 'bareWithout'].filter((w) => routes[endpoint][w] && (w === 'api' || withBare));
          const report = (who, figures) => {
            // autocannon counts a timeout among the errors too
            const failed = figures.non2xx + figures.errors;
            log(
              `  ${KIND_LABEL[kind]} ${int(db.size)} orders · ${ENDPOINT_LABEL[endpoint]} · ${who}: ` +
                `${int(figures.rps)} req/s, p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}` +
                (failed ? ` (${failed} failed: ${JSON.stringify(figures.statusCodes)}, errors ${figures.errors})` : ''),
            );
          };
          if (endpoint === 'createOrderShot') {
            Object.assign(
              figuresOf,
              await measureShots({
                db,
                routes,
                whos,
                postgres,
                connections: options.connections,
                shots: options.shots ?? SHOTS,
                log,
              }),
            );
            for (const who of whos) report(who, figuresOf[who]);
          } else if (endpoint === 'adminSearch' && endpoints.includes('adminOrders')) {
            // in turns with the unfiltered page, so that the search's ratio divides figures of the
            // same minutes of the machine (the unfiltered page's own row is measured on its own)
            const turns = await measurePairs({
              targets: { api: routes.adminSearch.api, bare: routes.adminOrders.api },
              options,
            });
            Object.assign(figuresOf, {
              api: turns.api,
              unfiltered: turns.bare,
              pairs: turns.pairs.map((pair) => ({ searched: pair.api, unfiltered: pair.bare, load: pair.load })),
            });
            report('api', figuresOf.api);
            log(
              `  ${KIND_LABEL[kind]} ${int(db.size)} orders · ${ENDPOINT_LABEL[endpoint]}, unfiltered ÷ searched, turn by turn: ` +
                `${figuresOf.pairs.map((pair) => `${fixed(pair.unfiltered / pair.searched)}×`).join(', ')}`,
            );
          } else if (whos.includes('bare')) {
            Object.assign(figuresOf, await measurePairs({ targets: routes[endpoint], options }));
            for (const who of whos) report(who, figuresOf[who]);
            log(
              `  ${KIND_LABEL[kind]} ${int(db.size)} orders · ${ENDPOINT_LABEL[endpoint]} ÷ bare route, turn by turn: ` +
                `${figuresOf.pairs.map((pair) => `${fixed(pair.ratio)}×`).join(', ')} (median ${fixed(figuresOf.ratio)}×)`,
            );
          } else {
            for (const who of whos) {
              const target = routes[endpoint][who];
              if (options.warmup > 0)
                await load({ ...target, duration: options.warmup, connections: options.connections });
              figuresOf[who] = await load({ ...target, duration: options.duration, connections: options.connections });
              report(who, figuresOf[who]);
            }
          }
          kindResult.sizes[db.size].endpoints[endpoint] = figuresOf;
        }
      }
      const directories = databases.filter((d) => d.kind === kind && d.users);
      if (directories.length > 0) {
        kindResult.users = await measureUsersDirectory({ databases: directories, started, logDir, log, options });
      }
    } finally {
      for (const proc of started.reverse()) await proc.stop();
      if (kind === 'pglite') {
        for (const db of databases.filter((d) => d.kind === 'pglite')) {
          fs.rmSync(db.dataDir, { recursive: true, force: true });
          fs.rmSync(path.join(tempRoot, `bare-${db.label}`), { recursive: true, force: true });
        }
      }
    }
  }
  await postgres?.stop();
  return result;
}

/** The table's rows for this section. */
export function apiRows(result, { sizes }) {
  const rows = [];
  const small = Math.min(...sizes);
  const large = Math.max(...sizes);
  for (const kind of ['pglite', 'postgres']) {
    const k = result.kinds[kind];
    const name = KIND_LABEL[kind];
    if (!k || k.skipped) {
      rows.push({
        section: 'api',
        figure: `${name}: every route`,
        value: 'skipped',
        budget: '—',
        met: null,
        note: k?.skipped,
      });
      continue;
    }
    for (const size of sizes) {
      const s = k.sizes[size];
      if (!s) continue;
      // the routes this run measured (`--routes`)
      for (const endpoint of ENDPOINTS.filter((e) => s.endpoints[e])) {
        const { api, bare, bareWithout, pairs, ratio: pairedRatio } = s.endpoints[endpoint];
        const failures = api.non2xx + api.errors;
        rows.push({
          section: 'api',
          figure: `${name} ${int(size)} orders · ${ENDPOINT_LABEL[endpoint]}`,
          value: `${int(api.rps)} req/s · p50 ${ms(api.p50Ms)} · p99 ${ms(api.p99Ms)}`,
          budget: kind === 'postgres' ? `p99 ≤ ${BUDGETS.pgP99Ms} ms` : '—',
          met: kind === 'postgres' ? api.p99Ms <= BUDGETS.pgP99Ms : null,
          note: failures ? `${failures} failed requests` : undefined,
          load: api.load,
        });
        if (bare) {
          // the median of the turns' ratios (measurePairs, measureShots)
          const ratio = pairedRatio ?? api.rps / bare.rps;
          const turns = pairs ? `; turns ${pairs.map((pair) => `${fixed(pair.ratio)}×`).join(', ')}` : '';
          rows.push({
            section: 'api',
            figure: `${name} ${int(size)} orders · ${ENDPOINT_LABEL[endpoint]} ÷ bare route`,
            value: `${fixed(ratio)}× (bare ${int(bare.rps)} req/s · p99 ${ms(bare.p99Ms)}${turns})`,
            budget: `≥ ${BUDGETS.bareRatio}×`,
            met: ratio >= BUDGETS.bareRatio,
            load: highestLoad(api, bare),
            note: bare.non2xx + bare.errors ? `${bare.non2xx + bare.errors} failed requests` : undefined,
          });
        }
        if (bare && bareWithout) {
          // issue 15: placing with the fraud checks within 1.3x of placing without them
          const slower = bareWithout.rps / bare.rps;
          rows.push({
            section: 'api',
            figure: `${name} ${int(size)} orders · ${ENDPOINT_LABEL[endpoint]}: bare route without the fraud checks ÷ with them`,
            value: `${fixed(slower)}× (${int(bareWithout.rps)} → ${int(bare.rps)} req/s · p99 ${ms(bareWithout.p99Ms)} → ${ms(bare.p99Ms)})`,
            budget: `≤ ${BUDGETS.fraudChecksRatio}×`,
            met: slower <= BUDGETS.fraudChecksRatio,
            load: highestLoad(bare, bareWithout),
            note:
              bareWithout.non2xx + bareWithout.errors
                ? `${bareWithout.non2xx + bareWithout.errors} failed requests`
                : undefined,
          });
        }
      }
      // the search's turns with the unfiltered page when it ran them, else the unfiltered page's own run
      const search = s.endpoints.adminSearch;
      const unfiltered = search?.unfiltered ?? s.endpoints.adminOrders?.api;
      const searched = search?.api;
      if (unfiltered && searched) {
        const slower = search.pairs
          ? median(search.pairs.map((pair) => pair.unfiltered / pair.searched))
          : unfiltered.rps / searched.rps;
        const turns = search.pairs
          ? `; turns ${search.pairs.map((pair) => `${fixed(pair.unfiltered / pair.searched)}×`).join(', ')}`
          : '';
        rows.push({
          section: 'api',
          figure: `${name} ${int(size)} orders · admin's search page: req/s unfiltered ÷ searched`,
          value: `${fixed(slower)}× (${int(unfiltered.rps)} → ${int(searched.rps)} req/s; ${int(s.counts.searchMatches)} matches${turns})`,
          budget: `≤ ${BUDGETS.scaleRatio}×`,
          met: slower <= BUDGETS.scaleRatio,
          load: highestLoad(unfiltered, searched),
        });
      }
      if (s.export) {
        const e = s.export;
        rows.push({
          section: 'api',
          figure: `${name} ${int(size)} orders · CSV export of every order`,
          value: `${int(e.rowsPerSecond)} rows/s (${int(e.rows)} rows, ${fixed(e.seconds, 1)} s) · peak RSS ${int(e.peakRssMb)} MB (${int(e.rssBeforeMb)} MB before)`,
          budget: '—',
          met: null,
          load: e.load,
        });
      }
    }
    if (k.sizes[small] && k.sizes[large] && small !== large) {
      const measured = ENDPOINTS.filter((e) => !GROWS_WITH_SIZE.has(e) && k.sizes[small].endpoints[e]);
      for (const endpoint of measured) {
        const a = k.sizes[small].endpoints[endpoint].api;
        const b = k.sizes[large].endpoints[endpoint].api;
        const slower = a.rps / b.rps;
        rows.push({
          section: 'api',
          figure: `${name} ${ENDPOINT_LABEL[endpoint]}: req/s at ${int(small)} ÷ at ${int(large)} orders`,
          value: `${fixed(slower)}× (${int(a.rps)} → ${int(b.rps)} req/s)`,
          budget: `≤ ${BUDGETS.scaleRatio}×`,
          met: slower <= BUDGETS.scaleRatio,
          load: highestLoad(a, b),
        });
      }
      const a = k.sizes[small].export;
      const b = k.sizes[large].export;
      if (a && b) {
        const grown = b.peakRssMb / a.peakRssMb;
        rows.push({
          section: 'api',
          figure: `${name} CSV export: server's peak RSS at ${int(large)} ÷ at ${int(small)} orders`,
          value: `${fixed(grown)}× (${int(a.peakRssMb)} → ${int(b.peakRssMb)} MB)`,
          budget: `≤ ${BUDGETS.scaleRatio}×`,
          met: grown <= BUDGETS.scaleRatio,
          load: highestLoad(a, b),
        });
      }
    }
    // issue 25: the users directory's page at the most users within 1.5x of a page at the fewest
    const directories = Object.entries(k.users ?? {})
      .map(([users, figures]) => ({ users: Number(users), ...figures }))
      .sort((a, b) => a.users - b.users);
    for (const { total, api } of directories) {
      const failures = api.non2xx + api.errors;
      rows.push({
        section: 'api',
        figure: `${name} ${int(total)} users · ${ENDPOINT_LABEL.usersDirectory}`,
        value: `${int(api.rps)} req/s · p50 ${ms(api.p50Ms)} · p99 ${ms(api.p99Ms)}`,
        budget: kind === 'postgres' ? `p99 ≤ ${BUDGETS.pgP99Ms} ms` : '—',
        met: kind === 'postgres' ? api.p99Ms <= BUDGETS.pgP99Ms : null,
        note: failures ? `${failures} failed requests` : undefined,
        load: api.load,
      });
    }
    const fewest = directories[0];
    const most = directories.at(-1);
    if (fewest && most && fewest !== most) {
      const slower = fewest.api.rps / most.api.rps;
      rows.push({
        section: 'api',
        figure: `${name} users directory page at ${int(most.total)} users vs ${int(fewest.total)}: req/s ratio`,
        value: `${fixed(slower)}× (${int(fewest.api.rps)} → ${int(most.api.rps)} req/s)`,
        budget: `≤ ${BUDGETS.scaleRatio}×`,
        met: slower <= BUDGETS.scaleRatio,
        load: highestLoad(fewest.api, most.api),
      });
    }
  }
  return rows;
}
