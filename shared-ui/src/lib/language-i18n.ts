/**
 * The language switch's own catalogue (namespace `language`, keys `language.*`, in
 * src/locales/language/): three strings, so the sign-in page carries them without shared-ui's
 * whole `ui` catalogue (docs/architecture.md, Languages).
 */
import { registerCatalogue, type Translate, useTranslate } from 'shared-api';
import en from '../locales/language/en.json';

export type LanguageKey = keyof typeof en;

registerCatalogue('language', { en, ur: () => import('../locales/language/ur.json') });

export const useT = (): Translate<LanguageKey> => useTranslate<LanguageKey>();
