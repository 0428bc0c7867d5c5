/**
 * Orders. Who may call what: an agent reads and changes only its own orders, a manager only
 * orders of its own products, an admin all (docs/domain.md, Roles).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MESSAGES,
  type Order,
  orderAgentUpdateInputSchema,
  orderCreateInputSchema,
  orderListQuerySchema,
  orderManagerUpdateInputSchema,
  orderSearchQuerySchema,
  type Role,
} from 'shared-api/contract';
import { HttpError } from '../http-error';
import { parsePage, sendPage } from '../pagination';
import { currentUser } from '../plugins/auth';
import { toOrderJson } from '../serializers';
import { ORDER_REFUSALS, placeOrder, updateOrderByAgent, updateOrderByStaff } from '../services/order-changes';
import { findOrderJoin, listOrders, loadOrderJson, type OrderFilters, orderFiltersOf } from '../services/orders';
import { imageSigner } from '../uploads/urls';
import { findUserById } from '../users';
import { isUuid, parseInput } from '../validation';

/** Role check with a sentence saying who may do it (after app.authenticate). */
function allowRoles(roles: Role[], message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!roles.includes(currentUser(request).role)) throw new HttpError(403, message);
  };
}

function parseFilters(query: unknown): OrderFilters {
  const { AgentStatus, comissionStatus } = parseInput(orderListQuerySchema, query ?? {});
  return { agentStatus: AgentStatus, comissionStatus };
}

/** The staff lists: the chips plus the search (docs/domain.md, Dashboards and lists). */
const parseSearch = (query: unknown): OrderFilters => orderFiltersOf(parseInput(orderSearchQuerySchema, query ?? {}));

const param = (request: FastifyRequest, name: string): unknown => (request.params as Record<string, unknown>)[name];

export default async function ordersRoutes(app: FastifyInstance) {
  // Every answer carrying an order goes to a caller who may see it: its private images as signed links.
  const signImage = imageSigner(app.privateLinks, app.settings.publicUrl);
  const listRoute = async (request: FastifyRequest, filters: OrderFilters = {}, parse = parseFilters) => {
    const page = parsePage(request.query);
    const query = { ...parse(request.query), ...filters };
    return listOrders(app.db, currentUser(request), query, page, signImage);
  };

  app.get(
    '/manager/orders',
    {
      onRequest: [app.authenticate, allowRoles(['manager', 'admin'], 'Only managers and admins can see this list.')],
    },
    async (request, reply): Promise<Order[]> => {
      const { items, total } = await listRoute(request, {}, parseSearch);
      return sendPage(reply, items, total);
    },
  );

  app.get(
    '/orders/all',
    { onRequest: [app.authenticate, allowRoles(['admin'], 'Only admins can see all orders.')] },
    async (request, reply): Promise<Order[]> => {
      const { items, total } = await listRoute(request, {}, parseSearch);
      return sendPage(reply, items, total);
    },
  );

  app.get(
    '/agents/:userId/orders',
    {
      onRequest: [
        app.authenticate,
        allowRoles(['agent', 'admin'], "Only the agent or an admin can see an agent's orders."),
      ],
    },
    async (request, reply): Promise<Order[]> => {
      const caller = currentUser(request);
      const rawUserId = param(request, 'userId');
      if (!isUuid(rawUserId)) throw new HttpError(404, MESSAGES.agentNotFound);
      // UUIDs compare without case (the database does too)
      const userId = rawUserId.toLowerCase();
      if (caller.role === 'agent' && userId !== caller.id) throw new HttpError(403, ORDER_REFUSALS.notOwnOrder);
      if (caller.role === 'admin') {
        const target = await findUserById(app.db, userId);
        if (target?.role !== 'agent') throw new HttpError(404, MESSAGES.agentNotFound);
      }
      const { items, total } = await listRoute(request, { agentId: userId });
      return sendPage(reply, items, total);
    },
  );

  app.get('/orders/filtered', { onRequest: [app.authenticate] }, async (request, reply): Promise<Order[]> => {
    const { items, total } = await listRoute(request);
    return sendPage(reply, items, total);
  });

  app.get('/order/:id', { onRequest: [app.authenticate] }, async (request): Promise<Order> => {
    const caller = currentUser(request);
    const id = param(request, 'id');
    const row = isUuid(id) ? await findOrderJoin(app.db, id) : undefined;
    if (!row) throw new HttpError(404, MESSAGES.orderNotFound);
    if (caller.role === 'agent' && row.order.agentId !== caller.id) {
      throw new HttpError(403, ORDER_REFUSALS.notOwnOrder);
    }
    if (caller.role === 'manager' && row.product.vendorId !== caller.id) {
      throw new HttpError(403, ORDER_REFUSALS.notOwnProductsOrder);
    }
    return toOrderJson(row, signImage);
  });

  app.post(
    '/orders',
    { onRequest: [app.authenticate, allowRoles(['agent'], 'Only agents can place orders.')] },
    async (request, reply): Promise<Order> => {
      const input = parseInput(orderCreateInputSchema, request.body);
      const orderId = await placeOrder(app.db, currentUser(request), input, app.settings);
      return reply.code(201).send(await loadOrderJson(app.db, orderId, signImage));
    },
  );

  app.put(
    '/orders/agent/:id',
    {
      onRequest: [app.authenticate, allowRoles(['agent'], 'Only the agent who placed this order can change it here.')],
    },
    async (request): Promise<Order> => {
      const id = param(request, 'id');
      if (!isUuid(id)) throw new HttpError(404, MESSAGES.orderNotFound);
      const input = parseInput(orderAgentUpdateInputSchema, request.body ?? {});
      await updateOrderByAgent(app.db, currentUser(request), id, input, app.settings);
      return loadOrderJson(app.db, id, signImage);
    },
  );

  app.put(
    '/orders/:id',
    {
      onRequest: [
        app.authenticate,
        allowRoles(['manager', 'admin'], "Only the product's manager or an admin can change this order."),
      ],
    },
    async (request): Promise<Order> => {
      const id = param(request, 'id');
      if (!isUuid(id)) throw new HttpError(404, MESSAGES.orderNotFound);
      const input = parseInput(orderManagerUpdateInputSchema, request.body ?? {});
      await updateOrderByStaff(app.db, currentUser(request), id, input, app.settings);
      return loadOrderJson(app.db, id, signImage);
    },
  );
}
