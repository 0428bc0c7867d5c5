/**
 * The alert center (docs/domain.md, Alerts): each caller reads and clears only its own
 * alerts. Alerts are written where their events happen (see ../services/alerts.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { alertListSchema, MESSAGES, paginationQuerySchema, TOTAL_COUNT_HEADER } from 'shared-api/contract';
import { z } from 'zod';
import { REFUSALS, typed } from '../http/route-schemas';
import { HttpError } from '../http-error';
import { createAlertFeed, type LiveStream, type StreamLimits } from '../live/alert-feed';
import { type Page, pageOf } from '../pagination';
import { checkSession, currentSession, currentUser, signedIn } from '../plugins/auth';
import {
  alertsAfter,
  countUnreadAlerts,
  findUserAlert,
  listAlerts,
  markAllAlertsRead,
  newestAlertId,
} from '../services/alerts';

const schema = (summary: string) => ({
  summary,
  tags: ['alerts'],
  querystring: paginationQuerySchema,
  response: { 200: alertListSchema, ...REFUSALS },
});

export default async function alertsRoutes(app: FastifyInstance, options: { streamLimits?: StreamLimits } = {}) {
  async function alertPage(userId: string, page: Page, reply: FastifyReply) {
    const { total, ...list } = await listAlerts(app.db, userId, page);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return list;
  }

  typed(app).get(
    '/alerts',
    {
      config: { access: signedIn() },
      schema: schema("A page of the caller's alerts, newest first, and the unread count"),
    },
    async (request, reply) => alertPage(currentUser(request).id, pageOf(request.query), reply),
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
      return alertPage(userId, pageOf(request.query), reply);
    },
  );

  alertStreamRoute(app, options.streamLimits);
}

/** Alerts a reconnecting stream is sent at most (older ones are in the alert center's list). */
const REPLAY_LIMIT = 50;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** setTimeout's longest delay */
const MAX_TIMER_MS = 2 ** 31 - 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const eventText = (event: string, id: string | undefined, data: unknown) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /alerts/stream: server-sent events for the caller (docs/architecture.md, Live alerts).
 * `alert` for each new alert, `unread` with the count after it; each carries as `id` the newest
 * alert the stream has sent, so a client reconnecting with Last-Event-ID gets what it missed.
 */
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
    async (request, reply) => {
      const user = currentUser(request);
      const userId = user.id;
      const session = currentSession(request);
      const lastEventId = request.headers['last-event-id'];
      let lastSent = typeof lastEventId === 'string' && UUID.test(lastEventId) ? lastEventId : undefined;
      const raw = reply.raw;
      // a delivery may finish after the client left or the server ended the stream
      const write = (text: string) => {
        if (!raw.writableEnded && !raw.destroyed) raw.write(text);
      };
      // one write after another, so an alert and its count never cross
      let queue = Promise.resolve();
      const enqueue = (work: () => Promise<void>) => {
        queue = queue.then(work).catch((error: unknown) => {
          request.log.warn({ err: error }, 'a live alert could not be sent');
        });
      };
      const sendUnread = async () => {
        write(eventText('unread', lastSent, { unread: await countUnreadAlerts(app.db, userId) }));
      };
      // where the stream stands: after lastSent, or (once it has been told the count) after every alert there was then
      let placed = lastSent !== undefined;
      const catchUp = async () => {
        if (placed) {
          for (const alert of await alertsAfter(app.db, userId, lastSent, REPLAY_LIMIT)) {
            lastSent = alert._id;
            write(eventText('alert', alert._id, alert));
          }
        } else {
          lastSent = await newestAlertId(app.db, userId);
          placed = true;
        }
        await sendUnread();
      };
      let heartbeat: NodeJS.Timeout | undefined;
      let expiry: NodeJS.Timeout | undefined;
      let opened = false;
      /** why the stream's token stopped holding, once it has */
      let refusal: HttpError | undefined;
      // Ends the stream and frees its place in the caps at once (the client's own close too).
      const finish = () => {
        feed.remove(stream);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        if (opened && !raw.writableEnded) raw.end();
      };
      // The token is checked as a request's would be: a logout, a password change or
      // endAccountSessions on any process ends the stream (../services/sessions.ts).
      const sessionHolds = async () => {
        if (refusal) return false;
        try {
          await checkSession(app.db, { sub: userId, jti: session.tokenId, tv: user.tokenVersion });
          return true;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          refusal ??= error;
          finish();
          return false;
        }
      };
      const stream: LiveStream = {
        userId,
        deliver: (alertId) =>
          enqueue(async () => {
            const alert = await findUserAlert(app.db, userId, alertId);
            if (!alert || raw.writableEnded) return;
            lastSent = alert._id;
            write(eventText('alert', alert._id, alert));
            await sendUnread();
          }),
        resync: () => enqueue(catchUp),
        recheck: () => {
          sessionHolds().catch((error: unknown) => {
            // the database did not answer: the token stays trusted as it was, as a request would fail
            request.log.warn({ err: error }, "a live stream's session could not be checked");
          });
        },
        end: finish,
      };

      const added = feed.add(stream);
      if (added === 'user-full') throw new HttpError(429, MESSAGES.alertStreamsPerUser);
      if (added === 'full') throw new HttpError(503, MESSAGES.alertStreamsFull);
      try {
        await feed.listening();
      } catch (error) {
        feed.remove(stream);
        request.log.error({ err: error }, 'LISTEN for live alerts failed');
        throw new HttpError(503, MESSAGES.alertStreamUnavailable);
      }
      // A revocation committed after app.authenticate and before the LISTENs heard anything is
      // seen here; one committed later is heard (the stream is in the feed by now).
      try {
        if (!(await sessionHolds())) throw refusal ?? new HttpError(401, MESSAGES.sessionInvalid);
      } catch (error) {
        feed.remove(stream);
        throw error;
      }
      raw.on('close', finish);

      reply.hijack();
      // the headers the hooks set (CORS, security) are sent by hand once the reply is hijacked
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, typeof value === 'number' ? String(value) : value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      opened = true;
      heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
      // an expired token ends its stream too (a timer of more than about 24.8 days would fire at once)
      const untilExpiry = session.expiresAt.getTime() - Date.now();
      if (untilExpiry <= MAX_TIMER_MS) expiry = setTimeout(finish, Math.max(untilExpiry, 0));
      enqueue(async () => {
        // a Last-Event-ID that is not one of the caller's alerts places the stream nowhere
        if (lastSent && !(await findUserAlert(app.db, userId, lastSent))) {
          lastSent = undefined;
          placed = false;
        }
        await catchUp();
      });
      return reply;
    },
  );
}
