/**
 * GET /api/alerts/stream's work: server-sent events for the caller (docs/architecture.md, Live
 * alerts). `alert` for each new alert, `unread` with the count after it; each carries as `id` the
 * newest alert the stream has sent, so a client reconnecting with Last-Event-ID gets what it
 * missed. The stream sits in the process's feed (./alert-feed.ts) until its client leaves, its
 * token stops holding or the server closes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { requestLocale } from '../http/language';
import { HttpError } from '../http-error';
import { checkSession, currentSession, currentUser } from '../plugins/auth';
import { alertsAfter, countUnreadAlerts, findUserAlert, newestAlertId } from '../services/alerts';
import { isUuid } from '../validation';
import type { AlertFeed, LiveStream } from './alert-feed';

/** Alerts a reconnecting stream is sent at most (older ones are in the alert center's list). */
const REPLAY_LIMIT = 50;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** setTimeout's longest delay */
const MAX_TIMER_MS = 2 ** 31 - 1;

const eventText = (event: string, id: string | undefined, data: unknown) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Opens the caller's stream (behind app.authenticate) and hands the reply over to it; refusals
 * (the caps, a LISTEN that fails, a token revoked meanwhile) are thrown before anything is sent.
 */
export async function openAlertStream(
  db: Db,
  feed: AlertFeed,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const user = currentUser(request);
  const userId = user.id;
  // the stream speaks the language of the request that opened it (docs/architecture.md, Languages)
  const locale = requestLocale(request);
  const session = currentSession(request);
  const lastEventId = request.headers['last-event-id'];
  let lastSent = isUuid(lastEventId) ? lastEventId : undefined;
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
    write(eventText('unread', lastSent, { unread: await countUnreadAlerts(db, userId) }));
  };
  // where the stream stands: after lastSent, or (once it has been told the count) after every alert there was then
  let placed = lastSent !== undefined;
  const catchUp = async () => {
    if (placed) {
      for (const alert of await alertsAfter(db, userId, lastSent, REPLAY_LIMIT, locale)) {
        lastSent = alert._id;
        write(eventText('alert', alert._id, alert));
      }
    } else {
      lastSent = await newestAlertId(db, userId);
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
      await checkSession(db, { sub: userId, jti: session.tokenId, tv: user.tokenVersion });
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
        const alert = await findUserAlert(db, userId, alertId, locale);
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
    if (lastSent && !(await findUserAlert(db, userId, lastSent, locale))) {
      lastSent = undefined;
      placed = false;
    }
    await catchUp();
  });
  return reply;
}
