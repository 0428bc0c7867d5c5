/**
 * The one-way imports are enforced by Biome (biome.json's overrides, noRestrictedImports).
 * This proves each rule fires: it lints small files written into a copy of the layout, with
 * the repository's own biome.json, and expects a refusal exactly where an import goes the
 * wrong way. (`npm run lint` then keeps today's code inside the rules.)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './references';

type Verdict = 'refuses' | 'allows';
type Case = readonly [folder: string, specifier: string, verdict: Verdict];

const REMOTES = ['remote-admin', 'remote-manager', 'remote-agent'] as const;
const FEDERATED = { 'remote-admin': 'remoteAdmin', 'remote-manager': 'remoteManager', 'remote-agent': 'remoteAgent' };

const CASES: Case[] = [
  // a remote imports no other remote and not the shell, by package name, relative path or federation
  ...REMOTES.flatMap((remote): Case[] => [
    [remote, 'shell/src/session/commission-toasts', 'refuses'],
    [remote, '../../shell/src/layout/sidebar', 'refuses'],
    [remote, '../../../shell', 'refuses'],
    ...REMOTES.filter((other) => other !== remote).flatMap((other): Case[] => [
      [remote, other, 'refuses'],
      [remote, `${other}/src/routes`, 'refuses'],
      [remote, `../../../${other}/src/orders/orders-page`, 'refuses'],
      [remote, `${FEDERATED[other]}/App`, 'refuses'],
    ]),
    [remote, 'shared-api', 'allows'],
    [remote, 'shared-api/contract', 'allows'],
    [remote, 'shared-ui/lib/format', 'allows'],
    [remote, '../../../shared-ui/src/test/fixtures', 'allows'],
    [remote, '../orders/orders-page', 'allows'],
    [remote, 'react-router-dom', 'allows'],
  ]),
  // the shell loads remotes through federation, never from their source
  ...REMOTES.flatMap((remote): Case[] => [
    ['shell', `${remote}/src/app`, 'refuses'],
    ['shell', `../../${remote}/src/app`, 'refuses'],
  ]),
  ['shell', 'shared-ui/order-card', 'allows'],
  ['shell', 'shared-api', 'allows'],
  // shared-ui imports no app
  ['shared-ui', 'shell/src/routes', 'refuses'],
  ['shared-ui', '../../remote-agent/src/orders/orders-page', 'refuses'],
  ['shared-ui', 'remote-admin', 'refuses'],
  ['shared-ui', 'server/src/app', 'refuses'],
  ['shared-ui', 'shared-api', 'allows'],
  ['shared-ui', 'shared-api/contract', 'allows'],
  ['shared-ui', './lib/format', 'allows'],
  // shared-api imports no app (nor shared-ui, which depends on it)
  ['shared-api', 'shell/src/main', 'refuses'],
  ['shared-api', 'remote-manager/src/routes', 'refuses'],
  ['shared-api', '../../server/src/app', 'refuses'],
  ['shared-api', 'shared-ui/lib/format', 'refuses'],
  ['shared-api', './contract/constants', 'allows'],
  ['shared-api', 'zod', 'allows'],
  // the server imports from shared-api only its contract
  ['server', 'shared-api/contract', 'allows'],
  ['server', 'shared-api', 'refuses'],
  ['server', 'shared-api/testing/users', 'refuses'],
  ['server', '../../shared-api/src/contract/schemas', 'refuses'],
  ['server', 'shared-ui/lib/format', 'refuses'],
  ['server', 'shell/src/main', 'refuses'],
  ['server', 'remote-agent/src/routes', 'refuses'],
  ['server', '../db/schema', 'allows'],
  ['server', 'fastify', 'allows'],
];

const sandbox = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
const fileOf = (index: number, [folder]: Case) => `${folder}/src/checks/case-${index}.ts`;
let refused: Map<string, string>;

beforeAll(() => {
  // the repository's biome.json as it is; only version control is off (the sandbox is no git checkout)
  const config = JSON.parse(readFileSync(path.join(REPO_ROOT, 'biome.json'), 'utf8'));
  config.vcs = { enabled: false };
  writeFileSync(path.join(sandbox, 'biome.json'), JSON.stringify(config));
  CASES.forEach((testCase, index) => {
    const file = path.join(sandbox, fileOf(index, testCase));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `import { value } from '${testCase[1]}';\n\nexport const copy = value;\n`);
  });

  const biome = path.join(REPO_ROOT, 'node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: sandbox,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: Array<{ category: string; message: string; location: { path: string } }>;
  };
  refused = new Map(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => [d.location.path.replaceAll('\\', '/'), d.message]),
  );
}, 60_000);

afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe('one-way imports (biome.json)', () => {
  it.each(CASES.map((testCase, index) => [testCase[2], testCase[0], testCase[1], index] as const))(
    '%s %s importing %s',
    (verdict, _folder, _specifier, index) => {
      const message = refused.get(fileOf(index, CASES[index]!));
      if (verdict === 'refuses') expect(message).toMatch(/docs\/architecture\.md/);
      else expect(message).toBeUndefined();
    },
  );
});
