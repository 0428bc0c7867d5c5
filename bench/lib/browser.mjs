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
 * A fresh context and page (empty cache, empty storage), optionally with the HTTP cache off,
 * recording every JavaScript response as { url, body, wireBytes, phase }.
 * @param {import('playwright-core').Browser} browser
 */
export async function freshPage(browser, { cacheDisabled = false, initScript } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  if (cacheDisabled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  /** @type {Array<{ url: string, body: Buffer, wireBytes: number, phase: string }>} */
  const scripts = [];
  const pending = [];
  let phase = 'start';
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
    scripts,
    setPhase(name) {
      phase = name;
    },
    /** waits for the bodies of the responses seen so far */
    settle: () => Promise.all(pending.splice(0)),
    close: () => context.close(),
  };
}
