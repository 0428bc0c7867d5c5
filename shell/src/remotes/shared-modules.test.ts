import { SHARED_QUERY_EXPORTS, SHARED_ROUTER_EXPORTS } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import * as sharedQuery from './shared-query';
import * as sharedRouter from './shared-router';

/** Every source file of the remotes and of shared-ui (which they bundle), but their test support. */
const remoteSources = import.meta.glob<string>(
  ['../../../remote-*/src/**/*.{ts,tsx}', '../../../shared-ui/src/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/test/**'],
  { query: '?raw', import: 'default', eager: true },
);

/** The runtime names a file imports from a module matching `from`; type-only imports are erased. */
function runtimeImports(source: string, from: string): string[] {
  const pattern = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+['"](?:${from})['"]`, 'g');
  const names: string[] = [];
  for (const [, typeOnly, clause = ''] of source.matchAll(pattern)) {
    if (typeOnly) continue;
    const named = /\{([^}]*)\}/.exec(clause);
    if (!named || /\*\s+as\s/.test(clause) || /^\s*\w+\s*(,|$)/.test(clause)) names.push('* or default');
    for (const part of named?.[1]?.split(',') ?? []) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

const SHARED = [
  {
    what: 'the router',
    module: sharedRouter,
    list: SHARED_ROUTER_EXPORTS,
    from: 'react-router(?:-dom)?',
    fix: 'add these to SHARED_ROUTER_EXPORTS and shell/src/remotes/shared-router.ts',
  },
  {
    what: 'TanStack Query',
    module: sharedQuery,
    list: SHARED_QUERY_EXPORTS,
    from: '@tanstack/react-query',
    fix: 'add these to SHARED_QUERY_EXPORTS and shell/src/remotes/shared-query.ts',
  },
];

describe.each(SHARED)('$what as the shell offers it to the remotes', ({ module, list, from, fix }) => {
  it('offers exactly the exports the contract lists, each one defined', () => {
    expect(Object.keys(module).sort()).toEqual([...list].sort());
    for (const [name, value] of Object.entries(module)) expect(value, name).toBeDefined();
  });

  it('covers every import of it in the remotes and shared-ui', () => {
    const offered = new Set<string>(list);
    const files = Object.entries(remoteSources);
    expect(files.length).toBeGreaterThan(3);
    const missing = files.flatMap(([file, source]) =>
      runtimeImports(source, from)
        .filter((name) => !offered.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing, fix).toEqual([]);
  });
});
