import { describe, expect, it } from 'vitest';
import { formatTable, highestLoad, isNoisy, markNoisy, smokeFailures } from './report.mjs';

/** @returns {import('./report.mjs').Row} */
const row = (fields = {}) => ({
  section: 'api',
  figure: 'one order',
  value: '1,000 req/s',
  budget: '—',
  met: null,
  ...fields,
});

describe('the noisy marking', () => {
  it('marks a figure taken at a load average above 1.5 per core noisy, and not one at or below it', () => {
    const [busy, atTheLine, quiet, unknown] = markNoisy(
      [row({ load: 3.01 }), row({ load: 3 }), row({ load: 0.4 }), row({ value: 'skipped' })],
      2,
    );
    expect(busy.noisy).toBe(true);
    expect(atTheLine.noisy).toBe(false);
    expect(quiet.noisy).toBe(false);
    expect(unknown.noisy).toBe(false);
    expect(isNoisy(6.5, 4)).toBe(true);
    expect(isNoisy(5.9, 4)).toBe(false);
  });

  it("shows each figure's load in the table, NOISY beside a noisy one", () => {
    const table = formatTable(markNoisy([row({ load: 3.52 }), row({ figure: 'history', load: 0.84 }), row()], 2));
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/\| load +\|$/);
    expect(lines[2]).toMatch(/\| 3\.52 NOISY \|$/);
    expect(lines[3]).toMatch(/\| 0\.84 +\|$/);
    expect(lines[4]).toMatch(/\| — +\|$/);
  });

  it('gives a figure that divides two others the higher of their loads', () => {
    expect(highestLoad({ load: 1.2 }, { load: 3.4 }, undefined)).toBe(3.4);
    expect(highestLoad({}, undefined)).toBeUndefined();
  });
});

describe('what fails a smoke run', () => {
  it('passes when every section has figures and every request was answered, budgets met or not', () => {
    const rows = [row({ section: 'bundle', met: false }), row({ section: 'api' })];
    expect(smokeFailures(rows, ['bundle', 'api'])).toEqual([]);
  });

  it('fails on a section without a figure, a skipped row and failed requests', () => {
    const rows = [
      row({ section: 'api', note: '12 failed requests' }),
      row({ section: 'scale', value: 'skipped', note: 'haproxy not installed' }),
    ];
    expect(smokeFailures(rows, ['pages', 'api', 'scale'])).toEqual([
      'pages: no figure',
      'api: one order: 12 failed requests',
      'scale: one order skipped (haproxy not installed)',
    ]);
  });
});
