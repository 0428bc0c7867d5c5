/**
 * The one Vite configuration of the three remotes (each remote's vite.config.ts names
 * itself and its port). The shared list here is what every remote asks the host for; the
 * shell provides the same modules at runtime (shell/src/remotes/federation.ts).
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfigFnObject } from 'vite';
import { standaloneRuntimePlugin } from './standalone-runtime-plugin';

/** Modules that hold state, shared as singletons by the shell and every remote (docs/architecture.md, One federation runtime). */
const singleton = { singleton: true };
export const SHARED_SINGLETONS = {
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
  'shared-api': { singleton: true, requiredVersion: '^3.1.0' },
};

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

export function remoteViteConfig({ name, port }: { name: string; port: number }): UserConfigFnObject {
  return defineConfig(({ command }) => ({
    // `base` stays unset so the manifest's publicPath is "auto": the remote's files are
    // fetched from wherever its manifest was found, whatever origin the shell is on.
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes: { './App': './src/app.tsx' },
        shared: SHARED_SINGLETONS,
        dts: false,
        // production: no runtime copy; the shell publishes its runtime for the remotes, and
        // the standalone page gets its own (standalone-runtime-plugin.ts). Vite's dev server
        // keeps the plugin's defaults.
        experiments: { externalRuntime: command === 'build' },
      }),
      standaloneRuntimePlugin(),
      standalonePageSettings(),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true },
  }));
}
