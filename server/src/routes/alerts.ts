/**
 * The alert center (docs/domain.md, Alerts): each caller reads and clears only its own
 * alerts. Alerts are written where their events happen (see ../services/alerts.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { alertListSchema, paginationQuerySchema, TOTAL_COUNT_HEADER } from 'shared-api/contract';
import { z } from 'zod';
import { requestLocale } from '../http/language';
import { REFUSALS, typed } from '../http/route-schemas';
import { createAlertFeed, type StreamLimits } from '../live/alert-feed';
import { openAlertStream } from '../live/alert-stream';
import { type Page, pageOf } from '../pagination';
import { currentUser, signedIn } from '../plugins/auth';
import { listAlerts, markAllAlertsRead } from '../services/alerts';

const schema = (summary: string) => ({
  summary,
  tags: ['alerts'],
  querystring: paginationQuerySchema,
  response: { 200: alertListSchema, ...REFUSALS },
});

export default async function alertsRoutes(app: FastifyInstance, options: { streamLimits?: StreamLimits } = {}) {
  async function alertPage(request: FastifyRequest, userId: string, page: Page, reply: FastifyReply) {
    // each alert's sentence in the request's language (docs/architecture.md, Languages)
    const { total, ...list } = await listAlerts(app.db, userId, page, requestLocale(request));
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return list;
  }

  typed(app).get(
    '/alerts',
    {
      config: { access: signedIn() },
      schema: schema("A page of the caller's alerts, newest first, and the unread count"),
    },
    async (request, reply) => alertPage(request, currentUser(request).id, pageOf(request.query), reply),
  );

  typed(app).put(
    '/alerts/read-all',
    {
      config: { access: signedIn() },
      schema: schema('Marks every alert of the caller read; answers the page asked for'),
    },
    async (request, reply) => {
      // The page was checked by the schema before this runs, so a refused request marks nothing read.
      const userId = currentUser(request).id;
      await markAllAlertsRead(app.db, userId);
      return alertPage(request, userId, pageOf(request.query), reply);
    },
  );

  alertStreamRoute(app, options.streamLimits);
}

/** GET /alerts/stream: the caller's alerts, live (../live/alert-stream.ts). */
function alertStreamRoute(app: FastifyInstance, limits: StreamLimits | undefined) {
  const feed = createAlertFeed(app.listenDatabase, limits);
  // before the server waits for open requests to end: a stream never would
  app.addHook('preClose', () => feed.close());

  typed(app).get(
    '/alerts/stream',
    {
      config: { access: signedIn() },
      exposeHeadRoute: false,
      schema: {
        summary: "The caller's new alerts and unread count, live (server-sent events)",
        description:
          'Events: `alert` (data: an alert), then `unread` (data: `{ "unread": n }`); `unread` also on opening. Each `id` is the newest alert sent: reconnect with `Last-Event-ID` to receive the alerts written since. A comment line every 25 s. The server ends the stream once its token no longer holds (a logout, a password change, every session of the account ended, its expiry). At most 5 streams per account (429) and a cap per server (503).',
        tags: ['alerts'],
        response: {
          200: {
            description: 'An event stream that stays open',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => openAlertStream(app.db, feed, request, reply),
  );
}
