// Waiting for a server, shared by `npm start`, `npm run start:cluster`, the cluster tests and the
// bench: every wait is bounded, and gives up early once the process it waits for has exited.
import net from 'node:net';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `check` until it answers true; resolves true then, false once `timeoutMs` has passed or
 * `isRunning()` answers false (what it waits for is gone). A check that throws counts as false.
 * @param {() => boolean | Promise<boolean>} check
 * @param {{ timeoutMs?: number, intervalMs?: number, isRunning?: () => boolean }} [options]
 */
export async function waitUntil(check, { timeoutMs = 60_000, intervalMs = 200, isRunning = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isRunning()) return false;
    try {
      if (await check()) return true;
    } catch {
      // not yet
    }
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())));
  }
}

/** Whether something accepts connections on the port. */
export function portIsOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves true once something accepts connections on the port, false after timeoutMs. */
export const waitForPort = (port, { timeoutMs = 120_000, host = 'localhost' } = {}) =>
  waitUntil(() => portIsOpen(port, host), { timeoutMs, intervalMs: 250 });

/** Whether the URL answers 2xx within two seconds. */
export async function answersOk(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return response.ok;
}

/** Resolves true once the URL answers 2xx, false after timeoutMs or once isRunning() is false. */
export const waitForHealthy = (url, { timeoutMs = 120_000, isRunning = () => true } = {}) =>
  waitUntil(() => answersOk(url), { timeoutMs, isRunning });

/**
 * A process whose exit ends a wait: `running()` is false once it has exited.
 * @param {{ exited: Promise<unknown> }} proc
 */
export function watchExit(proc) {
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  return () => !exited;
}
