// The product's releases (deploy/releases.tsv) and where the skew matrix keeps the previous
// one's builds (docs/architecture.md, The skew matrix).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../apps.mjs';

export const RELEASES_FILE = path.join(root, 'deploy', 'releases.tsv');
/** The previous release's four dist folders, by app name (gitignored). */
export const PREVIOUS_DIR = path.join(root, '.skew', 'previous');
/** Written last into PREVIOUS_DIR: which release those folders were built from. */
export const BUILT_FROM_FILE = path.join(PREVIOUS_DIR, 'built-from.json');

const HEADER = ['version', 'commit', 'date'];

/**
 * Parses the releases file: `#` comments and blank lines skipped, one header line
 * `version<TAB>commit<TAB>date`, then one release a line, oldest first.
 * @param {string} text @param {string} [file] for the messages
 * @returns {Array<{ version: string, commit: string, date: string }>}
 */
export function parseReleases(text, file = RELEASES_FILE) {
  const releases = [];
  let headerSeen = false;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) continue;
    const fields = line.split('\t');
    const where = `${file}:${index + 1}`;
    if (!headerSeen) {
      if (fields.join('\t') !== HEADER.join('\t')) {
        throw new Error(`${where}: the first line must be the header "${HEADER.join('<TAB>')}"`);
      }
      headerSeen = true;
      continue;
    }
    const [version, commit, date] = fields;
    if (fields.length !== 3)
      throw new Error(`${where}: expected version<TAB>commit<TAB>date, got ${fields.length} fields`);
    if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`${where}: "${version}" is not a version like 1.2.3`);
    if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`${where}: "${commit}" is not a full 40-digit commit hash`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${where}: "${date}" is not a date like 2026-11-27`);
    if (releases.some((release) => release.version === version)) throw new Error(`${where}: version ${version} twice`);
    releases.push({ version, commit, date });
  }
  if (releases.length === 0) throw new Error(`${file}: no release listed`);
  return releases;
}

/** The last line of deploy/releases.tsv: the release the skew matrix runs against. */
export function previousRelease(file = RELEASES_FILE) {
  return parseReleases(readFileSync(file, 'utf8'), file).at(-1);
}

/**
 * Whether this clone has the commit (a shallow clone or a commit of another repository does not).
 * @param {string} commit @param {string} [cwd]
 */
export function hasCommit(commit, cwd = root) {
  const found = spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd, stdio: 'ignore' });
  return found.status === 0;
}

/**
 * A file of the previous release's source, read from git (no checkout needed): what an old
 * build was made from, for the tests that work out what it needs or provides.
 * @param {string} commit @param {string} file path from the repository's root
 */
export function fileAtCommit(commit, file) {
  const shown = spawnSync('git', ['show', `${commit}:${file}`], { cwd: root, encoding: 'utf8' });
  if (shown.status !== 0) return undefined;
  return shown.stdout;
}
