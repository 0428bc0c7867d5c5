/**
 * Releases of the remotes, and which one the shell's runtime JSON points at
 * (docs/architecture.md, Deploying one remote).
 *
 * - A release is a copy of a remote's production build in `releases/<remote>/<version>+<commit>/`,
 *   never overwritten; the shell's static server serves the folder under `/releases/`.
 * - A deploy points `remotes.<area>` of the runtime JSON at a release's manifest, after checking
 *   that the live shell can host it (`unmetNeeds` of shared-api's contract), and writes the file
 *   atomically (a temporary file in the same folder, then a rename).
 * - `releases/<remote>/deployed.json` keeps what was deployed, newest last, for a rollback.
 * - A canary: `remotes.<area>` becomes `{ stable, canary, canaryPercent }`.
 * - One command that changes what is live at a time: `releases/deploy.lock` (withDeployLock).
 *
 * Every function checks all it needs before it writes anything: a refusal changes nothing.
 */
import {
  closeSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  parseRemoteRelease,
  parseShellRelease,
  type RemotePackage,
  type RemoteRelease,
  type ShellRelease,
  type UnmetNeed,
  unmetNeeds,
} from '../../shared-api/src/contract/release';
import { type RemoteName as AreaName, REMOTES } from '../../shared-api/src/contract/routes';

/** A refusal: its message says what is wrong; the command exits non-zero. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** Every remote by its package name (its releases folder, its release.json's name): remote-agent. */
export const REMOTE_NAMES: readonly RemotePackage[] = REMOTES.map((area) => `remote-${area}` as const);

/** The key of each remote in the runtime JSON's `remotes`: agent. */
export const AREA_OF = Object.fromEntries(REMOTES.map((area) => [`remote-${area}`, area])) as Record<
  RemotePackage,
  AreaName
>;

export const MANIFEST_FILE = 'mf-manifest.json';
export const RELEASE_FILE = 'release.json';
export const HISTORY_FILE = 'deployed.json';
/** Where the shell's static server serves the releases folder. */
export const RELEASES_URL_PATH = '/releases/';

export interface ReleasePaths {
  /** the folder of releases/<remote>/<release>/ */
  releasesDir: string;
  /** the runtime JSON the shell's static server serves */
  runtimeConfigFile: string;
  /** the live shell's release.json: a file, or an http(s) URL of the one the shell's server serves */
  shellRelease: string;
}

/** A remote as the commands accept it: `remote-agent` or `agent`. */
export function remoteNamed(text: string | undefined): RemotePackage {
  const name = REMOTE_NAMES.find((n) => n === text || AREA_OF[n] === text);
  if (!name) {
    throw new ReleaseError(
      `Unknown remote ${JSON.stringify(text ?? '')}: one of ${REMOTE_NAMES.join(', ')} (or ${Object.values(AREA_OF).join(', ')}).`,
    );
  }
  return name;
}

/** The URL the runtime JSON names for a release (the shell's own origin). */
export function releaseUrl(remote: RemotePackage, release: string): string {
  return `${RELEASES_URL_PATH}${remote}/${release}/${MANIFEST_FILE}`;
}

/** The release a URL of releaseUrl's form names, or null (a remote served elsewhere). */
export function releaseOfUrl(remote: RemotePackage, url: string | null): string | null {
  if (!url) return null;
  const prefix = `${RELEASES_URL_PATH}${remote}/`;
  if (!url.startsWith(prefix) || !url.endsWith(`/${MANIFEST_FILE}`)) return null;
  const id = url.slice(prefix.length, -(MANIFEST_FILE.length + 1));
  return isReleaseId(id) ? id : null;
}

/** `<version>+<commit>`: no path separators, nothing a URL path would need to escape but `+`. */
const RELEASE_ID = /^[0-9A-Za-z.+-]{1,120}$/;

