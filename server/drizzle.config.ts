import { defineConfig } from 'drizzle-kit';

// A glob over every schema file: drizzle-kit silently leaves out what it does not read.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/**/schema!(*.test).ts',
  out: './drizzle',
});
