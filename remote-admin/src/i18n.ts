/**
 * This app's catalogue (namespace `admin`, keys `admin.*`): English in src/locales/en.json, Urdu in
 * src/locales/ur.json (docs/contributing.md, Adding a string). `useT` translates in a component,
 * `t` outside one (a toast from a mutation).
 */
import { registerCatalogue, type Translate, translate, useTranslate } from 'shared-api';
import en from './locales/en.json';

export type AdminKey = keyof typeof en;

registerCatalogue('admin', { en, ur: () => import('./locales/ur.json') });

export const useT = (): Translate<AdminKey> => useTranslate<AdminKey>();
export const t: Translate<AdminKey> = translate;