function isReleaseId(text: string): boolean {
  return RELEASE_ID.test(text) && text !== '.' && text !== '..';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ReleaseError(`${what} cannot be read (${file}): ${errorText(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ReleaseError(`${what} is not valid JSON (${file}): ${errorText(error)}`);
  }
}

/** Writes a JSON file atomically: a reader sees the old file or the new one, never half of one. */
export function writeJsonAtomic(file: string, value: unknown): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

// --- making a release ---

export interface MakeReleaseOptions {
  remote: RemotePackage;
  /** the remote's dist folder, just built */
  distDir: string;
  releasesDir: string;
  /** the working tree has changes not committed: the release's name says so */
  dirty: boolean;
}

/** Copies a build into releases/<remote>/<version>+<commit>[-dirty]/; returns the release's name. */
export function makeRelease({ remote, distDir, releasesDir, dirty }: MakeReleaseOptions): string {
  for (const file of [MANIFEST_FILE, RELEASE_FILE]) {
    if (!existsSync(path.join(distDir, file))) {
      throw new ReleaseError(`${distDir} has no ${file}: not a production build of ${remote}; nothing released.`);
    }
  }
  const release = parseRemoteRelease(readJson(path.join(distDir, RELEASE_FILE), `${remote}'s ${RELEASE_FILE}`));
  if (!release) throw new ReleaseError(`${path.join(distDir, RELEASE_FILE)} is not a remote's release.json.`);
  if (release.name !== remote) {
    throw new ReleaseError(`${path.join(distDir, RELEASE_FILE)} is ${release.name}'s, not ${remote}'s.`);
  }
  // a full git hash is shortened as git does (12 characters); release.json keeps all of it
  const short = /^[0-9a-f]{40}$/.test(release.commit) ? release.commit.slice(0, 12) : release.commit;
  const commit = dirty && !short.endsWith('-dirty') ? `${short}-dirty` : short;
  const id = `${release.version}+${commit}`;
  if (!isReleaseId(id)) throw new ReleaseError(`${JSON.stringify(id)} cannot name a release folder.`);
  const folder = path.join(releasesDir, remote, id);
  if (existsSync(folder)) {
    throw new ReleaseError(
      `${remote} ${id} exists already (${folder}); a release is never overwritten. Commit a change (or bump the version) and release again.`,
    );
  }
  mkdirSync(path.dirname(folder), { recursive: true });
  // copied under a temporary name and renamed: a half-copied release is never listed
  const incoming = path.join(path.dirname(folder), `.incoming-${id}-${process.pid}`);
  rmSync(incoming, { recursive: true, force: true });
  cpSync(distDir, incoming, { recursive: true });
  renameSync(incoming, folder);
  return id;
}

// --- the releases there are ---

export interface ReleaseEntry {
  id: string;
  /** its release.json, or null when the folder has none that reads */
  release: RemoteRelease | null;
  hasManifest: boolean;
}

export function listReleases(releasesDir: string, remote: RemotePackage): ReleaseEntry[] {
  const dir = path.join(releasesDir, remote);
  if (!existsSync(dir)) return [];
  const entries: ReleaseEntry[] = [];
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    if (!dirent.isDirectory() || dirent.name.startsWith('.')) continue;
    let release: RemoteRelease | null = null;
    try {
      release = parseRemoteRelease(JSON.parse(readFileSync(path.join(dir, dirent.name, RELEASE_FILE), 'utf8')));
    } catch {
      release = null;
    }
    entries.push({ id: dirent.name, release, hasManifest: existsSync(path.join(dir, dirent.name, MANIFEST_FILE)) });
  }
  // oldest first, by build time (then name)
  return entries.sort(
    (a, b) => (a.release?.builtAt ?? '').localeCompare(b.release?.builtAt ?? '') || a.id.localeCompare(b.id),
  );
}

/** A release folder that can be deployed: its manifest and release.json are there and read. */
export function readReleaseFolder(releasesDir: string, remote: RemotePackage, id: string): RemoteRelease {
  const folder = path.join(releasesDir, remote, id);
  if (!isReleaseId(id) || !existsSync(folder)) {
    const known = listReleases(releasesDir, remote).map((r) => r.id);
    throw new ReleaseError(
      `Unknown release ${JSON.stringify(id)} of ${remote}: ${known.length > 0 ? `there are ${known.join(', ')}` : `${path.join(releasesDir, remote)} holds none`} (npm run releases).`,
    );
  }
  if (!existsSync(path.join(folder, MANIFEST_FILE))) {
    throw new ReleaseError(`${folder} has no ${MANIFEST_FILE}: not a release that can be deployed.`);
  }
  if (!existsSync(path.join(folder, RELEASE_FILE))) {
    throw new ReleaseError(`${folder} has no ${RELEASE_FILE}: the shell's needs cannot be checked; not deployed.`);
  }
  const release = parseRemoteRelease(readJson(path.join(folder, RELEASE_FILE), `${remote} ${id}'s ${RELEASE_FILE}`));
  if (!release) throw new ReleaseError(`${path.join(folder, RELEASE_FILE)} is not a remote's release.json.`);
  if (release.name !== remote)
    throw new ReleaseError(`${path.join(folder, RELEASE_FILE)} is ${release.name}'s, not ${remote}'s.`);
  return release;
}

