import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRemoteRelease, parseShellRelease } from 'shared-api/contract';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { importedNames, installedVersion, remoteRelease, shellRelease } from './release-manifest';

const scripts = path.dirname(fileURLToPath(import.meta.url));
const ROUTER = ['react-router-dom', 'react-router'];

describe('importedNames', () => {
  it('lists the runtime names a source imports or re-exports, not its types or comments', () => {
    const source = `
      // import { useBlocker } from 'react-router-dom';
      import { Link, type NavigateFunction, useNavigate as go } from 'react-router-dom';
      import type { Location } from 'react-router-dom';
      import { Outlet } from 'react-router';
      import { useQuery } from '@tanstack/react-query';
      export { useParams } from 'react-router-dom';
      const text = "import { Await } from 'react-router-dom'";
    `;
    expect(importedNames(source, 'a.tsx', ROUTER)).toEqual(['Link', 'useNavigate', 'Outlet', 'useParams']);
    expect(importedNames(source, 'a.tsx', ['@tanstack/react-query'])).toEqual(['useQuery']);
  });

  it('refuses an import that cannot say which exports it uses', () => {
    expect(() => importedNames("import * as Router from 'react-router-dom';", 'a.ts', ROUTER)).toThrow(
      /a\.ts: import named exports of react-router-dom/,
    );
    expect(() => importedNames("import Router from 'react-router-dom';", 'a.ts', ROUTER)).toThrow(/named exports/);
    expect(() => importedNames("export * from 'react-router-dom';", 'a.ts', ROUTER)).toThrow(/named exports/);
    expect(() => importedNames("const r = import('react-router-dom');", 'a.ts', ROUTER)).toThrow(/cannot say/);
  });
});

describe('the release plugins', () => {
  // inside the repository, so the fixture finds the installed federation runtime as a remote does
  const fixture = mkdtempSync(path.join(scripts, '.release-fixture-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  async function buildFixture(files: Record<string, string>, plugins: (root: string) => Plugin[]) {
    const root = mkdtempSync(path.join(fixture, 'app-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'remote-manager', version: '2.4.0', dependencies: { 'shared-api': '^3.2.0' } }),
    );
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, 'src', name), text);
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: plugins(root),
      build: {
        outDir: 'dist',
        lib: { entry: path.join(root, 'src', 'main.ts'), formats: ['es'], fileName: 'main' },
        rolldownOptions: { external: [/^react-router/, /^@tanstack\//] },
      },
    });
    return { root, release: JSON.parse(readFileSync(path.join(root, 'dist', 'release.json'), 'utf8')) as unknown };
  }

  const sources = {
    'main.ts': "import { Link } from 'react-router-dom';\nimport { list } from './list';\nexport { Link, list };\n",
    'list.ts':
      "import { type QueryKey, useQuery } from '@tanstack/react-query';\nimport { useParams } from 'react-router-dom';\nexport const list = (key: QueryKey) => [useQuery, useParams, key];\n",
  };

  it("writes a remote's needs from its package.json and the names its modules import", async () => {
    const first = await buildFixture(sources, (root) => [remoteRelease({ name: 'remote-manager', packageDir: root })]);
    const runtime = installedVersion('@module-federation/runtime', scripts).split('.');
    const release = parseRemoteRelease(first.release);
    expect(release).toMatchObject({
      name: 'remote-manager',
      version: '2.4.0',
      needs: {
        'shared-api': '^3.2.0',
        routerExports: ['Link', 'useParams'],
        queryExports: ['useQuery'],
        federationRuntime: `^${runtime[0]}.${runtime[1]}.0`,
      },
    });
    expect(release?.commit).toMatch(/^([0-9a-f]{40}|unknown)$/);
    expect(Date.parse(release?.builtAt ?? '')).not.toBeNaN();

    // an import added to a module appears in the next build's needs
    const second = await buildFixture(
      {
        ...sources,
        'main.ts': `import { useBlocker } from 'react-router-dom';\n${sources['main.ts']}export { useBlocker };\n`,
      },
      (root) => [remoteRelease({ name: 'remote-manager', packageDir: root })],
    );
    expect(parseRemoteRelease(second.release)?.needs.routerExports).toEqual(['Link', 'useBlocker', 'useParams']);
  });

  it("writes the shell's provides", async () => {
    const provides = {
      'shared-api': '3.1.0',
      routerExports: ['Link'],
      queryExports: ['useQuery'],
      federationRuntime: '2.9.1',
    };
    const { release } = await buildFixture(sources, (root) => [shellRelease({ packageDir: root, provides })]);
    expect(parseShellRelease(release)?.provides).toEqual(provides);
  });
});
