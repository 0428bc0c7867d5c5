/**
 * The catalogues stay whole (docs/contributing.md, Adding a string): each app's English and Urdu
 * have the same keys, under the app's namespace, as valid ICU MessageFormat with the same
 * placeholders; the Urdu is Urdu; every key a screen asks for exists; and the contract's
 * MESSAGES have an Urdu sentence each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared-api/src/contract/messages';
import { MESSAGES_UR } from '../../shared-api/src/contract/messages-ur';
import { APPS, appSourceFiles, lineOf, namespaceOf, parseSource } from './app-sources';
import { URDU_AS_IN_ENGLISH } from './literal-exceptions';
import { REPO_ROOT, repositoryFiles } from './references';

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
const LETTER = /\p{L}/u;

type Catalogue = Record<string, string>;

function readCatalogue(folder: string, locale: 'en' | 'ur'): Catalogue {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, folder, `${locale}.json`), 'utf8')) as Catalogue;
}

/** Walks a compiled message: its arguments (`{name}`, `{count, plural, ...}`) and its text. */
function walk(message: CompiledMessage, onArgument: (name: string) => void, onText: (text: string) => void): void {
  for (const token of message) {
    if (typeof token === 'string') {
      onText(token);
      continue;
    }
    const [name, , format] = token;
    onArgument(name);
    if (format && typeof format === 'object') {
      for (const [choice, branch] of Object.entries(format)) {
        if (choice !== 'offset' && Array.isArray(branch)) walk(branch as CompiledMessage, onArgument, onText);
      }
    }
  }
}

function argumentsOf(message: CompiledMessage): string[] {
  const names = new Set<string>();
  walk(
    message,
    (name) => names.add(name),
    () => {},
  );
  return [...names].sort();
}

function textOf(message: CompiledMessage): string {
  const parts: string[] = [];
  walk(
    message,
    () => {},
    (text) => parts.push(text),
  );
  return parts.join(' ');
}

/** A message compiled, or why it does not compile. */
function compile(message: string): CompiledMessage | Error {
  try {
    return compileMessageOrThrow(message);
  } catch (error) {
    return error as Error;
  }
}

interface KeyUse {
  file: string;
  line: number;
  /** the key, or for a template (`ui.flag.${code}`) its fixed start followed by `*` */
  key: string;
}

