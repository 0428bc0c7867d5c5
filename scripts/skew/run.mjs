// `npm run test:skew`: the skew matrix (docs/architecture.md, The skew matrix). Builds the
// previous release unless .skew/previous holds it, builds today's apps if they are missing, then
// runs the browser journeys of e2e/skew/ once per combination, one after the other on the e2e
// run's fixed ports (run it under `flock /tmp/e2e.lock` where other runs share the machine).
// Extra arguments go to Playwright (e.g. `npm run test:skew -- --grep agent`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildMissingApps, npm, root } from '../apps.mjs';
import { buildPrevious } from './build-previous.mjs';

const COMBINATIONS = ['previous-shell', 'previous-remotes'];

const started = Date.now();
let release;
try {
  release = buildPrevious();
} catch (error) {
  console.error(`[skew] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
buildMissingApps();

const failed = [];
for (const name of COMBINATIONS) {
  console.log(`\n=== skew matrix: ${name} (previous release ${release.version}, ${release.commit.slice(0, 7)})`);
  const result = spawnSync(
    npm,
    ['exec', '--', 'playwright', 'test', '-c', 'playwright.skew.config.ts', ...process.argv.slice(2)],
    { cwd: path.join(root, 'e2e'), stdio: 'inherit', env: { ...process.env, SKEW_COMBINATION: name } },
  );
  if (result.status !== 0) failed.push(name);
}
const seconds = Math.round((Date.now() - started) / 1000);
if (failed.length > 0) {
  console.error(`\n[skew] failed: ${failed.join(', ')} (${seconds} s)`);
  process.exit(1);
}
console.log(`\n[skew] both combinations passed (${seconds} s)`);
