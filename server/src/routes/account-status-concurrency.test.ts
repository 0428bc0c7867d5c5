/**
 * Account moves racing (docs/domain.md, Accounts). On PGlite the database serialises queries
 * (requests still interleave between them); on PostgreSQL (TEST_DATABASE_URL) they really run in
 * parallel. Each race runs several rounds.
 */
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { type ProductRow, payouts, type UserRow, userEvents, users } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, readOrder } from '../test/orders';
import { expectPayoutInvariant } from '../test/payouts';

const ROUNDS = 6;

describe('account moves under concurrent requests', () => {
  let t: TestApp;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let product: ProductRow;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin' })).user;
    otherAdmin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, (await createUser(t.db, { role: 'manager' })).user);
  });
  afterAll(async () => {
    await expectPayoutInvariant(t.app, admin);
    await t.close();
  });

  const move = (who: UserRow, id: string, action: string, payload: object = { reason: 'Racing.' }) =>
    injectAs(t.app, who, { method: 'PUT', url: `/api/user/${id}/${action}`, payload });
  const statusOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]?.status;
  const eventsOf = (id: string) => t.db.select().from(userEvents).where(eq(userEvents.userId, id));
  const codes = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort();

  it('lets exactly one of two admins moving one account at once through, with one event', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const pending = (await createUser(t.db, { status: 'pending' })).user;
      const rejects = await Promise.all([move(admin, pending.id, 'reject'), move(otherAdmin, pending.id, 'reject')]);
      expect(codes(rejects)).toEqual([200, 409]);
      expect(rejects.find((r) => r.statusCode === 409)?.json().message).toBe(ACCOUNT_MESSAGES.rejectNotPending);
      expect((await eventsOf(pending.id)).map((e) => e.type)).toEqual(['rejected']);

      const racing = (await createUser(t.db, { status: 'pending' })).user;
      const [approved, rejected] = await Promise.all([
        move(admin, racing.id, 'approve', {}),
        move(otherAdmin, racing.id, 'reject'),
      ]);
      expect(codes([approved, rejected])).toEqual([200, 409]);
      const status = await statusOf(racing.id);
      expect(status).toBe(approved.statusCode === 200 ? 'approved' : 'rejected');
      expect((await eventsOf(racing.id)).map((e) => e.type)).toEqual([status]);

      const agent = (await createUser(t.db)).user;
      const suspends = await Promise.all([move(admin, agent.id, 'suspend'), move(otherAdmin, agent.id, 'suspend')]);
      expect(codes(suspends)).toEqual([200, 409]);
      expect((await eventsOf(agent.id)).map((e) => e.type)).toEqual(['suspended']);
    }
  });

  it('never leaves no approved admin when the last two suspend each other at once', async () => {
    const fresh = await createTestApp();
    try {
      const a = (await createUser(fresh.db, { role: 'admin' })).user;
      const b = (await createUser(fresh.db, { role: 'admin' })).user;
      const moveIn = (who: UserRow, id: string, action: string) =>
        injectAs(fresh.app, who, { method: 'PUT', url: `/api/user/${id}/${action}`, payload: { reason: 'Racing.' } });
      const approvedAdmins = () =>
        fresh.db.$count(users, sql`${users.role} = 'admin' and ${users.status} = 'approved'`);
      for (let round = 0; round < ROUNDS; round++) {
        const results = await Promise.all([moveIn(a, b.id, 'suspend'), moveIn(b, a.id, 'suspend')]);
        // the loser: its target is the last admin (409), or it was suspended before its own
        // request was signed in (401)
        const [first, second] = codes(results);
        expect(first).toBe(200);
        expect([401, 409]).toContain(second);
        expect(await approvedAdmins()).toBe(1);
        const refused = results.find((r) => r.statusCode !== 200)?.json().message;
        expect([ACCOUNT_MESSAGES.suspendLastAdmin, MESSAGES.sessionInvalid]).toContain(refused);
        const winner = results[0]?.statusCode === 200 ? a : b;
        const loser = winner === a ? b : a;
        expect((await moveIn(winner, loser.id, 'reactivate')).statusCode).toBe(200);
      }
    } finally {
      await fresh.close();
    }
  });

  it('never pays an order of an agent after a suspension that commits first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const agent = (await createUser(t.db)).user;
      const order = await createOrderRow(t.db, product, agent);
      const [suspended, paid] = await Promise.all([
        move(otherAdmin, agent.id, 'suspend'),
        injectAs(t.app, admin, {
          method: 'POST',
          url: '/api/payouts',
          payload: { agentId: agent.id, orderIds: [order.id], reference: `SUSPEND-RACE-${++n}-${agent.id}` },
        }),
      ]);
      expect(suspended.statusCode).toBe(200);
      expect([201, 409]).toContain(paid.statusCode);
      if (paid.statusCode === 409) {
        expect(paid.json().message).toBe(ACCOUNT_MESSAGES.payoutAgentSuspended);
        expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
      } else {
        expect((await readOrder(t.db, order.id)).comissionStatus).toBe('paid');
      }
    }
  });

  // A deterministic interleaving needs two connections: PostgreSQL only.
  it.skipIf(inject('testDatabase').kind !== 'postgres')(
    'makes a payout wait for a suspension in progress, then refuses it',
    async () => {
      const agent = (await createUser(t.db)).user;
      const order = await createOrderRow(t.db, product, agent);
      const reference = `SUSPEND-WAIT-${agent.id}`;
      let payout: ReturnType<typeof injectAs> | undefined;
      await t.db.transaction(async (tx) => {
        // the suspension's write, not yet committed
        await tx.update(users).set({ status: 'suspended', statusReason: 'Racing.' }).where(eq(users.id, agent.id));
        payout = injectAs(t.app, admin, {
          method: 'POST',
          url: '/api/payouts',
          payload: { agentId: agent.id, orderIds: [order.id], reference },
        });
        // bounded wait until the payout is blocked on the agent's row
        for (let tries = 0; tries < 200; tries++) {
          const [waiting] = rowsOf<{ n: number }>(
            await t.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            ),
          );
          if ((waiting?.n ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      });
      const res = await (payout as ReturnType<typeof injectAs>);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ACCOUNT_MESSAGES.payoutAgentSuspended);
      expect(await t.db.$count(payouts, eq(payouts.agentId, agent.id))).toBe(0);
    },
  );
});
