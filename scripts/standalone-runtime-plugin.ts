/**
 * The remotes' production builds use the federation plugin's `experiments.externalRuntime`:
 * their federated code carries no copy of the federation runtime (about 18 KB gzip of a first
 * visit) and uses the one the shell publishes on `globalThis._FEDERATION_RUNTIME_CORE`
 * (shell/src/remotes/federation.ts).
 *
 * A remote's own standalone page has no shell. This plugin gives it the runtime: it emits a
 * small entry chunk that imports `@module-federation/runtime-core` itself (by file path, so
 * the plugin's external-runtime shim does not replace it) and publishes it, and puts that
 * chunk's script before the page's other module scripts. Module scripts run in document
 * order, so the runtime is there before the page's federation start-up reads it.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const VIRTUAL_ID = '\0remote-standalone-runtime';
const SOURCE_ID = 'virtual:remote-standalone-runtime';

/** The runtime-core ES module's file: its package resolves `require` to dist/index.cjs. */
function runtimeCoreModuleFile(): string {
  const cjs = createRequire(import.meta.url).resolve('@module-federation/runtime-core');
  return cjs.replace(/index\.cjs$/, 'index.js');
}

export function standaloneRuntimePlugin(): Plugin {
  let chunkRef: string | undefined;
  let base = '/';
  return {
    name: 'remote-standalone-runtime',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      chunkRef = this.emitFile({ type: 'chunk', id: SOURCE_ID, name: 'standalone-runtime' });
    },
    resolveId(source) {
      return source === SOURCE_ID ? VIRTUAL_ID : undefined;
    },
    load(id) {
      if (id !== VIRTUAL_ID) return undefined;
      const file = JSON.stringify(runtimeCoreModuleFile());
      return [
        `import * as runtimeCore from ${file};`,
        'const federationGlobal = runtimeCore.Global;',
        'if (!federationGlobal._FEDERATION_RUNTIME_CORE) federationGlobal._FEDERATION_RUNTIME_CORE = runtimeCore;',
      ].join('\n');
    },
    generateBundle: {
      // after the federation plugin has rewritten the page's scripts
      order: 'post',
      handler(_options, bundle) {
        if (!chunkRef) return;
        // the page's own paths as the federation plugin writes them: base + file
        const script = `<script type="module" crossorigin src="${base}${this.getFileName(chunkRef)}"></script>`;
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.html')) continue;
          const html = asset.source.toString();
          const firstModuleScript = html.search(/<script\b[^>]*type="module"/);
          if (firstModuleScript < 0) this.error(`${asset.fileName} has no module script to run the runtime before`);
          asset.source = `${html.slice(0, firstModuleScript)}${script}\n    ${html.slice(firstModuleScript)}`;
        }
      },
    },
  };
}
