/**
 * PGlite takes no lock of its own: two servers on one DATA_DIR would corrupt it. A lock file
 * holding the owner's pid guards it; a lock whose process is gone (a crashed server) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another server (pid ${pid}) is already using the data folder ${dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Lock files this process holds: a lock naming our own pid that we do not hold is stale (pid reuse after a restart, e.g. in a container). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(file);
      return {
        file,
        release() {
          if (!heldHere.delete(file)) return;
          if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = readPid(file);
    const held = pid !== null && (pid === process.pid ? heldHere.has(file) : isAlive(pid));
    if (held) throw new DataDirLockedError(dataDir, pid);
    // Stale (its server is gone) or unreadable: take it over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}; another server may be starting on the same DATA_DIR.`);
}