// --- the live shell ---

/** The live shell's release.json, from a file or from the URL its static server answers. */
export async function readShellRelease(source: string): Promise<ShellRelease> {
  let json: unknown;
  if (/^https?:\/\//i.test(source)) {
    try {
      const response = await fetch(source, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      json = await response.json();
    } catch (error) {
      throw new ReleaseError(`The live shell's release.json cannot be read (${source}): ${errorText(error)}`);
    }
  } else {
    json = readJson(source, `The live shell's ${RELEASE_FILE}`);
  }
  const shell = parseShellRelease(json);
  if (!shell) throw new ReleaseError(`${source} is not the shell's release.json.`);
  return shell;
}

const PART_NAMES: Record<UnmetNeed['part'], string> = {
  'shared-api': 'shared-api',
  federationRuntime: 'the federation runtime',
  routerExports: "react-router-dom's exports",
  queryExports: "@tanstack/react-query's exports",
};

/** One line per need: 'shared-api ^3.2.0 (the live shell has 3.1.0)'. */
export function describeUnmet(unmet: UnmetNeed[]): string {
  return unmet
    .map((u) =>
      u.has === ''
        ? `${PART_NAMES[u.part]} ${u.needs} (the live shell has none of them)`
        : `${PART_NAMES[u.part]} ${u.needs} (the live shell has ${u.has})`,
    )
    .join('; ');
}

function refuseUnhostable(shell: ShellRelease, remote: RemotePackage, id: string, release: RemoteRelease): void {
  const unmet = unmetNeeds(shell.provides, release.needs);
  if (unmet.length > 0) {
    throw new ReleaseError(
      `The live shell (${shell.version}+${shell.commit}) cannot host ${remote} ${id}: it needs ${describeUnmet(unmet)}. Deploy a newer shell first; nothing changed.`,
    );
  }
}

// --- the runtime JSON ---

export interface CanarySource {
  stable: string;
  canary: string;
  canaryPercent: number;
}

/** What `remotes.<area>` holds: a URL, or a canary. */
export type RemoteSource = string | CanarySource;

type RuntimeConfigFile = Record<string, unknown> & { remotes?: Record<string, unknown> };

export function readRuntimeConfig(file: string): RuntimeConfigFile {
  const json = readJson(file, 'The runtime JSON');
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new ReleaseError(`The runtime JSON (${file}) is not a JSON object; nothing changed.`);
  }
  const config = json as RuntimeConfigFile;
  if (
    config.remotes !== undefined &&
    (!config.remotes || typeof config.remotes !== 'object' || Array.isArray(config.remotes))
  ) {
    throw new ReleaseError(`The runtime JSON's "remotes" (${file}) is not an object; nothing changed.`);
  }
  return config;
}

/** The stable URL and the canary (if any) of a `remotes.<area>` value; null for one that is neither. */
export function readSource(
  value: unknown,
): { stable: string | null; canary: { url: string; percent: number } | null } | null {
  if (value === undefined) return { stable: null, canary: null };
  if (typeof value === 'string') return { stable: value, canary: null };
  if (!value || typeof value !== 'object') return null;
  const { stable, canary, canaryPercent } = value as Partial<Record<keyof CanarySource, unknown>>;
  if (typeof stable !== 'string' || stable === '') return null;
  if (canary === undefined) return { stable, canary: null };
  if (typeof canary !== 'string' || canary === '') return null;
  if (typeof canaryPercent !== 'number' || !(canaryPercent >= 0 && canaryPercent <= 100)) return null;
  return { stable, canary: canaryPercent > 0 ? { url: canary, percent: canaryPercent } : null };
}

