import { MESSAGES, orderSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow, UserRow } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, getAs } from '../test/orders';

/**
 * Two managers' products, two agents, five orders o1..o5 (o5 newest):
 *   o1 agent1 productA submitted unpaid   o2 agent1 productB cancelled unpaid
 *   o3 agent2 productA Ordered   paid     o4 agent2 productB submitted paid
 *   o5 agent1 productA cancelled unpaid
 */
describe('order lists and GET /api/order/:id', () => {
  let t: TestApp;
  let managerA: UserRow;
  let managerB: UserRow;
  let agent1: UserRow;
  let agent2: UserRow;
  let referrer: UserRow;
  let admin: UserRow;
  let o: OrderRow[];

  beforeAll(async () => {
    t = await createTestApp();
    managerA = (await createUser(t.db, { role: 'manager', firstName: 'Maha', lastName: 'A' })).user;
    managerB = (await createUser(t.db, { role: 'manager' })).user;
    referrer = (await createUser(t.db, { role: 'agent', firstName: 'Rafi', lastName: 'R' })).user;
    agent1 = (await createUser(t.db, { role: 'agent', referralUserId: referrer.id })).user;
    agent2 = (await createUser(t.db, { role: 'agent' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    const productA = await createProduct(t.db, managerA, { name: 'Product A' });
    const productB = await createProduct(t.db, managerB, { name: 'Product B' });
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
    o = [
      await createOrderRow(t.db, productA, agent1, { createdAt: at(1) }),
      await createOrderRow(t.db, productB, agent1, { createdAt: at(2), agentStatus: 'cancelled' }),
      await createOrderRow(t.db, productA, agent2, {
        createdAt: at(3),
        agentStatus: 'Ordered',
        comissionStatus: 'paid',
      }),
      await createOrderRow(t.db, productB, agent2, { createdAt: at(4), comissionStatus: 'paid' }),
      await createOrderRow(t.db, productA, agent1, { createdAt: at(5), agentStatus: 'cancelled' }),
    ];
  });
  afterAll(() => t.close());

  /** The ids of orders o1..o5 by their numbers, in the given order. */
  const ids = (...numbers: number[]) => numbers.map((n) => o[n - 1]?.id);

  const list = async (who: UserRow | 'manager' | 'agent', url: string) => {
    const res = await getAs(t.app, who, url);
    expect(res.statusCode, res.body).toBe(200);
    const body = orderSchema.array().parse(res.json());
    return { ids: body.map((order) => order._id), total: Number(res.headers['x-total-count']), body };
  };

  describe('GET /api/manager/orders', () => {
    it("answers a manager the orders of the manager's own products, newest first", async () => {
      expect(await list(managerA, '/api/manager/orders')).toMatchObject({ ids: ids(5, 3, 1), total: 3 });
      expect(await list(managerB, '/api/manager/orders')).toMatchObject({ ids: ids(4, 2), total: 2 });
    });

    it('answers an admin every order', async () => {
      expect(await list(admin, '/api/manager/orders')).toMatchObject({ ids: ids(5, 4, 3, 2, 1), total: 5 });
    });

    it('refuses agents with 403', async () => {
      const res = await getAs(t.app, agent1, '/api/manager/orders');
      expect(res.statusCode).toBe(403);
    });

    it("filters a manager's orders by agent status and commission status", async () => {
      expect(await list(managerA, '/api/manager/orders?AgentStatus=Cancelled')).toMatchObject({
        ids: ids(5),
        total: 1,
      });
      expect(await list(managerA, '/api/manager/orders?comissionStatus=paid')).toMatchObject({ ids: ids(3), total: 1 });
    });
  });

  describe('GET /api/orders/all', () => {
    it('answers an admin every order, newest first, paged', async () => {
      expect(await list(admin, '/api/orders/all')).toMatchObject({ ids: ids(5, 4, 3, 2, 1), total: 5 });
      expect(await list(admin, '/api/orders/all?limit=2')).toMatchObject({ ids: ids(5, 4), total: 5 });
      expect(await list(admin, '/api/orders/all?limit=2&page=2')).toMatchObject({ ids: ids(3, 2), total: 5 });
      expect(await list(admin, '/api/orders/all?limit=2&page=3')).toMatchObject({ ids: ids(1), total: 5 });
      expect(await list(admin, '/api/orders/all?limit=2&page=4')).toMatchObject({ ids: [], total: 5 });
    });

    it('refuses managers and agents with 403', async () => {
      for (const who of [managerA, agent1]) {
        const res = await getAs(t.app, who, '/api/orders/all');
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Only admins can see all orders.');
      }
    });
  });

  describe('GET /api/agents/:userId/orders', () => {
    it("answers an agent the agent's own orders", async () => {
      expect(await list(agent1, `/api/agents/${agent1.id}/orders`)).toMatchObject({ ids: ids(5, 2, 1), total: 3 });
    });

    it("answers an admin any agent's orders, with filters", async () => {
      expect(await list(admin, `/api/agents/${agent2.id}/orders`)).toMatchObject({ ids: ids(4, 3), total: 2 });
      expect(await list(admin, `/api/agents/${agent1.id}/orders?AgentStatus=cancelled&limit=1`)).toMatchObject({
        ids: ids(5),
        total: 2,
      });
    });

    it("refuses another agent's orders and managers with 403", async () => {
      const other = await getAs(t.app, agent2, `/api/agents/${agent1.id}/orders`);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('You can only see and change your own orders.');
      expect((await getAs(t.app, managerA, `/api/agents/${agent1.id}/orders`)).statusCode).toBe(403);
    });

    it('answers 404 for a malformed id, an unknown user and a user who is not an agent', async () => {
      for (const id of ['not-an-id', '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', managerA.id]) {
        const res = await getAs(t.app, admin, `/api/agents/${id}/orders`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Agent not found.' });
      }
      expect((await getAs(t.app, agent1, '/api/agents/not-an-id/orders')).statusCode).toBe(404);
    });
  });

  describe('GET /api/orders/filtered', () => {
    it('answers each caller only the orders the caller may see', async () => {
      expect(await list(agent1, '/api/orders/filtered')).toMatchObject({ ids: ids(5, 2, 1), total: 3 });
      expect(await list(agent2, '/api/orders/filtered')).toMatchObject({ ids: ids(4, 3), total: 2 });
      expect(await list(managerA, '/api/orders/filtered')).toMatchObject({ ids: ids(5, 3, 1), total: 3 });
      expect(await list(admin, '/api/orders/filtered')).toMatchObject({ ids: ids(5, 4, 3, 2, 1), total: 5 });
    });

    it("accepts 'Cancelled' and 'cancelled' for the agent status", async () => {
      expect(await list(admin, '/api/orders/filtered?AgentStatus=Cancelled')).toMatchObject({ ids: ids(5, 2) });
      expect(await list(admin, '/api/orders/filtered?AgentStatus=cancelled')).toMatchObject({ ids: ids(5, 2) });
      expect(await list(agent1, '/api/orders/filtered?AgentStatus=submitted')).toMatchObject({ ids: ids(1) });
    });

    it('filters by commission status and combines the filters', async () => {
      expect(await list(admin, '/api/orders/filtered?comissionStatus=paid')).toMatchObject({ ids: ids(4, 3) });
      expect(await list(admin, '/api/orders/filtered?comissionStatus=unpaid')).toMatchObject({ ids: ids(5, 2, 1) });
      expect(await list(admin, '/api/orders/filtered?AgentStatus=submitted&comissionStatus=paid')).toMatchObject({
        ids: ids(4),
        total: 1,
      });
      expect(await list(agent2, '/api/orders/filtered?AgentStatus=Ordered&comissionStatus=paid')).toMatchObject({
        ids: ids(3),
        total: 1,
      });
      expect(await list(agent1, '/api/orders/filtered?comissionStatus=paid')).toMatchObject({ ids: [], total: 0 });
    });

    it('treats an empty filter as no filter', async () => {
      expect(await list(admin, '/api/orders/filtered?AgentStatus=&comissionStatus=')).toMatchObject({ total: 5 });
    });

    it('refuses unknown filter values and bad paging with 400', async () => {
      for (const query of [
        'AgentStatus=Shipped',
        'comissionStatus=maybe',
        'AgentStatus=submitted&AgentStatus=Ordered',
        'page=0',
        'limit=1000',
        'page=abc',
      ]) {
        const res = await getAs(t.app, admin, `/api/orders/filtered?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
    });
  });

  it('refuses every list without a token with 401', async () => {
    for (const url of [
      '/api/manager/orders',
      '/api/orders/all',
      `/api/agents/${agent1.id}/orders`,
      '/api/orders/filtered',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  describe('GET /api/order/:id', () => {
    it('answers the agent who placed it, with product, vendor and referrer', async () => {
      const res = await getAs(t.app, agent1, `/api/order/${o[0]?.id}`);
      expect(res.statusCode).toBe(200);
      expect(orderSchema.parse(res.json())).toMatchObject({
        _id: o[0]?.id,
        product: { name: 'Product A', vendor: { _id: managerA.id, name: 'Maha A' } },
        agent: { _id: agent1.id, referralUserId: { _id: referrer.id, firstName: 'Rafi', lastName: 'R' } },
      });
    });

    it("answers the product's manager and any admin", async () => {
      expect((await getAs(t.app, managerA, `/api/order/${o[0]?.id}`)).statusCode).toBe(200);
      expect((await getAs(t.app, admin, `/api/order/${o[1]?.id}`)).statusCode).toBe(200);
    });

    it('refuses another agent and another manager with 403', async () => {
      const agentRes = await getAs(t.app, agent2, `/api/order/${o[0]?.id}`);
      expect(agentRes.statusCode).toBe(403);
      expect(agentRes.json().message).toBe('You can only see and change your own orders.');
      const managerRes = await getAs(t.app, managerB, `/api/order/${o[0]?.id}`);
      expect(managerRes.statusCode).toBe(403);
      expect(managerRes.json().message).toBe('You can only see and change orders of your own products.');
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', 'xyz', '1%20or%201=1']) {
        const res = await getAs(t.app, admin, `/api/order/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: MESSAGES.orderNotFound });
      }
    });

    it('refuses a request without a token with 401', async () => {
      expect((await t.app.inject({ method: 'GET', url: `/api/order/${o[0]?.id}` })).statusCode).toBe(401);
    });
  });
});

describe('order list order', () => {
  it('breaks ties of the same creation time by id, newest id first', async () => {
    const t = await createTestApp();
    try {
      const { user: manager } = await createUser(t.db, { role: 'manager' });
      const { user: agent } = await createUser(t.db, { role: 'agent' });
      const product = await createProduct(t.db, manager);
      const createdAt = new Date(Date.UTC(2025, 5, 1));
      const made = [];
      for (let i = 0; i < 4; i++) made.push(await createOrderRow(t.db, product, agent, { createdAt }));
      const expected = made.map((order) => order.id).sort((a, b) => (a < b ? 1 : -1));
      const first = await getAs(t.app, agent, '/api/orders/filtered?limit=2');
      const second = await getAs(t.app, agent, '/api/orders/filtered?limit=2&page=2');
      const seen = [...first.json(), ...second.json()].map((order: { _id: string }) => order._id);
      expect(seen).toEqual(expected);
    } finally {
      await t.close();
    }
  });
});
