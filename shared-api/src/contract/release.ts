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

// --- semver, the part npm writes: x.y.z[-pre], ^, ~, >=, >, <=, <, =, x-ranges, spaces, || ---

type Version = [number, number, number, string];

const MAX_RANGE_LENGTH = 256;

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version | null {
  const m = VERSION.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] ?? ''] : null;
}

function comparePrerelease(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return 1; // a release is above its prereleases
  if (b === '') return -1;
  const as = a.split('.');
  const bs = b.split('.');
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const x = as[i];
    const y = bs[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) return Number(x) - Number(y);
    if (xn) return -1;
    if (yn) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || comparePrerelease(a[3], b[3]);
}

type Comparator = { op: '>=' | '>' | '<' | '<=' | '='; version: Version };

const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** One comparator as npm writes it, as a list of plain comparators; null when it does not parse. */
function comparators(text: string): Comparator[] | null {
  // one word: parseRange has split on spaces and joined an operator to its version
  const m = /^(\^|~>?|>=|<=|>|<|=)?([^\s]*)$/.exec(text);
  if (!m) return null;
  const op = m[1] ?? '';
  if (m[2] === '' && op === '') return [];
  const p = PARTIAL.exec(m[2] ?? '');
  if (!p) return null;
  const wild = (s: string | undefined) => s === undefined || /^[xX*]$/.test(s);
  const major = wild(p[1]) ? null : Number(p[1]);
  const minor = major === null || wild(p[2]) ? null : Number(p[2]);
  const patch = minor === null || wild(p[3]) ? null : Number(p[3]);
  const pre = patch === null ? '' : (p[4] ?? '');
  const low: Version = [major ?? 0, minor ?? 0, patch ?? 0, pre];
  if (major === null) return op === '<' || op === '>' ? [{ op: '<', version: [0, 0, 0, '0'] }] : [];
  // the first version above a partial one: 1.2 -> 1.3.0, 1 -> 2.0.0 (the '0' prerelease is the lowest there is)
  const next: Version =
    minor === null
      ? [major + 1, 0, 0, '0']
      : patch === null
        ? [major, minor + 1, 0, '0']
        : [major, minor, patch + 1, '0'];
  const full = patch !== null;
  switch (op) {
    case '^': {
      const upper: Version =
        major > 0 || minor === null
          ? [major + 1, 0, 0, '0']
          : minor > 0 || patch === null
            ? [0, minor + 1, 0, '0']
            : [0, 0, (patch ?? 0) + 1, '0'];
      return [
        { op: '>=', version: low },
        { op: '<', version: upper },
      ];
    }
    case '~':
    case '~>': {
      const upper: Version = minor === null ? [major + 1, 0, 0, '0'] : [major, minor + 1, 0, '0'];
      return [
        { op: '>=', version: low },
        { op: '<', version: upper },
      ];
    }
    case '>=':
      return [{ op: '>=', version: low }];
    case '>':
      return full ? [{ op: '>', version: low }] : [{ op: '>=', version: next }];
    case '<':
      return [{ op: '<', version: full ? low : [low[0], low[1], low[2], '0'] }];
    case '<=':
      return full ? [{ op: '<=', version: low }] : [{ op: '<', version: next }];
    default:
      return full
        ? [{ op: '=', version: low }]
        : [
            { op: '>=', version: low },
            { op: '<', version: next },
          ];
  }
}

/** A range: sets joined by `||`, each a list of comparators all of which must hold; null when it does not parse. */
function parseRange(range: string): Comparator[][] | null {
  // no range npm writes is this long; a longer one is not read at all
  if (range.length > MAX_RANGE_LENGTH) return null;
  const sets: Comparator[][] = [];
  for (const alternative of range.split('||')) {
    const text = alternative.trim();
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    const words = hyphen
      ? [`>=${hyphen[1]}`, `<=${hyphen[2]}`]
      : text.replace(/(\^|~>?|>=|<=|>|<|=)\s+/g, '$1').split(/\s+/);
    const set: Comparator[] = [];
    for (const word of words) {
      const parsed = comparators(word);
      if (!parsed) return null;
      set.push(...parsed);
    }
    sets.push(set);
  }
  return sets;
}

function holds(version: Version, { op, version: bound }: Comparator): boolean {
  const c = compare(version, bound);
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '=':
      return c === 0;
  }
}

/**
 * Whether `version` is in `range`, as npm decides it: a prerelease matches only a range that
 * names a prerelease of the same x.y.z. False when either does not parse.
 */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  const sets = parseRange(range);
  if (!v || !sets) return false;
  return sets.some(
    (set) =>
      set.every((c) => holds(v, c)) &&
      (v[3] === '' ||
        set.some(
          (c) =>
            c.version[3] !== '' && c.version[3] !== '0' && c.version.slice(0, 3).join('.') === v.slice(0, 3).join('.'),
        )),
  );
}

/** Whether `range` parses (a build refuses to write a release.json it could not check). */
export function isValidRange(range: string): boolean {
  return parseRange(range) !== null;
}

/**
 * The lowest version a range admits, as x.y.z, and whether `version` is below it (the host is
 * too old) rather than above the range (the host is too new). Null when either does not parse.
 */
export function rangeFloor(range: string): string | null {
  const sets = parseRange(range);
  if (!sets) return null;
  let floor: Version | null = null;
  for (const set of sets) {
    const low = set
      .filter((c) => c.op === '>=' || c.op === '>' || c.op === '=')
      .map((c) => c.version)
      .reduce<Version>((a, b) => (compare(a, b) >= 0 ? a : b), [0, 0, 0, '']);
    if (!floor || compare(low, floor) < 0) floor = low;
  }
  return floor ? `${floor[0]}.${floor[1]}.${floor[2]}${floor[3] ? `-${floor[3]}` : ''}` : null;
}

/** Whether `version` is below every version `range` admits (the host is older than the build needs). */
export function isBelowRange(version: string, range: string): boolean {
  const v = parseVersion(version);
  const floor = rangeFloor(range);
  const f = floor ? parseVersion(floor) : null;
  return !!v && !!f && compare(v, f) < 0;
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