function sourceOf(config: RuntimeConfigFile, file: string, remote: RemotePackage) {
  const source = readSource(config.remotes?.[AREA_OF[remote]]);
  if (!source) {
    throw new ReleaseError(
      `The runtime JSON's remotes.${AREA_OF[remote]} (${file}) is neither a URL nor a canary; nothing changed.`,
    );
  }
  return source;
}

function withRemote(config: RuntimeConfigFile, remote: RemotePackage, value: RemoteSource | null): RuntimeConfigFile {
  const remotes = { ...(config.remotes ?? {}) };
  if (value === null) delete remotes[AREA_OF[remote]];
  else remotes[AREA_OF[remote]] = value;
  return { ...config, remotes };
}

// --- the history of deploys ---

export interface Deployed {
  /** the stable URL (null: none configured, the shell's default) */
  url: string | null;
  /** the release the URL names, null for one outside releases/ */
  release: string | null;
  at: string;
}

function historyFile(releasesDir: string, remote: RemotePackage): string {
  return path.join(releasesDir, remote, HISTORY_FILE);
}

export function readHistory(releasesDir: string, remote: RemotePackage): Deployed[] {
  const file = historyFile(releasesDir, remote);
  if (!existsSync(file)) return [];
  const json = readJson(file, `${remote}'s deploy history`) as { deployed?: unknown };
  const list = json?.deployed;
  if (!Array.isArray(list)) throw new ReleaseError(`${file} has no "deployed" list; nothing changed.`);
  return list as Deployed[];
}

function writeHistory(releasesDir: string, remote: RemotePackage, deployed: Deployed[]): void {
  mkdirSync(path.join(releasesDir, remote), { recursive: true });
  writeJsonAtomic(historyFile(releasesDir, remote), { deployed });
}

// --- one deploy at a time ---

/**
 * The lock every command that changes what is live holds while it reads and writes: the runtime
 * JSON is one file for every remote and the history is read, then written, so two deploys at
 * once would lose one of them (the live pointer or the "previous" a rollback goes back to).
 */
export const DEPLOY_LOCK_FILE = 'deploy.lock';

interface LockHolder {
  remote: string;
  pid: number;
  since: string;
  /** the machine the pid is on: a lock of another machine's (a shared releases folder) is never taken over */
  host?: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): { text: string; holder: LockHolder | null } | null {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch {
    return null; // released meanwhile
  }
  try {
    const json = JSON.parse(text) as Partial<LockHolder>;
    if (typeof json.pid === 'number' && typeof json.since === 'string' && typeof json.remote === 'string') {
      const host = typeof json.host === 'string' ? json.host : undefined;
      return { text, holder: { remote: json.remote, pid: json.pid, since: json.since, host } };
    }
  } catch {
    // written by no deploy of ours, or half written: held, by whom unknown
  }
  return { text, holder: null };
}

/**
 * Takes the lock (a file created only if absent) and answers what it wrote, or says who holds it.
 * A dead holder's lock (its pid gone, on this machine) is taken over.
 */
function takeDeployLock(releasesDir: string, remote: RemotePackage, now: Date): string {
  mkdirSync(releasesDir, { recursive: true });
  const lockFile = path.join(releasesDir, DEPLOY_LOCK_FILE);
  const mine: LockHolder = { remote, pid: process.pid, since: now.toISOString(), host: os.hostname() };
  const mineText = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      try {
        writeFileSync(fd, mineText);
      } finally {
        closeSync(fd);
      }
      return mineText;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readHolder(lockFile);
    if (!held) continue;
    const { holder } = held;
    if (
      holder &&
      holder.pid !== process.pid &&
      (holder.host ?? os.hostname()) === os.hostname() &&
      !isRunning(holder.pid)
    ) {
      // the deploy that held it died: take it over, unless another one did so first. Moved aside
      // in one step (rename), so of two deploys taking it over, one moves the dead lock and the
      // other finds nothing, or a live lock it puts back (link: only where no lock is)
      const aside = `${lockFile}.${process.pid}.stale`;
      try {
        renameSync(lockFile, aside);
      } catch {
        continue; // taken over or released meanwhile
      }
      if (readFileSync(aside, 'utf8') !== held.text) {
        try {
          linkSync(aside, lockFile);
        } catch {
          // a newer lock is there already
        }
      }
      unlinkSync(aside);
      continue;
    }
    const who = holder ? `${holder.remote} is running (since ${holder.since}, pid ${holder.pid})` : 'is running';
    throw new ReleaseError(`Another deploy of ${who}; wait for it, or delete ${lockFile} if it died. Nothing changed.`);
  }
  throw new ReleaseError(`The deploy lock ${lockFile} keeps changing hands; try again. Nothing changed.`);
}

