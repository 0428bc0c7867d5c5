/**
 * The users screens' part of the admin catalogue (namespace `admin.users`, keys `admin.users.*`,
 * in src/locales/users/): loaded with these screens, not on the area's first page
 * (docs/architecture.md, Languages). `useT` and `t` know the area's keys too.
 */
import { registerCatalogue, type Translate, translate, useTranslate } from 'shared-api';
// the area's own catalogue too (its common words), for these screens rendered on their own in tests
import '../i18n';
import type { AdminKey } from '../i18n';
import en from '../locales/users/en.json';

export type UsersKey = AdminKey | keyof typeof en;

registerCatalogue('admin.users', { en, ur: () => import('../locales/users/ur.json') });

export const useT = (): Translate<UsersKey> => useTranslate<UsersKey>();
export const t: Translate<UsersKey> = translate;
