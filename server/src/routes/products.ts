/**
 * Products. Agents see approved products; a manager sees and changes only
 * its own; an admin sees and changes all. Archived products (deleted, but kept by their
 * orders) are never listed and cannot be edited. Reading: services/products.ts; changing:
 * services/product-changes.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  editConflictSchema,
  MESSAGES,
  productDeleteResponseSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  productUpdateInputSchema,
} from 'shared-api/contract';
import type { z } from 'zod';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { pagedQuery, pageOf, sendPage } from '../pagination';
import { currentUser, type StatementSession, signedIn, statementSession } from '../plugins/auth';
import { approveProduct, createProduct, deleteProduct, updateProduct } from '../services/product-changes';
import {
  approvedScope,
  findVisibleProduct,
  LISTED_STATUSES,
  listProducts,
  type ProductScope,
  visibleScope,
} from '../services/products';

const TAGS = ['products'];
const ANY_ROLE = signedIn();
const SELLERS = signedIn(['admin', 'manager']);
/** The lists: their count reads the caller's session (../plugins/auth.ts, sessionInStatement). */
const LISTS = { ...ANY_ROLE, sessionInStatement: true };
const SELLERS_LISTS = { ...SELLERS, sessionInStatement: true };
const productParams = idParams(MESSAGES.productNotFound);
const listQuery = pagedQuery(productListQuerySchema);

const listSchema = (summary: string) => ({
  summary,
  tags: TAGS,
  querystring: listQuery,
  response: { 200: productListSchema, ...REFUSALS },
});

export default async function productsRoutes(app: FastifyInstance) {
  const productImages = { images: app.images, publicUrl: app.settings.publicUrl };

  /**
   * The four lists: the caller's scope, the query's filters, one page; the caller's session read
   * by the list's count (LISTS: sessionInStatement, ../plugins/auth.ts).
   */
  async function productPage(
    request: FastifyRequest,
    scopeOf: (caller: StatementSession['claimed']) => ProductScope,
    query: z.output<typeof listQuery>,
    reply: FastifyReply,
  ) {
    const session = statementSession(app.db, request);
    const scope = scopeOf(session.claimed);
    const { items, total } = await listProducts(app.db, scope, query, pageOf(query), app.settings.publicUrl, session);
    return sendPage(reply, items, total);
  }

  typed(app).get(
    '/products/approved',
    { config: { access: LISTS }, schema: listSchema('A page of approved products, newest first, filtered') },
    async (request, reply) => productPage(request, approvedScope, request.query, reply),
  );

  typed(app).get(
    '/products/filter',
    {
      config: { access: LISTS },
      schema: listSchema(
        'A page of the products the caller may see (an agent: approved ones; a manager: its own; an admin: all), newest first, filtered',
      ),
    },
    async (request, reply) =>
      productPage(request, (caller) => visibleScope(caller, LISTED_STATUSES), request.query, reply),
  );

  typed(app).get(
    '/manager/products',
    {
      config: { access: SELLERS_LISTS },
      schema: listSchema("A page of a manager's own products (an admin: all), newest first, filtered"),
    },
    async (request, reply) =>
      productPage(request, (caller) => visibleScope(caller, LISTED_STATUSES), request.query, reply),
  );

  typed(app).get(
    '/products/pending',
    {
      config: { access: SELLERS_LISTS },
      schema: listSchema('A page of products waiting for approval (a manager: its own; an admin: all), newest first'),
    },
    async (request, reply) => productPage(request, (caller) => visibleScope(caller, ['pending']), request.query, reply),
  );

  typed(app).get(
    '/products/:id/singleproduct',
    {
      config: { access: ANY_ROLE },
      schema: {
        summary: 'One product: approved ones to everyone, others only to their manager and admins',
        tags: TAGS,
        params: productParams,
        response: { 200: productSchema, ...REFUSALS },
      },
    },
    async (request) => findVisibleProduct(app.db, currentUser(request), request.params.id, app.settings.publicUrl),
  );

  typed(app).post(
    '/products',
    {
      config: { access: SELLERS },
      schema: {
        summary: "A new product of the caller's: an admin's is approved at once, a manager's waits for approval",
        tags: TAGS,
        body: productInputSchema,
        response: { 201: productSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const product = await createProduct(app.db, currentUser(request), request.body, productImages, request.log);
      return reply.code(201).send(product);
    },
  );

  typed(app).put(
    '/products/:id/update',
    {
      config: { access: SELLERS },
      schema: {
        summary:
          "Edits a product (a manager: its own; an admin: any); a manager's change to what agents see sends it back to pending. With `version` (the product's as loaded), only while it is still at it: else 409 saying who changed it and when",
        tags: TAGS,
        params: productParams,
        body: productUpdateInputSchema,
        // 409 `changed`: the product changed since the version sent (docs/domain.md, Edits and versions)
        response: { 200: productSchema, 409: editConflictSchema, ...REFUSALS },
      },
    },
    async (request) =>
      updateProduct(app.db, currentUser(request), request.params.id, request.body, productImages, request.log),
  );

  typed(app).put(
    '/products/:id/approve',
    {
      config: { access: signedIn(['admin']) },
      schema: {
        summary: 'Approves a pending product and alerts its manager',
        tags: TAGS,
        params: productParams,
        response: { 200: productSchema, ...REFUSALS },
      },
    },
    async (request) => approveProduct(app.db, currentUser(request), request.params.id, app.settings.publicUrl),
  );

  typed(app).delete(
    '/products/:id/delete',
    {
      config: { access: SELLERS },
      schema: {
        summary: 'Deletes a product (a manager: its own; an admin: any), or archives it when it has orders',
        tags: TAGS,
        params: productParams,
        response: { 200: productDeleteResponseSchema, ...REFUSALS },
      },
    },
    async (request) => deleteProduct(app.db, currentUser(request), request.params.id),
  );
}
