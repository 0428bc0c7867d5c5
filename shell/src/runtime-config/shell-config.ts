/**
 * The shell's runtime configuration: `/runtime-config.json`, served next to the shell
 * and read once per page load, so a deployment moves the API or a remote without a
 * rebuild. The page cannot override it (no query-string or storage overrides).
 *
 * `remotes.<area>` is a URL, or a canary: `{ stable, canary, canaryPercent }` (written by
 * `npm run deploy`, docs/architecture.md#deploying-one-remote). A signed-in person gets the
 * canary when a hash of their id falls below the share: the same person always gets the same
 * release. The federation runtime registers an area's URL once per page, so the choice holds
 * until the page is loaded again.
 */
import { type RuntimeConfig, setRuntimeConfig } from 'shared-api';
import { REMOTES, type RemoteName } from 'shared-api/contract';

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
export const DEFAULT_REMOTE_TIMEOUT_MS = 10_000;

/** A release a share of the signed-in people get instead of the stable one. */
export interface RemoteCanary {
  url: string;
  /** 0 to 100 */
  percent: number;
}

export interface ShellConfig {
  /** where each remote's mf-manifest.json (or remoteEntry.js) is: the stable release */
  remotes: Record<RemoteName, string>;
  /** the areas that have a canary */
  canaries: Partial<Record<RemoteName, RemoteCanary>>;
  /** how long a remote may take to load before the error screen shows */
  remoteTimeoutMs: number;
}

/** `remotes.<area>` in the file: a URL, or a canary of two. */
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
  canaries: {},
  remoteTimeoutMs: DEFAULT_REMOTE_TIMEOUT_MS,
};

export function getShellConfig(): ShellConfig {
  return current;
}

const isUrl = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A `remotes.<area>` value as a stable URL and an optional canary; null for a malformed one. */
function readRemoteSource(value: unknown): { stable: string; canary?: RemoteCanary } | null {
  if (isUrl(value)) return { stable: value };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { stable, canary, canaryPercent } = value as Record<string, unknown>;
  if (!isUrl(stable)) return null;
  if (canary === undefined && canaryPercent === undefined) return { stable };
  if (!isUrl(canary) || typeof canaryPercent !== 'number' || !(canaryPercent >= 0 && canaryPercent <= 100)) return null;
  return canaryPercent > 0 ? { stable, canary: { url: canary, percent: canaryPercent } } : { stable };
}

/** FNV-1a (32 bits) of the id's UTF-8 bytes, mod 100: a person's place in a canary's share. */
export function canaryBucket(userId: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(userId)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The URL of the area's release this person gets: the canary for their share, else the stable one. */
export function remoteUrlFor(name: RemoteName, userId: string | null | undefined): string {
  const canary = current.canaries[name];
  if (canary && userId && canaryBucket(userId) < canary.percent) return canary.url;
  return current.remotes[name];
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
  const canaries: ShellConfig['canaries'] = {};
  for (const name of REMOTES) {
    const value: unknown = file.remotes?.[name];
    if (value === undefined) continue;
    const source = readRemoteSource(value);
    if (!source) {
      console.error(
        `Runtime configuration: remotes.${name} is neither a URL nor a canary; using ${remotes[name]}.`,
        value,
      );
      continue;
    }
    remotes[name] = source.stable;
    if (source.canary) canaries[name] = source.canary;
  }
  const timeout = Number(file.remoteTimeoutMs);
  current = {
    remotes,
    canaries,
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
