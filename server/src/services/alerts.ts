/** Alerts are written where the events happen (orders, approvals); the alert center reads them. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Alert, AlertList } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { type AlertRow, type AlertType, alerts } from '../db/schema';
import type { Page } from '../pagination';

export interface NewAlert {
  userId: string;
  type: AlertType;
  message: string;
  /** an app route to open, or '' */
  link?: string;
}

/** Db or a transaction: an alert is written in the same transaction as its event. */
type Writer = Pick<Db, 'insert'>;

export async function createAlert(db: Writer, alert: NewAlert): Promise<void> {
  await db.insert(alerts).values({ ...alert, link: alert.link ?? '' });
}

export function toAlertJson(row: AlertRow): Alert {
  return {
    _id: row.id,
    type: row.type,
    message: row.message,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of a user's alerts, newest first; `unread` counts all of them (the badge), `total` for X-Total-Count. */
export async function listAlerts(db: Db, userId: string, page: Page): Promise<AlertList & { total: number }> {
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
  return { alerts: rows.map(toAlertJson), unread: counts?.unread ?? 0, total: counts?.total ?? 0 };
}

export async function markAllAlertsRead(db: Db, userId: string): Promise<void> {
  await db
    .update(alerts)
    .set({ read: true })
    .where(and(eq(alerts.userId, userId), eq(alerts.read, false)));
}
