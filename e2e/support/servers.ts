/**
 * Starts and stops the five production processes the browser tests run against: the API
 * (fresh database per run) and the static servers of the four builds. Global setup starts
 * them; a test can stop and restart one (a remote going down) or start an extra copy of a
 * remote on another port (a remote moved by runtime configuration).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  MAIL_PORT,
  PORTS,
  RELEASES_DIR,
  ROOT,
  RUNTIME_CONFIG_FILE,
  type ServerName,
  SHELL_URL,
  STATE_DIR,
  STATE_FILE,
} from './env';

type State = Record<string, number>;

function readState(): State {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as State;
  } catch {
    return {};
  }
}

function writeState(state: State): void {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

export function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForPort(port: number, open = true, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await portIsOpen(port)) === open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`port ${port} did not ${open ? 'open' : 'close'} within ${timeoutMs} ms`);
}

function logFile(key: string): number {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  return fs.openSync(path.join(STATE_DIR, `${key}.log`), 'a');
}

export function spawnLogged(
  key: string,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): ChildProcess {
  const out = logFile(key);
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  child.unref();
  const state = readState();
  if (child.pid) state[key] = child.pid;
  writeState(state);
  return child;
}

const APP_DIR: Record<Exclude<ServerName, 'api'>, string> = {
  shell: 'shell',
  admin: 'remote-admin',
  manager: 'remote-manager',
  agent: 'remote-agent',
};

export async function startApi(dataDir: string): Promise<void> {
  spawnLogged('api', 'node', ['--import', 'tsx', 'src/main.ts'], path.join(ROOT, 'server'), {
    PORT: String(PORTS.api),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'e2e-admin-password',
    LOGIN_RATE_LIMIT: '10000',
    REGISTER_RATE_LIMIT: '10000',
    UPLOAD_RATE_LIMIT: '10000',
    UPLOAD_CHUNK_RATE_LIMIT: '10000',
    ANONYMOUS_UPLOAD_LIMIT: '10000',
    ANONYMOUS_UPLOAD_TOTAL_LIMIT: '10000',
    FAILED_LOGIN_LIMIT: '10000',
    PASSWORD_RESET_LIMIT: '10000',
    PASSWORD_RESET_EMAIL_LIMIT: '10000',
    // reset links lead to the shell; the password reset journey reads them from support/mail.ts's server
    SHELL_URL,
    SMTP_URL: `smtp://127.0.0.1:${MAIL_PORT}`,
    MAIL_FROM: 'Reviews <no-reply@example.com>',
    // the push journey's push service listens on 127.0.0.1 (server/src/test/push-service.ts)
    PUSH_ENDPOINT_ALLOW: 'http://127.0.0.1:',
  });
  await waitForPort(PORTS.api);
}

/** Starts the static server of a build; `key` names the process (default the app), `port` overrides. */
export async function startApp(name: Exclude<ServerName, 'api'>, port: number = PORTS[name], key: string = name) {
  spawnLogged(key, 'node', ['serve.mjs'], path.join(ROOT, APP_DIR[name]), {
    PORT: String(port),
    RUNTIME_CONFIG_FILE,
    RELEASES_DIR,
  });
  await waitForPort(port);
}

export async function stop(key: string): Promise<void> {
  const state = readState();
  const pid = state[key];
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
  delete state[key];
  writeState(state);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // gone
  }
}

export async function stopAll(): Promise<void> {
  for (const key of Object.keys(readState())) await stop(key);
}

/** Reads, changes and writes the shell's runtime JSON (re-read by the shell's server on every request). */
export function editRuntimeConfig(change: (config: Record<string, unknown>) => void): void {
  const config = JSON.parse(fs.readFileSync(RUNTIME_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
  change(config);
  fs.writeFileSync(RUNTIME_CONFIG_FILE, JSON.stringify(config, null, 2));
}

/** Puts back the runtime JSON of the shell's build (`from`: another build's, as the skew matrix serves). */
export function resetRuntimeConfig(from: string = path.join(ROOT, 'shell', 'dist', 'runtime-config.json')): void {
  fs.copyFileSync(from, RUNTIME_CONFIG_FILE);
}

/**
 * Serves a folder as a remote's static server does (CORS, no-cache manifest and release.json):
 * a copy of a build changed after the fact, such as one whose release.json needs a newer shell.
 */
export async function startRemoteFrom(root: string, port: number, key: string): Promise<void> {
  const serve =
    "import { serveRemote } from './scripts/app-servers.mjs'; serveRemote({ name: process.env.REMOTE_KEY, root: process.env.REMOTE_ROOT, port: Number(process.env.PORT) });";
  spawnLogged(key, 'node', ['--input-type=module', '-e', serve], ROOT, {
    PORT: String(port),
    REMOTE_ROOT: root,
    REMOTE_KEY: key,
  });
  await waitForPort(port);
}

/**
 * Runs one of the release commands (scripts/releases/cli.ts) on the e2e run's releases folder
 * and runtime JSON, as `npm run deploy -- ...` would; returns what it printed, throws on a refusal.
 */
export function releaseCommand(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/releases/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, RELEASES_DIR, RUNTIME_CONFIG_FILE },
    encoding: 'utf8',
  });
}
