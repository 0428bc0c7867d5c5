// Section 1, bundle weight, measured in headless Chromium from the production builds:
// - the login page: gzip -9 bytes of every JavaScript file it loads;
// - each role area on its first visit: the JavaScript the page loads when a signed-in user
//   opens the area, minus what the login page already loaded (the shell's post-sign-in code,
//   the federation runtime, the remote's entry and chunks);
// - copies of react and react-dom: JavaScript files of one page that contain the package's
//   own code (react's internals object, react-dom's internals and its renderer);
// - Urdu: the JavaScript the same pages load in Urdu beyond what they load in English (the
//   catalogues and the contract's Urdu sentences; the font is a stylesheet and files of its own).
import zlib from 'node:zlib';
import { freshPage } from './lib/browser.mjs';
import { kb } from './lib/report.mjs';
import { SHELL_URL } from './lib/stack.mjs';

export const BUDGETS = { loginKb: 120, areaKb: 60, copies: 1, urduKb: 15 };

/** Markers of each package's own code in a minified production build (React 19). */
const SIGNATURES = {
  react: /H:null,A:null,T:null,S:null/, // ReactSharedInternals = { H: null, A: null, T: null, S: null }
  'react-dom': /findDOMNode:null/, // react-dom's Internals
  'react-dom/client': /reconcilerVersion/, // the renderer's devtools injection
};

const gzip9 = (body) => zlib.gzipSync(body, { level: 9 }).length;

/** Where a URL comes from, short: "shell assets/index-abc.js", "remote-agent remoteEntry.js". */
function shortName(url) {
  const { port, pathname } = new URL(url);
  const app = { 13000: 'shell', 13001: 'remote-admin', 13002: 'remote-manager', 13003: 'remote-agent' }[port] ?? port;
  return `${app} ${pathname.replace(/^\//, '')}`;
}

function weigh(scripts) {
  const files = scripts
    .map((s) => ({ file: shortName(s.url), gzipBytes: gzip9(s.body), rawBytes: s.body.length, wireBytes: s.wireBytes }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
    files,
  };
}

function copies(scripts) {
  /** @type {Record<string, string[]>} */
  const found = {};
  for (const [name, marker] of Object.entries(SIGNATURES)) {
    found[name] = scripts.filter((s) => marker.test(s.body.toString('utf8'))).map((s) => shortName(s.url));
  }
  return {
    react: found.react.length,
    reactDom: Math.max(found['react-dom'].length, found['react-dom/client'].length),
    files: found,
  };
}

/** The requests the bundle waits for: code, and the data (runtime JSON, manifests, API answers) that may ask for more. */
const CODE_AND_DATA = ['script', 'fetch', 'xhr'];

const uniqueByUrl = (scripts) => [...new Map(scripts.map((s) => [s.url, s])).values()];

/** The device's language (localStorage `locale`, as the language switch leaves it) before the page starts. */
async function openLoginPage(browser, locale = 'en') {
  const tab = await freshPage(browser, { cacheDisabled: true });
  if (locale !== 'en') {
    await tab.page.addInitScript((chosen) => {
      if (!localStorage.getItem('locale')) localStorage.setItem('locale', chosen);
    }, locale);
  }
  tab.setPhase('login');
  await tab.page.goto(`${SHELL_URL}/`);
  // in Urdu the heading is Urdu: the sign-in form's email field is there in both
  await tab.page.locator('#login-email').waitFor();
  await tab.quiet(CODE_AND_DATA);
  await tab.settle();
  return tab;
}

const AREAS = [
  { area: 'admin', who: 'admin', route: '/admin/dashboard' },
  { area: 'manager', who: 'manager', route: '/manager/orders' },
  { area: 'agent', who: 'agent', route: '/agent/dashboard' },
];

/** An account's language on the server (the signed-in app opens in it). */
async function putLocale(apiUrl, token, locale) {
  const response = await fetch(`${apiUrl}/api/user/locale`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ locale }),
  });
  if (!response.ok) throw new Error(`PUT /api/user/locale answered ${response.status}`);
}

/** Opens `route` signed in with `token` from a login page in `locale`; the scripts of each phase. */
async function openArea(browser, { area, route, token, locale }) {
  const tab = await openLoginPage(browser, locale);
  const before = tab.scripts.map((s) => s.url);
  await tab.page.evaluate((value) => localStorage.setItem('token', value), token);
  tab.setPhase('area');
  await tab.page.goto(`${SHELL_URL}${route}`);
  await tab.page.locator(`.${area}-area`).waitFor({ timeout: 30_000 });
  // what is weighed: the area's code, all of it, also what its first data asks for
  await tab.quiet(CODE_AND_DATA);
  if (await tab.page.locator('.error-screen').isVisible()) {
    throw new Error(`the ${area} area showed its error screen at ${route} (${locale})`);
  }
  if (locale !== 'en' && (await tab.page.locator('html').getAttribute('lang')) !== locale) {
    throw new Error(`the ${area} area did not open in ${locale}`);
  }
  await tab.settle();
  const areaPage = uniqueByUrl(tab.scripts.filter((s) => s.phase === 'area'));
  const loginPage = uniqueByUrl(tab.scripts.filter((s) => s.phase === 'login'));
  await tab.close();
  return { before, areaPage, loginPage };
}

