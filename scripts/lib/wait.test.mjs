import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { portIsOpen, waitForHealthy, waitForPort, waitUntil } from './wait.mjs';

/** A server on a free port answering every request with `status`. */
async function serverAnswering(status) {
  const server = http.createServer((_request, response) => response.writeHead(status).end());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, port, close: () => new Promise((resolve) => server.close(resolve)) };
}

const closers = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('waitUntil', () => {
  it('resolves true once the check answers true', async () => {
    let calls = 0;
    expect(await waitUntil(() => ++calls === 3, { intervalMs: 1 })).toBe(true);
    expect(calls).toBe(3);
  });

  it('counts a check that throws as not yet', async () => {
    let calls = 0;
    const check = () => {
      calls++;
      if (calls < 2) throw new Error('not up');
      return true;
    };
    expect(await waitUntil(check, { intervalMs: 1 })).toBe(true);
  });

  it('gives up, false, once the time has run out', async () => {
    expect(await waitUntil(() => false, { timeoutMs: 20, intervalMs: 5 })).toBe(false);
  });

  it('gives up at once, false, when what it waits for is no longer running', async () => {
    let calls = 0;
    const waited = await waitUntil(
      () => {
        calls++;
        return false;
      },
      { timeoutMs: 60_000, isRunning: () => calls < 2 },
    );
    expect(waited).toBe(false);
    expect(calls).toBe(2);
  });
});

describe('ports and health checks', () => {
  it('says a port is open while a server listens on it, and closed after', async () => {
    const { port, close } = await serverAnswering(200);
    expect(await portIsOpen(port)).toBe(true);
    expect(await waitForPort(port, { timeoutMs: 1_000, host: '127.0.0.1' })).toBe(true);
    await close();
    expect(await portIsOpen(port)).toBe(false);
  });

  it('counts a server healthy when it answers 2xx, not when it answers 500', async () => {
    const ok = await serverAnswering(200);
    const failing = await serverAnswering(500);
    closers.push(ok.close, failing.close);
    expect(await waitForHealthy(`http://127.0.0.1:${ok.port}/health`, { timeoutMs: 5_000 })).toBe(true);
    expect(await waitForHealthy(`http://127.0.0.1:${failing.port}/health`, { timeoutMs: 300 })).toBe(false);
  });
});
