import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Checks that keep the repository honest about itself: references to documents, links in
// docs/, the one-way import rules of biome.json, and the shared-api version architecture.md
// names. A project of the root config.
export default defineConfig({
  test: {
    name: 'docs',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['checks/**/*.test.ts'],
  },
});
