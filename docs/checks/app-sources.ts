/**
 * The apps whose screens are translated (docs/contributing.md, Adding a string): each one's
 * folder, catalogue namespace and catalogue folder, and its sources as the checks read them.
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

export const APPS: readonly TranslatedApp[] = [
  { folder: 'shell', namespace: 'shell', locales: 'shell/src/locales' },
  { folder: 'remote-admin', namespace: 'admin', locales: 'remote-admin/src/locales' },
  { folder: 'remote-manager', namespace: 'manager', locales: 'remote-manager/src/locales' },
  { folder: 'remote-agent', namespace: 'agent', locales: 'remote-agent/src/locales' },
  { folder: 'shared-ui', namespace: 'ui', locales: 'shared-ui/src/locales' },
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
