// Section 4, scale: the API past one process (docs/scaling.md). On PostgreSQL (1,000 orders),
// with the cluster of `npm run start:cluster` (scripts/cluster.mjs: HAProxy with
// deploy/haproxy.cfg, Redis, API processes): one order and creating an order, each
//   - against one process directly,
//   - through the balancer with one process behind it (the other out of the pool, `state maint`),
//   - through the balancer with two processes behind it;
// and while each load runs, the CPU time each part used (API processes, PostgreSQL, HAProxy,
// the load generator) and the PostgreSQL connections the processes held: what limits it.
import fs from 'node:fs';
import os from 'node:os';
import { haproxyCommand, waitForServerState } from '../scripts/cluster.mjs';
import { login, startCluster } from '../scripts/cluster-tests/harness.mjs';
import { ENDPOINT_LABEL, load } from './api.mjs';
import { fixed, highestLoad, int, ms } from './lib/report.mjs';
import { apiGet, BENCH_FIREBASE_BUCKET, benchOrder, DEMO } from './lib/stack.mjs';

export const SCALE_PORTS = { balancer: 18100, api: 18101, postgres: 15434, redis: 16379 };
export const scaleSectionPorts = () => [
  SCALE_PORTS.balancer,
  SCALE_PORTS.api,
  SCALE_PORTS.api + 1,
  SCALE_PORTS.postgres,
  SCALE_PORTS.redis,
];
const ENDPOINTS = ['oneOrder', 'createOrder'];
const SETUPS = {
  direct: 'one process, direct',
  one: 'one process behind the balancer',
  two: 'two processes behind the balancer',
};
const HIGH_LIMIT = '1000000/min';
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by every process of each group and its descendants (Linux /proc:
 * utime + stime); PostgreSQL's backends leave their postmaster's group, so each process counts
 * for the first of itself and its ancestors that is in a group.
 */
function cpuSecondsByGroup(groups) {
  const byPgid = new Map(groups.map((g) => [g.pid, g.name]));
  const totals = Object.fromEntries(groups.map((g) => [g.name, 0]));
  const procs = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the fields after the command name (which may hold spaces), from field 3 (state) on
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), {
        ppid: Number(fields[1]),
        pgid: Number(fields[2]),
        seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      });
    } catch {
      // gone meanwhile
    }
  }
  for (const proc of procs.values()) {
    let at = proc;
    for (let depth = 0; at && depth < 10; depth++) {
      const name = byPgid.get(at.pgid);
      if (name) {
        totals[name] += proc.seconds;
        break;
      }
      at = procs.get(at.ppid);
    }
  }
  return totals;
}

/** What each part of the cluster (and the load generator) used of the machine's CPU during a load. */
async function withCpuShares(cluster, run) {
  const groups = cluster.processes();
  const before = cpuSecondsByGroup(groups);
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  const figures = await run();
  const seconds = (performance.now() - started) / 1000;
  const after = cpuSecondsByGroup(groups);
  const self = process.cpuUsage(selfBefore);
  const cores = {};
  for (const { name } of groups) {
    const part = name.startsWith('api') ? name.replace(/-\d+$/, '') : name;
    cores[part] = (cores[part] ?? 0) + (after[name] - before[name]) / seconds;
  }
  cores.autocannon = (self.user + self.system) / 1e6 / seconds;
  return { ...figures, cores };
}

/**
 * @param {{ duration: number, warmup: number, connections: number, products: number, logDir: string,
 *   scaleOrders?: number, log: (line: string) => void }} options
 */
