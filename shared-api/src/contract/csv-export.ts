/**
 * The language of an export's header row (docs/domain.md, Exports): English unless the request
 * asks for Urdu (`?language=ur`), since a file goes on to people and tools that read English;
 * the cells are the data as stored, in either.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';

export const CSV_LANGUAGES = ['en', 'ur'] as const;
export type CsvLanguage = (typeof CSV_LANGUAGES)[number];

/** `language` of an export's query: absent or empty is English. */
export const csvLanguageSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(CSV_LANGUAGES, { error: MESSAGES.csvLanguageInvalid }).optional(),
);
