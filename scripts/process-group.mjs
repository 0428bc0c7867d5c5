// Runs a set of long-lived child processes for `npm start` and `npm run dev`: prefixes
// their output, forwards SIGINT/SIGTERM to them, and exits once they have all exited.
// If one exits on its own, the others are stopped too (a half-running app helps no one).
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const COLOURS = [36, 33, 35, 32, 34, 31];
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (useColour ? `\x1b[${code}m${text}\x1b[0m` : text);
const STOP_TIMEOUT_MS = 10_000;

export class ProcessGroup {
  /** @type {Map<string, import('node:child_process').ChildProcess>} */
  #children = new Map();
  #stopping = false;
  #exitCode = 0;
  #width = 0;

  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => {
        if (this.#stopping) {
          this.#signalAll('SIGKILL');
          return;
        }
        console.log(paint(2, `\n${signal}: stopping everything (again to force)...`));
        this.stop(signal);
      });
    }
  }

  /**
   * @param {string} name prefix of its output lines
   * @param {string} command
   * @param {string[]} args
   * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, onLine?: (line: string) => void, skipLine?: (line: string) => boolean }} [options]
   *   skipLine: lines not to print (onLine still sees them)
   */
  start(name, command, args, options = {}) {
    const colour = COLOURS[this.#children.size % COLOURS.length];
    this.#width = Math.max(this.#width, name.length);
    // its own process group, so a stop reaches everything it starts (npm -> sh -> node)
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.#children.set(name, child);

    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        if (!options.skipLine?.(line)) console.log(`${paint(colour, `[${name.padEnd(this.#width)}]`)} ${line}`);
        options.onLine?.(line);
      });
    }

    child.on('error', (error) => console.error(paint(31, `[${name}] could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      this.#children.delete(name);
      if (!this.#stopping) {
        console.error(paint(31, `[${name}] exited (${signal ?? `code ${code}`}); stopping the others.`));
        this.#exitCode = code || 1;
        this.stop('SIGTERM');
      }
      if (this.#children.size === 0) process.exit(this.#exitCode);
    });
    return child;
  }

  /** Whether the child of that name is still running. */
  has(name) {
    return this.#children.has(name);
  }

  /** @param {NodeJS.Signals} signal */
  stop(signal) {
    this.#stopping = true;
    this.#signalAll(signal);
    setTimeout(() => this.#signalAll('SIGKILL'), STOP_TIMEOUT_MS).unref();
    if (this.#children.size === 0) process.exit(this.#exitCode);
  }

  /** @param {NodeJS.Signals} signal */
  #signalAll(signal) {
    for (const child of this.#children.values()) {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  }
}

export const banner = (lines) => {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '='.repeat(width + 4);
  console.log(`\n${paint(1, rule)}\n${lines.map((l) => paint(1, `  ${l}`)).join('\n')}\n${paint(1, rule)}\n`);
};
