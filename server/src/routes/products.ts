/**
 * Products. Agents see approved products; a manager sees and changes only
 * its own; an admin sees and changes all. Archived products (deleted, but kept by their
 * orders) are never listed and cannot be edited.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_MARKETPLACE,
  DEFAULT_REVIEW_TYPE,
  MESSAGES,
  type Product,
  type ProductStatus,
  productInputSchema,
  type ReviewType,
} from 'shared-api/contract';
import { z } from 'zod';
import { type NewProductRow, orders, type ProductRow, products, type UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { parsePage, sendPage } from '../pagination';
import { currentUser, requireRole } from '../plugins/auth';
import { toProductJson } from '../serializers';
import { createAlert } from '../services/alerts';
import {
  findProductWithVendor,
  LISTED_STATUSES,
  listProducts,
  type ProductScope,
  parseProductListQuery,
} from '../services/products';
import { attachProductImages, movePublishedFiles } from '../uploads/attach';
import { parseInput, UUID_PATTERN } from '../validation';

const productParamsSchema = z.object({
  id: z.string().regex(UUID_PATTERN),
});

/** The :id of the URL; a malformed one names no product, so it is a 404 like an unknown one. */
function productIdFrom(request: FastifyRequest): string {
  const result = productParamsSchema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, MESSAGES.productNotFound);
  return result.data.id;
}

type ParsedProductInput = z.output<typeof productInputSchema>;

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

/** Loads the product of the URL for a change: 404 unknown; 403 when a manager does not own it. */
async function productToChange(app: FastifyInstance, request: FastifyRequest, notOwnerMessage: string) {
  const id = productIdFrom(request);
  const found = await findProductWithVendor(app.db, id);
  if (!found) throw new HttpError(404, MESSAGES.productNotFound);
  const caller = currentUser(request);
  if (caller.role !== 'admin' && found.product.vendorId !== caller.id) throw new HttpError(403, notOwnerMessage);
  return { id, caller, ...found };
}

