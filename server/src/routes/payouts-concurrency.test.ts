/**
 * Payouts racing (docs/domain.md, Payouts). On PGlite the database serialises queries (requests
 * still interleave between them); on PostgreSQL (TEST_DATABASE_URL) they really run in parallel.
 * Each race runs several rounds, and every outcome must keep the money invariant.
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRow, orders, type ProductRow, payouts, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { eventsOf } from '../test/order-history';
import { createOrderRow, createProduct, putAsAgent, putAsStaff, readOrder } from '../test/orders';
import { expectPayoutInvariant } from '../test/payouts';

const ROUNDS = 6;

describe('payouts under concurrent requests', () => {
  let t: TestApp;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let product: ProductRow;
  let otherProduct: ProductRow;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const vendor = (await createUser(t.db, { role: 'manager' })).user;
    const otherVendor = (await createUser(t.db, { role: 'manager' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    otherAdmin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
    otherProduct = await createProduct(t.db, otherVendor);
  });
  afterAll(async () => {
    await expectPayoutInvariant(t.app, admin);
    await t.close();
  });

  const newAgent = async () => (await createUser(t.db, { role: 'agent' })).user;
  const newOrder = (agent: UserRow, fields: Partial<OrderRow> = {}) =>
    createOrderRow(t.db, product, agent, { comission: 150, ...fields });
  const reference = () => `RACE-${++n}-${Date.now()}`;
  const pay = (who: UserRow, agent: UserRow, orderIds: string[], ref = reference()) =>
    injectAs(t.app, who, {
      method: 'POST',
      url: '/api/payouts',
      payload: { agentId: agent.id, orderIds, reference: ref },
    });
  const paidEvents = async (orderId: string) =>
    (await eventsOf(t.db, orderId)).filter((e) => e.changes.comissionStatus?.to === 'paid');

  it('lets exactly one of two payouts racing for one order pay it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await newAgent();
      const shared = await newOrder(agent);
      const mine = await newOrder(agent);
      const theirs = await newOrder(agent);
      const results = await Promise.all([
        pay(admin, agent, [mine.id, shared.id]),
        pay(otherAdmin, agent, [shared.id, theirs.id]),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refused = results.find((r) => r.statusCode === 409)?.json();
      expect(refused).toEqual({ message: MESSAGES.payoutOrdersNotPayable, orderIds: [shared.id] });
      const winner = results.find((r) => r.statusCode === 201)?.json() as { _id: string; orderIds: string[] };
      expect((await readOrder(t.db, shared.id)).payoutId).toBe(winner._id);
      expect(await t.db.$count(payouts, eq(payouts.agentId, agent.id))).toBe(1);
      // the loser paid nothing
      const loserOwn = winner.orderIds.includes(mine.id) ? theirs : mine;
      expect((await readOrder(t.db, loserOwn.id)).comissionStatus).toBe('unpaid');
      expect(await paidEvents(shared.id)).toHaveLength(1);
    }
    await expectPayoutInvariant(t.app, admin);
  });

  it('makes one payout of the same request sent twice at once, and answers both with it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await newAgent();
      const ids = [(await newOrder(agent)).id, (await newOrder(agent)).id];
      const ref = reference();
      const results = await Promise.all([pay(admin, agent, ids, ref), pay(admin, agent, ids, ref)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(results[0]?.json()).toEqual(results[1]?.json());
      expect(await t.db.$count(payouts, eq(payouts.agentId, agent.id))).toBe(1);
    }
    await expectPayoutInvariant(t.app, admin);
  });

  it('makes one payout of two payouts with one reference and different orders, the other answered as its retry', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await newAgent();
      const [a, b] = [await newOrder(agent), await newOrder(agent)];
      const ref = reference();
      const results = await Promise.all([pay(admin, agent, [a.id], ref), pay(admin, agent, [b.id], ref)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(results[0]?.json()).toEqual(results[1]?.json());
      const paid = await t.db.$count(orders, and(eq(orders.agentId, agent.id), eq(orders.comissionStatus, 'paid')));
      expect(paid).toBe(1);
      expect(await t.db.$count(payouts, eq(payouts.agentId, agent.id))).toBe(1);
    }
  });

  it('makes one payout of two spellings of one reference racing, for one agent or for two', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [agent, other] = [await newAgent(), await newAgent()];
      const ref = reference();
      const [a, b, c] = [await newOrder(agent), await newOrder(agent), await newOrder(other)];
      // the same agent: one payout, the other spelling answered as its retry
      const same = await Promise.all([
        pay(admin, agent, [a.id], ref),
        pay(otherAdmin, agent, [b.id], `${ref.toLowerCase()}\u200b`),
      ]);
      expect(same.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(same[0]?.json()).toEqual(same[1]?.json());
      // two agents: one payout, the other refused
      const ref2 = reference();
      const d = await newOrder(agent);
      const two = await Promise.all([
        pay(admin, agent, [d.id], ref2),
        pay(otherAdmin, other, [c.id], `\u00ad${ref2.toLowerCase()}`),
      ]);
      expect(two.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(two.find((r) => r.statusCode === 409)?.json()).toEqual({
        message: MESSAGES.payoutReferenceTaken,
        orderIds: [],
      });
      const payoutsOf = async (who: UserRow) => t.db.$count(payouts, eq(payouts.agentId, who.id));
      expect((await payoutsOf(agent)) + (await payoutsOf(other))).toBe(2);
    }
    await expectPayoutInvariant(t.app, admin);
  });

  it('lets a payout and the single-order paid selector racing for one order pay it once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await newAgent();
      const order = await newOrder(agent);
      const [batch, single] = await Promise.all([
        pay(admin, agent, [order.id]),
        putAsStaff(t.app, otherAdmin, order.id, { comissionStatus: 'paid' }),
      ]);
      // the selector asked to set paid on a paid order changes nothing (200); a payout of it is a 409
      expect(single.statusCode).toBe(200);
      expect([201, 409]).toContain(batch.statusCode);
      const stored = await readOrder(t.db, order.id);
      if (batch.statusCode === 201) expect(stored.payoutId).toBe(batch.json()._id);
      else expect(batch.json()).toEqual({ message: MESSAGES.payoutOrdersNotPayable, orderIds: [order.id] });
      expect(await paidEvents(order.id)).toHaveLength(1);
      expect(await t.db.$count(payouts, eq(payouts.agentId, agent.id))).toBe(1);
    }
    await expectPayoutInvariant(t.app, admin);
  });

  it("lets a payout and its agent's cancel racing for one order end paid or cancelled, never both", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await newAgent();
      const order = await newOrder(agent, { agentStatus: 'Ordered' });
      const [batch, cancel] = await Promise.all([
        pay(admin, agent, [order.id]),
        putAsAgent(t.app, agent, order.id, { AgentStatus: 'cancelled' }),
      ]);
      const stored = await readOrder(t.db, order.id);
      if (batch.statusCode === 201) {
        expect(cancel.statusCode).toBe(409);
        expect(stored).toMatchObject({ comissionStatus: 'paid', agentStatus: 'Ordered' });
      } else {
        expect(batch.statusCode).toBe(409);
        expect(cancel.statusCode).toBe(200);
        expect(stored).toMatchObject({ comissionStatus: 'unpaid', agentStatus: 'cancelled', payoutId: null });
      }
    }
    await expectPayoutInvariant(t.app, admin);
  });

  it('pays two payouts of one agent racing on orders of several vendors, without a deadlock reaching the caller', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await newAgent();
      const first = [await newOrder(agent), await createOrderRow(t.db, otherProduct, agent, { comission: 90 })];
      const second = [await createOrderRow(t.db, otherProduct, agent, { comission: 90 }), await newOrder(agent)];
      const results = await Promise.all([
        pay(
          admin,
          agent,
          first.map((o) => o.id),
        ),
        pay(
          otherAdmin,
          agent,
          second.map((o) => o.id),
        ),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    }
    await expectPayoutInvariant(t.app, admin);
  });
});
