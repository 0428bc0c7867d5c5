// Section `phone` (issue 29, Measured): the agent's journey on a phone profile, in headless
// Chromium against the production builds (docs/benchmarks.md, What is measured):
// - the login page's largest contentful paint and the sign-in click → the agent dashboard's
//   figures, timed as the pages section times them (bench/pages.mjs), each run cold;
// - the orders page once installed: a second visit of /agent/orders in the same browser after
//   the first, served by the service worker when the app registers one;
// - a ~2 MB proof screenshot sent through the agent's submit-order form (tus, resumable), once
//   unbroken and then with the network cut off at 50 %: the PATCH bodies' bytes, counted by a
//   proxy in front of the API, resumed ÷ unbroken.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { freshPage } from './lib/browser.mjs';
import { startCountingProxy } from './lib/counting-proxy.mjs';
import { networkConditions, offline, PHONE, PHONE_BASELINE, PHONE_BUDGETS, patchBytes } from './lib/phone-report.mjs';
import { loadNow, median, seconds } from './lib/report.mjs';
import { API_URL, API_URL_IP, apiGet, DEMO, login, PORTS, SHELL_URL, writeRuntimeConfig } from './lib/stack.mjs';
import { loginLcp, RENDERED, signInToDashboard, summarise } from './pages.mjs';

/** RESUMABLE_UPLOADS_PATH of shared-api/src/contract/resumable-uploads.ts (the bench runs plain Node, no TypeScript) */
const UPLOADS_PATH = '/api/uploads/resumable';

/**
 * The phone as Playwright and CDP emulate it: a 390 x 844 touch screen at 3x, the CPU 4x slower,
 * 150 ms round trips, 1.6 Mbit/s down and 750 kbit/s up; service workers allowed (an installed app).
 * @returns {import('./lib/browser.mjs').Profile}
 */
export function phoneProfile() {
  return {
    context: {
      viewport: { width: PHONE.width, height: PHONE.height },
      deviceScaleFactor: PHONE.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    },
    async emulate(cdp) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
      await cdp.send('Network.emulateNetworkConditions', networkConditions(PHONE));
    },
  };
}

