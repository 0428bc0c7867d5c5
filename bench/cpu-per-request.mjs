// Where a request's time goes (issue 31, docs/benchmarks.md "Where the API's time goes"): the
// CPU time each process spends per request, the API's and the bare route's Node process and the
// database's, for a route and its bare route under the same load, one after the other. On
// PostgreSQL the database's is every `postgres` process's (from /proc); on PGlite it runs inside
// each Node process. With `--cpu-prof`, each Node process also writes a V8 profile per route. The
// read and write system calls of each Node process a request (/proc/PID/io) are printed too. With
// `--gc`, each Node process runs with V8's --trace-gc-nvp, and the young generation's figures of
// the measured seconds are printed: the bytes a request promoted to the old generation and the
// scavenges' pause a request (docs/benchmarks.md, 30 November, night: the young generation).
//   node bench/cpu-per-request.mjs [--orders 1000] [--seconds 8] [--routes products,oneOrder,createOrder] [--pglite] [--cpu-prof] [--gc] [--shots 600]
// (routes: products, agentOrders, oneOrder, orderHistory, createOrder, createOrderShot)
// createOrderShot places orders with a screenshot the agent uploaded, each used once, as bench/api.mjs's
// measureShots does: `--shots` of them are uploaded through the API first (about 5 a second), and
// as many made by the bare route; a tenth of them warm up, the rest are measured (not `--seconds`).
// Needs a built workspace (`npm ci`), and for PostgreSQL the bench's own cluster (`postgresql` installed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cannon from 'autocannon';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { startProcess, waitForHttp } from '../scripts/lib/processes.mjs';
import { uploadScreenshots } from './lib/screenshots.mjs';
import { apiEnv, apiGet, benchOrder, DEMO, login, ROOT, seed } from './lib/stack.mjs';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '8' },
    routes: { type: 'string', default: 'products,oneOrder,orderHistory' },
    pglite: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    gc: { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    shots: { type: 'string', default: '600' },
    verbose: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const here = path.dirname(new URL(import.meta.url).pathname);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cpu-per-request-'));
const logDir = path.join(work, 'logs');
const API_PORT = 18100;
const BARE_PORT = 18101;

const TICK = 100; // USER_HZ of /proc's utime and stime on Linux
/** CPU seconds of the processes whose pid `keep` accepts, from /proc. */
function cpuSeconds(keep) {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!keep(Number(entry), comm)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICK;
}

/** The read and write system calls a process made so far (/proc/PID/io). */
function ioOf(pid) {
  const io = Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/io`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(': ')),
  );
  return { syscr: Number(io.syscr), syscw: Number(io.syscw) };
}

let postgres;
let databaseUrl;
if (!values.pglite) {
  postgres = await startPostgres({ port: 18102, logDir, name: 'postgres-cpu' });
  databaseUrl = await postgres.createDatabase('cpu');
}
const dataDir = path.join(work, 'data');
console.log(`seeding ${values.orders} orders on ${values.pglite ? 'PGlite' : 'PostgreSQL'}…`);
await seed({ dataDir, databaseUrl, orders: Number(values.orders), products: 120, logDir, label: 'cpu' });
if (postgres) await postgres.query('cpu', 'vacuum analyze');

const profArgs = (dir) => [
  ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []),
  ...(values.gc ? ['--trace-gc-nvp'] : []),
];

/**
 * The young generation's work in a stretch of a process's --trace-gc-nvp lines: the bytes
 * promoted to the old generation and the scavenges' pause (ms), over `n` requests.
 */
function youngGeneration(lines, n) {
  let promoted = 0;
  let pauseMs = 0;
  for (const line of lines.split('\n')) {
    if (!line.includes(' gc=s ')) continue;
    promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    pauseMs += Number(/ pause=([\d.]+)/.exec(line)?.[1] ?? 0);
  }
  return { promotedBytes: promoted / n, scavengeUs: (pauseMs * 1000) / n };
}
async function startApi(route) {
  const proc = startProcess(
    'api',
    process.execPath,
    [...profArgs(path.join(work, 'prof', route, 'api')), '--import', 'tsx', 'src/main.ts'],
    {
      cwd: path.join(ROOT, 'server'),
      env: apiEnv({ dataDir, databaseUrl, port: API_PORT }),
      logDir,
    },
  );
  await waitForHttp(`http://127.0.0.1:${API_PORT}/api/health`, proc);
  return proc;
}
async function startBare(route) {
  let env = { BARE_DATABASE_URL: databaseUrl };
  if (values.pglite) {
    const copy = path.join(work, `bare-${route}`);
    fs.cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
    env = { BARE_PGLITE_DIR: copy };
  }
  const proc = startProcess(
    'bare',
    process.execPath,
    [...profArgs(path.join(work, 'prof', route, 'bare')), '--import', 'tsx', path.join(here, 'bare-server.mjs')],
    {
      cwd: here,
      env: { ...env, BARE_PORT: String(BARE_PORT) },
      logDir,
    },
  );
  await waitForHttp(`http://127.0.0.1:${BARE_PORT}/health`, proc);
  return proc;
}

/**
 * Runs the load on one target; answers requests, and CPU seconds per request of the process and
 * of PostgreSQL. `body`: a POST's body, made afresh for each request. `amounts`: the warm-up's
 * and the measured requests' number, instead of 2 and `--seconds` seconds.
 */
async function measure(url, headers, proc, body, amounts) {
  const pid = proc.child.pid;
  const load = body
    ? {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }) }],
      }
    : { headers };
  if (values.verbose && !body) {
    const response = await fetch(url, { headers });
    const text = await response.text();
    let wide = 0;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) wide++;
    console.log(
      `  ${url}: ${response.status}, ${text.length} characters (${wide} beyond ASCII), ${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('; ')}`,
    );
  }
  const span = (seconds, amount) => (amounts ? { amount } : { duration: seconds });
  await cannon({ url, connections, ...span(2, amounts?.[0]), ...load });
  const own = (p) => p === pid;
  const pg = (_p, comm) => comm === 'postgres';
  const logSize = () => fs.statSync(proc.logFile).size;
  const before = { own: cpuSeconds(own), pg: cpuSeconds(pg), io: ioOf(pid), log: logSize() };
  const started = performance.now();
  const result = await cannon({ url, connections, ...span(seconds, amounts?.[1]), ...load });
  const elapsed = (performance.now() - started) / 1000;
  const after = { own: cpuSeconds(own), pg: cpuSeconds(pg), io: ioOf(pid), log: logSize() };
  const n = result.requests.total;
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers other than 2xx`);
  let gc;
  if (values.gc) {
    const lines = Buffer.alloc(after.log - before.log);
    const fd = fs.openSync(proc.logFile, 'r');
    fs.readSync(fd, lines, 0, lines.length, before.log);
    fs.closeSync(fd);
    gc = youngGeneration(lines.toString('utf8'), n);
  }
  return {
    gc,
    // by the run's own time: a run of a number of requests lasts a few seconds, and autocannon's
    // figures count whole seconds, too coarse for it
    rps: n / elapsed,
    n,
    nodeUs: ((after.own - before.own) / n) * 1e6,
    pgUs: ((after.pg - before.pg) / n) * 1e6,
    reads: (after.io.syscr - before.io.syscr) / n,
    writes: (after.io.syscw - before.io.syscw) / n,
  };
}

const rows = [];
for (const route of values.routes.split(',')) {
  const api = await startApi(route);
  const { token, user } = await login(`http://127.0.0.1:${API_PORT}`, DEMO.agent);
  const agentId = user._id;
  const { body: orders } = await apiGet(`http://127.0.0.1:${API_PORT}`, `/api/agents/${agentId}/orders?limit=1`, token);
  const orderId = orders[0]._id;
  const { body: products } = await apiGet(`http://127.0.0.1:${API_PORT}`, '/api/products/approved?limit=50', token);
  const product = products.find((p) => p.reviewTypes.length > 0);
  // bench/api.mjs's createOrder: a screenshot in the bench's Firebase bucket, one buyer
  const order = () => benchOrder(product);
  /** createOrderShot's screenshots: the API's and the bare route's, each used once */
  const shots = { api: [], bare: [] };
  let buyers = 0;
  const shot = (who) => ({
    ...order(),
    buyerPayPal: `bench.buyer.${buyers++}@example.com`,
    orderScreenshot: shots[who].pop(),
  });
  const bodies =
    {
      createOrder: [order, () => ({ ...order(), agentId })],
      createOrderShot: [() => shot('api'), () => ({ ...shot('bare'), agentId })],
    }[route] ?? [];
  const count = Number(values.shots);
  const amounts = route === 'createOrderShot' ? [Math.floor(count / 10), count - Math.floor(count / 10)] : undefined;
  if (route === 'createOrderShot') {
    const started = performance.now();
    shots.api = await uploadScreenshots(`http://127.0.0.1:${API_PORT}`, token, { first: 0, count });
    console.log(`  ${count} screenshots uploaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // as measureShots: the uploads would otherwise wake autovacuum in the middle of the run
    if (postgres) await postgres.query('cpu', 'vacuum analyze');
  }
  const urls = {
    products: ['/api/products/approved?limit=50', `/bare/products/approved?limit=50&agentId=${agentId}`],
    agentOrders: [`/api/agents/${agentId}/orders?limit=50`, `/bare/agents/${agentId}/orders?limit=50`],
    oneOrder: [`/api/order/${orderId}`, `/bare/order/${orderId}?agentId=${agentId}`],
    orderHistory: [`/api/orders/${orderId}/history`, `/bare/orders/${orderId}/history?agentId=${agentId}`],
    createOrder: ['/api/orders', '/bare/orders'],
    createOrderShot: ['/api/orders', '/bare/orders'],
  }[route];
  const apiFigures = await measure(
    `http://127.0.0.1:${API_PORT}${urls[0]}`,
    { authorization: `Bearer ${token}` },
    api,
    bodies[0],
    amounts,
  );
  await api.stop();
  const bare = await startBare(route);
  if (route === 'createOrderShot') {
    const response = await fetch(`http://127.0.0.1:${BARE_PORT}/bare/screenshots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agentId, first: count, count }),
    });
    if (response.status !== 201) throw new Error(`the bare route's screenshots answered ${response.status}`);
    shots.bare = (await response.json()).keys;
    if (postgres) await postgres.query('cpu', 'vacuum analyze');
  }
  const bareFigures = await measure(`http://127.0.0.1:${BARE_PORT}${urls[1]}`, {}, bare, bodies[1], amounts);
  await bare.stop();
  rows.push({ route, api: apiFigures, bare: bareFigures });
  const f = (x) => x.toFixed(0).padStart(5);
  console.log(
    `${route.padEnd(13)} api ${f(apiFigures.rps)} req/s: node ${f(apiFigures.nodeUs)} µs + db ${f(apiFigures.pgUs)} µs, ${apiFigures.reads.toFixed(2)} reads ${apiFigures.writes.toFixed(2)} writes | bare ${f(bareFigures.rps)} req/s: node ${f(bareFigures.nodeUs)} µs + db ${f(bareFigures.pgUs)} µs, ${bareFigures.reads.toFixed(2)} reads ${bareFigures.writes.toFixed(2)} writes | ratio ${(apiFigures.rps / bareFigures.rps).toFixed(2)}`,
  );
  if (values.gc) {
    const g = (x) =>
      `promoted ${x.gc.promotedBytes.toFixed(0).padStart(6)} B, scavenging ${x.gc.scavengeUs.toFixed(1).padStart(5)} µs`;
    console.log(`${''.padEnd(13)} young generation a request: api ${g(apiFigures)} | bare ${g(bareFigures)}`);
  }
}
if (postgres) await postgres.stop();
if (values['cpu-prof']) console.log(`profiles: ${path.join(work, 'prof')}`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
