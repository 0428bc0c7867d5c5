/**
 * Finds references to documents in the repository's files, and resolves them against the
 * repository: a comment or a page that points at a document the next engineer cannot open
 * is a dead link. Used by references.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where files still to fix are listed (the list only shrinks; see references.test.ts). */
export const PENDING_LIST = 'docs/.pending-references.txt';

/** Text files whose references are checked: sources, styles, pages, documents, configuration. */
const SCANNED = /\.(?:[cm]?[jt]sx?|css|html|md|json|ya?ml|sh)$/;
const LOCK_FILES = /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/;

/**
 * The checker's own files: their samples are references on purpose. Keep this list to them.
 */
const CHECKER_FILES = new Set(['docs/checks/references.ts', 'docs/checks/references.test.ts']);

/** Every file of the repository: tracked, or new and not ignored; deleted ones left out. */
export function repositoryFiles(root = REPO_ROOT): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = out.split('\0').filter((file) => file !== '' && existsSync(path.join(root, file)));
  return [...new Set(files)].sort();
}

export function isScanned(file: string): boolean {
  return SCANNED.test(file) && !LOCK_FILES.test(file) && !CHECKER_FILES.has(file);
}

export interface Reference {
  /** 1-based */
  line: number;
  /** what the text names: a path ending in .md, or the bare name of a document */
  target: string;
}

const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)'"`>\]]+/gi;
/** a path ending in .md: `docs/domain.md`, `../README.md`, `/docs/x.md` */
const MD_PATH = /(?<![\w/.@-])(\/?(?:[\w@.-]+\/)*[\w@.-]+\.md)(?![\w-])/g;
/**
 * The planning documents the project came from, kept beside the repository and never in it:
 * their bare names count as references too. The one place that names them.
 */
export const OUTSIDE_DOCUMENTS = ['SPEC', 'ARCHITECTURE', 'STYLE'] as const;
const BARE_NAMES = new RegExp(`\\b(${OUTSIDE_DOCUMENTS.join('|')})\\b(?!\\.md)`, 'g');

/** The document references in a text, line by line (web addresses are not references). */
export function findReferences(text: string): Reference[] {
  const found: Reference[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(URL_PATTERN, (url) => ' '.repeat(url.length));
    for (const match of line.matchAll(MD_PATH)) found.push({ line: index + 1, target: match[1]! });
    for (const match of line.matchAll(BARE_NAMES)) found.push({ line: index + 1, target: match[1]! });
  });
  return found;
}

const posix = path.posix;

/** A repository path for `target` as written in `fromFile`, relative to it or to the root, or null. */
export function resolveReference(target: string, fromFile: string, files: ReadonlySet<string>): string | null {
  if (!target.endsWith('.md')) return null; // a bare document name is never in the repository
  const candidates = target.startsWith('/')
    ? [target.slice(1)]
    : [posix.normalize(posix.join(posix.dirname(fromFile), target)), posix.normalize(target)];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

export interface DeadReference extends Reference {
  file: string;
}

/** Every reference in the scanned files that names no document of the repository. */
export function deadReferences(files: readonly string[], root = REPO_ROOT): DeadReference[] {
  const present = new Set(files);
  const dead: DeadReference[] = [];
  for (const file of files.filter(isScanned)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const reference of findReferences(text)) {
      if (resolveReference(reference.target, file, present) === null) dead.push({ file, ...reference });
    }
  }
  return dead;
}

/** The pending list's entries: one repository path a line; blank lines and `#` comments ignored. */
export function readPendingList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}

export interface MarkdownLink {
  line: number;
  target: string;
}

/**
 * The links of a Markdown page: inline `[text](target)`, images and reference definitions
 * `[name]: target`; not inside code blocks or code spans.
 */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fence: string | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const opening = /^\s*(```|~~~)/.exec(raw);
    if (opening) {
      if (fence === null) fence = opening[1]!;
      else if (raw.trim().startsWith(fence)) fence = null;
      return;
    }
    if (fence !== null) return;
    const line = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line: index + 1, target: match[1]! });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
    if (definition) links.push({ line: index + 1, target: definition[1]! });
  });
  return links;
}

/** The anchors GitHub gives a page's headings (`## One-way imports` -> `one-way-imports`). */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const opening = /^\s*(```|~~~)/.exec(raw);
    if (opening) {
      if (fence === null) fence = opening[1]!;
      else if (raw.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw);
    if (!heading) continue;
    const slug = heading[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Why a link of `fromFile` does not resolve in the repository, or null when it does. */
export function brokenLink(
  target: string,
  fromFile: string,
  files: ReadonlySet<string>,
  read: (file: string) => string,
): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not the repository's
  const [rawPath = '', anchor] = target.split('#', 2);
  const linkPath = decodeURIComponent(rawPath);
  let file = fromFile;
  if (linkPath !== '') {
    const resolved = posix.normalize(
      linkPath.startsWith('/') ? linkPath.slice(1) : posix.join(posix.dirname(fromFile), linkPath),
    );
    const asDirectory = resolved.replace(/\/$/, '');
    if (files.has(resolved)) file = resolved;
    else if ([...files].some((f) => f.startsWith(`${asDirectory}/`))) {
      return anchor ? `${target}: an anchor into a folder` : null;
    } else return `${target}: no such file in the repository`;
  }
  if (!anchor) return null;
  if (!file.endsWith('.md')) return null; // line anchors into code (#L10) are the host's business
  return headingAnchors(read(file)).has(anchor) ? null : `${target}: no heading '#${anchor}' in ${file}`;
}
