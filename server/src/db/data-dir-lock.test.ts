import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDataDir } from '../test/helpers';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

describe('the DATA_DIR lock', () => {
  let dataDir: string;
  let lockFile: string;
  beforeEach(async () => {
    dataDir = await createTestDataDir();
    lockFile = path.join(dataDir, LOCK_FILE_NAME);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes the pid, refuses a second holder, and is free again once released', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it('refuses while another live process holds it, naming that process', () => {
    // The parent of this test worker is alive for as long as the test runs.
    fs.writeFileSync(lockFile, `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `Another server (pid ${process.ppid}) is already using the data folder ${dataDir}.`,
    );
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a lock left by a server that is gone', () => {
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    fs.writeFileSync(lockFile, `${pid}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock that names its own pid (a restarted container reuses pids)', () => {
    fs.writeFileSync(lockFile, `${process.pid}\n`);
    const lock = acquireDataDirLock(dataDir);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over an empty or garbled lock file', () => {
    fs.writeFileSync(lockFile, 'garbage');
    acquireDataDirLock(dataDir).release();
  });

  it('creates the data folder when it does not exist yet', () => {
    const nested = path.join(dataDir, 'a', 'b');
    acquireDataDirLock(nested).release();
    expect(fs.statSync(nested).isDirectory()).toBe(true);
  });
});