export async function measureScale(options) {
  const { log } = options;
  const orders = options.scaleOrders ?? 1000;
  log(`  starting PostgreSQL, Redis, two API processes and HAProxy; seeding ${int(orders)} orders…`);
  const cluster = await startCluster({
    processes: 2,
    ports: SCALE_PORTS,
    seed: ['--orders', String(orders), '--products', String(options.products)],
    logDir: options.logDir,
    balancerLog: false,
    env: {
      LOGIN_RATE_LIMIT: HIGH_LIMIT,
      REGISTER_RATE_LIMIT: HIGH_LIMIT,
      UPLOAD_RATE_LIMIT: HIGH_LIMIT,
      FIREBASE_STORAGE_BUCKET: BENCH_FIREBASE_BUCKET,
      LOG_LEVEL: 'warn',
    },
  });
  const result = { duration: options.duration, connections: options.connections, cores: os.cpus().length, setups: {} };
  try {
    const { token, user } = await login(cluster.balancerUrl, DEMO.agent.email, DEMO.agent.password);
    const { body: orders } = await apiGet(cluster.balancerUrl, `/api/agents/${user._id}/orders?limit=1`, token);
    const { body: products } = await apiGet(cluster.balancerUrl, '/api/products/approved?limit=50', token);
    const product = products.find((p) => p.reviewTypes.length > 0);
    if (!orders[0] || !product) throw new Error('the seeded database has no order of agent1 or no approved product');
    const auth = { authorization: `Bearer ${token}` };
    const target = (baseUrl, endpoint) =>
      endpoint === 'oneOrder'
        ? { url: `${baseUrl}/api/order/${orders[0]._id}`, headers: auth }
        : {
            url: `${baseUrl}/api/orders`,
            method: 'POST',
            headers: auth,
            body: () => benchOrder(product),
          };

    const run = async (setup, baseUrl) => {
      result.setups[setup] = {};
      for (const endpoint of ENDPOINTS) {
        const t = target(baseUrl, endpoint);
        if (options.warmup > 0) await load({ ...t, duration: options.warmup, connections: options.connections });
        const figures = await withCpuShares(cluster, () =>
          load({ ...t, duration: options.duration, connections: options.connections }),
        );
        const { rows } = await cluster.query(
          'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        figures.postgresConnections = rows[0].n;
        result.setups[setup][endpoint] = figures;
        const failed = figures.non2xx + figures.errors;
        log(
          `  ${SETUPS[setup]} · ${ENDPOINT_LABEL[endpoint]}: ${int(figures.rps)} req/s, p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}; ` +
            `CPU cores used: ${Object.entries(figures.cores)
              .map(([part, cores]) => `${part} ${fixed(cores)}`)
              .join(', ')}; ${figures.postgresConnections} PostgreSQL connections` +
            (failed ? ` (${failed} failed: ${JSON.stringify(figures.statusCodes)})` : ''),
        );
      }
    };

    const [first, second] = cluster.apis;
    // both processes and PostgreSQL warmed up before the first measured run, so that it is not the coldest
    if (options.warmup > 0) {
      for (const endpoint of ENDPOINTS) {
        await load({ ...target(cluster.balancerUrl, endpoint), duration: 3, connections: options.connections });
      }
    }
    await run('direct', first.url);
    await haproxyCommand(cluster.socket, `set server api/${second.name} state maint`);
    await waitForServerState(cluster.socket, second.name, 'MAINT');
    await run('one', cluster.balancerUrl);
    await haproxyCommand(cluster.socket, `set server api/${second.name} state ready`);
    await waitForServerState(cluster.socket, second.name, 'UP');
    await run('two', cluster.balancerUrl);
  } finally {
    await cluster.stop();
  }
  return result;
}

/** Requests a second per CPU core used: by the API processes, and by the whole cluster (API, PostgreSQL, HAProxy, Redis). */
export function perCore(figures) {
  const parts = Object.entries(figures.cores).filter(([part]) => part !== 'autocannon');
  const api = parts.filter(([part]) => part.startsWith('api')).reduce((sum, [, cores]) => sum + cores, 0);
  const all = parts.reduce((sum, [, cores]) => sum + cores, 0);
  return { api: figures.rps / api, cluster: figures.rps / all };
}

/** The table's rows for this section. */
export function scaleRows(result) {
  const rows = [];
  for (const endpoint of ENDPOINTS) {
    for (const [setup, label] of Object.entries(SETUPS)) {
      const f = result.setups[setup]?.[endpoint];
      if (!f) continue;
      const failures = f.non2xx + f.errors;
      rows.push({
        section: 'scale',
        figure: `PostgreSQL · ${ENDPOINT_LABEL[endpoint]} · ${label}`,
        value:
          `${int(f.rps)} req/s · p50 ${ms(f.p50Ms)} · p99 ${ms(f.p99Ms)} · ` +
          `${int(perCore(f).api)} req/s per API core, ${int(perCore(f).cluster)} per core of the cluster · ` +
          `${f.postgresConnections} PostgreSQL connections`,
        budget: '—',
        met: null,
        note: failures ? `${failures} failed requests` : undefined,
        load: f.load,
      });
    }
    const direct = result.setups.direct?.[endpoint];
    const one = result.setups.one?.[endpoint];
    const two = result.setups.two?.[endpoint];
    if (one && two) {
      rows.push({
        section: 'scale',
        figure: `PostgreSQL · ${ENDPOINT_LABEL[endpoint]}: two processes ÷ one, behind the balancer`,
        value: `${fixed(two.rps / one.rps)}× on ${result.cores} cores`,
        budget: '—',
        met: null,
        load: highestLoad(one, two),
      });
    }
    if (direct && one) {
      rows.push({
        section: 'scale',
        figure: `PostgreSQL · ${ENDPOINT_LABEL[endpoint]}: the balancer's cost (one process behind it ÷ direct)`,
        value: `${fixed(one.rps / direct.rps)}× req/s, p50 ${ms(direct.p50Ms)} → ${ms(one.p50Ms)}, HAProxy used ${fixed(one.cores.haproxy)} core`,
        budget: '—',
        met: null,
        load: highestLoad(direct, one),
      });
    }
  }
  return rows;
}