/** Marks, in each document, the first moment /agent/orders shows its count and its orders (or that it has none). */
const ORDERS_SCRIPT = () => {
  const state = { ready: null };
  window.__orders = state;
  const check = () => {
    if (state.ready !== null || location.pathname !== '/agent/orders') return;
    const heading = document.getElementById('agent-orders-heading');
    if (!heading || !/^you have \d+ order\(s\)$/.test((heading.textContent ?? '').trim())) return;
    if (!document.querySelector('.agent-order-list article, .agent-empty')) return;
    state.ready = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
};

/** Opens the login page and leaves the agent's token where the shell keeps it (as the bundle section does). */
async function signInByToken(page, token) {
  await page.goto(`${SHELL_URL}/`);
  await page.getByRole('heading', { name: 'login' }).waitFor();
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

/** Loads /agent/orders and answers the ms from the navigation to its orders on screen. */
async function visitOrders(page) {
  await page.goto(`${SHELL_URL}/agent/orders`);
  await page.waitForFunction(() => window.__orders.ready !== null, null, { timeout: 60_000, polling: 100 });
  return page.evaluate(() => window.__orders.ready);
}

/**
 * One run: a first visit of the orders page (cold), then, once the service worker (if the app
 * registers one) is active, a second visit in the same browser, timed.
 */
async function ordersOnceInstalled(browser, profile, token) {
  const load = loadNow();
  const tab = await freshPage(browser, { initScript: ORDERS_SCRIPT, profile });
  try {
    const { page } = tab;
    await signInByToken(page, token);
    const firstMs = await visitOrders(page);
    await tab.quiet(RENDERED);
    // the app registers its worker after the page has loaded: a moment for it, then its install
    const registered = await page.evaluate(async () => {
      if (!navigator.serviceWorker) return false;
      const deadline = performance.now() + 3000;
      for (;;) {
        if ((await navigator.serviceWorker.getRegistrations()).length > 0) return true;
        if (performance.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
    if (registered) {
      await page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('the service worker never became active')), 60_000);
            navigator.serviceWorker.ready.then(() => {
              clearTimeout(timer);
              resolve(undefined);
            });
          }),
      );
    }
    const ms = await visitOrders(page);
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
    return { ms, firstMs, registered, controlled, load };
  } finally {
    await tab.close();
  }
}

/** A real image of about `bytes` (pixel noise, which no compression shrinks): a PNG through sharp. */
async function noiseImage(dir, bytes) {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const file = path.join(dir, `phone-proof-${side}.png`);
  await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    // stored as it is: no filter or deflate pass makes noise larger or smaller
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toFile(file);
  return { file, bytes: fs.statSync(file).size };
}

/** A 3-7-7 Amazon order number no other run has used. */
const orderNumber = () => {
  const digits = `${Date.now()}${crypto.randomInt(1e9).toString().padStart(9, '0')}`.slice(-17);
  return `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10, 17)}`;
};

/** For an upload that never finished: the page's alerts and the API calls that came through the proxy. */
async function whatThePageSays(page, requests) {
  const alerts = await page
    .getByRole('alert')
    .allTextContents()
    .catch(() => []);
  const calls = requests.map((r) => `${r.method} ${r.path} ${r.bytes} B → ${r.status ?? 'no answer'}`);
  return `the page's alerts: ${JSON.stringify(alerts)}; through the proxy: ${calls.slice(-12).join(', ') || 'nothing'}`;
}

/**
 * One upload through the submit-order form, the app's API calls going through the counting
 * proxy; with `drop`, the network goes offline for offlineMs once half the image has reached it.
 */
async function uploadThroughForm({ browser, profile, token, product, image, proxy, drop, offlineMs, log }) {
  const load = loadNow();
  const tab = await freshPage(browser, { profile });
  const from = proxy.requests.length;
  try {
    const { page, cdp } = tab;
    await signInByToken(page, token);
    await page.goto(`${SHELL_URL}/agent/detail/${product._id}`);
    await page.getByRole('heading', { name: 'submit order' }).waitFor({ timeout: 60_000 });
    await page.getByLabel(/^Review Type/).selectOption(product.reviewTypes[0].title);
    await page.getByLabel(/^AMZ Order Number/).fill(orderNumber());
    await page.getByLabel(/^Buyer PayPal/).fill('buyer.phone-bench@example.com');
    await page.getByLabel(/^Buyer Name/).fill('Phone Bench');
    await page.getByLabel(/^Order Screenshot/).setInputFiles(image.file);
    await page.getByRole('img', { name: 'Order Screenshot preview' }).waitFor();

    // the drop: offline once half the image's bytes have come through, back on the phone's network after
    let sent = 0;
    let dropped = null;
    proxy.onBody = (request, chunkBytes) => {
      if (request.method !== 'PATCH' || !request.path.startsWith(`${UPLOADS_PATH}/`)) return;
      sent += chunkBytes;
      if (drop && dropped === null && sent >= image.bytes / 2) {
        // the signal goes: this chunk's connection is cut where it stands, and for offlineMs no
        // request gets through (the proxy cuts them, Chromium fails them)
        proxy.setDown(true);
        // once the pieces that came are passed on: what reached the proxy reaches the API
        setImmediate(() => proxy.drop(request));
        const at = sent;
        dropped = (async () => {
          await cdp.send('Network.emulateNetworkConditions', offline(PHONE));
          log(`    connection cut at ${at} of ${image.bytes} bytes, offline for ${offlineMs / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, offlineMs));
          proxy.setDown(false);
          await cdp.send('Network.emulateNetworkConditions', networkConditions(PHONE));
        })();
      }
    };
    // the whole image at the phone's upload speed, the drop and tus-js-client's waits, with room
    const timeout = 60_000 + ((image.bytes * 8) / (PHONE.uploadKbitPerSecond * 1000)) * 3000 + (drop ? offlineMs : 0);
    const finished = page.waitForResponse(
      (r) => r.url().startsWith(`${proxy.url}${UPLOADS_PATH}/`) && r.request().method() === 'GET',
      { timeout },
    );
    const created = page.waitForResponse(
      (r) => r.url() === `${proxy.url}/api/orders` && r.request().method() === 'POST',
      { timeout },
    );
    // neither left unhandled when the other fails first
    finished.catch(() => {});
    created.catch(() => {});
    const started = performance.now();
    await page.getByRole('button', { name: 'Submit' }).click();
    const answer = await finished.catch(async (error) => {
      throw new Error(`${error.message}; ${await whatThePageSays(page, proxy.requests.slice(from))}`);
    });
    const ms = performance.now() - started;
    if (answer.status() !== 200) throw new Error(`the finished upload answered ${answer.status()}`);
    const order = await created;
    if (order.status() !== 201) throw new Error(`the order with the uploaded screenshot answered ${order.status()}`);
    await dropped;
    const counted = patchBytes(proxy.requests.slice(from), UPLOADS_PATH);
    if (drop && counted.cutOff === 0) {
      throw new Error('the network went offline mid-upload but no PATCH was cut off: the drop was not measured');
    }
    return { ...counted, ms, load };
  } finally {
    proxy.onBody = undefined;
    await tab.close();
  }
}

/**
 * @param {{ browser: import('playwright-core').Browser, runs: number, orders: number, smoke: boolean,
 *   runtimeConfigFile: string, tempRoot: string, log: (line: string) => void }} options
 * @returns {Promise<import('./lib/phone-report.mjs').PhoneResult>}
 */
export async function measurePhone({ browser, runs, orders, smoke, runtimeConfigFile, tempRoot, log }) {
  const profile = phoneProfile();
  const base = (figure, baseline, budget) =>
    `${seconds(figure)} (issue 29 measured ${seconds(baseline)}; budget ${seconds(budget)})`;

  const lcpRuns = [];
  for (let i = 0; i < runs; i++) lcpRuns.push(await loginLcp(browser, profile));
  const lcp = summarise(lcpRuns);
  log(
    `  login LCP ${base(lcp.medianMs, PHONE_BASELINE.lcpMs, PHONE_BUDGETS.lcpMs)}; runs ${lcp.runsMs.map(seconds).join(', ')}`,
  );

  const signInRuns = [];
  for (let i = 0; i < runs; i++) {
    signInRuns.push(await signInToDashboard(browser, DEMO.agent, '/agent/dashboard', profile));
  }
  const signIn = summarise(signInRuns);
  log(
    `  sign-in → agent dashboard figures ${base(signIn.medianMs, PHONE_BASELINE.signInMs, PHONE_BUDGETS.signInMs)}; ` +
      `runs ${signIn.runsMs.map(seconds).join(', ')}`,
  );

  const { token } = await login(API_URL_IP, DEMO.agent);
  const ordersRuns = [];
  for (let i = 0; i < runs; i++) ordersRuns.push(await ordersOnceInstalled(browser, profile, token));
  const serviceWorker = ordersRuns.every((r) => r.controlled);
  const ordersPage = {
    runsMs: ordersRuns.map((r) => r.ms),
    medianMs: median(ordersRuns.map((r) => r.ms)),
    firstVisitMs: ordersRuns.map((r) => r.firstMs),
    serviceWorker,
    load: Math.max(...ordersRuns.map((r) => r.load)),
  };
  log(
    `  orders page, second visit ${base(ordersPage.medianMs, PHONE_BASELINE.ordersMs, PHONE_BUDGETS.ordersMs)}; ` +
      `runs ${ordersPage.runsMs.map(seconds).join(', ')}; first visits ${ordersPage.firstVisitMs.map(seconds).join(', ')}; ` +
      (serviceWorker
        ? 'the service worker controlled each second visit'
        : `no service worker controlled the second visit (registered in ${ordersRuns.filter((r) => r.registered).length} of ${runs} runs)`),
  );

  const upload = await measureUploads({ browser, profile, token, runs, smoke, runtimeConfigFile, tempRoot, log });
  return { runs, orders, lcp, signIn, ordersPage, upload };
}

/**
 * The uploads: one unbroken, then `runs` cut off at 50 % and resumed, through the submit-order
 * form, the app pointed at the counting proxy meanwhile.
 */
async function measureUploads({ browser, profile, token, runs, smoke, runtimeConfigFile, tempRoot, log }) {
  const { body: products } = await apiGet(API_URL_IP, '/api/products/approved?limit=50', token);
  const product = products.find((p) => p.reviewTypes.length > 0);
  if (!product) throw new Error('the seeded database has no approved product to order');
  const image = await noiseImage(tempRoot, smoke ? 300 * 1024 : 2 * 1024 * 1024);
  const offlineMs = smoke ? 2000 : 3000;
  // the app's API calls through the proxy while the uploads run: the shell reads its runtime JSON on every request
  const proxy = await startCountingProxy({
    port: PORTS.phoneProxy,
    target: API_URL_IP,
    publicTarget: API_URL,
    onBody: (request, chunkBytes) => proxy.onBody?.(request, chunkBytes),
  });
  writeRuntimeConfig(runtimeConfigFile, { apiBaseUrl: proxy.url });
  try {
    const options = { browser, profile, token, product, image, proxy, offlineMs, log };
    log(`  uploads of a ${image.bytes}-byte image: unbroken, then resumed after a drop at 50 %, ${runs} times`);
    const unbroken = await uploadThroughForm({ ...options, drop: false });
    log(`    unbroken: ${unbroken.bytes} bytes in ${unbroken.patches} PATCH requests, ${seconds(unbroken.ms)}`);
    const resumed = [];
    for (let i = 0; i < runs; i++) {
      const run = await uploadThroughForm({ ...options, drop: true });
      resumed.push(run);
      log(
        `    resumed: ${run.bytes} bytes in ${run.patches} PATCH requests (${run.cutOff} cut off), ${seconds(run.ms)}`,
      );
    }
    return {
      imageBytes: image.bytes,
      unbroken: { bytes: unbroken.bytes, ms: unbroken.ms },
      resumed: resumed.map((r) => ({ bytes: r.bytes, ms: r.ms, cutOff: r.cutOff })),
      load: Math.max(unbroken.load, ...resumed.map((r) => r.load)),
    };
  } finally {
    writeRuntimeConfig(runtimeConfigFile);
    await proxy.stop();
  }
}
