/**
 * shared-api's exports, as a remote deployed earlier sees them (docs/architecture.md, Versioning
 * of shared-api): the entries of its `exports` map, and for the runtime entries the name and kind
 * (function, class, const) of each export. Types are left out: erased at build time, renaming one
 * breaks no deployed remote. Compared with shared-api/exports-snapshot.json, the last release's,
 * by shared-api-exports.test.ts.
 *
 * Refresh the snapshot when shared-api is released (its version bumped):
 *   npx tsx docs/checks/shared-api-exports.ts --write
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from './references';

export type ExportKind = 'function' | 'class' | 'const';
export interface ExportsSnapshot {
  /** shared-api's version the snapshot was taken at */
  version: string;
  /** the keys of package.json's `exports` */
  entries: string[];
  /** per runtime entry, each export's kind */
  exports: Record<string, Record<string, ExportKind>>;
}

const PACKAGE_DIR = path.join(REPO_ROOT, 'shared-api');
export const SNAPSHOT_FILE = path.join(PACKAGE_DIR, 'exports-snapshot.json');
/** The entries the apps import at runtime; `./testing/*` is test support. */
const RUNTIME_ENTRIES = ['.', './contract'];

interface PackageJson {
  version: string;
  exports: Record<string, string>;
}

export function readPackage(): PackageJson {
  return JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as PackageJson;
}

function kindOf(symbol: ts.Symbol, checker: ts.TypeChecker): ExportKind | null {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  if (target.flags & ts.SymbolFlags.Class) return 'class';
  if (target.flags & ts.SymbolFlags.Function) return 'function';
  if (target.flags & ts.SymbolFlags.Variable) {
    const declaration = target.valueDeclaration;
    const type = checker.getTypeOfSymbol(target);
    // an arrow function in a const is a function to its callers
    if (declaration && type.getCallSignatures().length > 0 && type.getProperties().length === 0) return 'function';
    return 'const';
  }
  if (target.flags & ts.SymbolFlags.Enum) return 'const';
  return null;
}

/** The exports of shared-api as its sources are now. */
export function currentExports(): ExportsSnapshot {
  const pkg = readPackage();
  const files = RUNTIME_ENTRIES.map((entry) => path.join(PACKAGE_DIR, pkg.exports[entry] ?? ''));
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(PACKAGE_DIR, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const program = ts.createProgram(files, { ...config?.options, noEmit: true });
  const checker = program.getTypeChecker();
  const exports: ExportsSnapshot['exports'] = {};
  RUNTIME_ENTRIES.forEach((entry, i) => {
    const source = program.getSourceFile(files[i] ?? '');
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`shared-api's entry ${entry} (${files[i]}) was not found`);
    const kinds: Record<string, ExportKind> = {};
    for (const symbol of checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name))) {
      const kind = kindOf(symbol, checker);
      if (kind) kinds[symbol.name] = kind;
    }
    exports[entry] = kinds;
  });
  return { version: pkg.version, entries: Object.keys(pkg.exports).sort(), exports };
}

export function readSnapshot(): ExportsSnapshot {
  return JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as ExportsSnapshot;
}

/** What a remote built against `before` would miss in `now`: removed entries, removed exports, changed kinds. */
export function breakingChanges(before: ExportsSnapshot, now: ExportsSnapshot): string[] {
  const problems: string[] = [];
  for (const entry of before.entries) {
    if (!now.entries.includes(entry)) problems.push(`the entry shared-api${entry.slice(1)} is gone`);
  }
  for (const [entry, kinds] of Object.entries(before.exports)) {
    for (const [name, kind] of Object.entries(kinds)) {
      const nowKind = now.exports[entry]?.[name];
      const from = `shared-api${entry.slice(1)}`;
      if (!nowKind) problems.push(`${from}: ${name} (${kind}) is gone`);
      else if (nowKind !== kind) problems.push(`${from}: ${name} was a ${kind}, is now a ${nowKind}`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  if (!process.argv.includes('--write')) {
    console.log(JSON.stringify(currentExports(), null, 2));
  } else {
    writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(currentExports(), null, 2)}\n`);
    console.log(`wrote ${path.relative(REPO_ROOT, SNAPSHOT_FILE)}`);
  }
}
