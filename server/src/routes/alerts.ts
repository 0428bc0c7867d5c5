/**
 * The alert center (docs/domain.md, Alerts): each caller reads and clears only its own
 * alerts. Alerts are written where their events happen (see ../services/alerts.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { alertListSchema, paginationQuerySchema, TOTAL_COUNT_HEADER } from 'shared-api/contract';
import { REFUSALS, typed } from '../http/route-schemas';
import { type Page, pageOf } from '../pagination';
import { currentUser } from '../plugins/auth';
import { listAlerts, markAllAlertsRead } from '../services/alerts';

const schema = (summary: string) => ({
  summary,
  tags: ['alerts'],
  security: [{ bearer: [] }],
  querystring: paginationQuerySchema,
  response: { 200: alertListSchema, ...REFUSALS },
});

export default async function alertsRoutes(app: FastifyInstance) {
  async function alertPage(userId: string, page: Page, reply: FastifyReply) {
    const { total, ...list } = await listAlerts(app.db, userId, page);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return list;
  }

  typed(app).get(
    '/alerts',
    {
      onRequest: [app.authenticate],
      schema: schema("A page of the caller's alerts, newest first, and the unread count"),
    },
    async (request, reply) => alertPage(currentUser(request).id, pageOf(request.query), reply),
  );

  typed(app).put(
    '/alerts/read-all',
    {
      onRequest: [app.authenticate],
      schema: schema('Marks every alert of the caller read; answers the page asked for'),
    },
    async (request, reply) => {
      // The page was checked by the schema before this runs, so a refused request marks nothing read.
      const userId = currentUser(request).id;
      await markAllAlertsRead(app.db, userId);
      return alertPage(userId, pageOf(request.query), reply);
    },
  );
}
