import { describe, expect, it } from 'vitest';
import {
  ALL,
  isFiltered,
  MARKETPLACE_CHIPS,
  productQuery,
  REVIEW_TYPE_CHIPS,
  readFilters,
  writeFilters,
} from './product-filters';

describe('product filters', () => {
  it("offers 'All' first, then every review type and marketplace of the contract", () => {
    expect(REVIEW_TYPE_CHIPS.map((chip) => chip.label)).toEqual([
      'All',
      'text',
      'picture',
      'video',
      'rating',
      'no review',
    ]);
    expect(MARKETPLACE_CHIPS.map((chip) => chip.value)).toEqual([ALL, 'US', 'UK', 'DE', 'IT', 'ES', 'CA', 'AU']);
  });

  it('asks the API for the page and only the filters that are set, the keyword trimmed', () => {
    expect(productQuery({ page: 1 }, 20)).toEqual({ page: 1, limit: 20 });
    expect(productQuery({ page: 2, keyword: '  ', reviewType: ALL, marketPlace: ALL }, 12)).toEqual({
      page: 2,
      limit: 12,
    });
    expect(productQuery({ page: 1, keyword: ' lamp ', reviewType: 'video', marketPlace: 'UK' }, 20)).toEqual({
      page: 1,
      limit: 20,
      keyword: 'lamp',
      reviewType: 'video',
      marketPlace: 'UK',
    });
  });

  it('reads back from the URL what it wrote, and reads anything unknown as unset', () => {
    const filters = { reviewType: 'picture', marketPlace: 'DE', keyword: 'desk lamp', page: 3 } as const;
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(writeFilters({ reviewType: ALL, marketPlace: ALL, keyword: '', page: 1 }).toString()).toBe('');
    expect(readFilters(new URLSearchParams('reviewType=essay&marketPlace=FR&page=-4&keyword=%20x%20'))).toEqual({
      reviewType: ALL,
      marketPlace: ALL,
      keyword: 'x',
      page: 1,
    });
  });

  it('counts a list as filtered when a chip or a keyword is set, not by its page', () => {
    expect(isFiltered({ reviewType: ALL, marketPlace: ALL, keyword: '' })).toBe(false);
    expect(isFiltered({ reviewType: ALL, marketPlace: ALL, keyword: ' ' })).toBe(false);
    expect(isFiltered({ reviewType: 'text', marketPlace: ALL, keyword: '' })).toBe(true);
    expect(isFiltered({ reviewType: ALL, marketPlace: 'CA', keyword: '' })).toBe(true);
    expect(isFiltered({ reviewType: ALL, marketPlace: ALL, keyword: 'lamp' })).toBe(true);
  });
});
