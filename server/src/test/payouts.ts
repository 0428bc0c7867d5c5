/** Checks on payouts for the tests (docs/domain.md, Payouts): the money invariant over every agent. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { commissionDataSchema } from 'shared-api/contract';
import { expect } from 'vitest';
import type { Db } from '../db/connection';
import { orders, payouts, users } from '../db/schema';
import { injectAs, type TestIdentity } from './helpers';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * In SQL: every paid order belongs to exactly one payout (and only a paid order to one), and each
 * payout's agent, count and total are those of its orders.
 */
export async function expectPayoutsMatchOrders(db: Db): Promise<void> {
  const unpaidInPayout = await db.execute(sql`
    select o.id from ${orders} o
    where (o.comission_status = 'paid') <> (o.payout_id is not null)`);
  expect(rowsOf(unpaidInPayout), 'paid orders without a payout, or unpaid ones in one').toEqual([]);
  const wrongPayouts = await db.execute(sql`
    select p.id, p.orders, p.total::text, count(o.id)::integer as counted, coalesce(sum(o.comission), 0)::text as summed
    from ${payouts} p left join ${orders} o on o.payout_id = p.id
    group by p.id
    having p.orders <> count(o.id) or p.total <> coalesce(sum(o.comission), 0) or bool_or(o.agent_id <> p.agent_id)`);
  expect(rowsOf(wrongPayouts), 'payouts whose count, total or agent is not their orders').toEqual([]);
}

/** expectPayoutsMatchOrders, and for every agent the sum of its payouts is its paidCommission as GET /api/agent/comission/:id answers it. */
export async function expectPayoutInvariant(app: FastifyInstance, admin: TestIdentity): Promise<void> {
  await expectPayoutsMatchOrders(app.db);
  const agents = rowsOf<{ id: string; paid: string }>(
    await app.db.execute(sql`
      select u.id, coalesce((select sum(p.total) from ${payouts} p where p.agent_id = u.id), 0)::text as paid
      from ${users} u where u.role = 'agent'`),
  );
  for (const agent of agents) {
    const res = await injectAs(app, admin, { method: 'GET', url: `/api/agent/comission/${agent.id}` });
    const figures = commissionDataSchema.parse(res.json());
    expect(figures.paidCommission, `agent ${agent.id}: paidCommission`).toBeCloseTo(Number(agent.paid), 2);
  }
}
