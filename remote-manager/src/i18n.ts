/**
 * This app's catalogue (namespace `manager`, keys `manager.*`): English in src/locales/en.json, Urdu in
 * src/locales/ur.json (docs/contributing.md, Adding a string). `useT` translates in a component,
 * `t` outside one (a toast from a mutation).
 */
import { registerCatalogue, type Translate, translate, useTranslate } from 'shared-api';
import en from './locales/en.json';

export type ManagerKey = keyof typeof en;

registerCatalogue('manager', { en, ur: () => import('./locales/ur.json') });

export const useT = (): Translate<ManagerKey> => useTranslate<ManagerKey>();
export const t: Translate<ManagerKey> = translate;
