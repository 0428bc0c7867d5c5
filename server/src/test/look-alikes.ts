/**
 * Look-alike spellings of an address, made at random (fast-check) by combining the tricks of
 * issue 24: invisible characters (zero-width spaces and joiners, the soft hyphen, bidi marks),
 * spaces of other kinds (no-break, thin, ideographic), Cyrillic and Greek letters a reader takes
 * for Latin ones (TR39 confusables), full-width and mathematical letters, case, a `mailto:`
 * prefix, a `+tag` and trailing dots of the domain. Each spelling names the same PayPal account
 * to a reader; the tests assert the API refuses it or compares it as the address it mimics.
 */
import fc from 'fast-check';
import { canonicalText } from '../canonical-key';

/** Format and other default-ignorable characters nobody sees. */
export const INVISIBLES = [
  '\u200b', // zero width space
  '\u200c', // zero width non-joiner
  '\u200d', // zero width joiner
  '\u2060', // word joiner
  '\ufeff', // zero width no-break space
  '\u00ad', // soft hyphen
  '\u200e', // left-to-right mark
  '\u200f', // right-to-left mark
  '\u202a', // left-to-right embedding
  '\u202c', // pop directional formatting
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u2069', // pop directional isolate
  '\u180e', // Mongolian vowel separator
  '\u034f', // combining grapheme joiner
  '\ufe0f', // variation selector 16
];
/** Spaces a reader does not see in the middle of an address pasted from somewhere. */
export const OTHER_SPACES = ['\u00a0', '\u2007', '\u202f', '\u2009', '\u3000', '\u2002'];
/** Cyrillic and Greek letters TR39 counts as the Latin letter (lower case). */
export const HOMOGLYPHS: Readonly<Record<string, string>> = {
  a: 'аα',
  c: 'с',
  d: 'ԁ',
  e: 'еҽ',
  g: 'ɡ',
  h: 'һ',
  i: 'іι',
  j: 'јϳ',
  n: 'ո',
  o: 'оοσ',
  p: 'рρ',
  q: 'ԛ',
  s: 'ѕ',
  u: 'υ',
  v: 'νѵ',
  w: 'ԝ',
  x: 'х',
  y: 'уγ',
};
/** Cyrillic capitals TR39 counts as the Latin capital. */
export const CAPITAL_HOMOGLYPHS: Readonly<Record<string, string>> = {
  a: 'А',
  b: 'В',
  c: 'С',
  e: 'Е',
  h: 'Н',
  k: 'К',
  o: 'О',
  p: 'Р',
  t: 'Т',
  x: 'Х',
};

/**
 * The letters and digits that are their own canonical form (m is not: TR39 reads it as rn; 0 is
 * o, 1 is l): two addresses written with them alone that differ are different addresses.
 */
export const PLAIN_CHARACTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789'].filter((c) => canonicalText(c) === c);

const plainWord = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...PLAIN_CHARACTERS), minLength: min, maxLength: max });

/** An address as PayPal accounts are: `word[.word]@label.tld`, in plain characters. */
export const plainAddress: fc.Arbitrary<string> = fc
  .tuple(
    plainWord(2, 10),
    fc.option(plainWord(1, 6), { nil: undefined }),
    plainWord(2, 10),
    fc.constantFrom('com', 'org', 'net', 'pk', 'co.uk'),
  )
  .map(([first, second, label, tld]) => `${first}${second ? `.${second}` : ''}@${label}.${tld}`);

type Trick =
  | { kind: 'invisible' | 'space' | 'homoglyph' | 'capital' | 'full-width' | 'math' | 'case'; at: number; pick: number }
  | { kind: 'mailto' | 'tag' | 'dots'; at: number; pick: number };

