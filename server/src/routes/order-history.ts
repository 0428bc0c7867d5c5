/**
 * GET /api/orders/:id/history: the events of one order, oldest first (docs/domain.md, Order
 * history). For the order's agent, the manager of its product and admins; anyone else gets the
 * answer an unknown order gets, so the route tells nobody which orders exist. Read only: the
 * history is written by the services that change orders, never through the API.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, type OrderHistory } from 'shared-api/contract';
import { z } from 'zod';
import { HttpError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { findOrderHistory } from '../services/order-history';
import { parseInput } from '../validation';

const idParamsSchema = z.object({ id: z.string() });

export default async function orderHistoryRoutes(app: FastifyInstance) {
  app.get('/orders/:id/history', { onRequest: [app.authenticate] }, async (request): Promise<OrderHistory> => {
    const { id } = parseInput(idParamsSchema, request.params);
    const history = await findOrderHistory(app.db, currentUser(request), id);
    if (!history) throw new HttpError(404, MESSAGES.orderNotFound);
    return history;
  });
}
