import { SHARED_ROUTER_EXPORTS } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import * as sharedRouter from './shared-router';

/** Every source file of the remotes and of shared-ui (which they bundle). */
const remoteSources = import.meta.glob<string>(
  ['../../../remote-*/src/**/*.{ts,tsx}', '../../../shared-ui/src/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

const ROUTER_IMPORT = /import\s+(type\s+)?([^;]*?)\s+from\s+['"]react-router(?:-dom)?['"]/g;

/** The runtime names a file imports from react-router(-dom); type-only imports are erased. */
function routerImports(source: string): string[] {
  const names: string[] = [];
  for (const [, typeOnly, clause = ''] of source.matchAll(ROUTER_IMPORT)) {
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

describe('the router the shell offers the remotes', () => {
  it('offers exactly the exports the contract lists, each one defined', () => {
    expect(Object.keys(sharedRouter).sort()).toEqual([...SHARED_ROUTER_EXPORTS].sort());
    for (const [name, value] of Object.entries(sharedRouter)) expect(value, name).toBeDefined();
  });

  it('covers every router import of the remotes and shared-ui', () => {
    const offered = new Set<string>(SHARED_ROUTER_EXPORTS);
    const files = Object.entries(remoteSources);
    expect(files.length).toBeGreaterThan(3);
    const missing = files.flatMap(([file, source]) =>
      routerImports(source)
        .filter((name) => !offered.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing, 'add these to SHARED_ROUTER_EXPORTS and shell/src/remotes/shared-router.ts').toEqual([]);
  });
});
