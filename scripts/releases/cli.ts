/**
 * The release commands (docs/architecture.md, Deploying one remote):
 *
 *   npm run release -w remote-agent                      build, then copy dist into releases/
 *   npm run deploy -- <remote> <release>                  make a release live
 *   npm run deploy -- <remote> --rollback                 end the canary, else back to the one before
 *   npm run deploy -- <remote> --canary <release> --percent N
 *   npm run deploy -- <remote> --percent N                change the canary's share; 0 ends it
 *   npm run releases                                      every release, which is live, which the canary
 *
 * Options (or their environment variables, see paths.mjs): --releases <dir> (RELEASES_DIR),
 * --config <runtime JSON> (RUNTIME_CONFIG_FILE), --shell <release.json file or URL> (SHELL_RELEASE).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { REPOSITORY, releasesDir, runtimeConfigFile, shellRelease } from './paths.mjs';
import {
  deploy,
  formatStatus,
  makeRelease,
  ReleaseError,
  type ReleasePaths,
  releaseStatus,
  remoteNamed,
  rollback,
  setCanary,
} from './releases';

export interface CommandResult {
  code: number;
  output: string;
}

const USAGE = `Usage:
  npm run deploy -- <remote> <release>
  npm run deploy -- <remote> --rollback
  npm run deploy -- <remote> --canary <release> --percent <0-100>
  npm run deploy -- <remote> --percent <0-100>
  npm run releases
Options: --releases <dir>  --config <runtime JSON>  --shell <shell's release.json file or URL>`;

const PATH_OPTIONS = {
  releases: { type: 'string' },
  config: { type: 'string' },
  shell: { type: 'string' },
} as const;

function pathsFrom(
  values: { releases?: string; config?: string; shell?: string },
  env: NodeJS.ProcessEnv,
  cwd: string,
): ReleasePaths {
  return {
    releasesDir: values.releases ? path.resolve(cwd, values.releases) : releasesDir(env),
    runtimeConfigFile: values.config ? path.resolve(cwd, values.config) : runtimeConfigFile(env),
    shellRelease: values.shell
      ? /^https?:\/\//i.test(values.shell)
        ? values.shell
        : path.resolve(cwd, values.shell)
      : shellRelease(env),
  };
}

/** Whether the working tree has changes git would commit (a release's name then says -dirty). */
function workingTreeIsDirty(): boolean {
  try {
    return execFileSync('git', ['status', '--porcelain'], { cwd: REPOSITORY, encoding: 'utf8' }).trim() !== '';
  } catch {
    return true;
  }
}

async function run(
  command: string | undefined,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  dirty: () => boolean,
): Promise<string> {
  switch (command) {
    case 'release': {
      const { values, positionals } = parseArgs({
        args,
        options: { ...PATH_OPTIONS, dist: { type: 'string' } },
        allowPositionals: true,
      });
      const remote = remoteNamed(positionals[0]);
      const paths = pathsFrom(values, env, cwd);
      const distDir = values.dist ? path.resolve(cwd, values.dist) : path.join(REPOSITORY, remote, 'dist');
      const id = makeRelease({ remote, distDir, releasesDir: paths.releasesDir, dirty: dirty() });
      return `Released ${remote} ${id} (${path.join(paths.releasesDir, remote, id)}). Make it live: npm run deploy -- ${remote} ${id}`;
    }
    case 'deploy': {
      const { values, positionals } = parseArgs({
        args,
        options: {
          ...PATH_OPTIONS,
          rollback: { type: 'boolean' },
          canary: { type: 'string' },
          percent: { type: 'string' },
        },
        allowPositionals: true,
      });
      if (positionals.length === 0) throw new ReleaseError(`Name a remote.\n${USAGE}`);
      const remote = remoteNamed(positionals[0]);
      const paths = pathsFrom(values, env, cwd);
      const release = positionals[1];
      const modes = [
        release !== undefined,
        values.rollback === true,
        values.canary !== undefined || values.percent !== undefined,
      ];
      if (modes.filter(Boolean).length !== 1 || positionals.length > 2) {
        throw new ReleaseError(`Name one release, or --rollback, or --canary/--percent.\n${USAGE}`);
      }
      if (release !== undefined) return (await deploy(paths, remote, release)).message;
      if (values.rollback) return (await rollback(paths, remote)).message;
      if (values.percent === undefined) throw new ReleaseError('--canary needs --percent <1-100>.');
      const percent = /^\d{1,3}$/.test(values.percent) ? Number(values.percent) : Number.NaN;
      if (Number.isNaN(percent))
        throw new ReleaseError(
          `--percent must be a whole number from 0 to 100, not ${JSON.stringify(values.percent)}.`,
        );
      return (await setCanary(paths, remote, values.canary ?? null, percent)).message;
    }
    case 'list': {
      const { values } = parseArgs({ args, options: PATH_OPTIONS, allowPositionals: false });
      return formatStatus(releaseStatus(pathsFrom(values, env, cwd)));
    }
    default:
      throw new ReleaseError(`Unknown command ${JSON.stringify(command ?? '')}.\n${USAGE}`);
  }
}

/** Runs one command; a refusal is exit code 1 with its message, never a stack trace. */
export async function runCommand(
  argv: string[],
  {
    env = process.env,
    cwd = process.cwd(),
    dirty = workingTreeIsDirty,
  }: { env?: NodeJS.ProcessEnv; cwd?: string; dirty?: () => boolean } = {},
): Promise<CommandResult> {
  const [command, ...args] = argv;
  try {
    return { code: 0, output: await run(command, args, env, cwd, dirty) };
  } catch (error) {
    // parseArgs' own refusals (an unknown option, a missing value) are input errors too
    const known =
      error instanceof ReleaseError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    if (!known) throw error;
    return { code: 1, output: error.message };
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runCommand(process.argv.slice(2));
  (result.code === 0 ? console.log : console.error)(result.output);
  process.exitCode = result.code;
}
