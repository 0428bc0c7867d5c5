/**
 * Changing products (docs/domain.md, Products): creating, editing, approving, deleting. A
 * manager changes only its own products, an admin all; archived products cannot be edited.
 * State changes are guarded in SQL (UPDATE ... WHERE <the status read> RETURNING), since
 * requests run in parallel on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_MARKETPLACE,
  DEFAULT_REVIEW_TYPE,
  MESSAGES,
  type Product,
  type ProductDeleteResponse,
  type ProductStatus,
  type productInputSchema,
  type productUpdateInputSchema,
  type ReviewType,
} from 'shared-api/contract';
import type { z } from 'zod';
import type { Db } from '../db/connection';
import { type NewProductRow, orders, type ProductRow, products, type UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { toProductJson } from '../serializers';
import { attachProductImages, movePublishedFiles } from '../uploads/attach';
import type { ImageStore } from '../uploads/store';
import { createAlert } from './alerts';
import { findProductWithVendor } from './products';
import { atVersion, isBehind, productChangedSince } from './record-versions';

export type ParsedProductInput = z.output<typeof productInputSchema>;
export type ParsedProductUpdate = z.output<typeof productUpdateInputSchema>;
type Caller = Pick<UserRow, 'id' | 'role' | 'firstName' | 'lastName'>;

/** Where a change's images are kept, and the base of their public URLs in the answer. */
export interface ProductImageSettings {
  images: ImageStore;
  publicUrl: string;
}

/** Review types without repeats, in the order given; none means 'no review'. */
function reviewTypesFrom(items: NonNullable<ParsedProductInput['reviewTypes']>): ReviewType[] {
  const titles = [...new Set(items.map((item) => item.title))];
  return titles.length > 0 ? titles : [DEFAULT_REVIEW_TYPE];
}

/** The fields anyone who may edit a product sets as sent (status, vendor and the affiliate link are not among them). */
function editableFields(input: ParsedProductInput) {
  return {
    name: input.name,
    productId: input.productId,
    description: input.description,
    category: input.category,
    productCategory: input.productCategory,
    keyword: input.keyword,
    brandName: input.brandName,
    amzImage: input.amzImage,
    image: input.image,
    price: input.price,
    comission: input.comission,
    guidelines: input.guidelines,
    marketerInstructions: input.marketerInstructions,
    commissionPolicies: input.commissionPolicies,
  } satisfies Partial<NewProductRow>;
}

/** A manager's or an admin's edit: fields left out keep their value; the affiliate link is the admin's to set. */
function updatedFields(input: ParsedProductInput, before: ProductRow, isAdmin: boolean) {
  return {
    ...editableFields(input),
    marketPlace: input.marketPlace ?? before.marketPlace,
    reviewTypes: input.reviewTypes ? reviewTypesFrom(input.reviewTypes) : before.reviewTypes,
    productLink: isAdmin ? input.productLink : before.productLink,
    comissionWithTextReview:
      input.comissionWithTextReview === undefined ? before.comissionWithTextReview : input.comissionWithTextReview,
    comissionWithPictureReview:
      input.comissionWithPictureReview === undefined
        ? before.comissionWithPictureReview
        : input.comissionWithPictureReview,
    comissionWithVideoReview:
      input.comissionWithVideoReview === undefined ? before.comissionWithVideoReview : input.comissionWithVideoReview,
  } satisfies Partial<NewProductRow>;
}
type ProductEdit = ReturnType<typeof updatedFields>;

const cents = (amount: number | null) => (amount === null ? null : Math.round(amount * 100));
const sameText = (a: string, b: string) => a === b;
const sameMoney = (a: number | null, b: number | null) => cents(a) === cents(b);
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);
const sameTypes = (a: readonly ReviewType[], b: readonly ReviewType[]) =>
  new Set(a).size === new Set(b).size && a.every((type) => b.includes(type));

/**
 * How each field an edit sets compares with the stored one. Agents see every one of them (the
 * product's JSON carries them all), so the type makes a new field take a place here.
 */
const SAME_AS_STORED: { [K in keyof ProductEdit]: (stored: ProductRow[K], sent: ProductEdit[K]) => boolean } = {
  name: sameText,
  productId: sameText,
  description: sameText,
  category: sameText,
  productCategory: sameText,
  marketPlace: sameText,
  productLink: sameText,
  keyword: sameText,
  brandName: sameText,
  amzImage: sameText,
  image: sameText,
  price: sameMoney,
  comission: sameMoney,
  comissionWithTextReview: sameMoney,
  comissionWithPictureReview: sameMoney,
  comissionWithVideoReview: sameMoney,
  // the review types an agent may choose from; their order means nothing
  reviewTypes: sameTypes,
  guidelines: sameList,
  marketerInstructions: sameList,
  commissionPolicies: sameList,
};

/**
 * Whether the edit changes anything agents see. An approved product a manager changes goes
 * back to pending, so an admin sees every change before agents do; a save that changes
 * nothing keeps it approved.
 */
function changesWhatAgentsSee(before: ProductRow, edit: ProductEdit): boolean {
  return (Object.keys(SAME_AS_STORED) as (keyof ProductEdit)[]).some((field) => {
    const same = SAME_AS_STORED[field] as (stored: unknown, sent: unknown) => boolean;
    return !same(before[field], edit[field]);
  });
}

/** The product to change, with its vendor: 404 unknown; 403 when a manager does not own it. */
async function productToChange(db: Db, caller: Caller, id: string, notOwnerMessage: string) {
  const found = await findProductWithVendor(db, id);
  if (!found) throw new HttpError(404, MESSAGES.productNotFound);
  if (caller.role !== 'admin' && found.product.vendorId !== caller.id) throw new HttpError(403, notOwnerMessage);
  return found;
}

