/**
 * Every text a person reads comes from a catalogue, in English and Urdu (docs/contributing.md,
 * Adding a string). The scanner is literal-strings.ts; what may stay in the code is
 * literal-exceptions.ts, and nowhere else.
 */
import { describe, expect, it } from 'vitest';
import { APPS, appSourceFiles } from './app-sources';
import { LITERAL_EXCEPTIONS } from './literal-exceptions';
import { findLiterals, type LiteralFinding } from './literal-strings';
import { repositoryFiles } from './references';

const texts = (source: string, file = 'shared-ui/src/sample.tsx') => findLiterals(file, source).map((f) => f.text);

describe('the literal scanner', () => {
  it('finds JSX text, with its line', () => {
    const found = findLiterals(
      'shell/src/page.tsx',
      'export const P = () => (\n  <p>\n    No orders yet.\n  </p>\n);\n',
    );
    expect(found).toEqual([{ file: 'shell/src/page.tsx', line: 3, text: 'No orders yet.' }]);
  });

  it('finds strings rendered as children, whichever way they get there', () => {
    const source = `export const P = ({ ok, error, items, n }) => (
      <div>
        {'Plain'}
        {ok ? 'Yes' : 'No'}
        {error ?? 'Failed'}
        {ok && \`\${n} orders\`}
        {items.map((item) => item.done ? 'Done' : 'Open')}
      </div>
    );`;
    expect(texts(source)).toEqual(['Plain', 'Yes', 'No', 'Failed', `\${n} orders`, 'Done', 'Open']);
  });

  it('finds the words of user-facing attributes and props', () => {
    const source = `export const P = ({ busy, query }) => (
      <>
        <button aria-label="Close" title={busy ? 'Saving' : 'Save'} />
        <img alt="Product image" src="/a.png" />
        <SubmitButton busyLabel="paying..." />
        <EmptyState message="Nothing here" emptyText="Empty" />
        <input placeholder={\`Search \${query}\`} />
        <input enterKeyHint="search" inputMode="email" />
      </>
    );`;
    expect(texts(source)).toEqual([
      'Close',
      'Saving',
      'Save',
      'Product image',
      'paying...',
      'Nothing here',
      'Empty',
      `Search \${query}`,
    ]);
  });

  it('finds the texts of toasts, in .ts files too', () => {
    const source = `toast('Saved'); toast.success('Paid.'); toast.error(message ?? 'Failed'); toast.dismiss('id');`;
    expect(texts(source, 'remote-admin/src/payouts/use-pay.ts')).toEqual(['Saved', 'Paid.', 'Failed']);
  });

  it('leaves translated texts, symbols, code values and conditions alone', () => {
    const source = `export const P = ({ t, status, id }) => (
      <div className="orders-page" data-state="open" role="status">
        <h1>{t('agent.orders.title')}</h1>
        <Chip label={t(\`ui.flag.\${status}\`)} />
        {status === 'paid' && <span aria-hidden="true">×</span>}
        <Link to={\`/agent/orders/\${id}\`} type="button">{' · '}</Link>
        {toastify(format(id, 'short'))}
      </div>
    );
    toast.error(t('agent.orders.failed'));`;
    expect(texts(source)).toEqual([]);
  });

  it('honours the exceptions: the same text in its own file only, or anywhere', () => {
    const source = 'export const P = () => <p lang="ur">اردو <b>Beta</b></p>;';
    const exceptions = { anywhere: ['اردو'], inFile: [{ file: 'shell/src/a.tsx', text: 'Beta' }] };
    expect(findLiterals('shell/src/a.tsx', source, exceptions).map((f) => f.text)).toEqual([]);
    expect(findLiterals('shell/src/b.tsx', source, exceptions).map((f) => f.text)).toEqual(['Beta']);
  });
});

const files = repositoryFiles();

function report(findings: LiteralFinding[]): string {
  return findings.map(({ file, line, text }) => `${file}:${line}  ${text}`).join('\n');
}

describe('texts written in the code instead of a catalogue', () => {
  it.each([...new Set(APPS.map((app) => app.folder))])('%s has none', (folder) => {
    const sources = appSourceFiles(folder, files);
    expect(sources.length).toBeGreaterThan(0);
    const findings = sources.flatMap((file) => findLiterals(file, undefined, LITERAL_EXCEPTIONS));
    expect(findings.length, `${findings.length} texts to move into ${folder}'s catalogue:\n${report(findings)}`).toBe(
      0,
    );
  });

  it('every exception of one file is still found there (the list holds only what is used)', () => {
    const stale = LITERAL_EXCEPTIONS.inFile.filter(
      ({ file, text }) => !files.includes(file) || !findLiterals(file, undefined).some((f) => f.text === text),
    );
    expect(stale.map(({ file, text }) => `${file}  ${text}`)).toEqual([]);
  });
});