/**
 * @param {{ browser: import('playwright-core').Browser, tokens: Record<string, string>, apiUrl: string }} options
 *   tokens: a session token per account (admin, manager, agent); apiUrl: where their language is set
 */
export async function measureBundle({ browser, tokens, apiUrl }) {
  // bytes and copies do not move with the machine's load: these rows carry none, and are never noisy
  const result = { login: null, areas: {}, copies: {} };

  const login = await openLoginPage(browser);
  const loginScripts = uniqueByUrl(login.scripts.filter((s) => s.phase === 'login'));
  result.login = weigh(loginScripts);
  result.copies.login = copies(loginScripts);
  await login.close();

  /** every script an English page of the app loads: what Urdu adds is what is not among them */
  const english = new Set(loginScripts.map((s) => s.url));
  for (const { area, who, route } of AREAS) {
    // The login page first, then a signed-in load of the area (the session token in
    // localStorage, as the shell keeps it): what the area adds is what the login page did not load
    // (also what the first login page loaded: a late chunk this tab's wait did not see is not the area's).
    const { before, areaPage } = await openArea(browser, { area, route, token: tokens[who], locale: 'en' });
    const loaded = new Set([...loginScripts.map((s) => s.url), ...before]);
    result.areas[area] = { route, ...weigh(areaPage.filter((s) => !loaded.has(s.url))) };
    result.copies[area] = copies(areaPage);
    for (const script of areaPage) english.add(script.url);
  }

  // The same pages in Urdu: the login page with the device's choice, each area for an account in Urdu.
  result.urdu = {};
  const urduLogin = await openLoginPage(browser, 'ur');
  result.urdu.login = {
    route: '/',
    ...weigh(uniqueByUrl(urduLogin.scripts.filter((s) => s.phase === 'login' && !english.has(s.url)))),
  };
  await urduLogin.close();
  for (const { area, who, route } of AREAS) {
    await putLocale(apiUrl, tokens[who], 'ur');
    try {
      const { areaPage, loginPage } = await openArea(browser, { area, route, token: tokens[who], locale: 'ur' });
      const page = uniqueByUrl([...loginPage, ...areaPage]);
      result.urdu[area] = { route, ...weigh(page.filter((s) => !english.has(s.url))) };
    } finally {
      await putLocale(apiUrl, tokens[who], 'en');
    }
  }

  const maxCopies = (key) => Math.max(...Object.values(result.copies).map((c) => c[key]));
  result.maxCopies = { react: maxCopies('react'), reactDom: maxCopies('reactDom') };
  return result;
}

/** The table's rows for this section. */
export function bundleRows(result) {
  const rows = [
    {
      section: 'bundle',
      figure: 'login page JS (gzip -9)',
      value: kb(result.login.gzipBytes),
      budget: `≤ ${BUDGETS.loginKb} KB`,
      met: result.login.gzipBytes <= BUDGETS.loginKb * 1024,
    },
  ];
  for (const [area, weight] of Object.entries(result.areas)) {
    const fromShell = weight.files.filter((f) => f.file.startsWith('shell ')).reduce((sum, f) => sum + f.gzipBytes, 0);
    rows.push({
      section: 'bundle',
      figure: `${area} area adds on first visit (${weight.route})`,
      value: `${kb(weight.gzipBytes)} (shell ${kb(fromShell)} + remote ${kb(weight.gzipBytes - fromShell)})`,
      budget: `≤ ${BUDGETS.areaKb} KB`,
      met: weight.gzipBytes <= BUDGETS.areaKb * 1024,
    });
  }
  for (const [page, weight] of Object.entries(result.urdu ?? {})) {
    rows.push({
      section: 'bundle',
      figure: `Urdu adds to the ${page === 'login' ? 'login page' : `${page} area (${weight.route})`}`,
      value: kb(weight.gzipBytes),
      budget: `≤ ${BUDGETS.urduKb} KB`,
      met: weight.gzipBytes <= BUDGETS.urduKb * 1024,
    });
  }
  rows.push(
    {
      section: 'bundle',
      figure: 'copies of react on a page',
      value: String(result.maxCopies.react),
      budget: `${BUDGETS.copies}`,
      met: result.maxCopies.react === BUDGETS.copies,
    },
    {
      section: 'bundle',
      figure: 'copies of react-dom on a page',
      value: String(result.maxCopies.reactDom),
      budget: `${BUDGETS.copies}`,
      met: result.maxCopies.reactDom === BUDGETS.copies,
    },
  );
  return rows;
}

/** The biggest files of a measurement, for the console. */
export function topFiles(weight, n = 6) {
  return weight.files
    .slice(0, n)
    .map((f) => `${kb(f.gzipBytes).padStart(9)}  ${f.file}`)
    .join('\n');
}
