/**
 * An account's status moves (docs/domain.md, Accounts): an admin rejects a pending registration,
 * suspends an approved account or reactivates a suspended one. Each move is one conditional
 * UPDATE (`WHERE status = <the status it moves from>`), so of two admins moving one account at
 * once one gets through and the other a 409 saying why, and writes its user_events row in the
 * same transaction. A suspension (and a rejection) also ends every session of the person.
 */
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, MESSAGES, type User, type UserEventType, type UserStatus } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { users } from '../db/schema';
import { HttpError } from '../http-error';
import type { SignedInUser } from '../plugins/auth';
import { endAccountSessions } from './sessions';
import { recordUserEvent } from './user-events';
import { type PrivateLink, userForAdmin } from './users';

export type StatusMove = 'reject' | 'suspend' | 'reactivate';

interface MoveRule {
  from: UserStatus;
  to: UserStatus;
  event: UserEventType;
  /** the 409 when the account is not in `from` */
  wrongStatus: string;
  /** the person's sessions end with the move */
  endsSessions: boolean;
}

const MOVES: Record<StatusMove, MoveRule> = {
  reject: {
    from: 'pending',
    to: 'rejected',
    event: 'rejected',
    wrongStatus: ACCOUNT_MESSAGES.rejectNotPending,
    endsSessions: true,
  },
  suspend: {
    from: 'approved',
    to: 'suspended',
    event: 'suspended',
    wrongStatus: ACCOUNT_MESSAGES.suspendNotApproved,
    endsSessions: true,
  },
  reactivate: {
    from: 'suspended',
    to: 'approved',
    event: 'reactivated',
    wrongStatus: ACCOUNT_MESSAGES.reactivateNotSuspended,
    endsSessions: false,
  },
};

/** Another approved admin than `id` exists (read under the admins' row locks, see moveAccount). */
const anotherApprovedAdmin = (id: string): SQL =>
  sql`exists (select 1 from ${users} other where other.role = 'admin' and other.status = 'approved' and other.id <> ${id})`;

/**
 * Moves the account `id` (a lower-case UUID) by `move`, as `admin`, with `reason` (trimmed;
 * required to reject and suspend, optional to reactivate, where it goes in the history only). Answers the user as an admin sees it. Refusals: 404 unknown user; 409
 * wrong status, oneself, the last approved admin.
 */
export async function moveAccount(
  db: Db,
  admin: SignedInUser,
  id: string,
  move: StatusMove,
  reason: string | null,
  link: PrivateLink,
): Promise<User> {
  const rule = MOVES[move];
  if (move === 'suspend' && id === admin.id) throw new HttpError(409, ACCOUNT_MESSAGES.suspendSelf);
  await db.transaction(async (tx) => {
    if (move === 'suspend') {
      // Two admins suspending each other at once would each see the other still approved and
      // leave no admin: the approved admins' rows are locked first (in id order), so the second
      // waits for the first and then counts the admins as they are.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')))
        .orderBy(asc(users.id))
        .for('update');
    }
    const [moved] = await tx
      .update(users)
      .set({ status: rule.to, statusReason: rule.to === 'approved' ? null : reason })
      .where(
        and(
          eq(users.id, id),
          // the status the decision was made on: of two moves at once, one gets through
          eq(users.status, rule.from),
          move === 'suspend' ? sql`(${ne(users.role, 'admin')} or ${anotherApprovedAdmin(id)})` : undefined,
        ),
      )
      .returning({ id: users.id });
    if (!moved) {
      const [existing] = await tx
        .select({ status: users.status, role: users.role })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      if (!existing) throw new HttpError(404, MESSAGES.userNotFound);
      if (existing.status !== rule.from) throw new HttpError(409, rule.wrongStatus);
      throw new HttpError(409, ACCOUNT_MESSAGES.suspendLastAdmin);
    }
    // every token of the person is refused from now on, and its live streams end, on every process
    if (rule.endsSessions) await endAccountSessions(tx, id);
    await recordUserEvent(tx, admin, {
      userId: id,
      type: rule.event,
      reason,
      changes: { status: { from: rule.from, to: rule.to } },
    });
  });
  return userForAdmin(db, id, link);
}
