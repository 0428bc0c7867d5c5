/** Reading the CSV exports in tests (orders, users). */

/** RFC 4180, strictly: CRLF after every record, quoted cells with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote < 0) throw new Error('an unterminated quoted cell');
          cell += text.slice(i, quote);
          i = quote + 1;
          if (text[i] !== '"') break;
          cell += '"';
          i++;
        }
      } else {
        const end = text.slice(i).search(/[,\r"]/);
        const stop = end < 0 ? text.length : i + end;
        cell = text.slice(i, stop);
        if (text[stop] === '"') throw new Error(`a quote inside an unquoted cell at ${stop}`);
        i = stop;
      }
      record.push(cell);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.startsWith('\r\n', i)) {
        i += 2;
        break;
      }
      throw new Error(`a record not ended by CRLF at ${i}`);
    }
    records.push(record);
  }
  return records;
}
