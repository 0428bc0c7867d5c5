// Builds the previous release (the last line of deploy/releases.tsv) from this clone's own
// history: a temporary detached worktree, `npm ci`, `npm run build`, its four dist folders copied
// to .skew/previous/<app>/, the worktree removed. A rerun for the same commit reuses the copy.
// No tag and no network beyond the npm registry (docs/architecture.md, The skew matrix).
//
//   node scripts/skew/build-previous.mjs            build it unless .skew/previous holds it
//   node scripts/skew/build-previous.mjs --force    build it again
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, npm, root } from '../apps.mjs';
import { BUILT_FROM_FILE, hasCommit, PREVIOUS_DIR, previousRelease, RELEASES_FILE } from './releases.mjs';

/** What an `npm run` above us put in the environment that would point npm at this checkout. */
function cleanEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_(package_|lifecycle_|config_local_prefix$)/.test(key) || key === 'INIT_CWD') delete env[key];
  }
  return env;
}

function run(command, args, cwd) {
  const where = cwd === root ? '.' : cwd;
  console.log(`[skew] ${where}$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: cleanEnv() });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.signal ?? `exit ${result.status}`}) in ${cwd}`);
  }
}

function builtFrom() {
  try {
    return JSON.parse(readFileSync(BUILT_FROM_FILE, 'utf8'));
  } catch {
    return undefined;
  }
}

function complete() {
  return APPS.every((app) =>
    app.built.every((file) => existsSync(path.join(PREVIOUS_DIR, app.name, path.basename(file)))),
  );
}

/** @param {{ force?: boolean, release?: { version: string, commit: string, date: string } }} [options] */
export function buildPrevious({ force = false, release = previousRelease() } = {}) {
  if (!hasCommit(release.commit)) {
    throw new Error(
      `The previous release ${release.version} (${RELEASES_FILE}) is commit ${release.commit}, which this clone ` +
        'does not have. A shallow clone? Run `git fetch --unshallow` (or clone without --depth); a commit of ' +
        'another repository cannot be built here.',
    );
  }
  const cached = builtFrom();
  if (!force && cached?.commit === release.commit && complete()) {
    console.log(
      `[skew] previous release ${release.version} (${release.commit.slice(0, 7)}) already built in .skew/previous`,
    );
    return release;
  }

  const started = Date.now();
  const worktree = mkdtempSync(path.join(os.tmpdir(), 'skew-previous-'));
  rmSync(worktree, { recursive: true, force: true });
  run('git', ['worktree', 'add', '--detach', worktree, release.commit], root);
  try {
    run(npm, ['ci', '--prefer-offline', '--no-audit', '--no-fund'], worktree);
    run(npm, ['run', 'build'], worktree);
    rmSync(PREVIOUS_DIR, { recursive: true, force: true });
    mkdirSync(PREVIOUS_DIR, { recursive: true });
    for (const app of APPS)
      cpSync(path.join(worktree, app.name, 'dist'), path.join(PREVIOUS_DIR, app.name), { recursive: true });
    // last, so a copy cut short is never taken for a finished one
    writeFileSync(BUILT_FROM_FILE, `${JSON.stringify({ ...release, builtAt: new Date().toISOString() }, null, 2)}\n`);
  } finally {
    const removed = spawnSync('git', ['worktree', 'remove', '--force', worktree], { cwd: root, stdio: 'inherit' });
    if (removed.status !== 0) rmSync(worktree, { recursive: true, force: true });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`[skew] previous release ${release.version} (${release.commit.slice(0, 7)}) built in ${seconds} s`);
  return release;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    buildPrevious({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(`[skew] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
