// `npm run bench`: prints the figures beside their budgets and the machine they came from,
// and writes them to bench-results/latest.json. It reports; it never fails on a budget
// (exit 1 only when something could not be measured). See docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { missingPackages } from '../scripts/cluster.mjs';
import { cleanup, killAllNow, onCleanup } from '../scripts/lib/processes.mjs';
import { API_ROUTES, apiRows, apiSectionPorts, measureApi, stopLoad } from './api.mjs';
import { bundleRows, measureBundle, topFiles } from './bundle.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { phoneRows } from './lib/phone-report.mjs';
import {
  formatTable,
  loadAverage,
  machine,
  machineLine,
  markNoisy,
  NOISY_LOAD_PER_CORE,
  smokeFailures,
} from './lib/report.mjs';
import {
  ADMIN,
  API_URL_IP,
  assertPortsFree,
  buildTimes,
  DEMO,
  ensureBuilds,
  login,
  ROOT,
  seed,
  startApi,
  startApps,
  writeRuntimeConfig,
} from './lib/stack.mjs';
import { measurePages, pagesRows } from './pages.mjs';
import { measurePhone } from './phone.mjs';
import { measureScale, SCALE_PORTS, scaleRows, scaleSectionPorts } from './scale.mjs';

const SECTIONS = ['bundle', 'pages', 'phone', 'api', 'scale'];
/** the sections that run in the browser, against the production builds and the API on PGlite */
const BROWSER_SECTIONS = ['bundle', 'pages', 'phone'];
const USAGE = `Usage: npm run bench [-- options]

  --only <sections>    bundle, pages, phone, api, scale, or a comma-separated list (default: all five)
  --runs <n>           page timing runs, the median is reported (default 5)
  --phone-runs <n>     runs of each phone measurement, the median is reported (default 3)
  --duration <s>       seconds per autocannon run (default 10)
  --warmup <s>         unmeasured seconds before each autocannon run (default 1)
  --connections <n>    autocannon connections (default 50)
  --sizes <a,b>        order counts of the API databases (default 1000,100000)
  --user-sizes <a,b>   users in the users directory's databases (default 100,10000; their
                       orders: the fewest of --sizes)
  --routes <names>     the API section's routes, a comma-separated list (default: all):
                       ${API_ROUTES.join(', ')}
  --bare-sizes <a,…>   sizes that also run the bare route (default: all sizes)
  --page-orders <n>    orders in the database of the page timings (default 10000)
  --products <n>       products in every seeded database (default 120: a full page of 50 approved)
  --smoke              a check that every section still runs, not a measurement (CI runs it): one
                       page run, 2 s a route after no warm-up, 10 connections, databases of 100
                       and 200 orders and of 100 and 1,000 users, 30 screenshots, the scale section on 100 orders,
                       the phone section once with a 300 KB image; any failed request or skipped section
                       fails it; results in bench-results/smoke.json

Ports: API 18000 and bare route 18001 (18002/18003 for the second size, and so on), shell 13000,
remotes 13001-13003, PostgreSQL 15433, the phone section's counting proxy 18090; scale: balancer ${SCALE_PORTS.balancer}, API processes ${SCALE_PORTS.api}-${SCALE_PORTS.api + 1},
Redis ${SCALE_PORTS.redis}.
Results: bench-results/latest.json; server logs: bench-results/logs/.`;

