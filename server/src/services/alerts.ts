/** Alerts are written where the events happen (orders, approvals); the alert center reads them. */
import type { Alert } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { type AlertRow, type AlertType, alerts } from '../db/schema';

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
