// Section 1, bundle weight, measured in headless Chromium from the production builds:
// - the login page: gzip -9 bytes of every JavaScript file it loads;
// - each role area on its first visit: the JavaScript the page loads when a signed-in user
//   opens the area, minus what the login page already loaded (the shell's post-sign-in code,
//   the federation runtime, the remote's entry and chunks);
// - copies of react and react-dom: JavaScript files of one page that contain the package's
//   own code (react's internals object, react-dom's internals and its renderer).
import zlib from 'node:zlib';
import { freshPage } from './lib/browser.mjs';
import { kb } from './lib/report.mjs';
import { SHELL_URL } from './lib/stack.mjs';

export const BUDGETS = { loginKb: 120, areaKb: 60, copies: 1 };

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

async function openLoginPage(browser) {
  const tab = await freshPage(browser, { cacheDisabled: true });
  tab.setPhase('login');
  await tab.page.goto(`${SHELL_URL}/`);
  await tab.page.getByRole('heading', { name: 'login' }).waitFor();
  await tab.quiet(CODE_AND_DATA);
  await tab.settle();
  return tab;
}

const AREAS = [
  { area: 'admin', who: 'admin', route: '/admin/dashboard' },
  { area: 'manager', who: 'manager', route: '/manager/orders' },
  { area: 'agent', who: 'agent', route: '/agent/dashboard' },
];

/**
 * @param {{ browser: import('playwright-core').Browser, tokens: Record<string, string> }} options
 *   tokens: a session token per account (admin, manager, agent)
 */
export async function measureBundle({ browser, tokens }) {
  // bytes and copies do not move with the machine's load: these rows carry none, and are never noisy
  const result = { login: null, areas: {}, copies: {} };

  const login = await openLoginPage(browser);
  const loginScripts = uniqueByUrl(login.scripts.filter((s) => s.phase === 'login'));
  result.login = weigh(loginScripts);
  result.copies.login = copies(loginScripts);
  await login.close();

  for (const { area, who, route } of AREAS) {
    // The login page first, then a signed-in load of the area (the session token in
    // localStorage, as the shell keeps it): what the area adds is what the login page did not load.
    const tab = await openLoginPage(browser);
    // also what the first login page loaded: a late chunk this tab's wait did not see is not the area's
    const before = new Set([...loginScripts, ...tab.scripts].map((s) => s.url));
    await tab.page.evaluate((token) => localStorage.setItem('token', token), tokens[who]);
    tab.setPhase('area');
    await tab.page.goto(`${SHELL_URL}${route}`);
    await tab.page.locator(`.${area}-area`).waitFor({ timeout: 30_000 });
    // what is weighed: the area's code, all of it, also what its first data asks for
    await tab.quiet(CODE_AND_DATA);
    if (await tab.page.getByText('Something went wrong.').isVisible()) {
      throw new Error(`the ${area} area showed its error screen at ${route}`);
    }
    await tab.settle();
    const areaPage = uniqueByUrl(tab.scripts.filter((s) => s.phase === 'area'));
    result.areas[area] = { route, ...weigh(areaPage.filter((s) => !before.has(s.url))) };
    result.copies[area] = copies(areaPage);
    await tab.close();
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
