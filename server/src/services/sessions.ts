/**
 * Ending sessions (docs/domain.md, Accounts and sessions). A token is refused once it is revoked
 * (a logout) or older than its user's token version; a request checks that as it comes, but a
 * live alert stream was checked once, when it opened. So whatever revokes a token also calls
 * pg_notify('sessions', <user id>) in its transaction: every API process hears it when the
 * change commits (never for one rolled back) and checks its streams of that user again, ending
 * those whose token no longer holds (docs/architecture.md, Live alerts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { type UserRow, users } from '../db/schema';
import { isUuid } from '../validation';

/** The channel a change to an account's sessions is announced on. */
export const SESSIONS_CHANNEL = 'sessions';

/** Db or a transaction: announce in the transaction that makes the change. */
type Writer = Pick<Db, 'update' | 'execute'>;

/** Tells every API process that some of the user's tokens may have been revoked. */
export async function announceSessionsChanged(db: Writer, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${userId})`);
}

/**
 * Ends every session of the account: each token signed so far is refused from now on, and every
 * live stream it holds ends, on every API process. The password change calls it; so does anything
 * later that must end an account's sessions (a suspension), in its own transaction. Answers the
 * updated row (for a new token), or undefined when there is no such user.
 */
export async function endAccountSessions(db: Writer, userId: string): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  if (updated) await announceSessionsChanged(db, userId);
  return updated;
}

/** What a notification on SESSIONS_CHANNEL carries: the user id, or nothing usable. */
export function parseSessionsNotice(payload: string): string | undefined {
  return isUuid(payload) ? payload : undefined;
}
