/**
 * The agent product grid's filters, kept in the URL (?marketPlace=&reviewType=&keyword=&page=)
 * so the browser's back button and a shared link keep them.
 */

import type { ProductFilter } from 'shared-api';
import { MARKETPLACES, type Marketplace, REVIEW_TYPES, type ReviewType } from 'shared-api/contract';

export const PRODUCTS_PAGE_SIZE = 12;

export const ALL = 'all';
export type MarketplaceChip = Marketplace | typeof ALL;
export type ReviewTypeChip = ReviewType | typeof ALL;

export const MARKETPLACE_CHIPS: ReadonlyArray<{ value: MarketplaceChip; label: string }> = [
  { value: ALL, label: 'All' },
  ...MARKETPLACES.map((code) => ({ value: code, label: code })),
];

export const REVIEW_TYPE_CHIPS: ReadonlyArray<{ value: ReviewTypeChip; label: string }> = [
  { value: ALL, label: 'All' },
  ...REVIEW_TYPES.map((type) => ({ value: type, label: type })),
];

export interface ProductFilters {
  marketPlace: MarketplaceChip;
  reviewType: ReviewTypeChip;
  keyword: string;
  page: number;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export function readFilters(params: URLSearchParams): ProductFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    marketPlace: oneOf(MARKETPLACES, params.get('marketPlace')) ?? ALL,
    reviewType: oneOf(REVIEW_TYPES, params.get('reviewType')) ?? ALL,
    keyword: (params.get('keyword') ?? '').trim(),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The URL's query for these filters; defaults are left out. */
export function writeFilters(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.marketPlace !== ALL) params.set('marketPlace', filters.marketPlace);
  if (filters.reviewType !== ALL) params.set('reviewType', filters.reviewType);
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function isFiltered(filters: ProductFilters): boolean {
  return filters.marketPlace !== ALL || filters.reviewType !== ALL || filters.keyword !== '';
}

/** What the API is asked: only the filters that are set. */
export function toQuery(filters: ProductFilters): ProductFilter {
  const query: ProductFilter = { page: filters.page, limit: PRODUCTS_PAGE_SIZE };
  if (filters.marketPlace !== ALL) query.marketPlace = filters.marketPlace;
  if (filters.reviewType !== ALL) query.reviewType = filters.reviewType;
  if (filters.keyword) query.keyword = filters.keyword;
  return query;
}
