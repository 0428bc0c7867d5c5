// `npm run start:cluster`: the API past one process on this machine (docs/scaling.md):
// PostgreSQL and Redis (Debian's packages) with their data under CLUSTER_DIR, API_PROCESSES
// API processes, HAProxy in front of them on BALANCER_PORT with deploy/haproxy.cfg, and the
// four static apps as `npm start` serves them, calling the balancer. Ctrl+C stops everything.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APPS, buildMissingApps, npm, root } from './apps.mjs';
import {
  apiProcess,
  DEBIAN_PACKAGES,
  envNumber,
  haproxyServer,
  missingPackages,
  POSTGRES_SETTINGS,
  preparePostgres,
  redisServer,
  sharedJwtSecret,
} from './cluster.mjs';
import { postgresServer } from './lib/postgres.mjs';
import { waitForHealthy, waitForPort } from './lib/wait.mjs';
import { banner, ProcessGroup } from './process-group.mjs';

let settings;
try {
  settings = {
    processes: envNumber('API_PROCESSES', 2, { min: 1, max: 10 }),
    balancerPort: envNumber('BALANCER_PORT', 8000),
    apiBasePort: envNumber('API_BASE_PORT', 8101),
    postgresPort: envNumber('POSTGRES_PORT', 5434),
    redisPort: envNumber('REDIS_PORT', 6380),
    // the static apps on 3000-3003 plus this, e.g. beside an `npm start` already running
    appPortOffset: envNumber('APP_PORT_OFFSET', 0, { min: 0, max: 60_000 }),
    dir: path.resolve(process.env.CLUSTER_DIR || path.join(root, 'data', 'cluster')),
  };
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

const missing = missingPackages();
if (missing.length > 0) {
  console.error(
    `start:cluster needs Debian's ${missing.join(', ')}, not installed here. Install them with the README's set-up step:\n` +
      `  sudo apt-get install -y ${DEBIAN_PACKAGES.join(' ')}`,
  );
  process.exit(1);
}

buildMissingApps();

const { processes, balancerPort, apiBasePort, dir } = settings;
const balancerUrl = `http://localhost:${balancerPort}`;
const apps = APPS.map((app) => ({ ...app, port: app.port + settings.appPortOffset }));
const appUrl = (name) => `http://localhost:${apps.find((a) => a.name === name).port}`;
fs.mkdirSync(dir, { recursive: true });

// the shell reads its API and remotes from this file (the build's own names localhost:8000 and 3001-3003)
const runtimeConfigFile = path.join(dir, 'runtime-config.json');
const builtConfig = JSON.parse(fs.readFileSync(path.join(root, 'shell', 'dist', 'runtime-config.json'), 'utf8'));
fs.writeFileSync(
  runtimeConfigFile,
  JSON.stringify(
    {
      ...builtConfig,
      apiBaseUrl: balancerUrl,
      publicUrl: appUrl('shell'),
      remotes: {
        admin: `${appUrl('remote-admin')}/mf-manifest.json`,
        manager: `${appUrl('remote-manager')}/mf-manifest.json`,
        agent: `${appUrl('remote-agent')}/mf-manifest.json`,
      },
    },
    null,
    2,
  ),
);

const group = new ProcessGroup();
let stopped = false;
process.once('SIGINT', () => {
  stopped = true;
});
process.once('SIGTERM', () => {
  stopped = true;
});
const running = (name) => () => !stopped && group.has(name);

const postgres = postgresServer({
  dir: path.join(dir, 'postgres'),
  port: settings.postgresPort,
  settings: POSTGRES_SETTINGS,
});
group.start('postgres', postgres.command, postgres.args, { cwd: dir });
const redis = redisServer({ port: settings.redisPort });
group.start('redis', redis.command, redis.args, { cwd: dir });

const databaseUrl = await preparePostgres(settings.postgresPort, { isRunning: running('postgres') });

if (process.argv.includes('--seed') || /^(1|true|yes)$/i.test(process.env.SEED_DEMO ?? '')) {
  const seeded = spawnSync(npm, ['run', 'seed', '-w', 'server'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl, API_PUBLIC_URL: balancerUrl, DATA_DIR: path.join(dir, 'api1') },
  });
  if (seeded.status !== 0) console.error('Seeding the demo data failed (it refuses a database with data).');
}

const jwtSecret = sharedJwtSecret(dir);
const apis = Array.from({ length: processes }, (_, i) =>
  apiProcess({
    index: i + 1,
    port: apiBasePort + i,
    dir,
    databaseUrl,
    redisUrl: redis.url,
    publicUrl: balancerUrl,
    jwtSecret,
    env: { APP_ORIGINS: process.env.APP_ORIGINS || apps.map((app) => appUrl(app.name)).join(',') },
  }),
);
/** The server prints the first admin's sign-in once (a generated password: the file that holds it); the banner repeats it. */
const adminSignIn = [];
/** The balancer's health checks (two a second per process) would bury every other log line. */
function healthCheckLines() {
  const ids = new Set();
  return (line) => {
    const id = /"reqId":"([^"]+)"/.exec(line)?.[1];
    if (!id) return false;
    if (line.includes('"url":"/api/health"')) {
      ids.add(id);
      return true;
    }
    return ids.delete(id);
  };
}
const startApi = (api) =>
  group.start(api.name, api.command, api.args, {
    cwd: api.cwd,
    env: api.env,
    skipLine: healthCheckLines(),
    onLine(line) {
      if (/admin/i.test(line) && /sign[- ]?in|password/i.test(line)) adminSignIn.push(line.trim());
    },
  });

// the first process migrates the database and creates the first admin; the others start on it
startApi(apis[0]);
const healthy = async (api) =>
  waitForHealthy(`http://127.0.0.1:${api.port}/api/health`, { isRunning: running(api.name) });
let up = await healthy(apis[0]);
for (const api of apis.slice(1)) startApi(api);
up = (await Promise.all(apis.slice(1).map(healthy))).every(Boolean) && up;

const haproxy = haproxyServer({
  dir: path.join(dir, 'run'),
  port: balancerPort,
  servers: apis.map((api) => ({ name: api.name, port: api.port })),
  log: true,
});
group.start('haproxy', haproxy.command, haproxy.args, { cwd: dir });
for (const app of apps) {
  group.start(app.name, process.execPath, ['serve.mjs'], {
    cwd: path.join(root, app.name),
    env: { PORT: String(app.port), ...(app.name === 'shell' ? { RUNTIME_CONFIG_FILE: runtimeConfigFile } : {}) },
  });
}

const ports = [balancerPort, ...apps.map((app) => app.port)];
const open = await Promise.all(ports.map((port) => waitForPort(port, { timeoutMs: 30_000 })));
if (stopped) {
  // Ctrl+C while starting: the group stops everything
} else if (up && open.every(Boolean)) {
  banner([
    `Open ${appUrl('shell')}`,
    `API: ${balancerUrl} (HAProxy) -> ${apis.map((api) => `127.0.0.1:${api.port}`).join(', ')}`,
    `PostgreSQL ${databaseUrl}, Redis ${redis.url}, data in ${dir.startsWith(`${root}${path.sep}`) ? path.relative(root, dir) : dir}`,
    `Balancer runtime API: echo "show stat" | socat stdio ${haproxy.socket}`,
    ...adminSignIn,
  ]);
} else {
  console.error(
    `Some servers did not start${up ? '' : ' (an API process is not healthy)'}${
      open.every(Boolean) ? '' : ` (ports ${ports.filter((_, i) => !open[i]).join(', ')})`
    }; see the lines above.`,
  );
}