/** Products of these statuses a caller may see in a list (archived ones never). */
function visibleScope(caller: Pick<UserRow, 'id' | 'role'>, statuses: readonly ProductStatus[]): ProductScope {
  if (caller.role === 'admin') return { statuses };
  if (caller.role === 'manager') return { statuses, vendorId: caller.id };
  return { statuses: statuses.filter((s) => s === 'approved') };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export default async function productsRoutes(app: FastifyInstance) {
  const anyRole = { onRequest: [app.authenticate] };
  const sellers = { onRequest: [app.authenticate, requireRole(['admin', 'manager'])] };

  /** The four lists: the caller's scope, the query's filters, one page. */
  async function sendProductList(request: FastifyRequest, reply: FastifyReply, scope: ProductScope) {
    const query = parseProductListQuery(request.query);
    const page = parsePage(request.query);
    const { items, total } = await listProducts(app.db, scope, query, page);
    return sendPage(reply, items, total);
  }

  app.get(
    '/products/approved',
    anyRole,
    async (request, reply): Promise<Product[]> => sendProductList(request, reply, { statuses: ['approved'] }),
  );

  app.get(
    '/products/filter',
    anyRole,
    async (request, reply): Promise<Product[]> =>
      sendProductList(request, reply, visibleScope(currentUser(request), LISTED_STATUSES)),
  );

  app.get(
    '/manager/products',
    sellers,
    async (request, reply): Promise<Product[]> =>
      sendProductList(request, reply, visibleScope(currentUser(request), LISTED_STATUSES)),
  );

  app.get(
    '/products/pending',
    sellers,
    async (request, reply): Promise<Product[]> =>
      sendProductList(request, reply, visibleScope(currentUser(request), ['pending'])),
  );

  app.get('/products/:id/singleproduct', anyRole, async (request): Promise<Product> => {
    const found = await findProductWithVendor(app.db, productIdFrom(request));
    const caller = currentUser(request);
    // Not yet approved, or archived: only an admin and the vendor know it exists.
    const visible =
      found && (found.product.status === 'approved' || caller.role === 'admin' || found.product.vendorId === caller.id);
    if (!visible) throw new HttpError(404, MESSAGES.productNotFound);
    return toProductJson(found.product, found.vendor);
  });

  /** After a commit that made uploads public: their files go to the public folder (or at the next start-up). */
  async function publishFiles(request: FastifyRequest, keys: string[]) {
    await movePublishedFiles(app.settings.dataDir, keys).catch((error: unknown) =>
      request.log.warn({ err: error }, 'moving a published image to the public folder failed'),
    );
  }

  app.post('/products', sellers, async (request, reply): Promise<Product> => {
    const caller = currentUser(request);
    const input = parseInput(productInputSchema, request.body);
    const isAdmin = caller.role === 'admin';
    const { row, published } = await app.db.transaction(async (tx) => {
      const noImages = { image: '', amzImage: '' };
      const images = await attachProductImages(tx, caller, input, noImages, app.settings.publicUrl);
      const [row] = await tx
        .insert(products)
        .values({
          ...editableFields(input),
          ...images.values,
          vendorId: caller.id,
          // An admin's product is approved at once, a manager's waits for one (docs/domain.md, Products).
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
    await publishFiles(request, published);
    reply.code(201);
    return toProductJson(row, caller);
  });

  app.put('/products/:id/update', sellers, async (request): Promise<Product> => {
    const { id, caller, product: before, vendor } = await productToChange(app, request, MESSAGES.productEditOwnOnly);
    if (before.status === 'archived') throw new HttpError(409, MESSAGES.productArchivedNotEditable);
    const input = parseInput(productInputSchema, request.body);
    const isAdmin = caller.role === 'admin';

    const changes = updatedFields(input, before, isAdmin);
    // An admin's edit needs no second look: it stays approved.
    const backToPending = !isAdmin && before.status === 'approved' && changesWhatAgentsSee(before, changes);
    const status: ProductStatus = backToPending ? 'pending' : before.status;

    // Decided on the status read above: if it changed meanwhile (approved, archived, another edit), refuse.
    const { row, published } = await app.db.transaction(async (tx) => {
      const images = await attachProductImages(tx, caller, input, before, app.settings.publicUrl);
      const [row] = await tx
        .update(products)
        .set({ ...changes, ...images.values, status })
        .where(and(eq(products.id, id), eq(products.status, before.status)))
        .returning();
      if (!row) throw new HttpError(409, MESSAGES.productChangedMeanwhile);
      return { row, published: images.published };
    });
    await publishFiles(request, published);
    return toProductJson(row, vendor);
  });

  app.put(
    '/products/:id/approve',
    { onRequest: [app.authenticate, requireRole(['admin'])] },
    async (request): Promise<Product> => {
      const id = productIdFrom(request);
      const approved = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(products)
          .set({ status: 'approved' })
          .where(and(eq(products.id, id), eq(products.status, 'pending')))
          .returning({ vendorId: products.vendorId, name: products.name });
        if (!row) return undefined;
        await createAlert(tx, {
          userId: row.vendorId,
          type: 'product_approved',
          message: `Your product "${row.name}" was approved.`,
          link: '/admin/products',
        });
        return findProductWithVendor(tx, id);
      });
      if (approved) return toProductJson(approved.product, approved.vendor);
      const exists = await findProductWithVendor(app.db, id);
      if (!exists) throw new HttpError(404, MESSAGES.productNotFound);
      throw new HttpError(409, MESSAGES.productNotPending);
    },
  );

  app.delete('/products/:id/delete', sellers, async (request): Promise<{ message: string; archived: boolean }> => {
    const { id } = await productToChange(app, request, MESSAGES.productDeleteOwnOnly);
    const withOrders = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.productId, id)).limit(1);
    if (withOrders.length === 0) {
      try {
        const deleted = await app.db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
        if (deleted.length === 0) throw new HttpError(404, MESSAGES.productNotFound);
        return { message: MESSAGES.productDeleted, archived: false };
      } catch (error) {
        // An order arrived since the check: the foreign key keeps the product, so archive it.
        if (!isForeignKeyViolation(error)) throw error;
      }
    }
    // Orders keep their product, so it is archived, not deleted (docs/domain.md, Products).
    const archived = await app.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (archived.length === 0) throw new HttpError(404, MESSAGES.productNotFound);
    return { message: MESSAGES.productArchived, archived: true };
  });
}
