/**
 * The one Vite configuration of the three remotes (each remote's vite.config.ts names
 * itself and its port). The shared list here is what every remote asks the host for; the
 * shell provides the same modules at runtime (shell/src/remotes/federation.ts).
 */
import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig, type UserConfigFnObject } from 'vite';
import type { RemotePackage } from '../shared-api/src/contract/release';
import { compiledCatalogues } from './i18n-catalogues';
import { remoteRelease, sharedApiRange } from './release-manifest';

/**
 * Modules that hold state, shared as singletons by the shell and every remote (docs/architecture.md,
 * One federation runtime). shared-api's range is the remote's own package.json dependency.
 */
const singleton = { singleton: true };
const sharedSingletons = (packageDir: string) => ({
  react: singleton,
  'react/jsx-runtime': singleton,
  'react-dom': singleton,
  'react-dom/client': singleton,
  'react-router-dom': singleton,
  zustand: singleton,
  'react-toastify': singleton,
  // one QueryClient context, provided by the shell's signed-in layout
  '@tanstack/react-query': singleton,
  // shared whole: one API client and one session store; additive within a major
  'shared-api': { singleton: true, requiredVersion: sharedApiRange(packageDir) },
});
type SharedSingletons = ReturnType<typeof sharedSingletons>;

/**
 * Writes dist/standalone-page.json: the API the standalone page calls (VITE_API_BASE_URL, or
 * null for shared-api's default), from which the remote's static server derives the page's
 * Content-Security-Policy (scripts/app-servers.mjs reads it under this name).
 */
function standalonePageSettings(): Plugin {
  let apiBaseUrl: string | null = null;
  return {
    name: 'remote-standalone-page-settings',
    apply: 'build',
    configResolved(config) {
      apiBaseUrl = config.env.VITE_API_BASE_URL || null;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'standalone-page.json', source: `${JSON.stringify({ apiBaseUrl })}\n` });
    },
  };
}

/** The contract's messages module, by file (see messagesFromHost). */
const MESSAGES_MODULE = fileURLToPath(new URL('../shared-api/src/contract/messages.ts', import.meta.url));
const HOST_MESSAGES_ID = 'virtual:messages-from-host';

/**
 * The contract's messages come from the host at runtime: the shell's sign-in page has them
 * all already, and shared-api (shared whole) re-exports them. A remote's production build
 * replaces the messages module with a re-export of `shared-api`, so an area does not download
 * a second copy of every message. The dev server and the tests keep their own copy.
 */
function messagesFromHost(): Plugin {
  return {
    name: 'remote-messages-from-host',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.') || !source.endsWith('messages')) return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === MESSAGES_MODULE ? HOST_MESSAGES_ID : undefined;
    },
    load(id) {
      return id === HOST_MESSAGES_ID ? "export { MESSAGES } from 'shared-api';" : undefined;
    },
  };
}

/**
 * The federation plugin's small modules every first visit loads (the shared modules' proxies,
 * the runtime's shim and helpers, Vite's preload helper): one file rather than eight, so an
 * area's first visit pays gzip's start-up once for them.
 */
const FEDERATION_GLUE =
  /^\0?virtual:mf(-localSharedImportMap|-external-runtime-core|:.*__loadShare__)|node_modules\/@module-federation\/runtime\/dist\/|^\0?vite\/preload-helper/;

/**
 * What the production build asks the host for: every shared module with `import: false`, so
 * the remote bundles no copy of its own (the shell provides each one; an area's first visit
 * loads only the exports it uses). The dev server keeps local copies as fallbacks.
 */
function hostProvided(shared: SharedSingletons) {
  return Object.fromEntries(
    Object.entries(shared).map(([pkg, config]) => [pkg, { ...config, import: false as const }]),
  );
}

/**
 * `vite build --mode standalone`: the remote's own page, a plain React app with no federation
 * at all (no host, so nothing to share), written into the same dist/ after the federated build
 * (its index.html is the page the remote's origin serves).
 */
function standalonePageConfig(port: number): UserConfig {
  return {
    plugins: [react(), compiledCatalogues(), standalonePageSettings()],
    build: { emptyOutDir: false },
    preview: { port, strictPort: true },
  };
}

/** remoteAdmin -> remote-admin */
const packageOf = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) as RemotePackage;

export function remoteViteConfig({ name, port }: { name: string; port: number }): UserConfigFnObject {
  const packageName = packageOf(name);
  const packageDir = fileURLToPath(new URL(`../${packageName}/`, import.meta.url));
  return defineConfig(({ command, mode }) => {
    // the standalone page writes into the same dist/ and leaves the federated build's release.json
    if (command === 'build' && mode === 'standalone') return standalonePageConfig(port);
    const production = command === 'build';
    const shared = sharedSingletons(packageDir);
    return {
      // `base` stays unset so the manifest's publicPath is "auto": the remote's files are
      // fetched from wherever its manifest was found, whatever origin the shell is on.
      plugins: [
        // dist/release.json: what this build needs from the shell (docs/architecture.md, Versions of a build)
        remoteRelease({ name: packageName, packageDir }),
        react(),
        federation({
          name,
          filename: 'remoteEntry.js',
          manifest: true,
          exposes: { './App': './src/app.tsx' },
          shared: production ? hostProvided(shared) : shared,
          dts: false,
          // production: no runtime copy; the shell publishes its runtime for the remotes.
          // Vite's dev server keeps the plugin's defaults.
          experiments: { externalRuntime: production },
        }),
        messagesFromHost(),
        compiledCatalogues(),
      ],
      build: {
        rolldownOptions: {
          // the federated build's only entry is remoteEntry.js; the page is the standalone build's
          input: {},
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [{ name: 'federation', test: FEDERATION_GLUE }],
            },
          },
        },
      },
      server: { port, strictPort: true, origin: `http://localhost:${port}` },
      preview: { port, strictPort: true },
    };
  });
}
