import { commissionDataSchema, MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionTermsOf, type NewOrderRow, orders, type ProductRow, products, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';

describe('GET /api/{role}/comission/{id}', () => {
  let t: TestApp;
  let agent: UserRow;
  let otherAgent: UserRow;
  let manager: UserRow;
  let otherManager: UserRow;
  let admin: UserRow;
  let managerProduct: ProductRow;
  let otherProduct: ProductRow;
  let orderNumber = 0;

  const insertProduct = async (vendor: UserRow) => {
    const [product] = await t.db
      .insert(products)
      .values({
        vendorId: vendor.id,
        name: 'Desk lamp',
        category: 'Home',
        price: 25,
        comission: 300,
        status: 'approved',
      })
      .returning();
    if (!product) throw new Error('no product');
    return product;
  };
  const insertOrder = (
    who: UserRow,
    product: ProductRow,
    comission: number,
    fields: Pick<NewOrderRow, 'comissionStatus' | 'agentStatus'> = {},
  ) =>
    t.db.insert(orders).values({
      agentId: who.id,
      productId: product.id,
      reviewType: 'text',
      amzOrderNumber: `111-0000000-${String(++orderNumber).padStart(7, '0')}`,
      buyerPayPal: 'buyer@example.com',
      buyerName: 'Buyer',
      comission,
      commissionTerms: commissionTermsOf(product),
      ...fields,
    });

  beforeAll(async () => {
    t = await createTestApp();
    agent = (await createUser(t.db, { role: 'agent' })).user;
    otherAgent = (await createUser(t.db, { role: 'agent' })).user;
    manager = (await createUser(t.db, { role: 'manager' })).user;
    otherManager = (await createUser(t.db, { role: 'manager' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    managerProduct = await insertProduct(manager);
    otherProduct = await insertProduct(otherManager);

    // agent: on the manager's product and on another manager's
    await insertOrder(agent, managerProduct, 300, { comissionStatus: 'paid', agentStatus: 'Feedbacked' });
    await insertOrder(agent, managerProduct, 150.5, { comissionStatus: 'paid', agentStatus: 'Reviewed' });
    await insertOrder(agent, managerProduct, 200, { comissionStatus: 'unpaid' });
    await insertOrder(agent, otherProduct, 99.25, { comissionStatus: 'unpaid', agentStatus: 'Ordered' });
    await insertOrder(agent, managerProduct, 1000, { comissionStatus: 'unpaid', agentStatus: 'cancelled' });
    // another agent, on the manager's product
    await insertOrder(otherAgent, managerProduct, 50, { comissionStatus: 'paid' });
    await insertOrder(otherAgent, otherProduct, 70, { comissionStatus: 'unpaid' });
  });
  afterAll(() => t.close());

  const get = (who: UserRow | null, url: string) =>
    who ? injectAs(t.app, who, { method: 'GET', url }) : t.app.inject({ method: 'GET', url });

  it('answers an agent its own commission: sums over its orders that are not cancelled, by status, and their count', async () => {
    const res = await get(agent, `/api/agent/comission/${agent.id}`);
    expect(res.statusCode).toBe(200);
    expect(commissionDataSchema.parse(res.json())).toEqual({
      success: true,
      paidCommission: 450.5,
      unpaidCommission: 299.25,
      orders: 4,
    });
  });

  it("answers a manager the commission over its products' orders, of any agent, not cancelled", async () => {
    const res = await get(manager, `/api/manager/comission/${manager.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, paidCommission: 500.5, unpaidCommission: 200, orders: 4 });
  });

  it('answers zeros for a user without orders', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const res = await get(user, `/api/agent/comission/${user.id}`);
    expect(res.json()).toEqual({ success: true, paidCommission: 0, unpaidCommission: 0, orders: 0 });
    const { user: newManager } = await createUser(t.db, { role: 'manager' });
    await insertProduct(newManager);
    const managerRes = await get(newManager, `/api/manager/comission/${newManager.id}`);
    expect(managerRes.json()).toEqual({ success: true, paidCommission: 0, unpaidCommission: 0, orders: 0 });
  });

  it("lets an admin see any agent's and any manager's commission", async () => {
    const agentRes = await get(admin, `/api/agent/comission/${otherAgent.id}`);
    expect(agentRes.statusCode).toBe(200);
    expect(agentRes.json()).toEqual({ success: true, paidCommission: 50, unpaidCommission: 70, orders: 2 });
    const managerRes = await get(admin, `/api/manager/comission/${otherManager.id}`);
    expect(managerRes.statusCode).toBe(200);
    expect(managerRes.json()).toEqual({ success: true, paidCommission: 0, unpaidCommission: 169.25, orders: 2 });
  });

  it("refuses another agent's commission with 403", async () => {
    const res = await get(otherAgent, `/api/agent/comission/${agent.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You can only see your own commission.' });
  });

  it("refuses a manager asking for an agent's or another manager's commission with 403", async () => {
    expect((await get(manager, `/api/agent/comission/${agent.id}`)).statusCode).toBe(403);
    expect((await get(manager, `/api/manager/comission/${otherManager.id}`)).statusCode).toBe(403);
  });

  it('refuses a user asking under the other role, even for itself', async () => {
    expect((await get(agent, `/api/manager/comission/${agent.id}`)).statusCode).toBe(403);
    expect((await get(manager, `/api/agent/comission/${manager.id}`)).statusCode).toBe(403);
  });

  it('answers an admin 404 when the user does not have that role, or does not exist', async () => {
    for (const url of [
      `/api/agent/comission/${manager.id}`,
      `/api/manager/comission/${agent.id}`,
      `/api/agent/comission/${admin.id}`,
      '/api/agent/comission/5f1b2c3d-0000-4000-8000-000000000000',
    ]) {
      const res = await get(admin, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.userNotFound });
    }
  });

  it('answers 404 for a role other than agent or manager, and for a malformed id', async () => {
    expect((await get(admin, `/api/admin/comission/${admin.id}`)).statusCode).toBe(404);
    expect((await get(agent, `/api/agents/comission/${agent.id}`)).statusCode).toBe(404);
    const malformed = await get(agent, '/api/agent/comission/not-an-id');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: MESSAGES.userNotFound });
  });

  it('refuses a request without a token with 401', async () => {
    const res = await get(null, `/api/agent/comission/${agent.id}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.authorizationMissing });
  });
});
