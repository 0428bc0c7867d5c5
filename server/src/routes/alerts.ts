/**
 * The alert center (docs/domain.md, Alerts): each caller reads and clears only its own
 * alerts. Alerts are written where their events happen (see ../services/alerts.ts).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AlertList, TOTAL_COUNT_HEADER } from 'shared-api/contract';
import { alerts } from '../db/schema';
import { type Page, parsePage } from '../pagination';
import { currentUser } from '../plugins/auth';
import { toAlertJson } from '../services/alerts';

export default async function alertsRoutes(app: FastifyInstance) {
  /** A page of the caller's alerts, newest first; unread counts all of them (the badge), X-Total-Count the total. */
  async function sendAlertList(request: FastifyRequest, reply: FastifyReply, page: Page): Promise<AlertList> {
    const userId = currentUser(request).id;
    const [rows, [counts]] = await Promise.all([
      app.db
        .select()
        .from(alerts)
        .where(eq(alerts.userId, userId))
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(page.limit)
        .offset(page.offset),
      app.db
        .select({
          total: count().mapWith(Number),
          unread: sql`count(*) filter (where not ${alerts.read})`.mapWith(Number),
        })
        .from(alerts)
        .where(eq(alerts.userId, userId)),
    ]);
    reply.header(TOTAL_COUNT_HEADER, String(counts?.total ?? 0));
    return { alerts: rows.map(toAlertJson), unread: counts?.unread ?? 0 };
  }

  app.get('/alerts', { onRequest: [app.authenticate] }, (request, reply) =>
    sendAlertList(request, reply, parsePage(request.query)),
  );

  app.put('/alerts/read-all', { onRequest: [app.authenticate] }, async (request, reply): Promise<AlertList> => {
    // The page is checked first, so a refused request marks nothing read.
    const page = parsePage(request.query);
    await app.db
      .update(alerts)
      .set({ read: true })
      .where(and(eq(alerts.userId, currentUser(request).id), eq(alerts.read, false)));
    return sendAlertList(request, reply, page);
  });
}
