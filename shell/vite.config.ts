import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The shell is built WITHOUT the federation plugin (runtime-only host, docs/architecture.md,
 * One federation runtime): src/remotes/federation.ts imports @module-federation/runtime only when a
 * remote route is first opened and provides the shared modules itself. Their versions
 * are read here, from the installed packages, so the share scope states them exactly.
 */
const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'zustand',
  'react-toastify',
  '@tanstack/react-query',
  'shared-api',
] as const;

function installedVersion(name: string): string {
  for (const dir of ['./node_modules', '../node_modules']) {
    const file = fileURLToPath(new URL(`${dir}/${name}/package.json`, import.meta.url));
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${name} is not installed`);
}

const sharedVersions = Object.fromEntries(SHARED_PACKAGES.map((name) => [name, installedVersion(name)]));

export default defineConfig({
  plugins: [react()],
  define: { __SHARED_VERSIONS__: JSON.stringify(sharedVersions) },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
});
