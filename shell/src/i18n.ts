/**
 * This app's catalogue (namespace `shell`, keys `shell.*`): English in src/locales/en.json, Urdu in
 * src/locales/ur.json (docs/contributing.md, Adding a string). `useT` translates in a component,
 * `t` outside one (a toast from a mutation).
 */
import { registerCatalogue, type Translate, translate, useTranslate } from 'shared-api';
import en from './locales/en.json';

export type ShellKey = keyof typeof en;

registerCatalogue('shell', { en, ur: () => import('./locales/ur.json') });

export const useT = (): Translate<ShellKey> => useTranslate<ShellKey>();
export const t: Translate<ShellKey> = translate;
