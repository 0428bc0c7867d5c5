/** The chips of the product lists: every review type and marketplace of the contract, and 'All'. */
import { MARKETPLACES, type Marketplace, REVIEW_TYPES, type ReviewType } from 'shared-api/contract';

export const ALL = 'all';
export type ReviewTypeChoice = ReviewType | typeof ALL;
export type MarketplaceChoice = Marketplace | typeof ALL;

export const REVIEW_TYPE_CHIPS: ReadonlyArray<{ value: ReviewTypeChoice; label: string }> = [
  { value: ALL, label: 'All' },
  ...REVIEW_TYPES.map((type) => ({ value: type, label: type })),
];

export const MARKETPLACE_CHIPS: ReadonlyArray<{ value: MarketplaceChoice; label: string }> = [
  { value: ALL, label: 'All' },
  ...MARKETPLACES.map((code) => ({ value: code, label: code })),
];

/** Rows per page of the product tables. */
export const PRODUCTS_PAGE_SIZE = 20;

/** The list query without the filters left at 'any' (the server reads a missing one as any). */
export function productQuery(filters: {
  page: number;
  keyword: string;
  reviewType?: ReviewTypeChoice;
  marketPlace?: MarketplaceChoice;
}) {
  const keyword = filters.keyword.trim();
  return {
    page: filters.page,
    limit: PRODUCTS_PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(filters.reviewType && filters.reviewType !== ALL ? { reviewType: filters.reviewType } : {}),
    ...(filters.marketPlace && filters.marketPlace !== ALL ? { marketPlace: filters.marketPlace } : {}),
  };
}
