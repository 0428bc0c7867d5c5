/**
 * What drizzle/0021_user_events.sql keeps in the database itself (docs/domain.md, Accounts): an
 * account's history cannot be rewritten (no UPDATE, DELETE or TRUNCATE, not even with ordinary
 * triggers switched off), and an account with a history cannot be deleted.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordUserEvent } from '../services/user-events';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import { type UserRow, userEvents, users } from './schema';

/** Drizzle wraps driver errors; the SQLSTATE is on the cause. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

const RAISED = 'P0001';

describe('user_events in the database', () => {
  let t: TestDatabase;
  let admin: UserRow;
  let agent: UserRow;

  beforeAll(async () => {
    t = await createTestDatabase();
    admin = (await createUser(t.db, { role: 'admin' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
    await t.db.transaction((tx) =>
      recordUserEvent(tx, admin, {
        userId: agent.id,
        type: 'suspended',
        reason: 'Fake reviews.',
        note: 'seen twice',
        changes: { status: { from: 'approved', to: 'suspended' } },
      }),
    );
  });
  afterAll(() => t.close());

  const history = () => t.db.select().from(userEvents).where(eq(userEvents.userId, agent.id));

  it('refuses to change, delete or empty the history, also with ordinary triggers switched off', async () => {
    const before = await history();
    expect(before.map((e) => [e.type, e.reason, e.note, e.actorId])).toEqual([
      ['suspended', 'Fake reviews.', 'seen twice', admin.id],
    ]);
    const ofAgent = eq(userEvents.userId, agent.id);
    expect(await sqlState(t.db.update(userEvents).set({ reason: 'Nothing happened.' }).where(ofAgent))).toBe(RAISED);
    expect(await sqlState(t.db.update(userEvents).set({ note: null }).where(ofAgent))).toBe(RAISED);
    expect(await sqlState(t.db.delete(userEvents).where(ofAgent))).toBe(RAISED);
    expect(await sqlState(t.db.execute(sql`truncate ${userEvents}`))).toBe(RAISED);
    const asReplica = (statement: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(statement);
      });
    expect(await sqlState(asReplica(sql`delete from ${userEvents}`))).toBe(RAISED);
    expect(await sqlState(asReplica(sql`truncate ${userEvents}`))).toBe(RAISED);
    expect(await history()).toEqual(before);
  });

  it('refuses to delete an account that has a history', async () => {
    // ON DELETE RESTRICT: PostgreSQL 15 says 23503 (foreign_key_violation), PGlite 23001 (restrict_violation).
    expect(['23503', '23001']).toContain(await sqlState(t.db.delete(users).where(eq(users.id, agent.id))));
    expect(await t.db.$count(users, eq(users.id, agent.id))).toBe(1);
  });

  it('refuses an event type, an actor role or changes it does not know', async () => {
    const event = {
      userId: agent.id,
      actorId: admin.id,
      actorName: 'Admin',
      actorRole: 'admin' as const,
      type: 'approved' as const,
    };
    expect(await sqlState(t.db.insert(userEvents).values({ ...event, type: 'erased' as 'approved' }))).toBe('23514');
    expect(await sqlState(t.db.insert(userEvents).values({ ...event, actorRole: 'root' as 'admin' }))).toBe('23514');
    expect(await sqlState(t.db.insert(userEvents).values({ ...event, changes: [] as never }))).toBe('23514');
  });
});
