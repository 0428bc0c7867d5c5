// The app as the bench runs it: the production builds on the bench's own ports (never the
// 8000 / 3000-3003 of `npm start` and the browser tests), the API on a temporary database,
// the shell pointed at them by its own runtime JSON.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand, startProcess, waitForHttp } from '../../scripts/lib/processes.mjs';
import { portIsOpen } from '../../scripts/lib/wait.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const PORTS = {
  api: 18000,
  bare: 18001,
  shell: 13000,
  admin: 13001,
  manager: 13002,
  agent: 13003,
  postgres: 15433,
  /** the phone section's counting proxy in front of the API (bench/lib/counting-proxy.mjs) */
  phoneProxy: 18090,
};

export const API_URL = `http://localhost:${PORTS.api}`;
/** the load generator talks to the loopback address directly */
export const API_URL_IP = `http://127.0.0.1:${PORTS.api}`;
export const SHELL_URL = `http://localhost:${PORTS.shell}`;
export const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };
/** demo accounts made by `npm run seed` (password for all: demo-password) */
export const DEMO = {
  agent: { email: 'agent1@demo.test', password: 'demo-password' },
  manager: { email: 'manager1@demo.test', password: 'demo-password' },
};

const APPS = [
  { key: 'admin', dir: 'remote-admin', built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { key: 'manager', dir: 'remote-manager', built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { key: 'agent', dir: 'remote-agent', built: ['dist/index.html', 'dist/remoteEntry.js', 'dist/mf-manifest.json'] },
  { key: 'shell', dir: 'shell', built: ['dist/index.html', 'dist/runtime-config.json'] },
];

const HIGH_LIMIT = '1000000/min';

/**
 * The Firebase Storage bucket the bench's API processes are given (FIREBASE_STORAGE_BUCKET): the
 * plain createOrder sends a link into it, a screenshot that is not one of our uploads (an upload
 * proves one order only; createOrder runs for a time, not a number of requests).
 */
export const BENCH_FIREBASE_BUCKET = 'bench.appspot.com';
let firebaseLinks = 0;
/** A new link into the bench's bucket: one order screenshot each. */
export const benchFirebaseLink = () =>
  `https://firebasestorage.googleapis.com/v0/b/${BENCH_FIREBASE_BUCKET}/o/orders%2Fbench-${++firebaseLinks}.png?alt=media`;

let benchOrders = 0;
/**
 * A new order's body of `product` (as GET /api/products/approved answers it) for the plain
 * createOrder of the scale section and of cpu-per-request: its first review type, one buyer, a
 * link into the bench's bucket, and an Amazon order number no seed uses (the seed's start with
 * 111-499, the API section's with 9, these with 8).
 */
export function benchOrder(product) {
  const n = benchOrders++;
  return {
    productId: product._id,
    reviewType: product.reviewTypes[0].title,
    amzOrderNumber: `8${String(Math.floor(n / 1e14) % 100).padStart(2, '0')}-${String(Math.floor(n / 1e7) % 1e7).padStart(7, '0')}-${String(n % 1e7).padStart(7, '0')}`,
    buyerPayPal: 'bench.buyer@example.com',
    buyerName: 'Bench Buyer',
    orderScreenshot: benchFirebaseLink(),
    comments: '',
  };
}

/** Fails early, with the port's name, when something already listens on a bench port. */
export async function assertPortsFree(names) {
  const taken = [];
  for (const name of names) {
    const port = typeof name === 'number' ? name : PORTS[name];
    if (await portIsOpen(port)) taken.push(typeof name === 'number' ? `${port}` : `${port} (${name})`);
  }
  if (taken.length > 0) {
    throw new Error(`bench port in use: ${taken.join(', ')}. Is another bench running? Stop it first.`);
  }
}

/** `npm run build` when a production build is missing (the bench measures the builds as they are). */
export function ensureBuilds() {
  const missing = APPS.filter((app) => !app.built.every((file) => fs.existsSync(path.join(ROOT, app.dir, file))));
  if (missing.length === 0) return false;
  console.log(`Production builds missing (${missing.map((a) => a.dir).join(', ')}): npm run build`);
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  return true;
}

/** When each build was made (the newest file of its dist), for the report. */
export function buildTimes() {
  /** @type {Record<string, string>} */
  const times = {};
  for (const app of APPS) {
    const file = path.join(ROOT, app.dir, app.built[0]);
    try {
      times[app.dir] = fs.statSync(file).mtime.toISOString();
    } catch {
      times[app.dir] = 'missing';
    }
  }
  return times;
}

/** The server's environment for a bench run: own port, own data, high rate limits, quiet logs. */
export function apiEnv({ dataDir, databaseUrl, port = PORTS.api }) {
  return {
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    // empty = the embedded database, whatever the calling shell has set
    DATABASE_URL: databaseUrl ?? '',
    API_PUBLIC_URL: API_URL,
    APP_ORIGINS: ['shell', 'admin', 'manager', 'agent'].map((k) => `http://localhost:${PORTS[k]}`).join(','),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT: HIGH_LIMIT,
    REGISTER_RATE_LIMIT: HIGH_LIMIT,
    UPLOAD_RATE_LIMIT: HIGH_LIMIT,
    UPLOAD_CHUNK_RATE_LIMIT: HIGH_LIMIT,
    FIREBASE_STORAGE_BUCKET: BENCH_FIREBASE_BUCKET,
    // a log line per request would measure the log pipe; warnings and errors still show
    LOG_LEVEL: 'warn',
  };
}

/** Users a seed makes beside its agents: the first admin, two managers, a pending agent and a pending manager. */
export const SEED_USERS_BESIDE_AGENTS = 5;

/** `npm run seed -w server -- --orders N --products P [--agents A]` on that database. */
export async function seed({ dataDir, databaseUrl, orders, products, agents, logDir, label }) {
  const started = performance.now();
  await runCommand(
    `seed-${label}`,
    'npm',
    [
      'run',
      'seed',
      '-w',
      'server',
      '--',
      '--orders',
      String(orders),
      '--products',
      String(products),
      ...(agents === undefined ? [] : ['--agents', String(agents)]),
    ],
    { cwd: ROOT, env: apiEnv({ dataDir, databaseUrl }), logDir },
  );
  return (performance.now() - started) / 1000;
}

/** Starts the API (production code through tsx, as `npm start` runs it) and waits for its health route. */
export async function startApi({ dataDir, databaseUrl, logDir, label, port = PORTS.api }) {
  const proc = startProcess(`api-${label}`, process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'server'),
    env: apiEnv({ dataDir, databaseUrl, port }),
    logDir,
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, proc);
  return proc;
}

/**
 * The shell's runtime JSON for the bench: remotes and API on the bench ports (`overrides` over
 * them: the phone section points the app at its counting proxy for a while).
 */
export function writeRuntimeConfig(file, overrides = {}) {
  const base = JSON.parse(fs.readFileSync(path.join(ROOT, 'shell', 'dist', 'runtime-config.json'), 'utf8'));
  const config = {
    ...base,
    apiBaseUrl: API_URL,
    publicUrl: SHELL_URL,
    remotes: {
      admin: `http://localhost:${PORTS.admin}/mf-manifest.json`,
      manager: `http://localhost:${PORTS.manager}/mf-manifest.json`,
      agent: `http://localhost:${PORTS.agent}/mf-manifest.json`,
    },
    ...overrides,
  };
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return config;
}

/** The static servers of the four builds (each app's own serve.mjs). */
export async function startApps({ runtimeConfigFile, logDir }) {
  const procs = [];
  for (const app of APPS) {
    const env = { PORT: String(PORTS[app.key]) };
    if (app.key === 'shell') env.RUNTIME_CONFIG_FILE = runtimeConfigFile;
    procs.push(startProcess(app.dir, process.execPath, ['serve.mjs'], { cwd: path.join(ROOT, app.dir), env, logDir }));
  }
  await Promise.all(
    procs.map((proc, i) => {
      const app = APPS[i];
      const probe = app.key === 'shell' ? '/runtime-config.json' : '/mf-manifest.json';
      return waitForHttp(`http://127.0.0.1:${PORTS[app.key]}${probe}`, proc, 30_000);
    }),
  );
  return procs;
}

/** POST /api/login; the token and user. */
export async function login(baseUrl, { email, password }) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}: ${body?.message}`);
  return /** @type {{ token: string, user: { _id: string, role: string } }} */ (body);
}

/** GET with a token; the JSON and X-Total-Count. */
export async function apiGet(baseUrl, pathname, token) {
  const response = await fetch(`${baseUrl}${pathname}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}: ${body?.message}`);
  return { body, total: Number(response.headers.get('x-total-count') ?? Number.NaN) };
}
