/**
 * The products screens' part of the admin catalogue (namespace `admin.products`, keys `admin.products.*`,
 * in src/locales/products/): loaded with these screens, not on the area's first page
 * (docs/architecture.md, Languages). `useT` and `t` know the area's keys too.
 */
import { registerCatalogue, type Translate, translate, useTranslate } from 'shared-api';
// the area's own catalogue too (its common words), for these screens rendered on their own in tests
import '../i18n';
import type { AdminKey } from '../i18n';
import en from '../locales/products/en.json';

export type ProductsKey = AdminKey | keyof typeof en;

registerCatalogue('admin.products', { en, ur: () => import('../locales/products/ur.json') });

export const useT = (): Translate<ProductsKey> => useTranslate<ProductsKey>();
export const t: Translate<ProductsKey> = translate;
