/**
 * The API answers in the language of the request's Accept-Language (docs/architecture.md,
 * Languages): 'ur' and 'ur-PK' read Urdu; anything else, an unreadable header or none, English.
 * English sentences are the product's own and go out as written; a refusal in Urdu is its
 * English sentence's twin, found by the English text (fixed sentences) or built by the Urdu twin
 * of its builder (`builtRefusal`).
 */
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  buildersFor,
  MESSAGE_BUILDERS,
  type MessageBuilders,
  type MessageLocale,
  sentenceIn,
} from 'shared-api/contract';
import { HttpError } from '../http-error';
import { serverSentenceUr } from './server-sentences-ur';

const LANGUAGE_RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The language of an Accept-Language header: the ranges by their q-values (highest first, the
 * header's order among equals); the first we have wins, English when none (a `*` or a language
 * we do not have adds nothing). An unreadable header is English.
 */
export function localeOfAcceptLanguage(header: string | string[] | undefined): MessageLocale {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text || text.length > 1000) return 'en';
  const ranges: { tag: string; q: number }[] = [];
  for (const part of text.split(',')) {
    const [rawTag = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (rawTag === '') continue;
    if (!LANGUAGE_RANGE.test(rawTag)) return 'en';
    let q = 1;
    for (const param of params) {
      if (param === '') continue;
      const quality = QUALITY.exec(param.replace(/\s+/g, ''));
      if (!quality) return 'en';
      q = Number(quality[1]);
    }
    if (q > 0) ranges.push({ tag: rawTag, q });
  }
  ranges.sort((a, b) => b.q - a.q);
  for (const { tag } of ranges) {
    const language = tag.split('-')[0];
    if (language === 'ur' || language === 'en') return language;
  }
  return 'en';
}

/** The Accept-Language headers seen, and their language (a browser sends the same one every time). */
const localeOfHeader = new Map<string, MessageLocale>();
const HEADERS_REMEMBERED = 500;

/** The language this request is answered in. */
export function requestLocale(request: FastifyRequest): MessageLocale {
  const header = request.headers['accept-language'];
  if (header === undefined) return 'en';
  let locale = localeOfHeader.get(header);
  if (locale === undefined) {
    locale = localeOfAcceptLanguage(header);
    if (localeOfHeader.size >= HEADERS_REMEMBERED) localeOfHeader.clear();
    localeOfHeader.set(header, locale);
  }
  return locale;
}

/** The account refusals whose English sentence is followed by the admin's own words. */
const PREFIXED = [ACCOUNT_MESSAGES.rejectedLogin, ACCOUNT_MESSAGES.suspendedLogin];

/** A fixed English sentence of the API in `locale`; a text it does not know, as it is. */
export function sentenceOfApi(locale: MessageLocale, english: string): string {
  if (locale === 'en') return english;
  const known = sentenceIn(locale, english);
  if (known !== english) return known;
  const own = serverSentenceUr(english);
  if (own) return own;
  for (const prefix of PREFIXED) {
    if (english.startsWith(`${prefix} `) || english === prefix) {
      return `${sentenceIn(locale, prefix)}${english.slice(prefix.length)}`;
    }
  }
  return english;
}

/** A refusal's message in `locale`: its own translation when it has one, else by its English text. */
export function refusalMessage(locale: MessageLocale, english: string, error?: unknown): string {
  if (locale === 'en') return english;
  if (error instanceof HttpError && error.message === english) {
    const own = error.translations?.[locale];
    if (own) return own;
  }
  return sentenceOfApi(locale, english);
}

/** The translations of a sentence built from figures: `{ ur: build(buildersFor('ur')) }`. */
export function builtTranslations(
  build: (builders: MessageBuilders) => string,
): Partial<Record<MessageLocale, string>> {
  return { ur: build(buildersFor('ur')) };
}

/** A refusal whose sentence is built from figures, in every language: `builtRefusal(409, (b) => b.orderOnHold(label))`. */
export function builtRefusal(
  statusCode: number,
  build: (builders: MessageBuilders) => string,
  body?: Record<string, unknown>,
): HttpError {
  return new HttpError(statusCode, build(MESSAGE_BUILDERS), body, builtTranslations(build));
}
