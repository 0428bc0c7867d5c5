/**
 * The filters of the product lists (the admin's and manager's table, the agent's grid):
 * review type and marketplace chips ('All' or one value of the contract), a keyword, the page.
 */
import type { ProductFilter } from 'shared-api';
import { MARKETPLACES, type Marketplace, REVIEW_TYPES, type ReviewType } from 'shared-api/contract';
import { t } from './i18n';
import { reviewTypeLabel } from './order-display';

export const ALL = 'all';
export type ReviewTypeChoice = ReviewType | typeof ALL;
export type MarketplaceChoice = Marketplace | typeof ALL;

/** The 'All' chip; its label is read in the current language each time it is shown. */
export function allChip<V extends string>(value: V): { value: V; readonly label: string } {
  return {
    value,
    get label() {
      return t('ui.filter.all');
    },
  };
}

// each label is a getter: the chips read in the language of the moment they are shown
export const REVIEW_TYPE_CHIPS: ReadonlyArray<{ value: ReviewTypeChoice; readonly label: string }> = [
  allChip<ReviewTypeChoice>(ALL),
  ...REVIEW_TYPES.map((type) => ({
    value: type,
    get label() {
      return reviewTypeLabel(type);
    },
  })),
];

/** Marketplaces are named by their codes (US, UK...) in every language. */
export const MARKETPLACE_CHIPS: ReadonlyArray<{ value: MarketplaceChoice; readonly label: string }> = [
  allChip<MarketplaceChoice>(ALL),
  ...MARKETPLACES.map((code) => ({ value: code, label: code })),
];

/** How long typing in a product search must pause before the search runs, in ms. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface ProductFilters {
  reviewType: ReviewTypeChoice;
  marketPlace: MarketplaceChoice;
  keyword: string;
  page: number;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

/** The filters a URL's query carries (?marketPlace=&reviewType=&keyword=&page=); anything unknown reads as unset. */
export function readFilters(params: URLSearchParams): ProductFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    reviewType: oneOf(REVIEW_TYPES, params.get('reviewType')) ?? ALL,
    marketPlace: oneOf(MARKETPLACES, params.get('marketPlace')) ?? ALL,
    keyword: (params.get('keyword') ?? '').trim(),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The URL query for these filters; unset ones and the first page are left out. */
export function writeFilters(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.marketPlace !== ALL) params.set('marketPlace', filters.marketPlace);
  if (filters.reviewType !== ALL) params.set('reviewType', filters.reviewType);
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function isFiltered(filters: Pick<ProductFilters, 'reviewType' | 'marketPlace' | 'keyword'>): boolean {
  return filters.marketPlace !== ALL || filters.reviewType !== ALL || filters.keyword.trim() !== '';
}

/** What the API is asked: the page, and only the filters that are set (the server reads a missing one as any). */
export function productQuery(filters: Partial<ProductFilters> & { page: number }, limit: number): ProductFilter {
  const query: ProductFilter = { page: filters.page, limit };
  const keyword = filters.keyword?.trim() ?? '';
  if (keyword) query.keyword = keyword;
  if (filters.reviewType && filters.reviewType !== ALL) query.reviewType = filters.reviewType;
  if (filters.marketPlace && filters.marketPlace !== ALL) query.marketPlace = filters.marketPlace;
  return query;
}
