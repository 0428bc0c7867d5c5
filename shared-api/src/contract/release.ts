/**
 * What each build needs and provides (docs/architecture.md, Versions of a build). Every
 * production build writes a `release.json` beside its files: a remote's says what it needs
 * from the shell that hosts it, the shell's what it provides. The shell compares the two
 * before an area's code runs. Dependency-free (the route table's remote names only): the shell
 * and the Node scripts (run with tsx) both import it.
 */

import { REMOTES, type RemoteName } from './routes';

/** A remote's package name: remote-admin, remote-manager, remote-agent. */
export type RemotePackage = `remote-${RemoteName}`;
const REMOTE_PACKAGES: readonly string[] = REMOTES.map((remote) => `remote-${remote}`);

/** What a remote needs from its host. */
export interface ReleaseNeeds {
  /** the semver range of shared-api in the remote's package.json */
  'shared-api': string;
  /** the exports of react-router-dom the remote's code imports */
  routerExports: string[];
  /** the exports of @tanstack/react-query the remote's code imports */
  queryExports: string[];
  /** the federation runtime's range (or exact version) the remote was built for */
  federationRuntime: string;
}

/** What the shell provides to the remotes it hosts. */
export interface ReleaseProvides {
  /** shared-api's exact version */
  'shared-api': string;
  routerExports: string[];
  queryExports: string[];
  /** the federation runtime's exact version */
  federationRuntime: string;
}

interface ReleaseIdentity {
  version: string;
  commit: string;
  /** ISO time of the build */
  builtAt: string;
}

export interface RemoteRelease extends ReleaseIdentity {
  name: RemotePackage;
  needs: ReleaseNeeds;
}

export interface ShellRelease extends ReleaseIdentity {
  name: 'shell';
  provides: ReleaseProvides;
}

export type ReleasePart = 'shared-api' | 'routerExports' | 'queryExports' | 'federationRuntime';

/**
 * One need the host does not meet. For a version: `needs` is the range, `has` the host's
 * version. For exports: `needs` is the missing names joined by ', ', `has` is ''.
 */
export interface UnmetNeed {
  part: ReleasePart;
  needs: string;
  has: string;
}

// --- semver, the ranges npm writes: ^, ~, >=, >, <=, <, =, exact, x-ranges, spaces (and), || ---
// Small on purpose: it is on every area's first visit (docs/benchmarks.md). A prerelease counts
// below its release (1.6.0-beta < 1.6.0) and is otherwise compared as that release.

const MAX_RANGE_LENGTH = 256;
const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
const COMPARATOR = /^(\^|~|[<>]=?|=)?v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(-[0-9A-Za-z.-]+)?$/;

/** [major, minor, patch, 0 for a prerelease else 1], or null. */
function parseVersion(text: string): number[] | null {
  const m = VERSION.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] ? 0 : 1] : null;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** Whether `v` passes one comparator as npm writes it; null when it does not parse. */
function passes(v: number[], word: string): boolean | null {
  const m = COMPARATOR.exec(word);
  if (!m) return null;
  const op = m[1] ?? '';
  // the parts written, up to the first wildcard: 1.x -> [1], * -> []
  const parts: number[] = [];
  for (const part of [m[2], m[3], m[4]]) {
    if (part === undefined || /[xX*]/.test(part)) break;
    parts.push(Number(part));
  }
  const low = [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, m[5] ? 0 : 1];
  // the first version above what the partial version names (1.2 -> 1.3.0, 1 -> 2.0.0), as its lowest prerelease
  const next = (n: number) => [...parts.slice(0, n - 1), (parts[n - 1] ?? 0) + 1, 0, 0, 0].slice(0, 3).concat(0);
  const full = parts.length === 3;
  const at = compare(v, low);
  if (op === '^' || op === '~') {
    const kept =
      op === '~' ? Math.min(parts.length, 2) : Math.max(1, parts.findIndex((n) => n > 0) + 1 || parts.length);
    return at >= 0 && (parts.length === 0 || compare(v, next(Math.max(1, kept))) < 0);
  }
  if (parts.length === 0) return op === '' || op === '>=' || op === '<=' || op === '=';
  if (op === '>=') return at >= 0;
  if (op === '<') return at < 0;
  if (op === '>') return full ? at > 0 : compare(v, next(parts.length)) >= 0;
  if (op === '<=') return full ? at <= 0 : compare(v, next(parts.length)) < 0;
  return full ? at === 0 : at >= 0 && compare(v, next(parts.length)) < 0;
}

