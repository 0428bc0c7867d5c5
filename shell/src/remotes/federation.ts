/**
 * The runtime-only federation host (module-federation/vite's examples/vite-runtime-register):
 * the shell is built without the plugin and loads this module only when a remote route is
 * first opened. It provides the shared singletons itself, registers the remotes from the
 * runtime JSON, checks each remote's release.json, and loads `<remote>/App`.
 */
import { init, loadRemote, type ModuleFederationRuntimePlugin, registerRemotes } from '@module-federation/runtime';
import * as RuntimeCore from '@module-federation/runtime/core';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactToastify from 'react-toastify';
import * as SharedApi from 'shared-api';
import { REMOTES, type ReleaseProvides, type RemoteName } from 'shared-api/contract';
import * as Zustand from 'zustand';
import { getShellConfig } from '../runtime-config/shell-config';
import { checkRemoteRelease, RemoteIncompatibleError } from './release-check';
import type { RemoteAppModule } from './remote-app-module';
import * as SharedQuery from './shared-query';
import * as SharedRouter from './shared-router';

/** The federation names the remotes are built with. */
export const FEDERATION_NAMES: Record<RemoteName, string> = {
  admin: 'remoteAdmin',
  manager: 'remoteManager',
  agent: 'remoteAgent',
};

type SharedOptions = NonNullable<Parameters<typeof init>[0]['shared']>;
type PackageName = keyof typeof __SHARED_VERSIONS__;

/** A module the shell already has, offered to the remotes as the one instance (singleton). */
function provide(pkg: PackageName, module: object) {
  const version = __SHARED_VERSIONS__[pkg];
  return {
    version,
    scope: 'default',
    lib: () => module,
    shareConfig: { singleton: true, requiredVersion: `^${version}` },
  };
}

async function sharedModules(): Promise<SharedOptions> {
  const shared: SharedOptions = {
    react: provide('react', React),
    'react/jsx-runtime': provide('react', ReactJsxRuntime),
    'react-dom': provide('react-dom', ReactDom),
    'react-dom/client': provide('react-dom', ReactDomClient),
    // the shell's one router instance, as react-router-dom and as react-router (which
    // -dom re-exports), limited to the contract's SHARED_ROUTER_EXPORTS (see shared-router.ts)
    'react-router-dom': provide('react-router-dom', SharedRouter),
    'react-router': provide('react-router', SharedRouter),
    zustand: provide('zustand', Zustand),
    'react-toastify': provide('react-toastify', ReactToastify),
    // one QueryClient context: the shell's signed-in layout provides the client every area
    // reads; limited to the contract's SHARED_QUERY_EXPORTS (see shared-query.ts)
    '@tanstack/react-query': provide('@tanstack/react-query', SharedQuery),
    // shared whole: one API client, one session store, one runtime configuration
    'shared-api': provide('shared-api', SharedApi),
  };
  if (import.meta.env.DEV) {
    // remotes served by Vite's dev server compile JSX to jsx-dev-runtime
    shared['react/jsx-dev-runtime'] = provide('react', await import('react/jsx-dev-runtime'));
  }
  return shared;
}

function remoteEntry(remote: RemoteName) {
  return { name: FEDERATION_NAMES[remote], entry: getShellConfig().remotes[remote], type: 'module' };
}

/**
 * Manifests asked for beside their release.json (loadRemoteApp), handed to the runtime when it
 * asks for the same URL: the check costs no round trip of its own.
 */
const prefetchedManifests = new Map<string, Promise<Response>>();
const handOverPrefetchedManifests: ModuleFederationRuntimePlugin = {
  name: 'shell-prefetched-manifests',
  fetch(url) {
    const response = prefetchedManifests.get(url);
    prefetchedManifests.delete(url);
    return response;
  },
};

function prefetchManifest(url: string): void {
  // a remoteEntry.js is loaded as a script, not fetched
  if (!/\.json($|\?)/.test(url)) return;
  const response = fetch(url);
  // its failure is the runtime's to report, when it takes it; never an unhandled rejection here
  response.catch(() => {});
  prefetchedManifests.set(url, response);
}

/** What this shell provides to the remotes, from its build (scripts/release-manifest.ts). */
function shellProvides(): ReleaseProvides | undefined {
  return typeof __SHELL_RELEASE__ === 'undefined' ? undefined : __SHELL_RELEASE__.provides;
}

let started: Promise<void> | undefined;

function start(): Promise<void> {
  started ??= sharedModules().then((shared) => {
    // the remotes' production builds carry no federation runtime of their own
    // (experiments.externalRuntime, scripts/remote-vite-config.ts): they use this one
    const federationGlobal = RuntimeCore.Global as { _FEDERATION_RUNTIME_CORE?: unknown };
    federationGlobal._FEDERATION_RUNTIME_CORE ??= RuntimeCore;
    // 'loaded-first': with the default 'version-first', one remote host that accepts
    // connections but never answers keeps the whole shell waiting
    init({
      name: 'shell',
      remotes: [],
      shareStrategy: 'loaded-first',
      shared,
      plugins: [handOverPrefetchedManifests],
    });
    registerRemotes(REMOTES.map(remoteEntry));
  });
  return started;
}

export async function loadRemoteApp(remote: RemoteName, retry: boolean): Promise<RemoteAppModule> {
  const entry = getShellConfig().remotes[remote];
  // release.json and the manifest are asked for together; the area's code runs after the check
  const provides = shellProvides();
  const unmet = provides && !import.meta.env.DEV ? checkRemoteRelease(remote, entry, provides) : Promise.resolve([]);
  prefetchManifest(entry);
  await start();
  // a retry forgets what the runtime cached about the failed attempt
  if (retry) registerRemotes([remoteEntry(remote)], { force: true });
  const lacking = await unmet;
  if (lacking.length > 0) {
    prefetchedManifests.delete(entry);
    throw new RemoteIncompatibleError(remote, lacking);
  }
  const module = await loadRemote<RemoteAppModule>(`${FEDERATION_NAMES[remote]}/App`);
  if (!module?.default) {
    throw new Error(`${FEDERATION_NAMES[remote]}/App has no default export to render.`);
  }
  return module;
}
