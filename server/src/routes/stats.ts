/** The dashboards' chart: orders per day, within what the caller may see (services/stats.ts). */
import type { FastifyInstance } from 'fastify';
import { orderStatsSchema } from 'shared-api/contract';
import { REFUSALS, typed } from '../http/route-schemas';
import { currentUser, signedIn } from '../plugins/auth';
import { ordersPerDay } from '../services/stats';

export default async function statsRoutes(app: FastifyInstance) {
  typed(app).get(
    '/stats/orders',
    {
      config: { access: signedIn() },
      schema: {
        summary: 'Orders per day over the last 30 days (UTC), oldest first',
        tags: ['dashboards'],
        response: { 200: orderStatsSchema, ...REFUSALS },
      },
    },
    async (request) => ordersPerDay(app.db, currentUser(request)),
  );
}
