// Headless Debian Chromium through playwright-core, as the browser tests drive it.
import { chromium } from 'playwright-core';
import { onCleanup } from '../../scripts/lib/processes.mjs';

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // the bench stops everything itself on Ctrl+C (Playwright's own handler would exit at once)
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const unregister = onCleanup('browser', () => browser.close());
  return {
    browser,
    async close() {
      unregister();
      await browser.close();
    },
  };
}

/**
 * A device the page is opened as (the phone section's, bench/phone.mjs): Playwright's context
 * options over the desktop defaults, and what to emulate through the page's CDP session.
 * @typedef {object} Profile
 * @property {import('playwright-core').BrowserContextOptions} context
 * @property {(cdp: import('playwright-core').CDPSession) => Promise<void>} emulate
 */

/**
 * A fresh context and page (empty cache, empty storage), optionally with the HTTP cache off or
 * as a device (`profile`), recording every JavaScript response as { url, body, wireBytes, phase }.
 * @param {import('playwright-core').Browser} browser
 * @param {{ cacheDisabled?: boolean, initScript?: () => void, profile?: Profile }} [options]
 */
export async function freshPage(browser, { cacheDisabled = false, initScript, profile } = {}) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
    ...profile?.context,
  });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  /** the page's CDP session, when the cache or a profile needed one */
  let cdp = null;
  if (cacheDisabled || profile) {
    cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
  }
  if (cacheDisabled) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile) await profile.emulate(cdp);
  /** @type {Array<{ url: string, body: Buffer, wireBytes: number, phase: string }>} */
  const scripts = [];
  const pending = [];
  let phase = 'start';
  /** every request: when it started and ended (for quiet()) */
  /** @type {Map<import('playwright-core').Request, { type: string, url: string, startedAt: number, endedAt?: number }>} */
  const requests = new Map();
  page.on('request', (request) => {
    requests.set(request, { type: request.resourceType(), url: request.url(), startedAt: performance.now() });
  });
  for (const event of ['requestfinished', 'requestfailed']) {
    page.on(event, (request) => {
      const seen = requests.get(request);
      if (seen) seen.endedAt = performance.now();
    });
  }
  const opened = performance.now();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) || response.status() !== 200) return;
    const seenIn = phase;
    pending.push(
      (async () => {
        try {
          const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
          scripts.push({ url: response.url(), body, wireBytes: sizes.responseBodySize, phase: seenIn });
        } catch {
          // a navigation discarded the body
        }
      })(),
    );
  });
  return {
    context,
    page,
    cdp,
    scripts,
    setPhase(name) {
      phase = name;
    },
    /** waits for the bodies of the responses seen so far */
    settle: () => Promise.all(pending.splice(0)),
    /**
     * Waits until no request of these resource types (Playwright's: 'script', 'stylesheet', 'font',
     * 'image', 'document', 'fetch'...) is on its way, nor has started or ended, for quietMs; throws
     * after timeoutMs. Not the whole network's idleness: a signed-in page keeps its alert stream
     * (ignored here) open for as long as it lives (docs/benchmarks.md, How the bench waits).
     */
    quiet(types, { quietMs = 500, timeoutMs = 30_000 } = {}) {
      const watched = () => [...requests.values()].filter((r) => types.includes(r.type) && !LONG_LIVED.test(r.url));
      return waitForQuiet(
        () => watched().filter((r) => r.endedAt === undefined).length,
        () => Math.max(opened, ...watched().map((r) => r.endedAt ?? r.startedAt)),
        { quietMs, timeoutMs, what: types.join(', ') },
      );
    },
    close: () => context.close(),
  };
}

/** Requests that stay open while the page lives: the live alert stream. */
const LONG_LIVED = /\/api\/alerts\/stream(\?|$)/;

/** Resolves once busy() has answered 0 and lastChange() is quietMs old; throws after timeoutMs. */
export async function waitForQuiet(busy, lastChange, { quietMs, timeoutMs, what }) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const now = performance.now();
    if (busy() === 0 && now - lastChange() >= quietMs) return;
    if (now >= deadline) {
      throw new Error(`requests (${what}) still on their way or starting after ${timeoutMs / 1000} s (${busy()} open)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
