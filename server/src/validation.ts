/**
 * Request validation with the contract's zod schemas. Schema-level messages (MESSAGES'
 * wording) win; issues without one get a sentence naming the field instead of zod's default.
 */
import { UUID_PATTERN } from 'shared-api/contract';
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/**
 * An id the server did not get through a schema (a token's subject, a notification's payload)
 * is checked against the contract's rule before it reaches a query; a request's ids are checked
 * by their schemas (`idOf`).
 */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** zod's error map in our wording (used by parseInput and by every route's schemas). */
export function readableIssue(iss: Issue): string | undefined {
  const path = iss.path ?? [];
  if (path.length === 0 && iss.code === 'invalid_type' && iss.expected === 'object') {
    return 'The request body must be a JSON object.';
  }
  const field = path.length > 0 ? path.join('.') : 'The value';
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? `${field} is required.` : `${field} must be ${article(String(iss.expected))}.`;
    case 'too_small':
      if (iss.origin === 'string') {
        return Number(iss.minimum) <= 1
          ? `${field} must not be empty.`
          : `${field} must be at least ${iss.minimum} characters long.`;
      }
      if (iss.origin === 'array') return `${field} must have at least ${iss.minimum} items.`;
      return `${field} must be ${iss.inclusive ? 'at least' : 'greater than'} ${iss.minimum}.`;
    case 'too_big':
      if (iss.origin === 'string') return `${field} is too long (at most ${iss.maximum} characters).`;
      if (iss.origin === 'array') return `${field} has too many items (at most ${iss.maximum}).`;
      return `${field} must be ${iss.inclusive ? 'at most' : 'less than'} ${iss.maximum}.`;
    case 'invalid_value':
      return `${field} must be one of: ${iss.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return `${field} is not a valid ${iss.format}.`;
    default:
      return undefined;
  }
}

/**
 * readableIssue in Urdu (http/language.ts): the field's name stays as the API spells it, and so
 * do the types and values it names.
 */
export function readableIssueUr(iss: Issue): string | undefined {
  const path = iss.path ?? [];
  if (path.length === 0 && iss.code === 'invalid_type' && iss.expected === 'object') {
    return 'درخواست کا مواد JSON آبجیکٹ ہونا چاہیے۔';
  }
  const field = path.length > 0 ? path.join('.') : 'قدر';
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? `${field} لازمی ہے۔` : `${field} کی قسم ${String(iss.expected)} ہونی چاہیے۔`;
    case 'too_small':
      if (iss.origin === 'string') {
        return Number(iss.minimum) <= 1
          ? `${field} خالی نہیں ہونا چاہیے۔`
          : `${field} کم از کم ${iss.minimum} حروف کا ہونا چاہیے۔`;
      }
      if (iss.origin === 'array') return `${field} میں کم از کم ${iss.minimum} اشیاء ہونی چاہییں۔`;
      return iss.inclusive
        ? `${field} کم از کم ${iss.minimum} ہونا چاہیے۔`
        : `${field} ${iss.minimum} سے زیادہ ہونا چاہیے۔`;
    case 'too_big':
      if (iss.origin === 'string') return `${field} بہت لمبا ہے (زیادہ سے زیادہ ${iss.maximum} حروف)۔`;
      if (iss.origin === 'array') return `${field} میں بہت زیادہ اشیاء ہیں (زیادہ سے زیادہ ${iss.maximum})۔`;
      return iss.inclusive
        ? `${field} زیادہ سے زیادہ ${iss.maximum} ہونا چاہیے۔`
        : `${field} ${iss.maximum} سے کم ہونا چاہیے۔`;
    case 'invalid_value':
      return `${field} ان میں سے ایک ہونا چاہیے: ${iss.values.map(String).join(', ')}۔`;
    case 'invalid_format':
      return `${field} درست ${iss.format} نہیں ہے۔`;
    default:
      return undefined;
  }
}

export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is not valid.';
}
