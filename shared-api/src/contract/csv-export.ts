/**
 * The language of an export's header row (docs/domain.md, Exports): English unless the request
 * asks for Urdu (`?language=ur`), since a file goes on to people and tools that read English;
 * the cells are the data as stored, in either.
 */
import { z } from 'zod';
import { USER_LOCALES } from './constants';
import { MESSAGES } from './messages';

/** The app's languages: a file's column names come in either. */
export const CSV_LANGUAGES = USER_LOCALES;
export type CsvLanguage = (typeof CSV_LANGUAGES)[number];

/** `language` of an export's query: absent or empty is English. */
export const csvLanguageSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(CSV_LANGUAGES, { error: MESSAGES.csvLanguageInvalid }).optional(),
);
