/**
 * This app's catalogue (namespace `agent`, keys `agent.*`): English in src/locales/en.json, Urdu in
 * src/locales/ur.json (docs/contributing.md, Adding a string). `useT` translates in a component,
 * `t` outside one (a toast from a mutation).
 */
import { registerCatalogue, type Translate, translate, useTranslate } from 'shared-api';
import en from './locales/en.json';

export type AgentKey = keyof typeof en;

registerCatalogue('agent', { en, ur: () => import('./locales/ur.json') });

export const useT = (): Translate<AgentKey> => useTranslate<AgentKey>();
export const t: Translate<AgentKey> = translate;
