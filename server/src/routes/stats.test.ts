import { orderStatsSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import { commissionTermsOf, orders, type ProductRow, products, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp, type TestIdentity } from '../test/helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

async function insertProduct(db: Db, vendor: UserRow): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({ vendorId: vendor.id, name: 'Lamp', category: 'Home', price: 10, comission: 100, status: 'approved' })
    .returning();
  if (!row) throw new Error('no product inserted');
  return row;
}

let orderNumber = 0;
async function insertOrder(db: Db, product: ProductRow, agent: UserRow, createdAt: Date) {
  orderNumber += 1;
  await db.insert(orders).values({
    productId: product.id,
    agentId: agent.id,
    reviewType: 'no review',
    amzOrderNumber: `111-2222222-${String(orderNumber).padStart(7, '0')}`,
    buyerPayPal: 'buyer@example.com',
    buyerName: 'Buyer',
    comission: 100,
    commissionTerms: commissionTermsOf(product),
    createdAt,
  });
}

describe('GET /api/stats/orders', () => {
  let t: TestApp;
  let agentX: UserRow;
  let agentY: UserRow;
  let managerA: UserRow;
  let managerB: UserRow;
  const now = new Date();
  const today = utcDay(now);
  const threeDaysAgo = utcDay(new Date(now.getTime() - 3 * DAY_MS));

  beforeAll(async () => {
    t = await createTestApp();
    agentX = (await createUser(t.db, { role: 'agent' })).user;
    agentY = (await createUser(t.db, { role: 'agent' })).user;
    managerA = (await createUser(t.db, { role: 'manager' })).user;
    managerB = (await createUser(t.db, { role: 'manager' })).user;
    const productA = await insertProduct(t.db, managerA);
    const productB = await insertProduct(t.db, managerB);
    const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);
    await insertOrder(t.db, productA, agentX, daysAgo(0));
    await insertOrder(t.db, productB, agentX, daysAgo(3));
    await insertOrder(t.db, productA, agentX, daysAgo(40));
    await insertOrder(t.db, productB, agentY, daysAgo(0));
    await insertOrder(t.db, productB, agentY, daysAgo(0));
    await insertOrder(t.db, productA, agentY, daysAgo(3));
    await insertOrder(t.db, productB, agentY, daysAgo(40));
  });
  afterAll(() => t.close());

  /** The answer as { date: count } of the days that have orders, after checking its shape. */
  async function statsOf(who: TestIdentity) {
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/stats/orders' });
    expect(res.statusCode).toBe(200);
    const days = orderStatsSchema.parse(res.json());
    expect(days).toHaveLength(30);
    // Consecutive days, oldest first, today (UTC) last.
    expect(days.at(-1)?.date).toBe(today);
    days.forEach((day, i) => {
      expect(day.date).toBe(utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - (29 - i) * DAY_MS)));
    });
    return Object.fromEntries(days.filter((d) => d.count > 0).map((d) => [d.date, d.count]));
  }

  it("counts an agent's own orders of the last 30 days", async () => {
    expect(await statsOf(agentX)).toEqual({ [today]: 1, [threeDaysAgo]: 1 });
    expect(await statsOf(agentY)).toEqual({ [today]: 2, [threeDaysAgo]: 1 });
  });

  it("counts the orders of a manager's own products", async () => {
    expect(await statsOf(managerA)).toEqual({ [today]: 1, [threeDaysAgo]: 1 });
    expect(await statsOf(managerB)).toEqual({ [today]: 2, [threeDaysAgo]: 1 });
  });

  it('counts every order for an admin', async () => {
    expect(await statsOf('admin')).toEqual({ [today]: 3, [threeDaysAgo]: 2 });
  });

  it('answers 30 zero days to a caller without orders', async () => {
    expect(await statsOf('agent')).toEqual({});
  });

  it('refuses a request without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/orders' })).statusCode).toBe(401);
  });
});
