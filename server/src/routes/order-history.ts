/**
 * GET /api/orders/:id/history: the events of one order, oldest first (docs/domain.md, Order
 * history). For the order's agent, the manager of its product and admins; anyone else gets the
 * answer an unknown order gets, so the route tells nobody which orders exist. Read only: the
 * history is written by the services that change orders, never through the API.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, orderHistorySchema } from 'shared-api/contract';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { HttpError } from '../http-error';
import { signedIn, statementSession } from '../plugins/auth';
import { findOrderHistory } from '../services/order-history';

export default async function orderHistoryRoutes(app: FastifyInstance) {
  typed(app).get(
    '/orders/:id/history',
    {
      config: { access: { ...signedIn(), sessionInStatement: true } },
      schema: {
        summary: "One order's history, oldest first (its agent, the manager of its product, or an admin)",
        tags: ['orders'],
        params: idParams(MESSAGES.orderNotFound),
        response: { 200: orderHistorySchema, ...REFUSALS },
      },
    },
    async (request) => {
      const history = await findOrderHistory(app.db, statementSession(app.db, request), request.params.id);
      if (!history) throw new HttpError(404, MESSAGES.orderNotFound);
      return history;
    },
  );
}
