import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compiledCatalogues } from '../scripts/i18n-catalogues';
import { shellRelease } from '../scripts/release-manifest';
import { SHARED_QUERY_EXPORTS, SHARED_ROUTER_EXPORTS } from '../shared-api/src/contract/federation';

/**
 * The shell is built WITHOUT the federation plugin (runtime-only host, docs/architecture.md,
 * One federation runtime): src/remotes/federation.ts imports @module-federation/runtime only when a
 * remote route is first opened and provides the shared modules itself. Their versions
 * are read here, from the installed packages, so the share scope states them exactly.
 */
const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'zustand',
  'react-toastify',
  '@tanstack/react-query',
  'shared-api',
] as const;

function installedVersion(name: string): string {
  for (const dir of ['./node_modules', '../node_modules']) {
    const file = fileURLToPath(new URL(`${dir}/${name}/package.json`, import.meta.url));
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${name} is not installed`);
}

const sharedVersions = Object.fromEntries(SHARED_PACKAGES.map((name) => [name, installedVersion(name)]));

/** What this shell provides to the remotes: dist/release.json and `__SHELL_RELEASE__` (docs/architecture.md, Versions of a build). */
const provides = {
  'shared-api': installedVersion('shared-api'),
  routerExports: [...SHARED_ROUTER_EXPORTS],
  queryExports: [...SHARED_QUERY_EXPORTS],
  federationRuntime: installedVersion('@module-federation/runtime'),
};

/**
 * What only a signed-in page loads, in one file rather than eight (a first visit of an area
 * pays gzip's start-up once, and shares its dictionary): the federation runtime, the
 * signed-in layout, the area route and its canary choice, shared-api's namespace as the
 * remotes get it, and the parts of shared-api and shared-ui only the areas use. Nothing
 * here may be imported by the sign-in page (bench: the login page's weight stays put). A module
 * only these import must be listed too: left out, it gets a chunk of its own that imports this
 * one back, and with that cycle the layout once called a function of the other chunk before it
 * was set ('is not a function' after sign-in; the browser tests caught it).
 */
const SIGNED_IN_ONLY =
  /node_modules\/@module-federation\/|\/shell\/src\/(layout\/(app-layout|about-button|sidebar|unread-alerts)|guard\/area-route|runtime-config\/remote-urls|remotes\/|session\/)|\/shared-ui\/src\/lib\/(queries|alert-cache|mutations|use-own-commission|offline-cache|use-online)\.ts$|\/shared-api\/src\/(index|alerts|alert-stream|orders|products|payouts|accounts-client|payout-account|password-reset|submit-loader|uploads|contract\/password-reset-messages|contract\/release|contract\/offline)\.ts$/;

/**
 * What the sign-in page loads that later pages share (React, the router, the session store,
 * the HTTP client, the contract's texts and routes, the language runtime): in one file beside the
 * entry rather than three. users.ts is here because the sign-in page's language switch
 * (shared-ui/language-switch) saves the choice with its saveLocale: in the signed-in group it
 * would pull that whole file into the sign-in page.
 */
const SIGN_IN_SHARED =
  /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|zustand|react-toastify|clsx|@lingui\/core)\/|\/shared-api\/src\/(contract\/(messages|routes|constants)|client|http|session|config|auth|i18n|users)\.ts$|^\0(vite\/preload-helper|rolldown\/runtime)/;

/**
 * TanStack Query and the client settings, in a file of their own: the sign-in page preloads it
 * once idle (src/auth/login-page.tsx), so its paint never waits for it and a first visit finds it
 * loaded.
 */
const DATA_LAYER =
  /node_modules\/@tanstack\/|\/shared-ui\/src\/lib\/query-client\.ts$|\/shell\/src\/auth\/signed-out-client\.ts$/;

const NODE_LOADER_STUB = '\0federation-sdk-node-loader';

/**
 * The federation SDK bundles its Node.js script loader (a `vm` based `loadScriptNode`) with the
 * browser's; runtime-core calls it only where there is no `document`. The shell runs in a
 * browser only, so the build replaces that module with one that says so if ever called.
 */
function browserOnlyFederationSdk(): Plugin {
  return {
    name: 'shell-browser-only-federation-sdk',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './node.js' && importer?.includes('/@module-federation/sdk/dist/')
        ? NODE_LOADER_STUB
        : undefined;
    },
    load(id) {
      if (id !== NODE_LOADER_STUB) return undefined;
      return [
        "const inBrowser = () => { throw new Error('The federation runtime was asked to load a script the Node.js way, in a browser.'); };",
        'export { inBrowser as createScriptNode, inBrowser as loadScriptNode };',
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    compiledCatalogues(),
    browserOnlyFederationSdk(),
    shellRelease({ packageDir: fileURLToPath(new URL('.', import.meta.url)), provides }),
    // the service worker: src/pwa/sw.ts with the list of this build's files (docs/architecture.md, Phone app)
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      // registered by src/pwa/register-service-worker.ts; the manifest is public/manifest.webmanifest
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // index.html, the runtime JSON and release.json are network-first, never precached
        globPatterns: ['assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg', 'manifest.webmanifest'],
        // loaded only when images go to Firebase Storage, or the Urdu font only when Urdu is on
        // (src/urdu-font.ts, 160 KB a weight): cached when used, like an area's files
        globIgnores: ['assets/firebase-*', 'assets/noto-nastaliq-urdu-*'],
      },
    }),
  ],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'signed-in', test: SIGNED_IN_ONLY },
            { name: 'data-layer', test: DATA_LAYER },
            { name: 'sign-in', test: SIGN_IN_SHARED },
          ],
        },
      },
    },
  },
  define: { __SHARED_VERSIONS__: JSON.stringify(sharedVersions) },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
});