function options() {
  try {
    return readOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    process.exit(2);
  }
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      runs: { type: 'string' },
      'phone-runs': { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      sizes: { type: 'string' },
      'user-sizes': { type: 'string' },
      routes: { type: 'string' },
      'bare-sizes': { type: 'string' },
      'page-orders': { type: 'string' },
      products: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { smoke } = values;
  // what an option says, else the defaults of a measurement or of a smoke run
  for (const [name, measured, smoked] of [
    ['runs', '5', '1'],
    ['phone-runs', '3', '1'],
    ['duration', '10', '2'],
    ['warmup', '1', '0'],
    ['connections', '50', '10'],
    ['sizes', '1000,100000', '100,200'],
    ['user-sizes', '100,10000', '100,1000'],
    ['page-orders', '10000', '100'],
    ['products', '120', '120'],
  ]) {
    values[name] ??= smoke ? smoked : measured;
  }
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : SECTIONS;
  const unknown = only.filter((s) => !SECTIONS.includes(s));
  if (unknown.length > 0) throw new Error(`--only takes ${SECTIONS.join(', ')}; not ${unknown.join(', ')}`);
  const count = (name, value, min) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}, not "${value}"`);
    return n;
  };
  const list = (name, value) => value.split(',').map((v) => count(name, v.trim(), 1));
  const sizes = list('sizes', values.sizes);
  // the seed's five users beside its agents (an admin, two managers, two pending accounts) and one agent
  const userSizes = values['user-sizes'].split(',').map((v) => count('user-sizes', v.trim(), 6));
  const routes = values.routes ? values.routes.split(',').map((s) => s.trim()) : API_ROUTES;
  const unknownRoutes = routes.filter((r) => !API_ROUTES.includes(r));
  if (unknownRoutes.length > 0) {
    throw new Error(`--routes takes ${API_ROUTES.join(', ')}; not ${unknownRoutes.join(', ')}`);
  }
  return {
    sections: SECTIONS.filter((s) => only.includes(s)),
    runs: count('runs', values.runs, 1),
    phoneRuns: count('phone-runs', values['phone-runs'], 1),
    duration: count('duration', values.duration, 1),
    warmup: count('warmup', values.warmup, 0),
    connections: count('connections', values.connections, 1),
    sizes,
    userSizes,
    routes,
    bareSizes: values['bare-sizes'] ? list('bare-sizes', values['bare-sizes']) : sizes,
    pageOrders: count('page-orders', values['page-orders'], 0),
    products: count('products', values.products, 1),
    smoke,
    // createOrderShot's requests (each its own uploaded screenshot) and warm-up, the scale section's orders
    shots: smoke ? { warmup: 10, requests: 20 } : { warmup: 100, requests: 2000 },
    scaleOrders: smoke ? 100 : 1000,
  };
}

const resultsDir = path.join(ROOT, 'bench-results');
const logDir = path.join(resultsDir, 'logs');
const log = (line) => {
  if (!interrupted) console.log(line);
};
/** set by Ctrl+C: what fails afterwards is the stop, not a finding */
let interrupted = false;
const elapsed = (from) => `${((performance.now() - from) / 1000).toFixed(0)} s`;

/** The browser sections: the production builds on the bench ports, PGlite with the page timings' orders. */
async function browserSections(opts, tempRoot, results) {
  const started = performance.now();
  ensureBuilds();
  const dataDir = path.join(tempRoot, 'app-pglite');
  log(`Seeding PGlite with ${opts.pageOrders.toLocaleString('en-US')} orders for the browser sections…`);
  const seconds = await seed({
    dataDir,
    orders: opts.pageOrders,
    products: opts.products,
    logDir,
    label: 'pages',
  });
  log(`  seeded in ${seconds.toFixed(0)} s`);
  const runtimeConfigFile = path.join(tempRoot, 'runtime-config.json');
  writeRuntimeConfig(runtimeConfigFile);
  const api = await startApi({ dataDir, logDir, label: 'pages' });
  const apps = await startApps({ runtimeConfigFile, logDir });
  const { browser, close } = await launchBrowser();
  try {
    if (opts.sections.includes('bundle')) {
      const t = performance.now();
      log('Bundle weight in headless Chromium…');
      const tokens = {
        admin: (await login(API_URL_IP, ADMIN)).token,
        manager: (await login(API_URL_IP, DEMO.manager)).token,
        agent: (await login(API_URL_IP, DEMO.agent)).token,
      };
      const bundle = await measureBundle({ browser, tokens, apiUrl: API_URL_IP });
      log(`  login page, biggest files:\n${indent(topFiles(bundle.login))}`);
      for (const [area, weight] of Object.entries(bundle.areas)) {
        log(`  ${area} area adds, biggest files:\n${indent(topFiles(weight))}`);
      }
      for (const [page, weight] of Object.entries(bundle.urdu)) {
        log(`  Urdu adds to ${page}, biggest files:\n${indent(topFiles(weight))}`);
      }
      results.bundle = { result: bundle, rows: bundleRows(bundle) };
      log(`  done in ${elapsed(t)}`);
    }
    if (opts.sections.includes('pages')) {
      const t = performance.now();
      log(`Page timings, ${opts.runs} runs each…`);
      const pages = await measurePages({
        browser,
        runs: opts.runs,
        orders: opts.pageOrders,
        log,
        accounts: [
          { label: 'agent', ...DEMO.agent, dashboard: '/agent/dashboard' },
          { label: 'admin', ...ADMIN, dashboard: '/admin/dashboard' },
        ],
      });
      results.pages = { result: pages, rows: pagesRows(pages) };
      log(`  done in ${elapsed(t)}`);
    }
    if (opts.sections.includes('phone')) {
      const t = performance.now();
      log(`Phone profile (issue 29), ${opts.phoneRuns} runs each…`);
      const phone = await measurePhone({
        browser,
        runs: opts.phoneRuns,
        orders: opts.pageOrders,
        smoke: opts.smoke,
        runtimeConfigFile,
        tempRoot,
        log,
      });
      results.phone = { result: phone, rows: phoneRows(phone) };
      log(`  done in ${elapsed(t)}`);
    }
  } finally {
    await close();
    for (const app of apps) await app.stop();
    await api.stop();
  }
  log(`Browser sections done in ${elapsed(started)}`);
}

const indent = (text) =>
  text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');

function writeResults(results, opts, info) {
  fs.mkdirSync(resultsDir, { recursive: true });
  // a smoke run's figures are no measurement: they never replace the last real ones
  const file = path.join(resultsDir, opts.smoke ? 'smoke.json' : 'latest.json');
  let previous = {};
  try {
    previous = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // first run
  }
  // sections not run this time keep their last figures (each says when and where it was measured)
  const sections = { ...(previous.sections ?? {}) };
  for (const [name, section] of Object.entries(results)) {
    sections[name] = { measuredAt: info.finishedAt, machine: info.machine, options: opts, ...section };
  }
  const rows = SECTIONS.flatMap((name) => sections[name]?.rows ?? []);
  fs.writeFileSync(file, `${JSON.stringify({ updatedAt: info.finishedAt, rows, sections }, null, 2)}\n`);
  return file;
}

async function main() {
  const opts = options();
  const started = performance.now();
  const info = { machine: machine() };
  const noisyAbove = (NOISY_LOAD_PER_CORE * info.machine.cores).toFixed(2);
  log(`Machine: ${machineLine(info.machine, info.machine.loadAverageAtStart)}`);
  log(
    `Load average before: ${info.machine.loadAverageAtStart} (1, 5, 15 min) on ${info.machine.cores} cores; ` +
      `a figure taken at a 1-minute load above ${noisyAbove} is marked NOISY`,
  );
  log(
    `Sections: ${opts.sections.join(', ')}${opts.smoke ? ' (smoke run: a check that each runs, no measurement)' : ''}\n`,
  );

  process.on('SIGINT', () => {
    if (interrupted) {
      killAllNow();
      process.exit(130);
    }
    interrupted = true;
    console.log('\nInterrupted: stopping the servers (Ctrl+C again to force)…');
    stopLoad();
    void cleanup().finally(() => process.exit(130));
  });
  process.on('SIGTERM', () => {
    interrupted = true;
    stopLoad();
    void cleanup().finally(() => process.exit(143));
  });

  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  onCleanup('temporary folder', () => fs.rmSync(tempRoot, { recursive: true, force: true }));

  const ports = [];
  if (opts.sections.some((s) => BROWSER_SECTIONS.includes(s))) {
    ports.push('api', 'shell', 'admin', 'manager', 'agent');
  }
  if (opts.sections.includes('phone')) ports.push('phoneProxy');
  if (opts.sections.includes('api'))
    ports.push(
      'postgres',
      ...apiSectionPorts(opts.sizes, opts.routes.includes('usersDirectory') ? opts.userSizes : []),
    );
  if (opts.sections.includes('scale')) ports.push(...scaleSectionPorts());
  await assertPortsFree([...new Set(ports)]);

  /** @type {Record<string, { result: unknown, rows: import('./lib/report.mjs').Row[] }>} */
  const results = {};
  if (opts.sections.some((s) => BROWSER_SECTIONS.includes(s))) {
    await browserSections(opts, tempRoot, results);
  }
  if (opts.sections.includes('api')) {
    const t = performance.now();
    log(`\nAPI load: autocannon ${opts.duration} s, ${opts.connections} connections, 127.0.0.1…`);
    const api = await measureApi({ ...opts, tempRoot, logDir, log });
    results.api = { result: api, rows: apiRows(api, opts) };
    const explainFile = path.join(resultsDir, 'explain-postgres.txt');
    const explained = Object.entries(api.explain).flatMap(([size, plans]) =>
      Object.entries(plans).map(
        ([query, plan]) => `-- ${query}, ${Number(size).toLocaleString('en-US')} orders\n${plan}\n`,
      ),
    );
    if (explained.length > 0) fs.writeFileSync(explainFile, explained.join('\n'));
    log(
      `API section done in ${elapsed(t)}${explained.length ? `; query plans in ${path.relative(ROOT, explainFile)}` : ''}`,
    );
  }

  if (opts.sections.includes('scale')) {
    const t = performance.now();
    log(
      `\nScale: autocannon ${opts.duration} s, ${opts.connections} connections, through HAProxy (deploy/haproxy.cfg)…`,
    );
    const missing = missingPackages();
    if (missing.length > 0) {
      log(`Scale skipped: Debian's ${missing.join(', ')} not installed (README, Set-up)`);
      results.scale = {
        result: { skipped: missing },
        rows: [
          {
            section: 'scale',
            figure: 'one and two API processes behind the balancer',
            value: 'skipped',
            budget: '—',
            met: null,
            note: `${missing.join(', ')} not installed`,
          },
        ],
      };
    } else {
      const scale = await measureScale({ ...opts, logDir, log });
      results.scale = { result: scale, rows: scaleRows(scale) };
    }
    log(`Scale section done in ${elapsed(t)}`);
  }

  info.finishedAt = new Date().toISOString();
  info.machine.loadAverageAtEnd = loadAverage();
  info.machine.builds = buildTimes();
  for (const section of Object.values(results)) section.rows = markNoisy(section.rows, info.machine.cores);
  const rows = Object.values(results).flatMap((r) => r.rows);
  const file = writeResults(results, opts, info);

  console.log(
    `\nMachine: ${machineLine(info.machine, `${info.machine.loadAverageAtStart} at start, ${info.machine.loadAverageAtEnd} at end`)}`,
  );
  console.log(`Load average after: ${info.machine.loadAverageAtEnd} (1, 5, 15 min)`);
  console.log(`Total time: ${elapsed(started)}\n`);
  console.log(formatTable(rows));
  const missed = rows.filter((r) => r.met === false).length;
  const noisy = rows.filter((r) => r.noisy).length;
  console.log(
    `\n${missed === 0 ? 'Every budget met.' : `${missed} budget${missed === 1 ? '' : 's'} not met (reported, not failed).`} ` +
      `Results: ${path.relative(ROOT, file)}`,
  );
  if (noisy > 0) {
    console.log(
      `${noisy} figure${noisy === 1 ? '' : 's'} NOISY: taken at a 1-minute load average above ${noisyAbove} ` +
        `(${NOISY_LOAD_PER_CORE} per core); measure again on a quiet machine before comparing.`,
    );
  }
  if (opts.smoke) {
    const broken = smokeFailures(rows, opts.sections);
    if (broken.length > 0) throw new Error(`the smoke run found:\n${broken.map((b) => `  - ${b}`).join('\n')}`);
    console.log('Smoke run: every section ran, every request answered.');
  }
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (error) {
  if (interrupted) await new Promise(() => {}); // the signal handler cleans up and exits
  console.error(`\nThe bench could not finish: ${error instanceof Error ? error.message : error}`);
  console.error(`Logs of the servers it started: ${path.relative(ROOT, logDir)}/`);
  await cleanup();
  process.exit(1);
}
