/**
 * Reading products: the one query builder behind the four product lists (approved, filter,
 * manager's, pending) and the single-product lookup. Each list is one query for the page
 * (the vendor joined for the JSON) and one count, both prepared statements (../db/prepared.ts)
 * with the vendor's id and the filter values as placeholders.
 */
import { and, count, desc, eq, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import {
  LISTED_PRODUCT_STATUSES,
  MESSAGES,
  type Product,
  type ProductStatus,
  type productListQuerySchema,
  type UserStatus,
} from 'shared-api/contract';
import type { z } from 'zod';
import type { Db } from '../db/connection';
import { preparedVariants, shapeVariant } from '../db/prepared';
import { type ProductRow, products, type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { Page } from '../pagination';
import { type StatementSession, sessionColumn } from '../plugins/auth';
import { toProductJson } from '../serializers';
import { likePattern } from './like-patterns';

/** Product statuses a list may show; archived products are never listed. */
export const LISTED_STATUSES = LISTED_PRODUCT_STATUSES;

/** A list's filters, as the route's query schema parsed them. */
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/**
 * What a caller may see: products of these statuses, only this vendor's when set, and none of a
 * suspended manager's when `activeVendors` (docs/domain.md, Accounts: hidden from all but admins).
 */
export interface ProductScope {
  statuses: readonly ProductStatus[];
  vendorId?: string;
  activeVendors?: boolean;
}

/** Products of these statuses a caller may see in a list: an admin all, a manager its own, an agent approved ones. */
export function visibleScope(caller: Pick<UserRow, 'id' | 'role'>, statuses: readonly ProductStatus[]): ProductScope {
  if (caller.role === 'admin') return { statuses };
  if (caller.role === 'manager') return { statuses, vendorId: caller.id };
  return { statuses: statuses.filter((s) => s === 'approved'), activeVendors: true };
}

/** The approved products anyone may list: a suspended manager's only to admins. */
export function approvedScope(caller: Pick<UserRow, 'role'>): ProductScope {
  return { statuses: ['approved'], activeVendors: caller.role !== 'admin' };
}

/**
 * The product's manager is suspended (a column or a condition of a products query): its products
 * are hidden from everyone but admins and itself, and take no new orders.
 */
export const vendorSuspended = () =>
  sql<boolean>`exists (select 1 from ${users} vendor where vendor.id = ${products.vendorId} and vendor.status = 'suspended')`;

/** What shapes a list's SQL: the statuses shown and which filters are set (their values are placeholders). */
type ListShape = {
  statuses: readonly ProductStatus[];
  vendor: boolean;
  activeVendors: boolean;
  keyword: boolean;
  marketPlace: boolean;
  reviewType: boolean;
  /** the count reads the caller's session too (../plugins/auth.ts, sessionInStatement) */
  session: boolean;
};

function listWhere(shape: ListShape): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(products.status, [...shape.statuses])];
  if (shape.vendor) conditions.push(eq(products.vendorId, sql.placeholder('vendorId')));
  if (shape.activeVendors) conditions.push(not(vendorSuspended()));
  if (shape.keyword) {
    const pattern = sql.placeholder('pattern');
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.description, pattern),
        ilike(products.productId, pattern),
        ilike(products.keyword, pattern),
      ),
    );
  }
  if (shape.marketPlace) conditions.push(eq(products.marketPlace, sql.placeholder('marketPlace')));
  if (shape.reviewType) {
    conditions.push(sql`${products.reviewTypes} @> array[${sql.placeholder('reviewType')}]::text[]`);
  }
  return and(...conditions);
}

const vendorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

const productListPage = preparedVariants('product_list_page', shapeVariant, (db, name, shape: ListShape) =>
  db
    .select({ product: products, vendor: vendorColumns })
    .from(products)
    .innerJoin(users, eq(users.id, products.vendorId))
    .where(listWhere(shape))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

const productListCount = preparedVariants('product_list_count', shapeVariant, (db, name, shape: ListShape) =>
  db
    .select({ total: count(), ...(shape.session ? { session: sessionColumn } : {}) })
    .from(products)
    .where(listWhere(shape))
    .prepare(name),
);

/**
 * One page of products in the scope matching the filters, newest first, and the total. With
 * `session` (a route declared sessionInStatement, ../plugins/auth.ts), the count reads the
 * caller's session, checked before anything read is used.
 */
export async function listProducts(
  db: Db,
  scope: ProductScope,
  query: ProductListQuery,
  page: Page,
  publicUrl: string,
  session?: StatementSession,
): Promise<{ items: Product[]; total: number }> {
  if (scope.statuses.length === 0) {
    await session?.accept(undefined);
    return { items: [], total: 0 };
  }
  const shape: ListShape = {
    // A requested status narrows the scope; it never widens it.
    statuses: query.status ? scope.statuses.filter((s) => s === query.status) : scope.statuses,
    vendor: Boolean(scope.vendorId),
    activeVendors: scope.activeVendors === true,
    keyword: Boolean(query.keyword),
    marketPlace: Boolean(query.marketPlace),
    reviewType: Boolean(query.reviewType),
    session: session !== undefined,
  };
  const values = {
    ...session?.values,
    vendorId: scope.vendorId,
    pattern: query.keyword ? likePattern(query.keyword) : undefined,
    marketPlace: query.marketPlace,
    reviewType: query.reviewType,
  };
  const [rows, [counted]] = await Promise.all([
    productListPage(db, shape).execute({ ...values, limit: page.limit, offset: page.offset }),
    productListCount(db, shape).execute(values),
  ]);
  // a count is one row, always
  if (session) await session.accept(counted?.session);
  return {
    items: rows.map(({ product, vendor }) => toProductJson(product, vendor, publicUrl)),
    total: counted?.total ?? 0,
  };
}

export type ProductVendor = Pick<UserRow, 'id' | 'firstName' | 'lastName'>;

/** A product with the vendor fields its JSON needs, or undefined. */
export async function findProductWithVendor(
  db: Pick<Db, 'select'>,
  id: string,
): Promise<{ product: ProductRow; vendor: ProductVendor; vendorStatus: UserStatus } | undefined> {
  const [row] = await db
    .select({ product: products, vendor: vendorColumns, vendorStatus: users.status })
    .from(products)
    .innerJoin(users, eq(users.id, products.vendorId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

/** The product of the id, when the caller may see it; else a 404, as for an unknown id. */
export async function findVisibleProduct(
  db: Db,
  caller: Pick<UserRow, 'id' | 'role'>,
  id: string,
  publicUrl: string,
): Promise<Product> {
  const found = await findProductWithVendor(db, id);
  // Not yet approved, or archived, or its manager suspended: only an admin and the vendor know it exists.
  const visible =
    found &&
    (caller.role === 'admin' ||
      found.product.vendorId === caller.id ||
      (found.product.status === 'approved' && found.vendorStatus !== 'suspended'));
  if (!visible) throw new HttpError(404, MESSAGES.productNotFound);
  return toProductJson(found.product, found.vendor, publicUrl);
}
