/**
 * Writes `dist/release.json` on every production build (docs/architecture.md, Versions of a
 * build): a remote's says what it needs from the shell that hosts it, the shell's what it
 * provides. Nothing in it is kept by hand: the shared-api range is the package's own
 * dependency, the router and query exports are the names the build's modules import, the
 * federation runtime is the installed one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import {
  isValidRange,
  type ReleaseNeeds,
  type ReleaseProvides,
  type RemotePackage,
  type RemoteRelease,
  type ShellRelease,
} from '../shared-api/src/contract/release';

export const RELEASE_FILE = 'release.json';

/** The shared modules whose exports the shell offers by a fixed list (shared-api/src/contract/federation.ts). */
const LISTED_MODULES = {
  routerExports: ['react-router-dom', 'react-router'],
  queryExports: ['@tanstack/react-query'],
} as const;

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

export function readPackageJson(packageDir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as PackageJson;
}

/** The version of `name` as installed for `fromDir` (its node_modules, or a parent's). */
export function installedVersion(name: string, fromDir: string): string {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

/** The range of shared-api a remote (or shared-ui) asks for: its package.json's dependency. */
export function sharedApiRange(packageDir: string): string {
  const range = readPackageJson(packageDir).dependencies?.['shared-api'];
  if (!range || !isValidRange(range)) {
    throw new Error(`${packageDir}/package.json must name shared-api with a semver range (found ${range}).`);
  }
  return range;
}

/** `git rev-parse HEAD`, or 'unknown' outside a git checkout. */
export function currentCommit(cwd: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The runtime names a module's source imports (or re-exports) from each of `modules`; type-only
 * imports are erased by the build and left out. A namespace or default import cannot say which
 * exports it uses: it is an error.
 */
export function importedNames(source: string, fileName: string, modules: readonly string[]): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const from = (node.moduleSpecifier as ts.StringLiteral).text;
      if (modules.includes(from)) names.push(...namesOf(node, from, fileName));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      modules.includes(node.arguments[0].text)
    ) {
      throw new Error(`${fileName}: import('${node.arguments[0].text}') cannot say which exports it uses.`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

function namesOf(node: ts.ImportDeclaration | ts.ExportDeclaration, from: string, fileName: string): string[] {
  const whole = () => new Error(`${fileName}: import named exports of ${from}, not the whole module.`);
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return [];
    if (!node.exportClause || !ts.isNamedExports(node.exportClause)) throw whole();
    return node.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
  }
  const clause = node.importClause;
  if (!clause) return []; // a side-effect import uses no export by name
  if (clause.isTypeOnly) return [];
  if (clause.name) throw whole();
  const bindings = clause.namedBindings;
  if (!bindings) return [];
  if (ts.isNamespaceImport(bindings)) throw whole();
  return bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
}

const SOURCE_FILE = /\.[cm]?[jt]sx?$/;

/** The release of a remote: what it needs from its host. */
export function remoteRelease({ name, packageDir }: { name: RemotePackage; packageDir: string }): Plugin {
  /** per module id, the names it imports from the listed modules */
  const imports = new Map<string, Record<keyof typeof LISTED_MODULES, string[]>>();
  return {
    name: 'release-manifest-remote',
    apply: 'build',
    // before any other transform: the module's own source, with its type-only imports
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (id.startsWith('\0') || file.includes('/node_modules/') || !SOURCE_FILE.test(file)) return undefined;
      // parsed only when it names one of the modules at all (a parse of every module is slow)
      if (!code.includes('react-router') && !code.includes('@tanstack/react-query')) return undefined;
      try {
        imports.set(file, {
          routerExports: importedNames(code, file, LISTED_MODULES.routerExports),
          queryExports: importedNames(code, file, LISTED_MODULES.queryExports),
        });
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
      return undefined;
    },
    generateBundle() {
      const all = (part: keyof typeof LISTED_MODULES) =>
        [...new Set([...imports.values()].flatMap((names) => names[part]))].sort();
      const runtime = installedVersion('@module-federation/runtime', packageDir).split('.');
      const needs: ReleaseNeeds = {
        'shared-api': sharedApiRange(packageDir),
        routerExports: all('routerExports'),
        queryExports: all('queryExports'),
        // the runtime the remote's federated code was built against: the shell's must be of its
        // major and at least its minor
        federationRuntime: `^${runtime[0]}.${runtime[1]}.0`,
      };
      const release: RemoteRelease = { name, ...identity(packageDir), needs };
      this.emitFile({ type: 'asset', fileName: RELEASE_FILE, source: `${JSON.stringify(release, null, 2)}\n` });
    },
  };
}

function identity(packageDir: string) {
  return {
    version: readPackageJson(packageDir).version,
    commit: currentCommit(packageDir),
    builtAt: new Date().toISOString(),
  };
}

/**
 * The release of the shell: what it provides to the remotes. The same object is built into the
 * shell as `__SHELL_RELEASE__` (the check before an area loads compares against it).
 */
export function shellRelease({ packageDir, provides }: { packageDir: string; provides: ReleaseProvides }): Plugin {
  const release: ShellRelease = { name: 'shell', ...identity(packageDir), provides };
  return {
    name: 'release-manifest-shell',
    config: () => ({ define: { __SHELL_RELEASE__: JSON.stringify(release) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: RELEASE_FILE, source: `${JSON.stringify(release, null, 2)}\n` });
    },
  };
}
