import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenLink,
  deadReferences,
  findReferences,
  headingAnchors,
  markdownLinks,
  OUTSIDE_DOCUMENTS,
  PENDING_LIST,
  REPO_ROOT,
  readPendingList,
  repositoryFiles,
  resolveReference,
} from './references';

const files = repositoryFiles();
const fileSet = new Set(files);
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const pending = readPendingList(read(PENDING_LIST));
const dead = deadReferences(files);

describe('references to documents', () => {
  it('name only documents that are in the repository, except in the files still listed as pending', () => {
    const listed = new Set(pending);
    const unlisted = dead
      .filter((reference) => !listed.has(reference.file))
      .map(
        (reference) =>
          `${reference.file}:${reference.line} points at ${reference.target}, which is not in the repository`,
      );
    expect(
      unlisted,
      'State the rule in the comment, or point into docs/ (add the section there if it is missing).',
    ).toEqual([]);
  });

  it(`are listed in ${PENDING_LIST} only while a listed file still has one (the list only shrinks)`, () => {
    const stillDead = new Set(dead.map((reference) => reference.file));
    const stale = pending.filter((file) => !stillDead.has(file));
    const repeated = pending.filter((file, index) => pending.indexOf(file) !== index);
    expect({ stale, repeated }, `Take these lines out of ${PENDING_LIST}.`).toEqual({ stale: [], repeated: [] });
  });

  it('are found as .md paths and as the bare names of the documents outside the repository, not in web addresses', () => {
    const [first, , last] = OUTSIDE_DOCUMENTS;
    const text = [
      '// see PLAN.md section 5 and ../shared/DESIGN.md',
      `/** ${first}'s order; ${last} says so */`,
      'docs: docs/domain.md#money, README.md, https://github.com/x/y/blob/main/PLAN.md',
      `nothing here: ${first}IAL, ${first}_LIMIT, readme.mdx, markdown.md-like, \`docs/*.md\``,
    ].join('\n');
    expect(findReferences(text)).toEqual([
      { line: 1, target: 'PLAN.md' },
      { line: 1, target: '../shared/DESIGN.md' },
      { line: 2, target: first },
      { line: 2, target: last },
      { line: 3, target: 'docs/domain.md' },
      { line: 3, target: 'README.md' },
    ]);
  });

  it('resolve beside the file that names them, or from the root of the repository', () => {
    const present = new Set(['README.md', 'docs/domain.md', 'server/src/routes/orders.ts']);
    expect(resolveReference('docs/domain.md', 'server/src/routes/orders.ts', present)).toBe('docs/domain.md');
    expect(resolveReference('../README.md', 'docs/domain.md', present)).toBe('README.md');
    expect(resolveReference('domain.md', 'docs/architecture.md', present)).toBe('docs/domain.md');
    expect(resolveReference('/docs/domain.md', 'a/b/c.ts', present)).toBe('docs/domain.md');
    expect(resolveReference('PLAN.md', 'server/src/routes/orders.ts', present)).toBeNull();
    expect(resolveReference(OUTSIDE_DOCUMENTS[0], 'server/src/routes/orders.ts', present)).toBeNull();
  });
});

describe('links in README.md and docs/', () => {
  const pages = files.filter((file) => file === 'README.md' || /^docs\/.*\.md$/.test(file));

  it('are checked on the README and every page of docs/', () => {
    expect(pages).toContain('README.md');
    expect(pages).toEqual(expect.arrayContaining(['docs/architecture.md', 'docs/domain.md', 'docs/contributing.md']));
  });

  it('lead to a file or folder of the repository, and to a heading there when they name one', () => {
    const broken = pages.flatMap((page) =>
      markdownLinks(read(page)).flatMap(({ line, target }) => {
        const why = brokenLink(target, page, fileSet, read);
        return why === null ? [] : [`${page}:${line} ${why}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('are read from inline links, images and definitions, not from code', () => {
    const page = [
      'See [the rules](domain.md#money) and ![diagram](img/flow.png "flow").',
      '[architecture]: ./architecture.md',
      'Inline code: `[not](a-link.md)`',
      '```sh',
      '[also not](x.md)',
      '```',
    ].join('\n');
    expect(markdownLinks(page)).toEqual([
      { line: 1, target: 'domain.md#money' },
      { line: 1, target: 'img/flow.png' },
      { line: 2, target: './architecture.md' },
    ]);
  });

  it("use GitHub's anchors for headings", () => {
    const page =
      '# Domain\n## Money: who is paid, and when\n## One-way imports\n## `shared-api` versions\n## Money: who is paid, and when\n';
    expect([...headingAnchors(page)]).toEqual([
      'domain',
      'money-who-is-paid-and-when',
      'one-way-imports',
      'shared-api-versions',
      'money-who-is-paid-and-when-1',
    ]);
  });

  it('report a missing file, a missing heading, and accept web addresses and folders', () => {
    const present = new Set(['docs/domain.md', 'docs/architecture.md', 'server/src/app.ts']);
    const pagesText: Record<string, string> = { 'docs/domain.md': '# Domain\n## Money\n' };
    const readPage = (file: string) => pagesText[file] ?? '';
    const check = (target: string) => brokenLink(target, 'docs/architecture.md', present, readPage);
    expect(check('domain.md#money')).toBeNull();
    expect(check('../server/src/')).toBeNull();
    expect(check('https://example.com/x.md#nothing')).toBeNull();
    expect(check('domain.md#fraud')).toBe("domain.md#fraud: no heading '#fraud' in docs/domain.md");
    expect(check('contributing.md')).toBe('contributing.md: no such file in the repository');
  });
});
