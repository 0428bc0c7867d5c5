/**
 * Alerts are written where the events happen (orders, approvals); the alert center reads them.
 * An alert is stored as its kind and the values of its sentence, and read in the reader's
 * language (docs/architecture.md, Languages); its `message` column keeps the English sentence.
 */
import { and, count, desc, eq, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  ALERT_KIND_TYPES,
  type Alert,
  type AlertContent,
  type AlertList,
  alertMessage,
  alertMessageIn,
  type MessageLocale,
} from 'shared-api/contract';
import type { Db } from '../db/connection';
import { placeholdersOf, transactionStatement } from '../db/prepared';
import { type AlertRow, type AlertType, alerts } from '../db/schema';
import type { Page } from '../pagination';

/**
 * An alert to write: an event's kind and values (every alert the app raises), or a text in one
 * language (kind '', as every alert was before kinds; tests use it for alerts whose wording
 * does not matter).
 */
export type NewAlert = {
  userId: string;
  /** an app route to open, or '' */
  link?: string;
} & (AlertContent | { kind?: undefined; type: AlertType; message: string });

/** Db or a transaction: an alert is written in the same transaction as its event. */
type Writer = Pick<Db, 'insert' | 'execute'>;

/** The channel new alerts are announced on (docs/architecture.md, Live alerts). */
export const ALERTS_CHANNEL = 'alerts';
/**
 * The channel an alert queued for pushing is announced on (its account has a subscription:
 * push_outbox's trigger), so the push delivery runs for those alone (docs/domain.md, Push
 * notifications), not for every alert.
 */
export const PUSH_CHANNEL = 'push';

/** What a notification on ALERTS_CHANNEL carries: whose alert, and which (well under NOTIFY's 8000 bytes). */
export const alertNotice = (userId: string, alertId: string) => `${userId}:${alertId}`;

export function parseAlertNotice(payload: string): { userId: string; alertId: string } | undefined {
  const [userId, alertId, ...rest] = payload.split(':');
  return userId && alertId && rest.length === 0 ? { userId, alertId } : undefined;
}

/** What writing an alert answers: its id, and whether push_outbox's trigger queued it (drizzle/0031_push_subscriptions.sql). */
const ALERT_WRITTEN = {
  id: alerts.id,
  queued: sql<boolean>`exists (select 1 from push_subscriptions s where s.user_id = "alerts"."user_id")`,
};

const insertAlertOfKind = transactionStatement('alert_of_kind_insert', (tx, name) =>
  tx
    .insert(alerts)
    .values(placeholdersOf(['userId', 'link', 'type', 'message', 'kind', 'params'] as const))
    .returning(ALERT_WRITTEN)
    .prepare(name),
);

/**
 * Writes the alert and announces it to every API process's live streams, and to their push
 * delivery when it was queued for pushing. NOTIFY in a
 * transaction is delivered when it commits, and never when it rolls back, so a stream only
 * hears of alerts that exist.
 */
export async function createAlert(db: Writer, alert: NewAlert): Promise<void> {
  const written =
    alert.kind === undefined
      ? { type: alert.type, message: alert.message }
      : // the English message from the same builder the readers' sentences come from, so they never differ
        { type: ALERT_KIND_TYPES[alert.kind], message: alertMessage(alert), kind: alert.kind, params: alert.params };
  const values = { userId: alert.userId, link: alert.link ?? '', ...written };
  const [row] =
    // an alert of a kind, in a transaction (an order placed...): its statement is built once
    'kind' in values && is(db, PgTransaction)
      ? await insertAlertOfKind(db).execute(values)
      : await db.insert(alerts).values(values).returning(ALERT_WRITTEN);
  if (!row) return;
  const notice = alertNotice(alert.userId, row.id);
  await db.execute(
    row.queued
      ? sql`select pg_notify(${ALERTS_CHANNEL}, ${notice}), pg_notify(${PUSH_CHANNEL}, '')`
      : sql`select pg_notify(${ALERTS_CHANNEL}, ${notice})`,
  );
}

/** The sentence of a stored alert in `locale`: built from its kind and values; a row without a kind, its message. */
export function alertRowMessage(row: Pick<AlertRow, 'kind' | 'params' | 'message'>, locale: MessageLocale): string {
  if (row.kind === '') return row.message;
  // the row's params were written by createAlert for this kind (the column's type cannot say which)
  return alertMessageIn(locale, { kind: row.kind, params: row.params } as AlertContent);
}

export function toAlertJson(row: AlertRow, locale: MessageLocale): Alert {
  return {
    _id: row.id,
    type: row.type,
    message: alertRowMessage(row, locale),
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of a user's alerts, newest first; `unread` counts all of them (the badge), `total` for X-Total-Count. */
export async function listAlerts(
  db: Db,
  userId: string,
  page: Page,
  locale: MessageLocale,
): Promise<AlertList & { total: number }> {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(alerts)
      .where(eq(alerts.userId, userId))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: count().mapWith(Number),
        unread: sql`count(*) filter (where not ${alerts.read})`.mapWith(Number),
      })
      .from(alerts)
      .where(eq(alerts.userId, userId)),
  ]);
  return {
    alerts: rows.map((row) => toAlertJson(row, locale)),
    unread: counts?.unread ?? 0,
    total: counts?.total ?? 0,
  };
}

export async function markAllAlertsRead(db: Db, userId: string): Promise<void> {
  await db
    .update(alerts)
    .set({ read: true })
    .where(and(eq(alerts.userId, userId), eq(alerts.read, false)));
}

/** One alert of the user (undefined when it is not theirs or is gone). */
export async function findUserAlert(
  db: Db,
  userId: string,
  alertId: string,
  locale: MessageLocale,
): Promise<Alert | undefined> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.id, alertId)));
  return row && toAlertJson(row, locale);
}

export async function countUnreadAlerts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count().mapWith(Number) })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.read, false)));
  return row?.unread ?? 0;
}

/**
 * The user's alerts written after the one with id `afterId` (all of them without one), oldest
 * first, at most `limit`: what a live stream missed while it was away. None when `afterId` is
 * not one of theirs.
 */
export async function alertsAfter(
  db: Db,
  userId: string,
  afterId: string | undefined,
  limit: number,
  locale: MessageLocale,
): Promise<Alert[]> {
  const after =
    afterId === undefined
      ? undefined
      : sql`(${alerts.createdAt}, ${alerts.id}) > (select a.created_at, a.id from ${alerts} a where a.id = ${afterId} and a.user_id = ${userId})`;
  const rows = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), after))
    .orderBy(alerts.createdAt, alerts.id)
    .limit(limit);
  return rows.map((row) => toAlertJson(row, locale));
}

/** The id of the user's newest alert, if any (where a stream that has missed nothing stands). */
export async function newestAlertId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(1);
  return row?.id;
}
