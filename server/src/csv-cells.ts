/**
 * CSV cells and records that a spreadsheet reads as text (README, Security: CSV exports): every
 * export writes through these (the orders', a payout's, transfer.csv, the users directory).
 */
/** A spreadsheet runs a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell holding one of these is quoted: `;` too, the separator of spreadsheets in many locales. */
const NEEDS_QUOTES = /[",;\r\n]/;

/** A piece that a spreadsheet splitting at `;` would read as quoted, and run what follows its quotes. */
const OPENS_QUOTE = /^\s*"/;

/**
 * Whether a spreadsheet would run the text as a formula: judged on its NFKC form (full-width ＝ is
 * =), and after leading spaces too (an import may trim them).
 */
function startsFormula(text: string): boolean {
  const normalised = text.normalize('NFKC');
  return FORMULA_START.test(normalised) || FORMULA_START.test(normalised.trimStart());
}

/**
 * One CSV cell (RFC 4180), judged on its NFKC form (full-width ＝ ＋ － ＠ and ； are = + - @ and ;
 * to a spreadsheet that normalises, and to the reader). A cell that would start a formula starts
 * with ' and is quoted; a cell holding a comma, a semicolon, a quote, CR or LF is quoted, its
 * quotes doubled. A spreadsheet whose separator is `;` splits a line at every `;`, quoted or not
 * when the quote is not at the start of its piece: each piece after a `;` that would start a
 * formula, or open a quote, starts with ' too. The text is otherwise written as it was stored.
 */
export function csvCell(value: string): string {
  const formula = startsFormula(value);
  const pieces = value.split(';');
  const text = [
    formula ? `'${pieces[0]}` : pieces[0],
    ...pieces.slice(1).map((piece) => (startsFormula(piece) || OPENS_QUOTE.test(piece) ? `'${piece}` : piece)),
  ].join(';');
  return formula || NEEDS_QUOTES.test(value.normalize('NFKC')) || NEEDS_QUOTES.test(text)
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

/** One record, CRLF-terminated as RFC 4180 has it. */
export const csvRecord = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;
