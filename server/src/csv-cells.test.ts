import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './csv-cells';

/** What a spreadsheet runs as a formula, on the NFKC form of a cell (full-width ＝ is =). */
const FORMULA = /^[=+\-@\t\r]/;
const runsFormula = (cell: string) => FORMULA.test(cell.normalize('NFKC'));

/** A spreadsheet's reading of one line: split at `separator`, a cell quoted only when its quote opens it. */
function readLine(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let cell = '';
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) {
          cell += line.slice(i);
          i = line.length;
          break;
        }
        cell += line.slice(i, quote);
        i = quote + 1;
        if (line[i] !== '"') break;
        cell += '"';
        i++;
      }
      const end = line.indexOf(separator, i);
      cell += end < 0 ? line.slice(i) : line.slice(i, end);
      cells.push(cell);
      i = end < 0 ? line.length + 1 : end + 1;
    } else {
      const end = line.indexOf(separator, i);
      cells.push(end < 0 ? line.slice(i) : line.slice(i, end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

/** Text made of what formulas and separators are written with, plain, full-width and other NFKC forms. */
const trickyText = fc.string({
  unit: fc.constantFrom(...'ab 1=+-@;,"', '\t', '＝', '＋', '－', '＠', '；', '﹦', '⁺', '₋', '﹫', '﹔', 'x'),
  maxLength: 12,
});

describe('a CSV cell', () => {
  it('never starts a formula, read with either separator, and reads back as written with a comma', () => {
    fc.assert(
      fc.property(fc.array(trickyText, { minLength: 1, maxLength: 4 }), (cells) => {
        const line = csvRecord(['id', ...cells, 'end']).slice(0, -2);
        for (const separator of [',', ';'] as const) {
          for (const cell of readLine(line, separator)) {
            expect(runsFormula(cell) || runsFormula(cell.trimStart()), `${separator} ${JSON.stringify(line)}`).toBe(
              false,
            );
          }
        }
        // with a comma, each cell is one cell: as stored, a ' before what would run
        const read = readLine(line, ',');
        expect(read).toHaveLength(cells.length + 2);
        read.slice(1, -1).forEach((cell, i) => {
          const stored = cells[i] ?? '';
          expect(cell.replaceAll(";'", ';').replace(/^'/, '')).toBe(stored.replaceAll(";'", ';'));
        });
      }),
      { numRuns: 3000 },
    );
  });

  it("quotes a cell holding ';' or starting a formula once normalised", () => {
    expect(csvCell('Ali;=2*21;x')).toBe(`"Ali;'=2*21;x"`);
    expect(csvCell('＝2*21')).toBe(`"'＝2*21"`);
    expect(csvCell('＋1')).toBe(`"'＋1"`);
    expect(csvCell('－1')).toBe(`"'－1"`);
    expect(csvCell('＠SUM(A1)')).toBe(`"'＠SUM(A1)"`);
    expect(csvCell('a；b')).toBe(`"a；b"`);
    expect(csvCell('plain')).toBe('plain');
  });
});
