/**
 * No import cycles (biome.json, rule noImportCycles, type-only imports included): a module that
 * two others need moves down into a module both import (docs/architecture.md, One-way imports).
 * This proves the rule fires in every package's src: it lints small files written into a copy
 * of the layout, with the repository's own biome.json, and expects a refusal on each file of a
 * cycle and none on a chain that goes one way. (`npm run lint` then keeps today's code free of
 * cycles.)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './references';

const FOLDERS = [
  'server/src',
  'shell/src',
  'shared-ui/src',
  'shared-api/src',
  'remote-admin/src',
  'remote-manager/src',
  'remote-agent/src',
] as const;

/** Each case's files, by name, and what each imports; `cycle`: whether the files import each other round. */
const CASES = {
  // a value import each way, one written with the `.js` a TypeScript ESM import may carry
  values: {
    cycle: true,
    files: {
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { c } from './c';\nexport const b = () => c;\n",
      'c.ts': "import { a } from './a';\nexport const c = () => a;\n",
    },
  },
  // types only: no cycle when the code runs, but the modules still lean on each other
  types: {
    cycle: true,
    files: {
      'a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    },
  },
  // a page that loads its part lazily, the part reaching back for the page's type
  lazy: {
    cycle: true,
    files: {
      'page.tsx': "export const load = () => import('./part');\nexport type Page = { title: string };\n",
      'part.tsx': "import type { Page } from './page';\nexport const part = (page: Page) => page.title;\n",
    },
  },
  // one way: what both need lives below them
  'one way': {
    cycle: false,
    files: {
      'a.ts': "import { b } from './b';\nimport { c } from './c';\nexport const a = () => b() + c;\n",
      'b.ts': "import { c } from './c';\nexport const b = () => c;\n",
      'c.ts': 'export const c = 1;\n',
    },
  },
} as const satisfies Record<string, { cycle: boolean; files: Record<string, string> }>;

type CaseName = keyof typeof CASES;

const sandbox = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
const folderOf = (folder: string, name: CaseName) => `${folder}/checks/${name.replace(' ', '-')}`;
let refused: Set<string>;

beforeAll(() => {
  // the repository's biome.json as it is; only version control is off (the sandbox is no git checkout)
  const config = JSON.parse(readFileSync(path.join(REPO_ROOT, 'biome.json'), 'utf8'));
  config.vcs = { enabled: false };
  writeFileSync(path.join(sandbox, 'biome.json'), JSON.stringify(config));
  for (const folder of FOLDERS) {
    for (const [name, { files }] of Object.entries(CASES)) {
      const dir = path.join(sandbox, folderOf(folder, name as CaseName));
      mkdirSync(dir, { recursive: true });
      for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
    }
  }

  const biome = path.join(REPO_ROOT, 'node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: sandbox,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Array<{ category: string; location: { path: string } }> };
  refused = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/suspicious/noImportCycles')
      .map((d) => d.location.path.replaceAll('\\', '/')),
  );
}, 60_000);

afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe('no import cycles (biome.json)', () => {
  const rows = FOLDERS.flatMap((folder) =>
    (Object.keys(CASES) as CaseName[]).map((name) => [CASES[name].cycle ? 'refuses' : 'allows', name, folder] as const),
  );
  it.each(rows)('%s the %s case in %s', (_verdict, name, folder) => {
    const files = Object.keys(CASES[name].files).map((file) => `${folderOf(folder, name)}/${file}`);
    const flagged = files.filter((file) => refused.has(file));
    expect(flagged).toEqual(CASES[name].cycle ? files : []);
  });
});
