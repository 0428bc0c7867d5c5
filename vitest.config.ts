import { defineConfig } from 'vitest/config';

// Every test that needs no browser, one project per package (each has its own vitest.config.ts).
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts'],
  },
});
