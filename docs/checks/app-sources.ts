/**
 * The apps whose screens are translated (docs/contributing.md, Adding a string): each one's
 * folder, catalogue namespace and catalogue folder (a folder may have more than one namespace), and its sources as the checks read them.
 * Used by catalogues.test.ts and no-literal-strings.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT, repositoryFiles } from './references';

export interface TranslatedApp {
  /** the package's folder */
  folder: string;
  /** the first segment of every key of its catalogue */
  namespace: string;
  /** where en.json and ur.json live, from the repository's root */
  locales: string;
}

/**
 * A key belongs to the longest namespace of its folder it starts with (`admin.users.title` to
 * `admin.users`, `admin.area.title` to `admin`).
 */
export const APPS: readonly TranslatedApp[] = [
  { folder: 'shell', namespace: 'shell', locales: 'shell/src/locales' },
  { folder: 'remote-admin', namespace: 'admin', locales: 'remote-admin/src/locales' },
  // parts loaded with their screens, not on the area's first page (src/users/i18n.ts, src/products/i18n.ts)
  { folder: 'remote-admin', namespace: 'admin.users', locales: 'remote-admin/src/locales/users' },
  { folder: 'remote-admin', namespace: 'admin.products', locales: 'remote-admin/src/locales/products' },
  { folder: 'remote-manager', namespace: 'manager', locales: 'remote-manager/src/locales' },
  { folder: 'remote-agent', namespace: 'agent', locales: 'remote-agent/src/locales' },
  { folder: 'shared-ui', namespace: 'ui', locales: 'shared-ui/src/locales' },
  // the language switch's three strings, apart so the sign-in page carries no more (src/lib/language-i18n.ts)
  { folder: 'shared-ui', namespace: 'language', locales: 'shared-ui/src/locales/language' },
];

/** Tests and their support: what a person never reads on a screen. */
const TEST_FILE = /(?:\.test\.tsx?$|\.d\.ts$|(?:^|\/)test-setup\.ts$|\/src\/test\/)/;

/** An app's non-test `.ts` and `.tsx` files under `src/`, from the repository's root. */
export function appSourceFiles(folder: string, files = repositoryFiles()): string[] {
  return files.filter((file) => file.startsWith(`${folder}/src/`) && /\.tsx?$/.test(file) && !TEST_FILE.test(file));
}

/** A source file parsed by the TypeScript compiler (no type checking: syntax is all the checks need). */
export function parseSource(file: string, text = readFileSync(path.join(REPO_ROOT, file), 'utf8')): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** The 1-based line of a node in its file. */
export function lineOf(node: ts.Node): number {
  const source = node.getSourceFile();
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** The namespace of the folder's catalogues a key belongs to: the longest it starts with. */
export function namespaceOf(folder: string, key: string): string | undefined {
  return APPS.filter((app) => app.folder === folder && key.startsWith(`${app.namespace}.`))
    .map((app) => app.namespace)
    .sort((a, b) => b.length - a.length)[0];
}
