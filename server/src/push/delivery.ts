/**
 * Pushing alerts (docs/domain.md, Push notifications). The alerts' trigger queues an alert of an
 * account with a subscription in push_outbox, in the alert's own transaction; every API process
 * runs this loop, which takes queued alerts (DELETE ... FOR UPDATE SKIP LOCKED: each row is taken
 * by one process, however many run) and posts each to its account's subscriptions, encrypted
 * (RFC 8291, aes128gcm) and signed (VAPID, RFC 8292) by web-push. It runs when an alert is
 * queued (announced on the push channel every process LISTENs to; an alert of an account
 * without a subscription is not, and costs no drain) and every `everyMs` (announcements missed
 * while the LISTEN was down). At most once: an alert taken by a process that stops before
 * posting is not pushed (it stays in the alert center). A subscription the push service says is
 * gone (404, 410) is deleted. Alerts queued more than a day ago are dropped unsent.
 */
import { sql } from 'drizzle-orm';
import { type MessageLocale, type PushKind, type PushPayload, pushTitlesFor } from 'shared-api/contract';
import webpush from 'web-push';
import type { DatabaseHandle, Db } from '../db/connection';
import { rowsOf } from '../db/rows';
import type { AlertRow } from '../db/schema';
import { alertRowMessage, PUSH_CHANNEL } from '../services/alerts';
import { pushEndpointAllowed } from './endpoints';
import type { VapidKeys } from './vapid';

/** Alerts taken at a time; posts in flight at a time. */
const BATCH = 50;
const CONCURRENT_POSTS = 8;
/** A push service that does not answer within this is given up on (the alert is not retried). */
const POST_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

export interface PushDeliveryOptions {
  db: Db;
  listen: DatabaseHandle['listen'];
  vapid: VapidKeys;
  /** PUSH_ENDPOINT_ALLOW: checked again before each post (a list shortened since the subscription) */
  allowPrefixes: readonly string[];
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** default 15 s */
  everyMs?: number;
  /** default: globalThis.fetch */
  post?: typeof fetch;
}

export interface PushDelivery {
  /** Takes and pushes everything queued now; resolves with the number of alerts taken. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

interface TakenAlert extends Record<string, unknown> {
  id: string;
  user_id: string;
  type: PushKind;
  message: string;
  kind: AlertRow['kind'];
  params: AlertRow['params'];
  link: string;
  /** the recipient's language (users.locale, 'en' or 'ur' by its check): a push is read in it */
  locale: MessageLocale;
}

interface Target extends Record<string, unknown> {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds_off: string[];
}

/** Takes up to BATCH queued alerts, oldest first, and answers those to push (queued within a day). */
async function takeQueued(db: Db): Promise<{ taken: number; alerts: TakenAlert[] }> {
  const rows = rowsOf<TakenAlert & { fresh: boolean }>(
    await db.execute(sql`
      with taken as (
        delete from push_outbox where alert_id in (
          select alert_id from push_outbox order by created_at limit ${BATCH} for update skip locked
        ) returning alert_id, created_at
      )
      select a.id, a.user_id, a.type, a.message, a.kind, a.params, a.link, u.locale,
        t.created_at > now() - interval '1 day' as fresh
      from taken t join alerts a on a.id = t.alert_id join users u on u.id = a.user_id`),
  );
  return { taken: rows.length, alerts: rows.filter((row) => row.fresh) };
}

async function targetsOf(db: Db, userIds: string[]): Promise<Target[]> {
  if (userIds.length === 0) return [];
  return rowsOf<Target>(
    await db.execute(sql`
      select s.id, s.user_id, s.endpoint, s.p256dh, s.auth, coalesce(p.kinds_off, '{}'::text[]) as kinds_off
      from push_subscriptions s left join push_preferences p on p.user_id = s.user_id
      where s.user_id = any(${`{${userIds.join(',')}}`}::uuid[])`),
  );
}

/** The notification of an alert, in its recipient's language (docs/architecture.md, Languages). */
export function payloadOf(
  alert: Pick<TakenAlert, 'id' | 'type' | 'message' | 'kind' | 'params' | 'link' | 'locale'>,
): PushPayload {
  return {
    title: pushTitlesFor(alert.locale)[alert.type],
    body: alertRowMessage(alert, alert.locale),
    url: alert.link || '/',
    kind: alert.type,
    alertId: alert.id,
  };
}

/** Runs `work` on each item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function startPushDelivery(options: PushDeliveryOptions): PushDelivery {
  const { db, vapid, log } = options;
  const post = options.post ?? fetch;
  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;

  const send = async (alert: TakenAlert, target: Target) => {
    if (!pushEndpointAllowed(target.endpoint, options.allowPrefixes)) return;
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payloadOf(alert)),
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const response = await post(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : undefined,
        // a push service answers; it is never followed elsewhere
        redirect: 'manual',
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        await db.execute(sql`delete from push_subscriptions where id = ${target.id}::uuid`);
      } else if (!response.ok) {
        log.warn(
          { status: response.status, subscription: target.id, alert: alert.id },
          'push service refused a message',
        );
      }
    } catch (error) {
      log.warn({ err: error, subscription: target.id, alert: alert.id }, 'push message not delivered');
    }
  };

  const drainOnce = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const { taken, alerts } = await takeQueued(db);
      total += taken;
      if (alerts.length > 0) {
        const targets = await targetsOf(db, [...new Set(alerts.map((alert) => alert.user_id))]);
        const posts = alerts.flatMap((alert) =>
          targets
            .filter((target) => target.user_id === alert.user_id && !target.kinds_off.includes(alert.type))
            .map((target) => [alert, target] as const),
        );
        await eachLimited(posts, CONCURRENT_POSTS, ([alert, target]) => send(alert, target));
      }
      if (taken < BATCH || stopped) return total;
    }
  };

  /** One drain at a time; a call while one runs asks for another after it. */
  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = drainOnce()
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'pushing alerts failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void drain();
        }
      });
    return running;
  };

  const timer = setInterval(() => void drain(), options.everyMs ?? 15_000);
  timer.unref();
  const listening = options
    .listen(PUSH_CHANNEL, { notified: () => void drain(), reconnected: () => void drain() })
    .catch((error: unknown) => {
      log.error({ err: error }, 'push delivery could not LISTEN; it runs on its timer');
      return async () => {};
    });
  void drain();

  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await (await listening)();
      await running;
    },
  };
}
