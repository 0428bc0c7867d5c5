/**
 * This app's catalogue (namespace `ui`, keys `ui.*`): English in src/locales/en.json, Urdu in
 * src/locales/ur.json (docs/contributing.md, Adding a string). `useT` translates in a component,
 * `t` outside one (a toast from a mutation).
 */
import { registerCatalogue, type Translate, translate, useTranslate } from 'shared-api';
import en from '../locales/en.json';

export type UiKey = keyof typeof en;

registerCatalogue('ui', { en, ur: () => import('../locales/ur.json') });

export const useT = (): Translate<UiKey> => useTranslate<UiKey>();
export const t: Translate<UiKey> = translate;
