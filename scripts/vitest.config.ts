import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The repository's own tooling (the static servers of the production builds).
export default defineConfig({
  test: {
    name: 'scripts',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['*.test.mjs'],
  },
});
