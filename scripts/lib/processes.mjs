// Child processes of the bench and the cluster tests: each in its own process group (so a stop
// reaches everything it starts), its output in a log file (never through this process, which
// may run a load generator), and every one of them stopped on exit, on an error and on Ctrl+C.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitForHealthy, watchExit } from './wait.mjs';

const STOP_TIMEOUT_MS = 10_000;

/** @type {Array<{ label: string, run: () => unknown }>} run last-in first-out by cleanup() */
const cleanups = [];
/** @type {Set<ManagedProcess>} */
const running = new Set();

/** Registers something to undo at the end (or on Ctrl+C); returns a function that unregisters it. */
export function onCleanup(label, run) {
  const entry = { label, run };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

let cleaning;
/** Stops every child and undoes every registered step, newest first. Safe to call twice. */
export function cleanup() {
  cleaning ??= (async () => {
    for (const child of [...running].reverse()) await child.stop().catch(() => {});
    while (cleanups.length > 0) {
      const entry = cleanups.pop();
      try {
        await entry.run();
      } catch (error) {
        console.error(`cleanup (${entry.label}) failed: ${error instanceof Error ? error.message : error}`);
      }
    }
  })();
  return cleaning;
}

/** A second Ctrl+C: no more waiting. */
export function killAllNow() {
  for (const child of running) child.signal('SIGKILL');
}

/**
 * @typedef {object} ManagedProcess
 * @property {string} name
 * @property {import('node:child_process').ChildProcess} child
 * @property {string} logFile
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {(signal: NodeJS.Signals) => void} signal
 * @property {() => Promise<void>} stop its stop signal (SIGTERM unless told) to the group, SIGKILL after 10 s
 */

/**
 * @param {string} name log file name and label
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: Record<string, string>, logDir: string, stopSignal?: NodeJS.Signals }} options
 *   stopSignal: what stop() sends first (PostgreSQL's fast shutdown is SIGINT)
 * @returns {ManagedProcess}
 */
export function startProcess(name, command, args, { cwd, env = {}, logDir, stopSignal = 'SIGTERM' }) {
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  fs.closeSync(fd);
  let done = false;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      done = true;
      fs.appendFileSync(logFile, `\n[${name}] could not start ${command}: ${error.message}\n`);
      resolve({ code: 127, signal: null });
    });
  });
  /** @type {ManagedProcess} */
  const handle = {
    name,
    child,
    logFile,
    exited,
    signal(sig) {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        // the group is gone
      }
    },
    async stop() {
      if (!done) {
        handle.signal(stopSignal);
        const timer = new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, 'timeout'));
        if ((await Promise.race([exited, timer])) === 'timeout') handle.signal('SIGKILL');
        await exited;
      }
      // anything the leader started and left behind in its group
      handle.signal('SIGKILL');
      running.delete(handle);
    },
  };
  running.add(handle);
  void exited.then(() => {
    // a process that ended by itself leaves the set once its group is swept
    if (!running.has(handle)) return;
    handle.signal('SIGKILL');
    running.delete(handle);
  });
  return handle;
}

/** The last lines of a log file, for error messages. */
export function tail(file, lines = 25) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Runs a command to its end; throws with the end of its log when it fails. */
export async function runCommand(name, command, args, options) {
  const proc = startProcess(name, command, args, options);
  const { code, signal } = await proc.exited;
  if (code !== 0) {
    throw new Error(
      `${name} failed (${signal ?? `exit code ${code}`}); its log ${proc.logFile} ends:\n${tail(proc.logFile)}`,
    );
  }
  return proc;
}

/** Waits until the URL answers 2xx; throws with the end of the process's log when it exits first or the time runs out. */
export async function waitForHttp(url, proc, timeoutMs = 90_000) {
  const running = watchExit(proc);
  if (await waitForHealthy(url, { timeoutMs, isRunning: running })) return;
  throw new Error(
    running()
      ? `${proc.name} did not answer ${url} within ${timeoutMs / 1000} s; its log ends:\n${tail(proc.logFile)}`
      : `${proc.name} exited before answering ${url}; its log ends:\n${tail(proc.logFile)}`,
  );
}
