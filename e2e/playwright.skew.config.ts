import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';

// The skew matrix (docs/architecture.md, The skew matrix): the e2e run's browser and ports,
// its own journeys and servers. `npm run test:skew` runs it once per combination.
export default defineConfig({
  ...baseConfig,
  testDir: './skew',
  globalSetup: './skew/global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: './test-results/skew',
});
