/**
 * An account's history (docs/domain.md, Accounts): every status change, edit, password reset
 * and payout-account change is an event written here, in the transaction of the change. The
 * database refuses to change or delete them (drizzle/0021_user_events.sql).
 */
import type { UserEventType } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { type UserRow, userEvents } from '../db/schema';
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