/** The names a file translates with: `t`, `const tr = useT()`, `import { t as translate } from './i18n'`. */
function translatorNames(source: ts.SourceFile): Set<string> {
  const names = new Set(['t']);
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'useT'
    ) {
      names.add(node.name.text);
    } else if (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 't') {
      names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The keys of `t('...')` calls whose key is written out (a template's fixed start otherwise). */
function keysUsed(file: string, text?: string): KeyUse[] {
  const source = parseSource(file, text);
  const translators = translatorNames(source);
  const uses: KeyUse[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && translators.has(node.expression.text)) {
      const key = node.arguments[0];
      if (key && (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key))) {
        uses.push({ file, line: lineOf(key), key: key.text });
      } else if (key && ts.isTemplateExpression(key) && key.head.text !== '') {
        uses.push({ file, line: lineOf(key), key: `${key.head.text}*` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const files = repositoryFiles();

describe.each(APPS)('the catalogue of $folder', ({ folder, namespace, locales }) => {
  const en = readCatalogue(locales, 'en');
  const ur = readCatalogue(locales, 'ur');

  it('has the same keys in English and Urdu', () => {
    const missingInUr = Object.keys(en).filter((key) => !(key in ur));
    const missingInEn = Object.keys(ur).filter((key) => !(key in en));
    expect(
      { [`missing in ${locales}/ur.json`]: missingInUr, [`missing in ${locales}/en.json`]: missingInEn },
      'every key is in both languages',
    ).toEqual({ [`missing in ${locales}/ur.json`]: [], [`missing in ${locales}/en.json`]: [] });
  });

  it(`keeps every key under "${namespace}." (and none of a longer namespace of its folder)`, () => {
    const outside = [...new Set([...Object.keys(en), ...Object.keys(ur)])].filter(
      (key) => namespaceOf(folder, key) !== namespace,
    );
    expect(outside).toEqual([]);
  });

  it('has only valid ICU messages, with the same placeholders in Urdu as in English', () => {
    const problems: string[] = [];
    const compiled = (locale: 'en' | 'ur', key: string, message: string) => {
      const result = compile(message);
      if (result instanceof Error) problems.push(`${locale}.json ${key}: not ICU MessageFormat (${result.message})`);
      return result instanceof Error ? undefined : result;
    };
    for (const [key, english] of Object.entries(en)) {
      const enMessage = compiled('en', key, english);
      const urText = ur[key];
      const urMessage = urText === undefined ? undefined : compiled('ur', key, urText);
      if (!enMessage || !urMessage) continue;
      const [enArgs, urArgs] = [argumentsOf(enMessage), argumentsOf(urMessage)];
      if (enArgs.join() !== urArgs.join()) {
        problems.push(`${key}: English has {${enArgs.join('}, {')}}, Urdu has {${urArgs.join('}, {')}}`);
      }
    }
    for (const [key, urdu] of Object.entries(ur)) if (!(key in en)) compiled('ur', key, urdu);
    expect(problems).toEqual([]);
  });

  it('is written in Urdu (Arabic script) wherever a message has words', () => {
    const notUrdu = Object.entries(ur)
      .filter(([key]) => !(key in URDU_AS_IN_ENGLISH))
      .filter(([, message]) => {
        const result = compile(message);
        const text = result instanceof Error ? message : textOf(result);
        return LETTER.test(text) && !ARABIC_SCRIPT.test(text);
      })
      .map(([key, message]) => `${key}: ${message}`);
    expect(notUrdu).toEqual([]);
  });

  it('has every key the screens ask for', () => {
    const keys = Object.keys(en);
    const unknown = appSourceFiles(folder, files)
      .flatMap((file) => keysUsed(file))
      .filter(({ key }) => namespaceOf(folder, key.replace(/\*$/, '')) === namespace)
      .filter(({ key }) =>
        key.endsWith('*') ? !keys.some((known) => known.startsWith(key.slice(0, -1))) : !(key in en),
      )
      .map(({ file, line, key }) => `${file}:${line}  ${key}`);
    expect(unknown, `keys missing from ${locales}/en.json`).toEqual([]);
  });
});

it.each([...new Set(APPS.map((app) => app.folder))])("asks only for keys of %s's own namespaces", (folder) => {
  const namespaces = APPS.filter((app) => app.folder === folder).map(({ namespace }) => `${namespace}.`);
  const foreign = appSourceFiles(folder, files)
    .flatMap((file) => keysUsed(file))
    .filter(({ key }) => !namespaces.some((namespace) => key.startsWith(namespace)))
    .map(({ file, line, key }) => `${file}:${line}  ${key}`);
  expect(foreign).toEqual([]);
});

it('lists only existing keys among the Urdu written as in English (literal-exceptions.ts)', () => {
  const keys = new Set(APPS.flatMap(({ locales }) => Object.keys(readCatalogue(locales, 'ur'))));
  expect(Object.keys(URDU_AS_IN_ENGLISH).filter((key) => !keys.has(key))).toEqual([]);
});

describe('the key scanner', () => {
  it("finds t('...') keys, written out or as a template's start, under whatever name t has", () => {
    const source = [
      "const a = t('agent.orders.title');",
      'const b = t(`agent.orders.count`, { count });',
      `const c = t(\`ui.flag.\${code}\`);`,
      "const d = format('agent.not.a.key');",
      'const e = t(key);',
      "const tr = useT(); tr('agent.orders.empty');",
      "import { t as translate } from '../i18n'; translate('agent.orders.failed');",
    ].join('\n');
    expect(keysUsed('remote-agent/src/a.ts', source).map(({ line, key }) => `${line} ${key}`)).toEqual([
      '1 agent.orders.title',
      '2 agent.orders.count',
      '3 ui.flag.*',
      '6 agent.orders.empty',
      '7 agent.orders.failed',
    ]);
  });

  it('reads the arguments of plural and select messages', () => {
    const message = compileMessageOrThrow(
      '{count, plural, one {# order of {name}} other {# orders}} {g, select, a {x} other {y}}',
    );
    expect(argumentsOf(message)).toEqual(['count', 'g', 'name']);
    expect(textOf(message)).not.toMatch(/plural|select|count/);
  });
});

describe("the contract's MESSAGES in Urdu (shared-api/src/contract/messages-ur.ts)", () => {
  it('has every key of MESSAGES, each in Urdu', () => {
    const urdu = MESSAGES_UR as Partial<Record<string, string>>;
    const missing = Object.keys(MESSAGES).filter((key) => typeof urdu[key] !== 'string');
    const notUrdu = Object.keys(MESSAGES).filter((key) => {
      const text = urdu[key];
      return typeof text === 'string' && !ARABIC_SCRIPT.test(text);
    });
    expect({ missing, notUrdu }).toEqual({ missing: [], notUrdu: [] });
  });
});
