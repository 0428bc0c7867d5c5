/**
 * An account's history (docs/domain.md, Accounts): every status change, edit, password reset
 * and payout-account change is an event written here, in the transaction of the change. The
 * database refuses to change or delete them (drizzle/0021_user_events.sql).
 */
import { asc, eq } from 'drizzle-orm';
import { MESSAGES, type UserEvent, type UserEventType } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { type UserRow, userEvents, users } from '../db/schema';
import { HttpError } from '../http-error';
import { fullName } from '../serializers';

type Tx = Pick<Db, 'insert'>;

/** Who changes an account: the caller as it is at the time (the person itself, or an admin). */
export type UserActor = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'role'>;

export interface UserEventInput {
  userId: string;
  type: UserEventType;
  /** words the person may read */
  reason?: string | null;
  /** the admins' note, never shown to the person */
  note?: string | null;
  changes?: Record<string, { from: unknown; to: unknown }>;
}

/** Writes one event of an account's history; call it inside the change's transaction. */
export async function recordUserEvent(tx: Tx, actor: UserActor, event: UserEventInput): Promise<void> {
  await tx.insert(userEvents).values({
    userId: event.userId,
    actorId: actor.id,
    actorName: fullName(actor),
    actorRole: actor.role,
    type: event.type,
    reason: event.reason ?? null,
    note: event.note ?? null,
    changes: event.changes ?? {},
  });
}

/**
 * GET /api/users/:id/history: the account's events, oldest first. An admin reads anyone's, with
 * the admins' notes; the person reads its own, without them; anyone else is refused (403, as
 * for another agent's commission). `userId` is a lower-case UUID.
 */
export async function readUserHistory(
  db: Db,
  caller: Pick<UserRow, 'id' | 'role'>,
  userId: string,
): Promise<UserEvent[]> {
  const isAdmin = caller.role === 'admin';
  if (!isAdmin && caller.id !== userId) throw new HttpError(403, MESSAGES.forbidden);
  if (isAdmin) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new HttpError(404, MESSAGES.userNotFound);
  }
  return accountEvents(db, userId, { withNotes: isAdmin });
}

/** An account's events, oldest first; the admins' notes only when `withNotes` (an admin reads them). */
export async function accountEvents(
  db: Pick<Db, 'select'>,
  userId: string,
  { withNotes }: { withNotes: boolean },
): Promise<UserEvent[]> {
  const rows = await db
    .select()
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(asc(userEvents.at), asc(userEvents.seq));
  return rows.map((row) => ({
    _id: row.id,
    at: row.at.toISOString(),
    actor: { _id: row.actorId, name: row.actorName, role: row.actorRole },
    type: row.type,
    reason: row.reason,
    ...(withNotes ? { note: row.note } : {}),
    changes: row.changes,
  }));
}
