import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The repository's tools: scripts/ (the static servers, the cluster's pieces, the library the
// tools share: scripts/lib/, the release commands: scripts/releases/) and the bench's own logic (bench/). The cluster tests are not here
// (`npm run test:cluster`).
export default defineConfig({
  test: {
    name: 'scripts',
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: [
      'scripts/*.test.mjs',
      'scripts/*.test.ts',
      'scripts/lib/*.test.mjs',
      'scripts/releases/*.test.ts',
      'scripts/skew/*.test.mjs',
      'bench/**/*.test.mjs',
    ],
    // the PostgreSQL starter's test runs initdb
    testTimeout: 60_000,
  },
});