/** One character of `text` changed or inserted at `at` (modulo its length). */
function applyTrick(text: string, trick: Trick): string {
  const chars = [...text];
  const at = trick.at % (chars.length + 1);
  const char = chars[at] ?? '';
  const put = (replacement: string) => [...chars.slice(0, at), replacement, ...chars.slice(at + 1)].join('');
  const insert = (inserted: string) => [...chars.slice(0, at), inserted, ...chars.slice(at)].join('');
  const pickOf = (options: string) => [...options][trick.pick % [...options].length] ?? '';
  switch (trick.kind) {
    case 'invisible':
      return insert(INVISIBLES[trick.pick % INVISIBLES.length] ?? '');
    case 'space':
      return insert(OTHER_SPACES[trick.pick % OTHER_SPACES.length] ?? '');
    case 'homoglyph': {
      const options = HOMOGLYPHS[char.toLowerCase()];
      return options ? put(pickOf(options)) : text;
    }
    case 'capital': {
      const capital = CAPITAL_HOMOGLYPHS[char.toLowerCase()];
      return capital ? put(capital) : text;
    }
    case 'full-width': {
      const code = char.codePointAt(0) ?? 0;
      return code >= 0x21 && code <= 0x7e ? put(String.fromCodePoint(code + 0xfee0)) : text;
    }
    case 'math': {
      // mathematical bold small letters
      return /^[a-z]$/.test(char) ? put(String.fromCodePoint(0x1d41a + char.charCodeAt(0) - 97)) : text;
    }
    case 'case':
      // Latin letters only: a Greek letter's capital is another look (υ is u, Υ is Y)
      return /^[a-zA-Z]$/.test(char)
        ? put(char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())
        : text;
    case 'mailto':
      return `${['mailto:', 'MAILTO:', 'mailto: ', 'Mailto:'][trick.pick % 4]}${text}`;
    case 'tag': {
      const atSign = text.lastIndexOf('@');
      const tag = ['+x', '+shop', '+1', '+a.b', '+promo2'][trick.pick % 5];
      return atSign < 0 ? text : `${text.slice(0, atSign)}${tag}${text.slice(atSign)}`;
    }
    case 'dots':
      return `${text}${'.'.repeat(1 + (trick.pick % 2))}`;
  }
}

const TRICK_KINDS = [
  'invisible',
  'space',
  'homoglyph',
  'capital',
  'full-width',
  'math',
  'case',
  'mailto',
  'tag',
  'dots',
] as const;

/** The structural tricks first (a prefix, a tag, dots), then the character tricks, each at random. */
const tricks = (kinds: readonly Trick['kind'][]): fc.Arbitrary<Trick[]> =>
  fc
    .array(
      fc.record({
        kind: fc.constantFrom(...kinds),
        at: fc.nat(200),
        pick: fc.nat(100),
      }),
      { minLength: 1, maxLength: 8 },
    )
    .map((list) => {
      const structural = (trick: Trick) => ['mailto', 'tag', 'dots'].includes(trick.kind);
      // one of each structural trick at most, applied to the plain address first
      const seen = new Set<string>();
      const firsts = list.filter((trick) => structural(trick) && !seen.has(trick.kind) && seen.add(trick.kind));
      const order = ['tag', 'dots', 'mailto'];
      firsts.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
      return [...firsts, ...list.filter((trick) => !structural(trick))];
    });

/** A look-alike of the address: the tricks applied in turn. */
export const lookAlike = (address: string, list: Trick[]): string => list.reduce(applyTrick, address);

/** An address and one look-alike spelling of it (any trick; `kinds` to choose them). */
export const addressAndLookAlike = (kinds: readonly Trick['kind'][] = TRICK_KINDS) =>
  fc
    .tuple(plainAddress, tricks(kinds))
    .map(([address, list]) => ({ address, variant: lookAlike(address, list), tricks: list.map((t) => t.kind) }));

/** Look-alikes of one given address. */
export const lookAlikesOf = (address: string, kinds: readonly Trick['kind'][] = TRICK_KINDS) =>
  tricks(kinds).map((list) => lookAlike(address, list));
