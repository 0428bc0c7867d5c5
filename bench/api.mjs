// Section 3, API load: autocannon (10 s, 50 connections, on 127.0.0.1) against the real API
// (production code, LOG_LEVEL=warn) on PGlite and on PostgreSQL, each at 1,000 and 100,000
// orders, on five routes: approved products (a page of 50), an agent's orders (a page of 50),
// one order, one order's history, creating an order. Beside each, the bare route (bench/bare-server.mjs): the same
// SQL on the same database through the driver alone, with no auth.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { postgresMissing, startPostgres } from './lib/postgres.mjs';
import { startProcess, waitForHttp } from './lib/processes.mjs';
import { fixed, int, ms } from './lib/report.mjs';
import { apiGet, DEMO, login, PORTS, seed, startApi } from './lib/stack.mjs';
import { SQL } from './queries.mjs';

export const BUDGETS = { pgP99Ms: 25, bareRatio: 0.5, scaleRatio: 1.5 };

const here = path.dirname(fileURLToPath(import.meta.url));
const KIND_LABEL = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const ENDPOINTS = ['products', 'agentOrders', 'oneOrder', 'orderHistory', 'createOrder'];
export const ENDPOINT_LABEL = {
  products: 'approved products, page of 50',
  agentOrders: "agent's orders, page of 50",
  oneOrder: 'one order',
  orderHistory: "one order's history",
  createOrder: 'create an order',
};

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

function cannon(options) {
  return new Promise((resolve, reject) => {
    current = autocannon(options, (error, result) => {
      current = undefined;
      if (error) reject(error);
      else resolve(result);
    });
  });
}

/** One autocannon run; the figures the table needs. */
async function load({ url, method = 'GET', headers = {}, body, duration, connections }) {
  const { origin, pathname, search } = new URL(url);
  const request = { method, path: `${pathname}${search}`, headers };
  if (body) {
    request.headers = { ...headers, 'content-type': 'application/json' };
    request.setupRequest = (req) => ({ ...req, body: JSON.stringify(body()) });
  }
  const result = await cannon({ url: origin, connections, duration, requests: [request] });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
  };
}

/** Ports of the servers of the i-th database size: API and bare route side by side. */
const portsOf = (i) => ({ api: PORTS.api + 2 * i, bare: PORTS.bare + 2 * i });
export const apiSectionPorts = (sizes) => sizes.flatMap((_, i) => Object.values(portsOf(i)));

/** The requests of each route, for the API and for the bare route. */
function targets({ apiUrl, bareUrl, token, agentId, orderId, historyOrderId, product }) {
  const auth = { authorization: `Bearer ${token}` };
  const order = () => ({
    productId: product.id,
    reviewType: product.reviewType,
    amzOrderNumber: nextOrderNumber(),
    buyerPayPal: 'bench.buyer@example.com',
    buyerName: 'Bench Buyer',
    // a link that is not an upload of ours: an upload can only be attached by its uploader
    orderScreenshot: 'https://img.example.com/bench-order.png',
    comments: '',
  });
  return {
    products: {
      api: { url: `${apiUrl}/api/products/approved?limit=50`, headers: auth },
      bare: { url: `${bareUrl}/bare/products/approved?limit=50` },
    },
    agentOrders: {
      api: { url: `${apiUrl}/api/agents/${agentId}/orders?limit=50`, headers: auth },
      bare: { url: `${bareUrl}/bare/agents/${agentId}/orders?limit=50` },
    },
    oneOrder: {
      api: { url: `${apiUrl}/api/order/${orderId}`, headers: auth },
      bare: { url: `${bareUrl}/bare/order/${orderId}` },
    },
    orderHistory: {
      api: { url: `${apiUrl}/api/orders/${historyOrderId}/history`, headers: auth },
      bare: { url: `${bareUrl}/bare/orders/${historyOrderId}/history?agentId=${agentId}` },
    },
    createOrder: {
      api: { url: `${apiUrl}/api/orders`, method: 'POST', headers: auth, body: order },
      bare: { url: `${bareUrl}/bare/orders`, method: 'POST', body: () => ({ ...order(), agentId }) },
    },
  };
}

/**
 * The demo agent's session, its newest order, its newest paid order (whose history runs from its
 * placement to its payment) and an approved product it may order.
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
  return {
    token,
    agentId: user._id,
    orderId: orders[0]._id,
    historyOrderId,
    product: { id: product._id, reviewType: product.reviewTypes[0].title, image: product.image },
    counts: { agentOrders, approvedProducts: approved, productsOnPage: products.length, historyEvents: history.length },
  };
}

/**
 * @param {{ tempRoot: string, logDir: string, duration: number, warmup: number, connections: number,
 *   sizes: number[], products: number, bareSizes: number[], log: (line: string) => void }} options
 */
