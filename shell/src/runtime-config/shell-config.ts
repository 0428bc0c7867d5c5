/**
 * The shell's runtime configuration: `/runtime-config.json`, served next to the shell
 * and read once per page load, so a deployment moves the API or a remote without a
 * rebuild. The page cannot override it (no query-string or storage overrides).
 *
 * `remotes.<area>` may also be a canary of two releases; it is read where an area loads
 * (remote-urls.ts), so the sign-in page carries none of it.
 */
import { type RuntimeConfig, setRuntimeConfig } from 'shared-api';
import { REMOTES, type RemoteName } from 'shared-api/contract';

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
export const DEFAULT_REMOTE_TIMEOUT_MS = 10_000;

export interface ShellConfig {
  /** where each remote's mf-manifest.json (or remoteEntry.js) is */
  remotes: Record<RemoteName, string>;
  /** each area's `remotes.<area>` as the file has it (a URL, a canary, or anything), read by remote-urls.ts */
  remoteSources: Partial<Record<RemoteName, unknown>>;
  /** how long a remote may take to load before the error screen shows */
  remoteTimeoutMs: number;
}

/** `remotes.<area>` in the file: a URL, or a canary of two (remote-urls.ts). */
export type RemoteSource = string | { stable: string; canary: string; canaryPercent: number };

/** The file's format: shared-api's RuntimeConfig plus the shell's own part. */
export type RuntimeConfigFile = Partial<RuntimeConfig> & {
  remotes?: Partial<Record<RemoteName, RemoteSource>>;
  remoteTimeoutMs?: number;
};

const DEFAULT_REMOTES: Record<RemoteName, string> = {
  admin: 'http://localhost:3001/mf-manifest.json',
  manager: 'http://localhost:3002/mf-manifest.json',
  agent: 'http://localhost:3003/mf-manifest.json',
};

let current: ShellConfig = {
  remotes: { ...DEFAULT_REMOTES },
  remoteSources: {},
  remoteTimeoutMs: DEFAULT_REMOTE_TIMEOUT_MS,
};

export function getShellConfig(): ShellConfig {
  return current;
}

/** Applies a parsed runtime JSON: shared-api's part to shared-api, the rest kept here. */
export function applyRuntimeConfig(file: RuntimeConfigFile): void {
  setRuntimeConfig({
    apiBaseUrl: file.apiBaseUrl,
    publicUrl: file.publicUrl,
    adminWhatsApp: file.adminWhatsApp,
    firebase: file.firebase,
  });
  const remotes = { ...DEFAULT_REMOTES };
  for (const name of REMOTES) {
    const url = file.remotes?.[name];
    if (typeof url === 'string' && url.length > 0) remotes[name] = url;
  }
  const timeout = Number(file.remoteTimeoutMs);
  current = {
    remotes,
    remoteSources: { ...file.remotes },
    remoteTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_REMOTE_TIMEOUT_MS,
  };
}

/** Fetches and applies the runtime JSON; on failure the defaults (local ports) stay. */
export async function loadRuntimeConfig(): Promise<void> {
  try {
    // the same request as index.html's <link rel="preload">, so the browser hands over that
    // response instead of asking again; the file is served with Cache-Control: no-cache
    const response = await fetch(RUNTIME_CONFIG_PATH);
    if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
    applyRuntimeConfig((await response.json()) as RuntimeConfigFile);
  } catch (error) {
    console.error('Runtime configuration could not be read; using the defaults.', error);
    applyRuntimeConfig({});
  }
}
