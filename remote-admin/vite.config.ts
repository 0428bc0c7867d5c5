import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const PORT = 3001;

/**
 * Modules that hold state, shared as singletons by the shell and every remote
 * (ARCHITECTURE.md section 2). The shell provides the same list at runtime
 * (shell/src/remotes/federation.ts); keep them in step.
 */
const singleton = { singleton: true };
const shared = {
  react: singleton,
  'react/jsx-runtime': singleton,
  'react-dom': singleton,
  'react-dom/client': singleton,
  'react-router-dom': singleton,
  zustand: singleton,
  'react-toastify': singleton,
  // shared whole: one API client and one session store; additive within a major
  'shared-api': { singleton: true, requiredVersion: '^1.1.0' },
};

export default defineConfig({
  // `base` stays unset so the manifest's publicPath is "auto": the remote's files are
  // fetched from wherever its manifest was found, whatever origin the shell is on.
  plugins: [
    react(),
    federation({
      name: 'remoteAdmin',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: { './App': './src/app.tsx' },
      shared,
      dts: false,
    }),
  ],
  server: { port: PORT, strictPort: true, origin: `http://localhost:${PORT}` },
  preview: { port: PORT, strictPort: true },
});
