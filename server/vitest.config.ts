import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Self-contained so it works alone (`cd server && npx vitest run`) and as a project of the
// root config (`npx vitest run --project server`).
export default defineConfig({
  test: {
    name: 'server',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Migrates one template database (PGlite data dir, or a PostgreSQL template database
    // when TEST_DATABASE_URL is set); every test app starts from a copy of it.
    globalSetup: ['./src/test/global-setup.ts'],
    // vitest's default is cores - 1, which is 1 on a 2-core machine.
    maxWorkers: 2,
    // with the root config's other projects (different maxWorkers), the server runs as its own group, last
    sequence: { groupOrder: 1 },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