/** Runs `work` holding the deploy lock, released however it ends. */
export async function withDeployLock<T>(
  releasesDir: string,
  remote: RemotePackage,
  work: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  const mine = takeDeployLock(releasesDir, remote, now);
  const lockFile = path.join(releasesDir, DEPLOY_LOCK_FILE);
  try {
    return await work();
  } finally {
    // only our own: a lock another deploy took over (ours thought dead) stays its
    if (readHolder(lockFile)?.text === mine) rmSync(lockFile, { force: true });
  }
}

// --- the commands ---

export interface DeployResult {
  /** what happened, in a sentence */
  message: string;
}

/** Points the remote's stable URL at a release (and ends a canary). */
export async function deploy(
  paths: ReleasePaths,
  remote: RemotePackage,
  id: string,
  now = new Date(),
): Promise<DeployResult> {
  return withDeployLock(paths.releasesDir, remote, () => deployLocked(paths, remote, id, now), now);
}

async function deployLocked(paths: ReleasePaths, remote: RemotePackage, id: string, now: Date): Promise<DeployResult> {
  const release = readReleaseFolder(paths.releasesDir, remote, id);
  const config = readRuntimeConfig(paths.runtimeConfigFile);
  const current = sourceOf(config, paths.runtimeConfigFile, remote);
  const history = readHistory(paths.releasesDir, remote);
  refuseUnhostable(await readShellRelease(paths.shellRelease), remote, id, release);

  const url = releaseUrl(remote, id);
  const at = now.toISOString();
  const last = history.at(-1);
  // what was live before the first deploy (or a hand edit since) is kept, so a rollback reaches it
  if (!last || last.url !== current.stable) {
    history.push({ url: current.stable, release: releaseOfUrl(remote, current.stable), at });
  }
  if (current.stable !== url) history.push({ url, release: id, at });
  writeJsonAtomic(paths.runtimeConfigFile, withRemote(config, remote, url));
  writeHistory(paths.releasesDir, remote, history);
  const ended = current.canary ? ` The canary (${current.canary.url}) ended.` : '';
  return { message: `${remote} ${id} is live (${url}).${ended} Pages load it from their next reload.` };
}

/** Ends a canary if there is one; else goes back to the release deployed before the live one. */
export async function rollback(paths: ReleasePaths, remote: RemotePackage): Promise<DeployResult> {
  return withDeployLock(paths.releasesDir, remote, () => rollbackLocked(paths, remote));
}

async function rollbackLocked(paths: ReleasePaths, remote: RemotePackage): Promise<DeployResult> {
  const config = readRuntimeConfig(paths.runtimeConfigFile);
  const current = sourceOf(config, paths.runtimeConfigFile, remote);
  const history = readHistory(paths.releasesDir, remote);
  if (current.canary) {
    writeJsonAtomic(paths.runtimeConfigFile, withRemote(config, remote, current.stable));
    return { message: `${remote}'s canary (${current.canary.url}) ended; everyone gets ${current.stable}.` };
  }
  const before = history.at(-2);
  if (!before) {
    throw new ReleaseError(
      `${remote} has no deploy before the live one to go back to (${historyFile(paths.releasesDir, remote)}); nothing changed.`,
    );
  }
  if (before.release) {
    const release = readReleaseFolder(paths.releasesDir, remote, before.release);
    refuseUnhostable(await readShellRelease(paths.shellRelease), remote, before.release, release);
  }
  writeJsonAtomic(paths.runtimeConfigFile, withRemote(config, remote, before.url));
  writeHistory(paths.releasesDir, remote, history.slice(0, -1));
  const what = before.release ? `${before.release} (${before.url})` : (before.url ?? "the shell's default address");
  return { message: `${remote} is back on ${what}. Pages load it from their next reload.` };
}

