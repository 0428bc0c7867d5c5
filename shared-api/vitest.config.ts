import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared-api',
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
});
