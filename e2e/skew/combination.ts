/**
 * The two combinations of the skew matrix (docs/architecture.md, The skew matrix): which build
 * of the shell and of the remotes a run serves, today's (`<app>/dist`) or the previous
 * release's (`.skew/previous/<app>`, scripts/skew/build-previous.mjs). `npm run test:skew`
 * runs the suite once per combination, naming it in SKEW_COMBINATION.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/env';

export type Build = 'today' | 'previous';
export type AppDir = 'shell' | 'remote-admin' | 'remote-manager' | 'remote-agent';

export const COMBINATIONS = {
  'previous-shell': { title: "the previous release's shell with today's remotes", shell: 'previous', remotes: 'today' },
  'previous-remotes': {
    title: "today's shell with the previous release's remotes",
    shell: 'today',
    remotes: 'previous',
  },
} as const satisfies Record<string, { title: string; shell: Build; remotes: Build }>;
export type CombinationName = keyof typeof COMBINATIONS;

export const PREVIOUS_DIR = path.join(ROOT, '.skew', 'previous');

export function combination() {
  const name = process.env.SKEW_COMBINATION ?? '';
  if (!(name in COMBINATIONS)) {
    throw new Error(
      `SKEW_COMBINATION is "${name}": one of ${Object.keys(COMBINATIONS).join(', ')} (npm run test:skew sets it)`,
    );
  }
  return { name: name as CombinationName, ...COMBINATIONS[name as CombinationName] };
}

/** The folder a build is served from. */
export function buildFolder(app: AppDir, build: Build): string {
  return build === 'today' ? path.join(ROOT, app, 'dist') : path.join(PREVIOUS_DIR, app);
}

/** Which release the previous builds were made from (written by scripts/skew/build-previous.mjs). */
export function previousBuiltFrom(): { version: string; commit: string; date: string } {
  const file = path.join(PREVIOUS_DIR, 'built-from.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run node scripts/skew/build-previous.mjs`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string; commit: string; date: string };
}
