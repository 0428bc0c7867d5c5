// A cluster for the tests and the bench: PostgreSQL and Redis in a temporary folder, the API
// processes (scripts/cluster.mjs) and HAProxy with deploy/haproxy.cfg, each process its own
// log file; any process can be killed, stopped and started again on its port.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import {
  apiProcess,
  DATABASE_NAME,
  haproxyServer,
  POSTGRES_SETTINGS,
  ROOT,
  redisServer,
  waitForServerState,
} from '../cluster.mjs';
import { acceptsConnections, startPostgres } from '../lib/postgres.mjs';
import { runCommand, startProcess, tail } from '../lib/processes.mjs';
import { waitForHealthy } from '../lib/wait.mjs';

export const ADMIN = { email: 'admin@cluster.test', password: 'cluster-admin-password' };
export const DEMO_PASSWORD = 'demo-password';

const portFrom = (name, fallback) => Number(process.env[name] || fallback);

/** The test ports (CLUSTER_TEST_* to move them): balancer, first API process, PostgreSQL, Redis. */
export const TEST_PORTS = {
  balancer: portFrom('CLUSTER_TEST_BALANCER_PORT', 18000),
  api: portFrom('CLUSTER_TEST_API_PORT', 18101),
  postgres: portFrom('CLUSTER_TEST_POSTGRES_PORT', 5445),
  redis: portFrom('CLUSTER_TEST_REDIS_PORT', 6395),
};

/**
 * @param {{ processes?: number, ports?: typeof TEST_PORTS, env?: Record<string, string>,
 *   seed?: string[] | null, logDir?: string, drainSeconds?: number }} options
 *   seed: `npm run seed` arguments (null: no seed)
 */
