// Figures, budgets and the printed table. The bench reports; it never fails on a budget.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * One line of the final table.
 * @typedef {object} Row
 * @property {string} section bundle | pages | api | scale
 * @property {string} figure what was measured
 * @property {string} value the figure, with its unit
 * @property {string} budget the budget, or '—'
 * @property {boolean | null} met null: no budget, or not measured
 * @property {string} [note] why a row is skipped or failed
 * @property {number} [load] the 1-minute load average when its measurement started (the highest of
 *   its runs, or of the figures it divides)
 * @property {boolean} [noisy] taken on a busy machine (markNoisy)
 */

/** A figure taken at a 1-minute load average above this many per core is marked noisy. */
export const NOISY_LOAD_PER_CORE = 1.5;

/** The 1-minute load average now. */
export const loadNow = () => os.loadavg()[0];

/** The highest load of some figures (undefined when none has one). */
export const highestLoad = (...figures) => {
  const loads = figures.map((f) => f?.load).filter((load) => typeof load === 'number');
  return loads.length > 0 ? Math.max(...loads) : undefined;
};

/** Whether a figure taken at that load on that many cores is noisy. */
export const isNoisy = (load, cores) => typeof load === 'number' && load > NOISY_LOAD_PER_CORE * cores;

/**
 * The rows, each marked noisy when its load was above NOISY_LOAD_PER_CORE per core.
 * @param {Row[]} rows
 * @param {number} cores
 * @returns {Row[]}
 */
export const markNoisy = (rows, cores) => rows.map((row) => ({ ...row, noisy: isNoisy(row.load, cores) }));

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value) => `${Math.round(value)} ms`;
/** A time in ms written in seconds, two decimals: '1.48 s'. */
export const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
export const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const int = (value) => Math.round(value).toLocaleString('en-US');

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The machine the figures came from. */
export function machine() {
  const cpus = os.cpus();
  let distro = '';
  try {
    distro = execFileSync('sh', ['-c', '. /etc/os-release && echo "$PRETTY_NAME"'], { encoding: 'utf8' }).trim();
  } catch {
    distro = `${os.type()} ${os.release()}`;
  }
  let chromium = '';
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    chromium = 'chromium not found';
  }
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: distro,
    kernel: os.release(),
    chromium,
    loadAverageAtStart: loadAverage(),
  };
}

export const machineLine = (m, load = loadAverage()) =>
  `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}, ${m.chromium} — load average ${load} (1, 5, 15 min)`;

const verdict = (met) => (met === true ? 'met' : met === false ? 'NOT MET' : '—');

/** A figure's load, and whether it is noisy: "0.84", "3.52 NOISY", or "—" when it has none. */
const loadCell = (row) => (typeof row.load === 'number' ? `${row.load.toFixed(2)}${row.noisy ? ' NOISY' : ''}` : '—');

/** A plain-text table (also valid Markdown); the load column says which figures are noisy (markNoisy). */
export function formatTable(rows) {
  const header = ['section', 'figure', 'value', 'budget', 'met?', 'load'];
  const body = rows.map((r) => [
    r.section,
    r.figure,
    r.note ? `${r.value} (${r.note})` : r.value,
    r.budget,
    verdict(r.met),
    loadCell(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/**
 * What fails a smoke run (`npm run bench -- --smoke`): a section with no figure, a skipped row,
 * a row with failed requests. A budget not met does not: a smoke run measures nothing.
 * @param {Row[]} rows
 * @param {string[]} sections
 */
export function smokeFailures(rows, sections) {
  const failures = [];
  for (const section of sections) {
    if (!rows.some((r) => r.section === section)) failures.push(`${section}: no figure`);
  }
  for (const r of rows) {
    if (r.value === 'skipped') failures.push(`${r.section}: ${r.figure} skipped (${r.note ?? 'no reason given'})`);
    else if (r.note?.includes('failed')) failures.push(`${r.section}: ${r.figure}: ${r.note}`);
  }
  return failures;
}
