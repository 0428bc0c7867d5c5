import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, startProcess, tail, waitForHttp } from './processes.mjs';
import { waitUntil } from './wait.mjs';

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'processes-test-'));
afterAll(() => fs.rmSync(logDir, { recursive: true, force: true }));

/** Whether a process of that id is alive (signal 0 only checks). */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('child processes (scripts/lib/processes.mjs)', () => {
  it('writes what a process prints to its own log file', async () => {
    const proc = await runCommand('printer', 'sh', ['-c', 'echo to-stdout; echo to-stderr >&2'], {
      cwd: logDir,
      logDir,
    });
    expect(fs.readFileSync(proc.logFile, 'utf8')).toBe('to-stdout\nto-stderr\n');
  });

  it('throws with the end of its log when a command fails', async () => {
    await expect(
      runCommand('failing', 'sh', ['-c', 'echo the reason; exit 3'], { cwd: logDir, logDir }),
    ).rejects.toThrow(/failing failed \(exit code 3\).*\n.*the reason/s);
  });

  it('stops everything a process started, its children too', async () => {
    const pidFile = path.join(logDir, 'grandchild.pid');
    const proc = startProcess('parent', 'sh', ['-c', `sleep 600 & echo $! > ${pidFile}; wait`], {
      cwd: logDir,
      logDir,
    });
    expect(
      await waitUntil(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim() !== '', {
        timeoutMs: 10_000,
        intervalMs: 20,
      }),
    ).toBe(true);
    const grandchild = Number(fs.readFileSync(pidFile, 'utf8'));
    expect(alive(grandchild)).toBe(true);
    await proc.stop();
    expect(await waitUntil(() => !alive(grandchild), { timeoutMs: 10_000, intervalMs: 20 })).toBe(true);
  });

  it('sends the stop signal it was given first', async () => {
    const script = `trap 'echo got INT; exit 0' INT; echo ready; while :; do sleep 0.05; done`;
    const proc = startProcess('on-sigint', 'sh', ['-c', script], { cwd: logDir, logDir, stopSignal: 'SIGINT' });
    expect(await waitUntil(() => tail(proc.logFile).includes('ready'), { timeoutMs: 10_000, intervalMs: 20 })).toBe(
      true,
    );
    await proc.stop();
    expect(tail(proc.logFile)).toContain('got INT');
  });

  it('waitForHttp fails with the log of a server that exits before it answers', async () => {
    const proc = startProcess('dies', 'sh', ['-c', 'echo cannot bind; exit 1'], { cwd: logDir, logDir });
    await expect(waitForHttp('http://127.0.0.1:9/health', proc, 30_000)).rejects.toThrow(
      /dies exited before answering .*\n.*cannot bind/s,
    );
  });

  it('waitForHttp resolves once the server answers 2xx', async () => {
    const server = http.createServer((_request, response) => response.writeHead(204).end());
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    const proc = startProcess('idle', 'sleep', ['600'], { cwd: logDir, logDir });
    try {
      await expect(waitForHttp(`http://127.0.0.1:${port}/`, proc, 10_000)).resolves.toBeUndefined();
    } finally {
      await proc.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
