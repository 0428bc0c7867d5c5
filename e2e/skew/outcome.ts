/**
 * What an area should show in a combination of the skew matrix, worked out from the two builds'
 * release.json files: the area's screen when the host provides what the remote needs (or when
 * either build has no release.json: a build from before the check loads as it always did), the
 * shell's incompatibility screen when it does not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildFolder, type combination } from './combination';

export type Remote = 'admin' | 'manager' | 'agent';
export type AreaOutcome = { works: true; why: string } | { works: false; screen: RegExp; why: string };

function readRelease(folder: string): Record<string, unknown> | undefined {
  const file = path.join(folder, 'release.json');
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

export function areaOutcome(run: ReturnType<typeof combination>, remote: Remote): AreaOutcome {
  const shell = readRelease(buildFolder('shell', run.shell));
  const area = readRelease(buildFolder(`remote-${remote}`, run.remotes));
  if (!shell) return { works: true, why: `the ${run.shell} shell has no release.json: it loads every remote` };
  if (!area) return { works: true, why: `the ${run.remotes} ${remote} area has no release.json: the check is skipped` };
  throw new Error('release.json pairs: not compared yet');
}
