/**
 * shared-api's main entry is what every area and the sign-in page load first (docs/benchmarks.md,
 * bundle budgets). A runtime import there of a contract file that uses zod brings zod into every
 * first visit (25 KB gzip; it happened once). This walks the entry's static runtime imports
 * (not `import type`, not dynamic `import()`, which is a chunk of its own) and fails when one
 * reaches zod.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './references';

const ENTRY = path.join(REPO_ROOT, 'shared-api/src/index.ts');
const STATEMENT = /^\s*(import|export)\s+([\s\S]*?)\s+from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

/** The specifiers a file imports at runtime: type-only imports and exports left out. */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(STATEMENT)) {
    const bare = match[4];
    if (bare) {
      found.push(bare);
      continue;
    }
    const clause = match[2] ?? '';
    const specifier = match[3] ?? '';
    if (/^type\s/.test(clause)) continue;
    const braces = clause.match(/\{([\s\S]*)\}/);
    const outside = braces ? clause.replace(braces[0], '').replace(/[,\s]/g, '') : clause;
    const names =
      braces?.[1]
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean) ?? [];
    if (outside === '' && names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    found.push(specifier);
  }
  return found;
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((file) => existsSync(file));
}

/** The chain of files from the entry to the first one importing `target` at runtime, or null. */
function pathTo(entry: string, target: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (specifier === target || specifier.startsWith(`${target}/`)) return [...chain, file];
      const next = resolve(file, specifier);
      const found = next ? walk(next, [...chain, file]) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(entry, []);
}

describe("shared-api's main entry", () => {
  it('reaches no zod through its runtime imports', () => {
    const chain = pathTo(ENTRY, 'zod');
    expect(chain?.map((file) => path.relative(REPO_ROOT, file)) ?? null).toBeNull();
  });

  it('tells a runtime import from a type-only one (the check can fail)', () => {
    expect(runtimeImports("import { z } from 'zod';")).toEqual(['zod']);
    expect(runtimeImports("import type { Z } from 'zod';")).toEqual([]);
    expect(runtimeImports("import { type A, type B } from './contract/schemas';")).toEqual([]);
    expect(runtimeImports("import { type A, B } from './contract/schemas';")).toEqual(['./contract/schemas']);
    expect(runtimeImports("export { MESSAGES } from './contract/messages';")).toEqual(['./contract/messages']);
    expect(runtimeImports("export type { Order } from './contract/schemas';")).toEqual([]);
    // a contract file with zod schemas, reached from a file the entry imports at runtime
    const schemas = path.join(REPO_ROOT, 'shared-api/src/contract/schemas.ts');
    expect(pathTo(schemas, 'zod')).toEqual([schemas]);
    // the walk goes through the entry's files: zustand is reached through a store (the locale's or the session's)
    expect([
      path.join(REPO_ROOT, 'shared-api/src/i18n.ts'),
      path.join(REPO_ROOT, 'shared-api/src/session.ts'),
    ]).toContain(pathTo(ENTRY, 'zustand')?.at(-1));
  });
});
