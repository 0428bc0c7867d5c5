/**
 * Reading products: the one query builder behind the four product lists (approved, filter,
 * manager's, pending) and the single-product lookup. Each list is one query for the page
 * (the vendor joined for the JSON) and one count.
 */
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { MARKETPLACES, type Product, type ProductStatus, REVIEW_TYPES } from 'shared-api/contract';
import { z } from 'zod';
import type { Db } from '../db/connection';
import { type ProductRow, products, type UserRow, users } from '../db/schema';
import type { Page } from '../pagination';
import { toProductJson } from '../serializers';
import { parseInput } from '../validation';

/** Product statuses a list may show; archived products are never listed. */
export const LISTED_STATUSES = ['pending', 'approved'] as const satisfies readonly ProductStatus[];

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The filters every product list takes (blank values, as the SPEC.md client sends them, mean "any"). */
export const productListQuerySchema = z.object({
  keyword: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(200)
      .refine((text) => !text.includes('\0'), 'The keyword contains a character that cannot be searched for.')
      .optional(),
  ),
  marketPlace: z.preprocess(blankToUndefined, z.enum(MARKETPLACES).optional()),
  reviewType: z.preprocess(blankToUndefined, z.enum(REVIEW_TYPES).optional()),
  /** narrows an admin's or manager's list to one status */
  status: z.preprocess(blankToUndefined, z.enum(LISTED_STATUSES).optional()),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export function parseProductListQuery(query: unknown): ProductListQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  return parseInput(productListQuerySchema, {
    keyword: q.keyword,
    marketPlace: q.marketPlace,
    reviewType: q.reviewType,
    status: q.status,
  });
}

/** What a caller may see: products of these statuses, and only this vendor's when set. */
export interface ProductScope {
  statuses: readonly ProductStatus[];
  vendorId?: string;
}

/** The user's text matched literally: % and _ are not wildcards (backslash is LIKE's escape). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function listConditions(scope: ProductScope, query: ProductListQuery): SQL | undefined {
  // A requested status narrows the scope; it never widens it.
  const statuses = query.status ? scope.statuses.filter((s) => s === query.status) : scope.statuses;
  const conditions: (SQL | undefined)[] = [inArray(products.status, [...statuses])];
  if (scope.vendorId) conditions.push(eq(products.vendorId, scope.vendorId));
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.description, pattern),
        ilike(products.productId, pattern),
        ilike(products.keyword, pattern),
      ),
    );
  }
  if (query.marketPlace) conditions.push(eq(products.marketPlace, query.marketPlace));
  if (query.reviewType) conditions.push(sql`${products.reviewTypes} @> array[${query.reviewType}]::text[]`);
  return and(...conditions);
}

const vendorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** One page of products in the scope matching the filters, newest first, and the total. */
export async function listProducts(
  db: Db,
  scope: ProductScope,
  query: ProductListQuery,
  page: Page,
): Promise<{ items: Product[]; total: number }> {
  if (scope.statuses.length === 0) return { items: [], total: 0 };
  const where = listConditions(scope, query);
  const [rows, total] = await Promise.all([
    db
      .select({ product: products, vendor: vendorColumns })
      .from(products)
      .innerJoin(users, eq(users.id, products.vendorId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.$count(products, where),
  ]);
  return { items: rows.map(({ product, vendor }) => toProductJson(product, vendor)), total: Number(total) };
}

export type ProductVendor = Pick<UserRow, 'id' | 'firstName' | 'lastName'>;

/** A product with the vendor fields its JSON needs, or undefined. */
export async function findProductWithVendor(
  db: Pick<Db, 'select'>,
  id: string,
): Promise<{ product: ProductRow; vendor: ProductVendor } | undefined> {
  const [row] = await db
    .select({ product: products, vendor: vendorColumns })
    .from(products)
    .innerJoin(users, eq(users.id, products.vendorId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}
