import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: real processes behind a real balancer (docs/scaling.md); not part of
// `npm test`, which needs nothing but Node.
export default defineConfig({
  test: {
    name: 'cluster',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['*.test.mjs'],
    fileParallelism: false,
    testTimeout: 120_000,
    // PostgreSQL, the seed, two API processes and HAProxy
    hookTimeout: 240_000,
  },
});
