/**
 * The apps' message catalogues as the browser tests read them (docs/architecture.md, Languages):
 * a screen's text in a language is looked up by its key, placeholders and plurals formatted by
 * Lingui as the apps do, so a test follows the texts and never writes a translation itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { ROOT } from './env';

export type Language = 'en' | 'ur';

/** The folders whose src/locales (and its subfolders) hold catalogues. */
const APPS = ['shell', 'shared-ui', 'remote-admin', 'remote-manager', 'remote-agent'];

function catalogueFiles(dir: string, language: Language): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return catalogueFiles(file, language);
    return entry.name === `${language}.json` ? [file] : [];
  });
}

const cache = new Map<Language, Record<string, string>>();

/** Every key of every app's catalogue in the language, flat (the keys carry their namespace). */
export function catalogue(language: Language): Record<string, string> {
  const known = cache.get(language);
  if (known) return known;
  const messages: Record<string, string> = {};
  for (const app of APPS) {
    for (const file of catalogueFiles(path.join(ROOT, app, 'src', 'locales'), language)) {
      Object.assign(messages, JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>);
    }
  }
  cache.set(language, messages);
  return messages;
}

let formatter: I18n | undefined;
function lingui(): I18n {
  if (!formatter) {
    formatter = setupI18n({ locale: 'en', messages: { en: catalogue('en'), ur: catalogue('ur') } });
    formatter.setMessagesCompiler(compileMessage);
  }
  return formatter;
}

/** A key's text in the language, formatted with the values; a missing key fails the test. */
export function text(language: Language, key: string, values: Record<string, unknown> = {}): string {
  if (!(key in catalogue(language))) throw new Error(`no key ${key} in the ${language} catalogues`);
  const i18n = lingui();
  i18n.activate(language);
  return i18n._(key, values);
}

/** The texts a screen shows while it loads (whole texts: 'Loading...', 'لوڈ ہو رہا ہے...'). */
export function loadingTexts(language: Language): string[] {
  const messages = catalogue(language);
  const texts = Object.entries(messages)
    .filter(([key, value]) => /\.loading(\.|$)/.test(key) && !value.includes('{'))
    .map(([, value]) => value);
  return [...new Set(texts)];
}

/** A regular expression's source that matches the text literally. */
export function literal(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
