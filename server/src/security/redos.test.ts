/**
 * No regular expression of the contract or the server can be made to backtrack for long: every
 * regex literal and every `new RegExp('literal')` in the source of shared-api and server (tests
 * aside) goes through recheck, a ReDoS checker, and a vulnerable one fails with its file:line.
 * recheck uses its native binary when its package for this platform is installed, else Java,
 * else its pure-JavaScript checker in a worker thread; all give the same verdicts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE_DIRS = ['shared-api/src', 'server/src'];

interface FoundRegex {
  /** repo-relative path:line */
  where: string;
  /** undefined for a RegExp built from something other than a string literal */
  source: string | undefined;
  flags: string;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) yield file;
  }
}

/** Every regular expression written in the files: literals, and RegExp(...) with or without new. */
function collectRegexes(): FoundRegex[] {
  const found: FoundRegex[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(REPO, dir))) {
      const sourceFile = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const where = (node: ts.Node) =>
        `${path.relative(REPO, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const visit = (node: ts.Node) => {
        if (ts.isRegularExpressionLiteral(node)) {
          const slash = node.text.lastIndexOf('/');
          found.push({ where: where(node), source: node.text.slice(1, slash), flags: node.text.slice(slash + 1) });
        } else if (
          (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'RegExp'
        ) {
          const [pattern, flags] = node.arguments ?? [];
          const literal = (arg: ts.Expression | undefined) =>
            arg && ts.isStringLiteralLike(arg) ? arg.text : undefined;
          found.push({
            where: where(node),
            source: literal(pattern),
            flags: flags === undefined ? '' : (literal(flags) ?? '?'),
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
  }
  return found;
}

describe('regular expressions of the contract and the server', () => {
  const regexes = collectRegexes();

  it('are found in the source (the check below cannot pass on nothing)', () => {
    expect(regexes.length).toBeGreaterThan(10);
    const where = (file: string) => regexes.filter((r) => r.where.startsWith(file)).length;
    expect(where('shared-api/src/contract/constants.ts')).toBeGreaterThan(0);
    expect(where('server/src/')).toBeGreaterThan(0);
  });

  it('are all written out, so they can be checked', () => {
    const built = regexes.filter((r) => r.source === undefined || r.flags === '?').map((r) => r.where);
    expect(built, 'a RegExp built at run time cannot be checked: write it as a literal').toEqual([]);
  });

  it('finds a vulnerable pattern when there is one (the checker works here)', async () => {
    const old = await check('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '');
    expect(old.status).toBe('vulnerable');
  });

  it('cannot be made to backtrack for long (ReDoS)', { timeout: 180_000 }, async () => {
    const problems: string[] = [];
    for (const regex of regexes) {
      if (regex.source === undefined) continue;
      const result = await check(regex.source, regex.flags);
      if (result.status === 'vulnerable') {
        const attack = result.attack.pattern;
        problems.push(`${regex.where} /${regex.source}/${regex.flags}: ${result.complexity.type}, attack ${attack}`);
      } else if (result.status === 'unknown') {
        problems.push(`${regex.where} /${regex.source}/${regex.flags}: not decided (${result.error.kind})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
