/**
 * What an area should show in a combination of the skew matrix, worked out from the served
 * builds' release.json files with the shell's own rule (shared-api/src/contract/release.ts):
 * the area's screen when the shell provides what the remote needs, the shell's
 * incompatibility screen when it does not. A build without a release.json predates the check:
 * a remote without one is loaded as always (the check is skipped), and a shell without one
 * checks nothing, so its areas must simply work. What such an old shell provides is still
 * known, from its source at the release's commit: when today's remote needs more, the pair
 * cannot work and the old shell cannot say so, and the journey fails saying why (that remote
 * could not be deployed before the shell).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  parseRemoteRelease,
  parseShellRelease,
  type ReleaseProvides,
  remoteIncompatible,
  type UnmetNeed,
  unmetNeeds,
} from 'shared-api/contract';
import { ROOT } from '../support/env';
import { buildFolder, type combination, previousBuiltFrom } from './combination';

export type Remote = 'admin' | 'manager' | 'agent';
export type AreaOutcome =
  | { works: true; why: string }
  | { works: false; screen: string; why: string }
  /** the pair cannot work, and the shell predates the check that would say so */
  | { works: false; screen: null; why: string };

function readJson(folder: string): unknown {
  const file = path.join(folder, 'release.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown) : undefined;
}

export function areaOutcome(run: ReturnType<typeof combination>, remote: Remote): AreaOutcome {
  const shellJson = readJson(buildFolder('shell', run.shell));
  const areaJson = readJson(buildFolder(`remote-${remote}`, run.remotes));
  const areaRelease = areaJson === undefined ? null : parseRemoteRelease(areaJson);
  if (shellJson === undefined) {
    if (run.shell !== 'previous' || !areaRelease) {
      return { works: true, why: `the ${run.shell} shell has no release.json: it checks nothing` };
    }
    const unmet = unmetNeeds(providedAt(previousBuiltFrom().commit), areaRelease.needs);
    if (unmet.length === 0) {
      return { works: true, why: `the previous shell (no check) provides what today's ${remote} area needs` };
    }
    return {
      works: false,
      screen: null,
      why: `today's ${remote} area needs what the previous shell lacks, and that shell predates the check: ${describe(unmet)}`,
    };
  }
  if (areaJson === undefined) {
    return { works: true, why: `the ${run.remotes} ${remote} area has no release.json: the check is skipped` };
  }
  const shell = parseShellRelease(shellJson);
  const area = areaRelease;
  // a build writes only release.json files it can check (a bad one would fail its build)
  if (!shell || !area) throw new Error(`an unreadable release.json in the ${run.shell} shell or the ${remote} area`);
  const unmet = unmetNeeds(shell.provides, area.needs);
  if (unmet.length === 0) return { works: true, why: `the shell provides what the ${remote} area needs` };
  return { works: false, screen: remoteIncompatible(area.name, unmet), why: describe(unmet) };
}

const describe = (unmet: UnmetNeed[]) =>
  unmet.map((u) => `${u.part} needs ${u.needs}, has ${u.has || 'none'}`).join('; ');

function showAt(commit: string, file: string): string {
  return execFileSync('git', ['show', `${commit}:${file}`], { cwd: ROOT, encoding: 'utf8' });
}

/** The quoted names of one `export const NAME = [...] as const` list of a source file. */
function namesOf(source: string, list: string): string[] {
  const body = new RegExp(`export const ${list} = \\[([^\\]]*)\\]`).exec(source)?.[1];
  if (body === undefined) throw new Error(`${list} not found in the previous release's source`);
  return [...body.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
}

/**
 * What a shell built at `commit` provides, read from its source as today's build derives it:
 * shared-api's version, the router's and TanStack Query's shared lists, the federation runtime.
 */
export function providedAt(commit: string): ReleaseProvides {
  const federation = showAt(commit, 'shared-api/src/contract/federation.ts');
  const sharedApi = JSON.parse(showAt(commit, 'shared-api/package.json')) as { version: string };
  const lock = JSON.parse(showAt(commit, 'package-lock.json')) as { packages: Record<string, { version?: string }> };
  return {
    'shared-api': sharedApi.version,
    routerExports: namesOf(federation, 'SHARED_ROUTER_EXPORTS'),
    queryExports: namesOf(federation, 'SHARED_QUERY_EXPORTS'),
    // the installed one, as the shell's build reads it
    federationRuntime: lock.packages['node_modules/@module-federation/runtime']?.version ?? '',
  };
}