/** After a commit that made uploads public: their images go to the public place (or at the next start-up). */
async function publishFiles(images: ImageStore, keys: string[], log: FastifyBaseLogger) {
  await movePublishedFiles(images, keys).catch((error: unknown) =>
    log.warn({ err: error }, 'moving a published image to the public folder failed'),
  );
}

/** A new product of the caller: an admin's is approved at once, a manager's waits for one (docs/domain.md, Products). */
export async function createProduct(
  db: Db,
  caller: Caller,
  input: ParsedProductInput,
  settings: ProductImageSettings,
  log: FastifyBaseLogger,
): Promise<Product> {
  const isAdmin = caller.role === 'admin';
  const { row, published } = await db.transaction(async (tx) => {
    const noImages = { image: '', amzImage: '' };
    const images = await attachProductImages(tx, caller, input, noImages);
    const [row] = await tx
      .insert(products)
      .values({
        ...editableFields(input),
        ...images.values,
        vendorId: caller.id,
        updatedBy: caller.id,
        status: isAdmin ? 'approved' : 'pending',
        marketPlace: input.marketPlace ?? DEFAULT_MARKETPLACE,
        reviewTypes: reviewTypesFrom(input.reviewTypes ?? []),
        productLink: isAdmin ? input.productLink : '',
        comissionWithTextReview: input.comissionWithTextReview ?? null,
        comissionWithPictureReview: input.comissionWithPictureReview ?? null,
        comissionWithVideoReview: input.comissionWithVideoReview ?? null,
      })
      .returning();
    if (!row) throw new Error('insert into products returned no row');
    return { row, published: images.published };
  });
  await publishFiles(settings.images, published, log);
  return toProductJson(row, caller, settings.publicUrl);
}

/**
 * A manager's edit of its own product, or an admin's of any: 409 for an archived one, one changed
 * meanwhile, or one changed since the version the edit was loaded at (docs/domain.md, Edits and versions).
 */
export async function updateProduct(
  db: Db,
  caller: Caller,
  id: string,
  input: ParsedProductUpdate,
  settings: ProductImageSettings,
  log: FastifyBaseLogger,
): Promise<Product> {
  const { product: before, vendor } = await productToChange(db, caller, id, MESSAGES.productEditOwnOnly);
  if (before.status === 'archived') throw new HttpError(409, MESSAGES.productArchivedNotEditable);
  if (isBehind(before, input.version)) throw await productChangedSince(db, id);
  const isAdmin = caller.role === 'admin';

  const changes = updatedFields(input, before, isAdmin);
  // An admin's edit needs no second look: it stays approved.
  const backToPending = !isAdmin && before.status === 'approved' && changesWhatAgentsSee(before, changes);
  const status: ProductStatus = backToPending ? 'pending' : before.status;

  // Decided on the status read above: if it changed meanwhile (approved, archived, another edit), refuse;
  // and with a version, only while the row is still at the one the edit was loaded at (no lost update).
  const { row, published } = await db.transaction(async (tx) => {
    const images = await attachProductImages(tx, caller, input, before);
    const [row] = await tx
      .update(products)
      .set({ ...changes, ...images.values, status, updatedBy: caller.id })
      .where(and(eq(products.id, id), eq(products.status, before.status), atVersion(products.version, input.version)))
      .returning();
    if (!row) {
      // every change bumps the version, so with one sent, whatever happened meanwhile is a change since
      throw input.version === undefined
        ? new HttpError(409, MESSAGES.productChangedMeanwhile)
        : await productChangedSince(tx, id);
    }
    return { row, published: images.published };
  });
  await publishFiles(settings.images, published, log);
  return toProductJson(row, vendor, settings.publicUrl);
}

/** An admin approves a pending product, and its vendor gets an alert: 404 unknown, 409 not pending. */
export async function approveProduct(db: Db, admin: Caller, id: string, publicUrl: string): Promise<Product> {
  const approved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ status: 'approved', updatedBy: admin.id })
      .where(and(eq(products.id, id), eq(products.status, 'pending')))
      .returning({ vendorId: products.vendorId, name: products.name });
    if (!row) return undefined;
    await createAlert(tx, {
      userId: row.vendorId,
      kind: 'product-approved',
      params: { product: row.name },
      link: '/admin/products',
    });
    return findProductWithVendor(tx, id);
  });
  if (approved) return toProductJson(approved.product, approved.vendor, publicUrl);
  const exists = await findProductWithVendor(db, id);
  if (!exists) throw new HttpError(404, MESSAGES.productNotFound);
  throw new HttpError(409, MESSAGES.productNotPending);
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Deletes a product of the caller's (an admin's: any), or archives it when orders keep it (docs/domain.md, Products). */
export async function deleteProduct(db: Db, caller: Caller, id: string): Promise<ProductDeleteResponse> {
  await productToChange(db, caller, id, MESSAGES.productDeleteOwnOnly);
  const withOrders = await db.select({ id: orders.id }).from(orders).where(eq(orders.productId, id)).limit(1);
  if (withOrders.length === 0) {
    try {
      const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
      if (deleted.length === 0) throw new HttpError(404, MESSAGES.productNotFound);
      return { message: MESSAGES.productDeleted, archived: false };
    } catch (error) {
      // An order arrived since the check: the foreign key keeps the product, so archive it.
      if (!isForeignKeyViolation(error)) throw error;
    }
  }
  // Orders keep their product, so it is archived, not deleted.
  const archived = await db
    .update(products)
    .set({ status: 'archived', updatedBy: caller.id })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (archived.length === 0) throw new HttpError(404, MESSAGES.productNotFound);
  return { message: MESSAGES.productArchived, archived: true };
}