function inRange(v: number[] | null, range: string): boolean | null {
  if (range.length > MAX_RANGE_LENGTH) return null;
  let any = false;
  for (const alternative of range.split('||')) {
    // an operator may stand apart from its version (">= 1.2.0")
    const words = alternative
      .trim()
      .replace(/([<>=^~])\s+/g, '$1')
      .split(/\s+/);
    let all = true;
    for (const word of words) {
      const ok = word === '' ? true : passes(v ?? [0, 0, 0, 1], word);
      if (ok === null) return null;
      all &&= ok;
    }
    any ||= all;
  }
  return any;
}

/** Whether `version` is in `range`, as npm decides it for the ranges above. False when either does not parse. */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  return v !== null && inRange(v, range) === true;
}

/** Whether `range` parses (a release.json with a range the check cannot read is no release). */
export function isValidRange(range: string): boolean {
  return inRange(null, range) !== null;
}

// --- the check ---

/** What the host lacks of what a remote needs; empty when the remote can run on it. */
export function unmetNeeds(provides: ReleaseProvides, needs: ReleaseNeeds): UnmetNeed[] {
  const unmet: UnmetNeed[] = [];
  for (const part of ['shared-api', 'federationRuntime'] as const) {
    if (!satisfies(provides[part], needs[part])) unmet.push({ part, needs: needs[part], has: provides[part] });
  }
  for (const part of ['routerExports', 'queryExports'] as const) {
    const offered = new Set(provides[part]);
    const missing = needs[part].filter((name) => !offered.has(name));
    if (missing.length > 0) unmet.push({ part, needs: missing.join(', '), has: '' });
  }
  return unmet;
}

// --- reading release.json (fetched from another deploy: nothing in it is trusted) ---

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isShortString = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;
const EXPORT_NAME = /^[A-Za-z_$][\w$]*$/;
const isNameList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= 500 && v.every((n) => typeof n === 'string' && EXPORT_NAME.test(n));

function parseIdentity(json: Record<string, unknown>): ReleaseIdentity | null {
  const { version, commit, builtAt } = json;
  if (!isShortString(version) || !isShortString(commit) || !isShortString(builtAt)) return null;
  return { version, commit, builtAt };
}

/** A remote's release.json, or null when it is not one (the check is then skipped). */
export function parseRemoteRelease(json: unknown): RemoteRelease | null {
  if (!isRecord(json) || !isRecord(json.needs)) return null;
  const name = json.name;
  if (typeof name !== 'string' || !REMOTE_PACKAGES.includes(name)) return null;
  const identity = parseIdentity(json);
  const n = json.needs;
  const sharedApi = n['shared-api'];
  const runtime = n.federationRuntime;
  if (!identity || !isShortString(sharedApi) || !isShortString(runtime)) return null;
  if (!isValidRange(sharedApi) || !isValidRange(runtime)) return null;
  if (!isNameList(n.routerExports) || !isNameList(n.queryExports)) return null;
  return {
    name: name as RemotePackage,
    ...identity,
    needs: {
      'shared-api': sharedApi,
      routerExports: [...n.routerExports],
      queryExports: [...n.queryExports],
      federationRuntime: runtime,
    },
  };
}

/** The shell's release.json, or null when it is not one. */
export function parseShellRelease(json: unknown): ShellRelease | null {
  if (!isRecord(json) || json.name !== 'shell' || !isRecord(json.provides)) return null;
  const identity = parseIdentity(json);
  const p = json.provides;
  const sharedApi = p['shared-api'];
  const runtime = p.federationRuntime;
  if (!identity || !isShortString(sharedApi) || !isShortString(runtime)) return null;
  if (!parseVersion(sharedApi) || !parseVersion(runtime)) return null;
  if (!isNameList(p.routerExports) || !isNameList(p.queryExports)) return null;
  return {
    name: 'shell',
    ...identity,
    provides: {
      'shared-api': sharedApi,
      routerExports: [...p.routerExports],
      queryExports: [...p.queryExports],
      federationRuntime: runtime,
    },
  };
}
