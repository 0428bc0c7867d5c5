// Where the releases, the runtime JSON and the live shell's release.json are, for the release
// commands (scripts/releases/cli.ts) and the shell's static server (shell/serve.mjs), from the
// same environment: RELEASES_DIR (relative to the repository), RUNTIME_CONFIG_FILE (relative
// to shell/, as shell/serve.mjs reads it), SHELL_RELEASE (a file relative to the repository,
// or the URL of the one the live shell's server serves).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @param {NodeJS.ProcessEnv} env */
export function releasesDir(env = process.env) {
  return path.resolve(REPOSITORY, env.RELEASES_DIR || 'releases');
}

/** @param {NodeJS.ProcessEnv} env */
export function runtimeConfigFile(env = process.env) {
  return path.resolve(REPOSITORY, 'shell', env.RUNTIME_CONFIG_FILE || 'dist/runtime-config.json');
}

/** @param {NodeJS.ProcessEnv} env */
export function shellRelease(env = process.env) {
  const source = env.SHELL_RELEASE || 'shell/dist/release.json';
  return /^https?:\/\//i.test(source) ? source : path.resolve(REPOSITORY, source);
}
