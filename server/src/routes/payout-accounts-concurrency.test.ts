/**
 * A payout and a change of the agent's payout account racing (docs/domain.md, Payout accounts).
 * On PGlite the database serialises queries; on PostgreSQL (TEST_DATABASE_URL) they run in
 * parallel. Every outcome must be one of the two orders the locks allow.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { PAYOUT_ACCOUNT_MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlags, type ProductRow, payouts, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, insertUpload, orderBody, readOrder } from '../test/orders';
import { expectPayoutInvariant } from '../test/payouts';

const ROUNDS = 6;

describe('payout accounts under concurrent requests', () => {
  let t: TestApp;
  let admin: UserRow;
  let product: ProductRow;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, (await createUser(t.db, { role: 'manager' })).user);
  });
  afterAll(async () => {
    await expectPayoutInvariant(t.app, admin);
    await t.close();
  });

  const newAgent = async () => (await createUser(t.db, { role: 'agent' })).user;
  const wallet = () => `+92301${String(++n).padStart(7, '0')}`;
  const setAccount = (agent: UserRow, account: string) =>
    injectAs(t.app, agent, {
      method: 'PUT',
      url: '/api/user/payout-account',
      payload: { method: 'jazzcash', account },
    });
  const pay = (agent: UserRow, orderId: string) =>
    injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/payouts',
      payload: { agentId: agent.id, orderIds: [orderId], reference: `ACC-RACE-${++n}-${Date.now()}` },
    });

  it('pays the old account before the change, or refuses without the confirmation after it; never the new one unconfirmed', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await newAgent();
      const before = wallet();
      const after = wallet();
      expect((await setAccount(agent, before)).statusCode).toBe(200);
      const order = await createOrderRow(t.db, product, agent);
      const [change, payment] = await Promise.all([setAccount(agent, after), pay(agent, order.id)]);
      expect(change.statusCode, change.body).toBe(200);
      if (payment.statusCode === 201) {
        const [stored] = await t.db.select().from(payouts).where(eq(payouts.id, payment.json()._id));
        expect(stored?.account).toBe(before);
        outcomes.add('paid the old account');
      } else {
        expect(payment.statusCode, payment.body).toBe(409);
        expect(payment.json().message).toBe(PAYOUT_ACCOUNT_MESSAGES.confirmRequired);
        expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
        outcomes.add('refused');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('either pays an order before payout-account-shared holds it, or holds it and refuses the payment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first = await newAgent();
      const second = await newAgent();
      const shared = wallet();
      expect((await setAccount(first, shared)).statusCode).toBe(200);
      const order = await createOrderRow(t.db, product, first);
      const [change, payment] = await Promise.all([setAccount(second, shared), pay(first, order.id)]);
      expect(change.statusCode, change.body).toBe(200);
      const paid = (await readOrder(t.db, order.id)).comissionStatus === 'paid';
      const open = await t.db.$count(
        orderFlags,
        and(
          eq(orderFlags.orderId, order.id),
          eq(orderFlags.code, 'payout-account-shared'),
          isNull(orderFlags.dismissedAt),
        ),
      );
      expect(payment.statusCode, payment.body).toBe(paid ? 201 : 409);
      // a paid order is never held after the fact; an unpaid one is held
      expect(open).toBe(paid ? 0 : 1);
    }
  });

  it('flags an order placed while another agent sets the same account, whichever commits first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first = await newAgent();
      const second = await newAgent();
      const shared = wallet();
      expect((await setAccount(first, shared)).statusCode).toBe(200);
      const payload = orderBody(product.id, { orderScreenshot: await insertUpload(t.db, first) });
      const [placed, change] = await Promise.all([
        injectAs(t.app, first, { method: 'POST', url: '/api/orders', payload }),
        setAccount(second, shared),
      ]);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(change.statusCode, change.body).toBe(200);
      const [flag] = await t.db
        .select()
        .from(orderFlags)
        .where(and(eq(orderFlags.orderId, placed.json()._id), eq(orderFlags.code, 'payout-account-shared')));
      expect(flag?.relatedUserIds).toEqual([second.id]);
      expect(flag?.dismissedAt).toBeNull();
    }
  });
});