/** Sets the canary's release and share; `percent` 0 ends it (`id` may then be null). */
export async function setCanary(
  paths: ReleasePaths,
  remote: RemotePackage,
  id: string | null,
  percent: number,
): Promise<DeployResult> {
  return withDeployLock(paths.releasesDir, remote, () => setCanaryLocked(paths, remote, id, percent));
}

async function setCanaryLocked(
  paths: ReleasePaths,
  remote: RemotePackage,
  id: string | null,
  percent: number,
): Promise<DeployResult> {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new ReleaseError(`--percent must be a whole number from 0 to 100, not ${JSON.stringify(String(percent))}.`);
  }
  const config = readRuntimeConfig(paths.runtimeConfigFile);
  const current = sourceOf(config, paths.runtimeConfigFile, remote);
  if (percent === 0) {
    if (!current.canary) return { message: `${remote} has no canary; nothing changed.` };
    writeJsonAtomic(paths.runtimeConfigFile, withRemote(config, remote, current.stable));
    return { message: `${remote}'s canary (${current.canary.url}) ended; everyone gets ${current.stable}.` };
  }
  if (!current.stable)
    throw new ReleaseError(`${remote} has no stable URL in the runtime JSON: deploy one first; nothing changed.`);
  let url: string;
  if (id === null) {
    if (!current.canary)
      throw new ReleaseError(`${remote} has no canary: name its release (--canary <release>); nothing changed.`);
    url = current.canary.url;
  } else {
    const release = readReleaseFolder(paths.releasesDir, remote, id);
    refuseUnhostable(await readShellRelease(paths.shellRelease), remote, id, release);
    url = releaseUrl(remote, id);
  }
  if (url === current.stable)
    throw new ReleaseError(`${remote} ${id ?? url} is the stable release already; nothing changed.`);
  writeJsonAtomic(
    paths.runtimeConfigFile,
    withRemote(config, remote, { stable: current.stable, canary: url, canaryPercent: percent }),
  );
  return {
    message: `${remote} ${id ?? url} is the canary for ${percent}% of signed-in people; the others get ${current.stable}.`,
  };
}

export interface RemoteStatus {
  remote: RemotePackage;
  stable: string | null;
  canary: { url: string; percent: number } | null;
  releases: Array<ReleaseEntry & { live: boolean; canary: boolean }>;
}

/** Every release of every remote, with which is live and which is the canary. */
export function releaseStatus(paths: Pick<ReleasePaths, 'releasesDir' | 'runtimeConfigFile'>): RemoteStatus[] {
  const config = readRuntimeConfig(paths.runtimeConfigFile);
  return REMOTE_NAMES.map((remote) => {
    const source = sourceOf(config, paths.runtimeConfigFile, remote);
    return {
      remote,
      stable: source.stable,
      canary: source.canary,
      releases: listReleases(paths.releasesDir, remote).map((entry) => ({
        ...entry,
        live: source.stable === releaseUrl(remote, entry.id),
        canary: source.canary?.url === releaseUrl(remote, entry.id),
      })),
    };
  });
}

/** `npm run releases`'s text. */
export function formatStatus(status: RemoteStatus[]): string {
  const lines: string[] = [];
  for (const s of status) {
    lines.push(
      `${s.remote}: live ${s.stable ?? "(the shell's default)"}${s.canary ? `, canary ${s.canary.url} for ${s.canary.percent}%` : ''}`,
    );
    if (s.releases.length === 0) lines.push('  (no releases)');
    for (const r of s.releases) {
      const marks = [
        r.live ? 'live' : '',
        r.canary ? 'canary' : '',
        r.release ? '' : 'no readable release.json',
        r.hasManifest ? '' : 'no manifest',
      ]
        .filter(Boolean)
        .join(', ');
      lines.push(`  ${r.id}${r.release ? `  built ${r.release.builtAt}` : ''}${marks ? `  [${marks}]` : ''}`);
    }
  }
  return lines.join('\n');
}