export async function measureApi(options) {
  const { tempRoot, logDir, sizes, log } = options;
  const result = { duration: options.duration, connections: options.connections, kinds: {}, explain: {} };

  // PostgreSQL, or why not
  const missing = postgresMissing();
  let postgres = null;
  if (missing) {
    log(`PostgreSQL skipped: ${missing}`);
    result.kinds.postgres = { skipped: missing };
  } else {
    postgres = await startPostgres({ logDir });
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
  }
  log(
    `Seeding ${databases.map((d) => `${KIND_LABEL[d.kind]} ${int(d.size)}`).join(', ')} (${options.products} products)…`,
  );
  await Promise.all(
    databases.map(async (d) => {
      d.seedSeconds = await seed({ ...d, orders: d.size, products: options.products, logDir });
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
      for (const db of databases.filter((d) => d.kind === kind)) {
        const withBare = options.bareSizes.includes(db.size);
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
        started.push(await startApi({ ...db, port: db.ports.api, logDir, label: db.label }));
        if (bareEnv) {
          const bare = startProcess(`bare-${db.label}`, process.execPath, [path.join(here, 'bare-server.mjs')], {
            cwd: here,
            env: { ...bareEnv, BARE_PORT: String(db.ports.bare) },
            logDir,
          });
          started.push(bare);
          await waitForHttp(`${bareUrl}/health`, bare);
        }
        const fx = await fixtures(apiUrl);
        servers.push({ db, withBare, routes: targets({ apiUrl, bareUrl, ...fx }) });
        kindResult.sizes[db.size] = { counts: fx.counts, endpoints: {} };
        if (kind === 'postgres') {
          // before any order is created, so the plans are those of the seeded data
          result.explain[db.size] = {
            agentOrdersPage: await postgres.explain(db.database, SQL.agentOrdersPage, [fx.agentId, fx.agentId, 50, 0]),
            agentOrdersCount: await postgres.explain(db.database, SQL.agentOrdersCount, [fx.agentId, fx.agentId]),
            approvedProductsPage: await postgres.explain(db.database, SQL.approvedProductsPage, ['approved', 50, 0]),
            approvedProductsCount: await postgres.explain(db.database, SQL.approvedProductsCount, ['approved']),
            oneOrder: await postgres.explain(db.database, SQL.oneOrder, [fx.orderId, 1]),
            orderHistory: await postgres.explain(db.database, SQL.orderHistory, [fx.historyOrderId, fx.agentId]),
          };
        }
      }

      for (const endpoint of ENDPOINTS) {
        for (const { db, withBare, routes } of servers) {
          const figuresOf = {};
          for (const who of withBare ? ['api', 'bare'] : ['api']) {
            const target = routes[endpoint][who];
            if (options.warmup > 0)
              await load({ ...target, duration: options.warmup, connections: options.connections });
            const figures = await load({ ...target, duration: options.duration, connections: options.connections });
            figuresOf[who] = figures;
            // autocannon counts a timeout among the errors too
            const failed = figures.non2xx + figures.errors;
            log(
              `  ${KIND_LABEL[kind]} ${int(db.size)} orders · ${ENDPOINT_LABEL[endpoint]} · ${who}: ` +
                `${int(figures.rps)} req/s, p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}` +
                (failed ? ` (${failed} failed: ${JSON.stringify(figures.statusCodes)}, errors ${figures.errors})` : ''),
            );
          }
          kindResult.sizes[db.size].endpoints[endpoint] = figuresOf;
        }
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
      for (const endpoint of ENDPOINTS) {
        const { api, bare } = s.endpoints[endpoint];
        const failures = api.non2xx + api.errors;
        rows.push({
          section: 'api',
          figure: `${name} ${int(size)} orders · ${ENDPOINT_LABEL[endpoint]}`,
          value: `${int(api.rps)} req/s · p50 ${ms(api.p50Ms)} · p99 ${ms(api.p99Ms)}`,
          budget: kind === 'postgres' ? `p99 ≤ ${BUDGETS.pgP99Ms} ms` : '—',
          met: kind === 'postgres' ? api.p99Ms <= BUDGETS.pgP99Ms : null,
          note: failures ? `${failures} failed requests` : undefined,
        });
        if (bare) {
          const ratio = api.rps / bare.rps;
          rows.push({
            section: 'api',
            figure: `${name} ${int(size)} orders · ${ENDPOINT_LABEL[endpoint]} ÷ bare route`,
            value: `${fixed(ratio)}× (bare ${int(bare.rps)} req/s · p99 ${ms(bare.p99Ms)})`,
            budget: `≥ ${BUDGETS.bareRatio}×`,
            met: ratio >= BUDGETS.bareRatio,
          });
        }
      }
    }
    if (k.sizes[small] && k.sizes[large] && small !== large) {
      for (const endpoint of ENDPOINTS.filter((e) => e !== 'createOrder')) {
        const a = k.sizes[small].endpoints[endpoint].api;
        const b = k.sizes[large].endpoints[endpoint].api;
        const slower = a.rps / b.rps;
        rows.push({
          section: 'api',
          figure: `${name} ${ENDPOINT_LABEL[endpoint]}: req/s at ${int(small)} ÷ at ${int(large)} orders`,
          value: `${fixed(slower)}× (${int(a.rps)} → ${int(b.rps)} req/s)`,
          budget: `≤ ${BUDGETS.scaleRatio}×`,
          met: slower <= BUDGETS.scaleRatio,
        });
      }
    }
  }
  return rows;
}
