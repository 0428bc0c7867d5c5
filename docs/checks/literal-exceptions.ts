/**
 * The one place a text may stay written in a screen's code (docs/contributing.md, Adding a
 * string): no-literal-strings.test.ts refuses any other. Texts without a letter ("×", "·",
 * "%", "—") are never refused and need no entry. Each entry says why it is no text to translate;
 * an entry that matches nothing any more fails the check, so the list only holds what is used.
 */
import { LOCALE_NAMES } from '../../shared-api/src/i18n';
import type { LiteralExceptions } from './literal-strings';

interface Exception {
  text: string;
  reason: string;
}

/** Allowed in any file. */
const ANYWHERE: readonly Exception[] = Object.values(LOCALE_NAMES).map((text) => ({
  text,
  reason: 'a language named in itself (LOCALE_NAMES), the same whatever the language on screen',
}));

/** Allowed in one file (the path from the repository's root), text as the check prints it. */
const IN_FILE: readonly (Exception & { file: string })[] = [
  {
    file: 'remote-admin/src/app.tsx',
    text: 'Loading...',
    reason: "shown while the area's catalogue itself loads: there is no translation yet to show",
  },
  {
    file: 'remote-manager/src/app.tsx',
    text: 'Loading...',
    reason: "shown while the area's catalogue itself loads: there is no translation yet to show",
  },
  {
    file: 'remote-agent/src/app.tsx',
    text: 'Loading...',
    reason: "shown while the area's catalogue itself loads: there is no translation yet to show",
  },
  {
    file: 'remote-admin/src/products/product-form.tsx',
    text: 'https://',
    reason: "the start of a web address, as the link fields' placeholder: the same in every language",
  },
];

export const LITERAL_EXCEPTIONS: LiteralExceptions = {
  anywhere: ANYWHERE.map(({ text }) => text),
  inFile: IN_FILE.map(({ file, text }) => ({ file, text })),
};

/**
 * Catalogue keys whose Urdu may be written without Urdu letters (catalogues.test.ts refuses any
 * other): a name that is the same in every language. Key, then why.
 */
export const URDU_AS_IN_ENGLISH: Readonly<Record<string, string>> = {
  'agent.payoutAccount.method.paypal': 'a brand name, written as the brand writes it',
  'agent.payoutAccount.method.jazzcash': 'a brand name, written as the brand writes it (so in Pakistani apps)',
  'agent.payoutAccount.method.easypaisa': 'a brand name, written as the brand writes it (so in Pakistani apps)',
  'ui.payoutMethod.paypal': 'a brand name, written as the brand writes it',
  'ui.payoutMethod.jazzcash': 'a brand name, written as the brand writes it (so in Pakistani apps)',
  'ui.payoutMethod.easypaisa': 'a brand name, written as the brand writes it (so in Pakistani apps)',
  'agent.payoutAccount.iban': 'the code banks print on the account (IBAN), read as it is written',
};