export async function startCluster(options = {}) {
  const processes = options.processes ?? 2;
  const ports = options.ports ?? TEST_PORTS;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
  // PostgreSQL runs as its own user (as root: postgres), its folder is inside this one
  fs.chmodSync(dir, 0o755);
  const logDir = options.logDir ?? path.join(dir, 'logs');
  const started = [];
  const launch = (name, spec, cwd = dir, env = {}) => {
    const proc = startProcess(name, spec.command, spec.args, { cwd, env, logDir });
    started.push(proc);
    return proc;
  };

  const cluster = {
    dir,
    logDir,
    balancerUrl: `http://127.0.0.1:${ports.balancer}`,
    /** @type {Array<{ name: string, port: number, url: string, spec: ReturnType<typeof apiProcess>, proc: import('../lib/processes.mjs').ManagedProcess }>} */
    apis: [],
    databaseUrl: '',
    socket: '',
    /** @type {{ spec: Awaited<ReturnType<typeof startPostgres>>['spec'], dataDir: string, proc: import('../lib/processes.mjs').ManagedProcess, paused: number[] }} */
    postgres: undefined,
    async stop() {
      for (const proc of started.reverse()) await proc.stop();
      if (!process.env.CLUSTER_KEEP_LOGS) fs.rmSync(dir, { recursive: true, force: true });
    },
    /** SIGKILL: the process dies at once, requests and all. */
    async kill(index) {
      const api = cluster.apis[index];
      api.proc.signal('SIGKILL');
      await api.proc.exited;
    },
    /** SIGTERM, as a rolling restart sends it; resolves once the process has exited. */
    async terminate(index) {
      const api = cluster.apis[index];
      api.proc.signal('SIGTERM');
      const { code } = await api.proc.exited;
      if (code !== 0) throw new Error(`${api.name} exited with ${code} on SIGTERM:\n${tail(api.proc.logFile)}`);
    },
    /** Starts the process again on its port; resolves once the balancer counts it in. */
    async start(index) {
      const api = cluster.apis[index];
      api.proc = launch(`${api.name}-${Date.now()}`, api.spec, api.spec.cwd, api.spec.env);
      await healthyOrThrow(api);
      await waitForServerState(cluster.socket, api.name, 'UP');
    },
    /** The process groups still running: { name, pid } (each group's leader). */
    processes() {
      return started
        .filter((proc) => proc.child.exitCode === null && proc.child.signalCode === null)
        .map((proc) => ({
          name: proc.name,
          pid: proc.child.pid,
        }));
    },
    /**
     * SIGKILL to the postmaster alone, as an out-of-memory kill or a crash does: its backends
     * end their connections (57P01) and exit. Resolves once it has exited.
     */
    async killPostgres() {
      process.kill(postmasterPid(cluster.postgres.dataDir), 'SIGKILL');
      await cluster.postgres.proc.exited;
    },
    /**
     * Starts PostgreSQL again on its data; resolves with the time (Date.now()) it first accepted a
     * connection. A start while the killed server's backends are still attached to its shared
     * memory fails, and is tried again.
     */
    async startPostgres() {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const proc = launch(`postgres-${Date.now()}`, cluster.postgres.spec);
        cluster.postgres.proc = proc;
        let exited = false;
        void proc.exited.then(() => {
          exited = true;
        });
        for (;;) {
          if (await acceptsConnections(cluster.databaseUrl)) return Date.now();
          if (exited) break;
          if (Date.now() > deadline) throw new Error(`PostgreSQL did not start again:\n${tail(proc.logFile)}`);
          await new Promise((r) => setTimeout(r, 20));
        }
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not start again:\n${tail(proc.logFile)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    /**
     * SIGSTOP to the postmaster and every process it started (each backend is in a session of
     * its own, outside the postmaster's group): connections stay open, nothing answers.
     */
    pausePostgres() {
      const postmaster = postmasterPid(cluster.postgres.dataDir);
      process.kill(postmaster, 'SIGSTOP');
      cluster.postgres.paused = [postmaster, ...childrenOf(postmaster)];
      for (const pid of cluster.postgres.paused.slice(1)) process.kill(pid, 'SIGSTOP');
    },
    /** SIGCONT to what pausePostgres stopped; resolves with the time it accepted a connection again. */
    async resumePostgres() {
      for (const pid of cluster.postgres.paused.splice(0)) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // gone
        }
      }
      for (;;) {
        if (await acceptsConnections(cluster.databaseUrl)) return Date.now();
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async query(sql, params = []) {
      const client = new pg.Client({ connectionString: cluster.databaseUrl });
      await client.connect();
      try {
        return await client.query(sql, params);
      } finally {
        await client.end();
      }
    },
  };

  const healthyOrThrow = async (api) => {
    let exited = false;
    void api.proc.exited.then(() => {
      exited = true;
    });
    const ok = await waitForHealthy(`${api.url}/api/health`, { timeoutMs: 120_000, isRunning: () => !exited });
    if (!ok) throw new Error(`${api.name} did not answer its health check; its log ends:\n${tail(api.proc.logFile)}`);
  };

  try {
    const postgres = await startPostgres({
      dir: path.join(dir, 'postgres'),
      port: ports.postgres,
      settings: POSTGRES_SETTINGS,
      database: DATABASE_NAME,
      logDir,
    });
    started.push(postgres.proc);
    cluster.postgres = { spec: postgres.spec, dataDir: postgres.dataDir, proc: postgres.proc, paused: [] };
    cluster.databaseUrl = postgres.url(DATABASE_NAME);
    const redis = redisServer({ port: ports.redis });
    launch('redis', redis);

    if (options.seed !== null) {
      await runCommand('seed', 'npm', ['run', 'seed', '-w', 'server', '--', ...(options.seed ?? [])], {
        cwd: ROOT,
        env: {
          DATABASE_URL: cluster.databaseUrl,
          DATA_DIR: path.join(dir, 'seed'),
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'warn',
        },
        logDir,
      });
    }

    for (let i = 0; i < processes; i++) {
      const spec = apiProcess({
        index: i + 1,
        port: ports.api + i,
        dir,
        databaseUrl: cluster.databaseUrl,
        redisUrl: redis.url,
        publicUrl: cluster.balancerUrl,
        jwtSecret: 'cluster-test-jwt-secret-0123456789abcdef',
        drainSeconds: options.drainSeconds,
        env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', ...options.env },
      });
      cluster.apis.push({ name: spec.name, port: spec.port, url: `http://127.0.0.1:${spec.port}`, spec });
    }
    // the first process migrates; the others start on the migrated database
    const [first, ...others] = cluster.apis;
    first.proc = launch(first.name, first.spec, first.spec.cwd, first.spec.env);
    await healthyOrThrow(first);
    for (const api of others) api.proc = launch(api.name, api.spec, api.spec.cwd, api.spec.env);
    await Promise.all(others.map(healthyOrThrow));

    const haproxy = haproxyServer({
      dir: path.join(dir, 'run'),
      port: ports.balancer,
      servers: cluster.apis.map((api) => ({ name: api.name, port: api.port })),
      log: options.balancerLog ?? true,
    });
    cluster.socket = haproxy.socket;
    const balancer = launch('haproxy', haproxy);
    let balancerExited = false;
    void balancer.exited.then(() => {
      balancerExited = true;
    });
    if (
      !(await waitForHealthy(`${cluster.balancerUrl}/api/health`, {
        timeoutMs: 30_000,
        isRunning: () => !balancerExited,
      }))
    ) {
      throw new Error(`HAProxy did not answer; its log ends:\n${tail(balancer.logFile)}`);
    }
    for (const api of cluster.apis) await waitForServerState(cluster.socket, api.name, 'UP');
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** The postmaster's process id, from the first line of its postmaster.pid. */
function postmasterPid(dataDir) {
  return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The processes whose parent is pid (Linux's /proc). */
function childrenOf(pid) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

/**
 * POST /api/orders on a connection of its own (Connection: close): its status and JSON body (null
 * for a body that is not JSON), or throws on a broken connection or after timeoutMs. On a
 * kept-alive connection, HAProxy answers a request the process died under by closing the
 * connection without an answer, so that the client sends it again, as browsers do
 * (docs/scaling.md, Retries); on a connection of its own the client gets the 502.
 */
export function placeOrderOnNewConnection(baseUrl, token, body, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(`${baseUrl}/api/orders`, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => {
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: response.statusCode, body: json });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * GET /api/alerts/stream read by fetch: its server-sent events as they come
 * ({ event, data }), and a wait for one of them.
 */
export async function openAlertStream(baseUrl, token) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/alerts/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: AbortSignal.any([controller.signal, AbortSignal.timeout(60_000)]),
  });
  const events = [];
  const listeners = new Set();
  let ended = Promise.resolve();
  if (response.ok && response.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event.event = line.slice(6).trim();
            else if (line.startsWith('data:')) event.data += line.slice(5).trim();
          }
          if (event.data || event.event !== 'message') {
            events.push(event);
            for (const listener of listeners) listener(event);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    })().catch(() => {});
  }
  return {
    response,
    events,
    /** true once the server has ended the stream, false if it has not within timeoutMs */
    endsWithin: (timeoutMs) =>
      Promise.race([ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), timeoutMs))]),
    /** the first event (already come or to come) matching, or null after timeoutMs */
    waitFor(match, timeoutMs) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const listener = (event) => {
          if (!match(event)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(event);
        };
        const timer = setTimeout(() => {
          listeners.delete(listener);
          resolve(null);
        }, timeoutMs);
        listeners.add(listener);
      });
    },
    close: () => controller.abort(),
  };
}

