// Section 2, page timings in headless Chromium against the production builds, median of 5,
// every run in a fresh browser context (empty cache: a first visit):
// - the login page's largest contentful paint;
// - from the sign-in click to the dashboard's figures visible: the time between the click
//   event on 'sign in' and the moment every count tile of the dashboard shows a number,
//   both taken inside the page (performance.now()), with the database of 10,000 orders.
import { freshPage } from './lib/browser.mjs';
import { loadNow, median, ms } from './lib/report.mjs';
import { SHELL_URL } from './lib/stack.mjs';

export const BUDGETS = { lcpMs: 400, signInMs: 800 };

const LCP_SCRIPT = () => {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      window.__lcp.push({
        at: entry.startTime,
        element: element ? `${element.tagName.toLowerCase()}${element.className ? `.${element.className}` : ''}` : '',
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

/** Where the time of a page load went (ms from navigation start). */
const LOAD_PHASES = () => {
  const [nav] = performance.getEntriesByType('navigation');
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const scripts = performance
    .getEntriesByType('resource')
    .filter((e) => e.initiatorType === 'script' || /\.js$/.test(e.name));
  const config = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/runtime-config.json'));
  return {
    htmlMs: nav ? nav.responseEnd : null,
    lastScriptMs: scripts.length ? Math.max(...scripts.map((e) => e.responseEnd)) : null,
    configRequestedMs: config ? config.startTime : null,
    configAnsweredMs: config ? config.responseEnd : null,
    domContentLoadedMs: nav ? nav.domContentLoadedEventEnd : null,
    fcpMs: fcp ? fcp.startTime : null,
  };
};

/** After a sign-in: when each request of the page ended, ms after the click. */
const SIGN_IN_PHASES = () => {
  const { click } = window.__bench;
  const entries = performance
    .getEntriesByType('resource')
    .filter((e) => e.startTime >= click)
    .map((e) => {
      const url = new URL(e.name);
      return { what: `${url.port} ${url.pathname}`, startMs: e.startTime - click, endMs: e.responseEnd - click };
    });
  const api = entries.filter((e) => e.what.includes(' /api/'));
  const code = entries.filter((e) => /\.(m?js|json)$/.test(e.what) && !e.what.includes(' /api/'));
  const login = api.find((e) => e.what.endsWith('/api/login'));
  return {
    signInAnsweredMs: login ? login.endMs : null,
    lastCodeMs: code.length ? Math.max(...code.map((e) => e.endMs)) : null,
    lastApiMs: api.length ? Math.max(...api.map((e) => e.endMs)) : null,
    requests: entries,
  };
};

/** Marks the click on 'sign in' and the first moment all count tiles show a number. */
const SIGN_IN_SCRIPT = () => {
  const bench = { click: null, ready: null };
  window.__bench = bench;
  document.addEventListener(
    'click',
    (event) => {
      if (bench.click === null && event.target instanceof Element && event.target.closest('button[type="submit"]')) {
        bench.click = performance.now();
      }
    },
    true,
  );
  const check = () => {
    if (bench.click === null || bench.ready !== null) return;
    const values = [...document.querySelectorAll('ul[aria-label="figures"] .ui-stat-card-value')];
    if (values.length > 0 && values.every((v) => /^\d[\d,]*$/.test((v.textContent ?? '').trim()))) {
      bench.ready = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
};

/** What a page needs before it is drawn and ready (the bench never waits for the whole network: docs/benchmarks.md). */
export const RENDERED = ['document', 'script', 'stylesheet', 'font', 'image', 'fetch', 'xhr'];

/** @param {import('./lib/browser.mjs').Profile} [profile] a device (the phone section's), else the desktop */
export async function loginLcp(browser, profile) {
  const load = loadNow();
  const tab = await freshPage(browser, { initScript: LCP_SCRIPT, profile });
  try {
    await tab.page.goto(`${SHELL_URL}/`);
    await tab.page.getByRole('heading', { name: 'login' }).waitFor();
    // everything that can paint has come, and the largest paint has been reported
    await tab.quiet(RENDERED);
    await tab.page
      .waitForFunction(() => window.__lcp.length > 0, null, { timeout: 10_000, polling: 50 })
      .catch(() => {
        throw new Error('the login page reported no largest contentful paint');
      });
    await tab.page.waitForTimeout(200);
    const entries = await tab.page.evaluate(() => window.__lcp);
    const last = entries[entries.length - 1];
    return { ms: last.at, element: last.element, load, ...(await tab.page.evaluate(LOAD_PHASES)) };
  } finally {
    await tab.close();
  }
}

/** @param {import('./lib/browser.mjs').Profile} [profile] a device (the phone section's), else the desktop */
export async function signInToDashboard(browser, { email, password }, dashboard, profile) {
  const load = loadNow();
  const tab = await freshPage(browser, { initScript: SIGN_IN_SCRIPT, profile });
  try {
    const { page } = tab;
    await page.goto(`${SHELL_URL}/`);
    await page.getByRole('heading', { name: 'login' }).waitFor();
    // the sign-in form with all its code, ready for the click that starts the clock
    await tab.quiet(RENDERED);
    await page.getByLabel('email').fill(email);
    await page.getByLabel('password').fill(password);
    await page.getByRole('button', { name: 'sign in' }).click();
    await page.waitForFunction(() => window.__bench.ready !== null, null, { timeout: 60_000, polling: 100 });
    const { click, ready } = await page.evaluate(() => window.__bench);
    const url = new URL(page.url());
    if (url.pathname !== dashboard) throw new Error(`signed in to ${url.pathname}, not ${dashboard}`);
    return { ms: ready - click, load, ...(await page.evaluate(SIGN_IN_PHASES)) };
  } finally {
    await tab.close();
  }
}

/**
 * @param {{ browser: import('playwright-core').Browser, runs: number, accounts: Array<{ label: string, email: string, password: string, dashboard: string }>, orders: number }} options
 */
export async function measurePages({ browser, runs, accounts, orders, log }) {
  const lcpRuns = [];
  for (let i = 0; i < runs; i++) lcpRuns.push(await loginLcp(browser));
  const lcp = summarise(lcpRuns);
  log(
    `  login LCP ${ms(lcp.medianMs)} (${lcp.median.element}; runs ${lcp.runsMs.map(Math.round).join(', ')}): ` +
      `HTML at ${ms(lcp.median.htmlMs)}, last script at ${ms(lcp.median.lastScriptMs)}, ` +
      `runtime JSON asked at ${ms(lcp.median.configRequestedMs)} and answered at ${ms(lcp.median.configAnsweredMs)}, ` +
      `first paint at ${ms(lcp.median.fcpMs)}`,
  );
  const signIn = {};
  for (const account of accounts) {
    const runsOf = [];
    for (let i = 0; i < runs; i++) runsOf.push(await signInToDashboard(browser, account, account.dashboard));
    const s = summarise(runsOf);
    signIn[account.label] = { dashboard: account.dashboard, ...s };
    log(
      `  sign-in → ${account.label} dashboard ${ms(s.medianMs)} (runs ${s.runsMs.map(Math.round).join(', ')}): ` +
        `sign-in answered at ${ms(s.median.signInAnsweredMs)}, last code at ${ms(s.median.lastCodeMs)}, ` +
        `last API answer at ${ms(s.median.lastApiMs)}`,
    );
  }
  return { runs, orders, lcp, signIn };
}

/** The runs' times, their median, and the run nearest the median (for where its time went). */
export function summarise(runs) {
  const runsMs = runs.map((r) => r.ms);
  const medianMs = median(runsMs);
  const nearest = runs.reduce((best, r) => (Math.abs(r.ms - medianMs) < Math.abs(best.ms - medianMs) ? r : best));
  return { runsMs, medianMs, median: nearest, load: Math.max(...runs.map((r) => r.load)) };
}

export function pagesRows(result) {
  const spread = (runs) => `runs ${runs.map((r) => Math.round(r)).join(', ')}`;
  const rows = [
    {
      section: 'pages',
      figure: `login page LCP (median of ${result.runs}, cold)`,
      value: ms(result.lcp.medianMs),
      budget: `≤ ${BUDGETS.lcpMs} ms`,
      met: result.lcp.medianMs <= BUDGETS.lcpMs,
      detail: spread(result.lcp.runsMs),
      load: result.lcp.load,
    },
  ];
  for (const [label, timing] of Object.entries(result.signIn)) {
    rows.push({
      section: 'pages',
      figure: `sign-in click → ${label} dashboard figures (${result.orders.toLocaleString('en-US')} orders, median of ${result.runs})`,
      value: ms(timing.medianMs),
      budget: `≤ ${BUDGETS.signInMs} ms`,
      met: timing.medianMs <= BUDGETS.signInMs,
      detail: spread(timing.runsMs),
      load: timing.load,
    });
  }
  return rows;
}
