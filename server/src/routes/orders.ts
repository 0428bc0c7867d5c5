/**
 * Orders. Who may call what: an agent reads and changes only its own orders, a manager only
 * orders of its own products, an admin all (docs/domain.md, Roles). Ownership is checked in the
 * services, next to the query.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  editConflictSchema,
  MESSAGES,
  type Order,
  orderAgentUpdateInputSchema,
  orderCreateInputSchema,
  orderListQuerySchema,
  orderManagerUpdateInputSchema,
  orderSchema,
  orderSearchQuerySchema,
} from 'shared-api/contract';
import { z } from 'zod';
import { requestLocale } from '../http/language';
import { idParams, optionalBody, REFUSALS, typed } from '../http/route-schemas';
import { pagedQuery, pageOf, sendPage } from '../pagination';
import { currentUser, signedIn, statementSession } from '../plugins/auth';
import { idempotencyHeadersSchema, sendOnce } from '../plugins/idempotency';
import { checkAgentListAccess } from '../services/order-access';
import { placeOrder, updateOrderByAgent, updateOrderByStaff } from '../services/order-changes';
import { type OrderFilters, orderFiltersOf } from '../services/order-query';
import { listOrders, loadOrderJson, readOrder, readOrderSignedIn } from '../services/orders';
import { imageSigner, orderSignedAgain } from '../uploads/urls';

const TAGS = ['orders'];
const orderListQuery = pagedQuery(orderListQuerySchema);
/** The staff lists: the chips plus the search (docs/domain.md, Dashboards and lists). */
const orderSearchQuery = pagedQuery(orderSearchQuerySchema);
const orderList = { 200: z.array(orderSchema), ...REFUSALS };
const oneOrder = { 200: orderSchema, ...REFUSALS };
/** An edit's answers: 409 `changed` when the order changed since the version sent (docs/domain.md, Edits and versions). */
const editedOrder = { 200: orderSchema, 409: editConflictSchema, ...REFUSALS };
const orderParams = idParams(MESSAGES.orderNotFound);

const filtersOf = (query: z.output<typeof orderListQuery>): OrderFilters => ({
  agentStatus: query.AgentStatus,
  comissionStatus: query.comissionStatus,
});

export default async function ordersRoutes(app: FastifyInstance) {
  // Every answer carrying an order goes to a caller who may see it: its private images as signed links.
  const signImage = imageSigner(app.privateLinks, app.settings.publicUrl);
  const signedAgain = (order: unknown) => orderSignedAgain(order as Order, signImage);
  const route = typed(app);

  /** A page of the orders the caller may see that match `filters`, the total in X-Total-Count. */
  async function sendList(
    request: FastifyRequest & { query: { page: number; limit: number } },
    reply: FastifyReply,
    filters: OrderFilters,
  ) {
    const page = pageOf(request.query);
    const { items, total } = await listOrders(
      app.db,
      currentUser(request),
      filters,
      page,
      signImage,
      requestLocale(request),
    );
    return sendPage(reply, items, total);
  }

  route.get(
    '/manager/orders',
    {
      config: { access: signedIn(['manager', 'admin'], 'Only managers and admins can see this list.') },
      schema: {
        summary: "A page of the orders of the caller's products (an admin: all), newest first",
        tags: TAGS,
        querystring: orderSearchQuery,
        response: orderList,
      },
    },
    (request, reply) => sendList(request, reply, orderFiltersOf(request.query)),
  );

  route.get(
    '/orders/all',
    {
      config: { access: signedIn(['admin'], 'Only admins can see all orders.') },
      schema: {
        summary: 'A page of every order, newest first',
        tags: TAGS,
        querystring: orderSearchQuery,
        response: orderList,
      },
    },
    (request, reply) => sendList(request, reply, orderFiltersOf(request.query)),
  );

  route.get(
    '/agents/:userId/orders',
    {
      config: { access: signedIn(['agent', 'admin'], "Only the agent or an admin can see an agent's orders.") },
      schema: {
        summary: "A page of one agent's orders, newest first (the agent itself, or an admin)",
        tags: TAGS,
        params: idParams(MESSAGES.agentNotFound, 'userId'),
        querystring: orderListQuery,
        response: orderList,
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const agentId = request.params.userId;
      await checkAgentListAccess(app.db, caller, agentId);
      return sendList(request, reply, { ...filtersOf(request.query), agentId });
    },
  );

  route.get(
    '/orders/filtered',
    {
      config: { access: signedIn() },
      schema: {
        summary: 'A page of the orders the caller may see, newest first',
        tags: TAGS,
        querystring: orderListQuery,
        response: orderList,
      },
    },
    (request, reply) => sendList(request, reply, filtersOf(request.query)),
  );

  route.get(
    '/order/:id',
    {
      config: { access: { ...signedIn(), sessionInStatement: true } },
      schema: {
        summary: 'One order (its agent, the manager of its product, or an admin)',
        tags: TAGS,
        params: orderParams,
        response: oneOrder,
      },
    },
    async (request) =>
      readOrderSignedIn(
        app.db,
        statementSession(app.db, request),
        request.params.id,
        signImage,
        requestLocale(request),
      ),
  );

  route.post(
    '/orders',
    {
      config: { access: { ...signedIn(['agent'], 'Only agents can place orders.'), sessionInStatement: true } },
      schema: {
        summary: 'Places an order of an approved product (agents)',
        tags: TAGS,
        headers: idempotencyHeadersSchema,
        body: orderCreateInputSchema,
        response: { 201: orderSchema, ...REFUSALS },
      },
    },
    (request, reply) =>
      sendOnce(
        app.db,
        request,
        reply,
        async (db) => {
          const orderId = await placeOrder(db, statementSession(app.db, request), request.body, app.settings);
          return { status: 201, body: await loadOrderJson(db, orderId, signImage, 'agent') };
        },
        { replayed: signedAgain },
      ),
  );

  route.put(
    '/orders/agent/:id',
    {
      config: { access: signedIn(['agent'], 'Only the agent who placed this order can change it here.') },
      schema: {
        summary:
          "The agent's change to its own order (fields, screenshots, agent status); with `version`, only while the order is still at it",
        tags: TAGS,
        params: orderParams,
        headers: idempotencyHeadersSchema,
        body: optionalBody(orderAgentUpdateInputSchema),
        response: editedOrder,
      },
    },
    (request, reply) =>
      sendOnce(
        app.db,
        request,
        reply,
        async (db) => {
          await updateOrderByAgent(db, currentUser(request), request.params.id, request.body, app.settings);
          return { status: 200, body: await loadOrderJson(db, request.params.id, signImage, 'agent') };
        },
        { replayed: signedAgain },
      ),
  );

  route.put(
    '/orders/:id',
    {
      config: {
        access: signedIn(['manager', 'admin'], "Only the product's manager or an admin can change this order."),
      },
      schema: {
        summary:
          "The staff's change to an order (status, refund screenshot, commission status); with `version`, only while the order is still at it",
        tags: TAGS,
        params: orderParams,
        body: optionalBody(orderManagerUpdateInputSchema),
        response: editedOrder,
      },
    },
    async (request) => {
      await updateOrderByStaff(app.db, currentUser(request), request.params.id, request.body, app.settings);
      // as GET /api/order/:id answers staff: with the order's flags (docs/domain.md, Fraud signals)
      return readOrder(app.db, currentUser(request), request.params.id, signImage, requestLocale(request));
    },
  );
}