/** POST /api/login; the token and user, or throws with the answer. */
export async function login(baseUrl, email, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}: ${body?.message}`);
  return body;
}

/**
 * An approved product of `vendorId`'s with a review type, as an agent sees it (the seed makes one
 * for manager1): what the tests place their orders on.
 */
export async function approvedProductOf(baseUrl, agentToken, vendorId) {
  const response = await fetch(`${baseUrl}/api/products/approved?limit=50`, {
    headers: { authorization: `Bearer ${agentToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`GET /api/products/approved answered ${response.status}`);
  const product = (await response.json()).find((p) => p.vendor._id === vendorId && p.reviewTypes.length > 0);
  if (!product) throw new Error('the seed made no approved product of this manager with a review type');
  return product;
}

let orderSerial = 0;
const runTag = String(100 + Math.floor(Math.random() * 800));
/** Amazon order numbers no seed uses (the seed's start with 111-499, the bench's with 9). */
export const nextOrderNumber = () => {
  const n = orderSerial++;
  return `6${runTag.slice(1)}-${String(process.pid % 1e7).padStart(7, '0')}-${String(n).padStart(7, '0')}`;
};

/**
 * A new order of the product; its screenshot must be an upload of the agent's own that no other
 * order took (uploadScreenshot).
 */
export function orderBody(product, amzOrderNumber, orderScreenshot) {
  return {
    productId: product._id,
    reviewType: product.reviewTypes[0].title,
    amzOrderNumber,
    buyerPayPal: 'cluster.buyer@example.com',
    buyerName: 'Cluster Buyer',
    orderScreenshot,
    comments: '',
  };
}

/** A PNG of width x height pixels, each the [r, g, b] that colourAt(x, y) answers. */
export function rgbPng(width, height, colourAt) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(colourAt(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An 8 x 8 PNG of one colour: a flat picture has no perceptual hash, so the tests' orders raise no screenshot signal. */
const flatPng = () => rgbPng(8, 8, () => [40, 120, 200]);

/** Uploads an order screenshot as the agent's form does (POST /api/uploads) and answers its link. */
export async function uploadScreenshot(baseUrl, token) {
  const form = new FormData();
  form.append('file', new Blob([flatPng()], { type: 'image/png' }), 'order.png');
  const response = await fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`the screenshot's upload answered ${response.status}: ${body?.message}`);
  return body.url;
}
