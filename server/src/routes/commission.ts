/**
 * GET /api/agent/comission/:id and GET /api/manager/comission/:id (the API's spelling): the
 * sums of `comission` over the orders that are not cancelled, split by comissionStatus, and
 * their count — an agent's own orders, or the orders of a manager's products
 * (docs/domain.md, Money: the figures). Only for that user itself, or an admin.
 */
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CommissionData, MESSAGES } from 'shared-api/contract';
import { z } from 'zod';
import { orders, products } from '../db/schema';
import { HttpError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { findUserById } from '../users';
import { isUuid, parseInput } from '../validation';

const idParamsSchema = z.object({ id: z.string() });

type CommissionRole = 'agent' | 'manager';

const sumWhere = (condition: SQL) =>
  sql`coalesce(sum(${orders.comission}) filter (where ${condition}), 0)`.mapWith(Number);
const figures = {
  paidCommission: sumWhere(sql`${orders.comissionStatus} = 'paid'`),
  unpaidCommission: sumWhere(sql`${orders.comissionStatus} = 'unpaid'`),
  orders: sql`count(*)`.mapWith(Number),
};

export default async function commissionRoutes(app: FastifyInstance) {
  /** The target user's id, once the caller may see its commission as `role`. */
  async function authorizedTarget(request: FastifyRequest, role: CommissionRole): Promise<string> {
    const { id: rawId } = parseInput(idParamsSchema, request.params);
    if (!isUuid(rawId)) throw new HttpError(404, MESSAGES.userNotFound);
    // UUIDs compare without case (the database does too)
    const id = rawId.toLowerCase();
    const caller = currentUser(request);
    if (caller.role === 'admin') {
      const target = await findUserById(app.db, id);
      if (!target || target.role !== role) throw new HttpError(404, MESSAGES.userNotFound);
    } else if (caller.id !== id || caller.role !== role) {
      throw new HttpError(403, 'You can only see your own commission.');
    }
    return id;
  }

  const notCancelled = ne(orders.agentStatus, 'cancelled');

  app.get('/agent/comission/:id', { onRequest: [app.authenticate] }, async (request): Promise<CommissionData> => {
    const agentId = await authorizedTarget(request, 'agent');
    const [row] = await app.db
      .select(figures)
      .from(orders)
      .where(and(eq(orders.agentId, agentId), notCancelled));
    return { success: true, paidCommission: 0, unpaidCommission: 0, orders: 0, ...row };
  });

  app.get('/manager/comission/:id', { onRequest: [app.authenticate] }, async (request): Promise<CommissionData> => {
    const managerId = await authorizedTarget(request, 'manager');
    const [row] = await app.db
      .select(figures)
      .from(orders)
      .innerJoin(products, eq(orders.productId, products.id))
      .where(and(eq(products.vendorId, managerId), notCancelled));
    return { success: true, paidCommission: 0, unpaidCommission: 0, orders: 0, ...row };
  });
}
