import { MESSAGES, orderSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow, ProductRow, UserRow } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, getAs } from '../test/orders';

/**
 * The staff lists' search (GET /api/orders/all, GET /api/manager/orders): two managers, two
 * agents and six orders with known numbers, buyers, days and commissions:
 *
 *   o1 zara  lampA  111-4455001-0000001  Sara Khan       sara.khan@pay.example   2025-03-01 00:00:00.000Z  150  submitted unpaid
 *   o2 zara  mugA   222-0000002-0000002  John Smith      jsmith@pay.example      2025-03-01 23:59:59.999Z  300  Ordered   paid
 *   o3 omar  lampA  333-0000003-0000003  Mary O'Brien    mob@wallet.example      2025-03-02 00:00:00.000Z  150  cancelled unpaid
 *   o4 omar  kettleB 444-0000004-4455004 Ali Raza        ali.raza@pay.example    2025-03-03 12:00:00.000Z   50  submitted unpaid
 *   o5 zara  kettleB 555-0000005-0000005 Nadia Smithson  nadia@wallet.example    2025-03-04 08:30:00.000Z  300  Reviewed  paid
 *   o6 omar  mugA   666-0000006-0000006 Percent 100%_x  pct@pay.example         2025-03-05 00:00:00.000Z  200  submitted unpaid
 */
describe('the staff order search', () => {
  let t: TestApp;
  let managerA: UserRow;
  let managerB: UserRow;
  let zara: UserRow;
  let omar: UserRow;
  let admin: UserRow;
  let lampA: ProductRow;
  let mugA: ProductRow;
  let kettleB: ProductRow;
  let o: OrderRow[];

  beforeAll(async () => {
    t = await createTestApp();
    managerA = (await createUser(t.db, { role: 'manager' })).user;
    managerB = (await createUser(t.db, { role: 'manager' })).user;
    zara = (
      await createUser(t.db, { role: 'agent', firstName: 'Zara', lastName: 'Qadir', email: 'zq.agent@mail.test' })
    ).user;
    omar = (
      await createUser(t.db, { role: 'agent', firstName: 'Omar', lastName: 'Farooq', email: 'of.agent@mail.test' })
    ).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    lampA = await createProduct(t.db, managerA, { name: 'Desk lamp' });
    mugA = await createProduct(t.db, managerA, { name: 'Mug' });
    kettleB = await createProduct(t.db, managerB, { name: 'Kettle' });
    const at = (iso: string) => new Date(iso);
    o = [
      await createOrderRow(t.db, lampA, zara, {
        amzOrderNumber: '111-4455001-0000001',
        buyerName: 'Sara Khan',
        buyerPayPal: 'sara.khan@pay.example',
        createdAt: at('2025-03-01T00:00:00.000Z'),
        comission: 150,
      }),
      await createOrderRow(t.db, mugA, zara, {
        amzOrderNumber: '222-0000002-0000002',
        buyerName: 'John Smith',
        buyerPayPal: 'jsmith@pay.example',
        createdAt: at('2025-03-01T23:59:59.999Z'),
        comission: 300,
        agentStatus: 'Ordered',
        comissionStatus: 'paid',
      }),
      await createOrderRow(t.db, lampA, omar, {
        amzOrderNumber: '333-0000003-0000003',
        buyerName: "Mary O'Brien",
        buyerPayPal: 'mob@wallet.example',
        createdAt: at('2025-03-02T00:00:00.000Z'),
        comission: 150,
        agentStatus: 'cancelled',
      }),
      await createOrderRow(t.db, kettleB, omar, {
        amzOrderNumber: '444-0000004-4455004',
        buyerName: 'Ali Raza',
        buyerPayPal: 'ali.raza@pay.example',
        createdAt: at('2025-03-03T12:00:00.000Z'),
        comission: 50,
      }),
      await createOrderRow(t.db, kettleB, zara, {
        amzOrderNumber: '555-0000005-0000005',
        buyerName: 'Nadia Smithson',
        buyerPayPal: 'nadia@wallet.example',
        createdAt: at('2025-03-04T08:30:00.000Z'),
        comission: 300,
        agentStatus: 'Reviewed',
        comissionStatus: 'paid',
      }),
      await createOrderRow(t.db, mugA, omar, {
        amzOrderNumber: '666-0000006-0000006',
        buyerName: 'Percent 100%_x',
        buyerPayPal: 'pct@pay.example',
        createdAt: at('2025-03-05T00:00:00.000Z'),
        comission: 200,
      }),
    ];
  });
  afterAll(() => t.close());

  /** The ids of orders o1..o6 by their numbers, in the given order. */
  const ids = (...numbers: number[]) => numbers.map((n) => o[n - 1]?.id);

  const list = async (who: UserRow, url: string) => {
    const res = await getAs(t.app, who, url);
    expect(res.statusCode, res.body).toBe(200);
    const body = orderSchema.array().parse(res.json());
    return { ids: body.map((order) => order._id), total: Number(res.headers['x-total-count']) };
  };
  const all = (query: string) => list(admin, `/api/orders/all?${query}`);
  const q = (text: string) => all(`q=${encodeURIComponent(text)}`);

  describe('q', () => {
    it('finds part of an order number', async () => {
      expect(await q('4455')).toEqual({ ids: ids(4, 1), total: 2 });
      expect(await q('333-0000003-0000003')).toEqual({ ids: ids(3), total: 1 });
    });

    it("finds part of the buyer's name in any case", async () => {
      expect(await q('smith')).toEqual({ ids: ids(5, 2), total: 2 });
      expect(await q('SARA K')).toEqual({ ids: ids(1), total: 1 });
      expect(await q("o'brien")).toEqual({ ids: ids(3), total: 1 });
    });

    it("finds part of the buyer's PayPal in any case", async () => {
      expect(await q('@WALLET.')).toEqual({ ids: ids(5, 3), total: 2 });
      expect(await q('raza@pay')).toEqual({ ids: ids(4), total: 1 });
    });

    it("finds the agent's first name, last name or both, in any case", async () => {
      expect(await q('zar')).toEqual({ ids: ids(5, 2, 1), total: 3 });
      expect(await q('FAROOQ')).toEqual({ ids: ids(6, 4, 3), total: 3 });
      expect(await q('zara qadir')).toEqual({ ids: ids(5, 2, 1), total: 3 });
      expect(await q('ra qa')).toEqual({ ids: ids(5, 2, 1), total: 3 });
    });

    it("puts an agent's orders and the text's matches together, each once, in the sort, paged and scoped", async () => {
      // 'ra': the agent Zara (o1, o2, o5), and the buyers Sara Khan (o1, Zara's too) and Ali Raza (o4)
      expect(await q('ra')).toEqual({ ids: ids(5, 4, 2, 1), total: 4 });
      expect(await all('q=ra&sort=commission-high&limit=2')).toEqual({ ids: ids(5, 2), total: 4 });
      expect(await all('q=ra&sort=commission-high&limit=2&page=2')).toEqual({ ids: ids(1, 4), total: 4 });
      expect(await all('q=ra&sort=oldest')).toEqual({ ids: ids(1, 2, 4, 5), total: 4 });
      expect(await all('q=ra&comissionStatus=paid')).toEqual({ ids: ids(5, 2), total: 2 });
      expect(await list(managerA, '/api/manager/orders?q=ra')).toEqual({ ids: ids(2, 1), total: 2 });
      expect(await list(managerB, '/api/manager/orders?q=ra&sort=commission-low')).toEqual({
        ids: ids(4, 5),
        total: 2,
      });
    });

    it("finds part of the agent's email in any case", async () => {
      expect(await q('OF.AGENT@')).toEqual({ ids: ids(6, 4, 3), total: 3 });
    });

    it('matches % and _ as themselves, not as wildcards', async () => {
      expect(await q('100%_')).toEqual({ ids: ids(6), total: 1 });
      expect(await q('%')).toEqual({ ids: ids(6), total: 1 });
      expect(await q('_')).toEqual({ ids: ids(6), total: 1 });
      expect(await q('Sa_a')).toEqual({ ids: [], total: 0 });
    });

    it('trims the search, and treats an empty one as none', async () => {
      expect(await q('  smith  ')).toEqual({ ids: ids(5, 2), total: 2 });
      expect(await all('q=')).toEqual({ ids: ids(6, 5, 4, 3, 2, 1), total: 6 });
      expect(await all('q=%20%20')).toEqual({ ids: ids(6, 5, 4, 3, 2, 1), total: 6 });
    });

    it('finds nothing when nothing matches', async () => {
      expect(await q('no such text')).toEqual({ ids: [], total: 0 });
    });
  });

  describe('agentId, productId, from and to', () => {
    it("keeps one agent's orders", async () => {
      expect(await all(`agentId=${omar.id}`)).toEqual({ ids: ids(6, 4, 3), total: 3 });
      expect(await all(`agentId=${omar.id.toUpperCase()}`)).toEqual({ ids: ids(6, 4, 3), total: 3 });
    });

    it("keeps one product's orders", async () => {
      expect(await all(`productId=${lampA.id}`)).toEqual({ ids: ids(3, 1), total: 2 });
      expect(await all(`productId=${kettleB.id}`)).toEqual({ ids: ids(5, 4), total: 2 });
    });

    it('keeps the orders of whole UTC days, both ends included', async () => {
      expect(await all('from=2025-03-01&to=2025-03-01')).toEqual({ ids: ids(2, 1), total: 2 });
      expect(await all('from=2025-03-02')).toEqual({ ids: ids(6, 5, 4, 3), total: 4 });
      expect(await all('to=2025-03-02')).toEqual({ ids: ids(3, 2, 1), total: 3 });
      expect(await all('from=2025-03-02&to=2025-03-04')).toEqual({ ids: ids(5, 4, 3), total: 3 });
      expect(await all('from=2025-02-01&to=2025-02-28')).toEqual({ ids: [], total: 0 });
    });

    it('accepts days at the ends of the calendar', async () => {
      expect(await all('from=0000-01-01&to=9999-12-31')).toMatchObject({ total: 6 });
      expect(await all('to=0000-12-31')).toEqual({ ids: [], total: 0 });
    });

    it('combines every filter with the chips and the search', async () => {
      expect(
        await all(
          `q=smith&agentId=${zara.id}&productId=${kettleB.id}&from=2025-03-04&to=2025-03-04&comissionStatus=paid`,
        ),
      ).toEqual({ ids: ids(5), total: 1 });
      expect(await all(`q=pay.example&AgentStatus=submitted&comissionStatus=unpaid`)).toEqual({
        ids: ids(6, 4, 1),
        total: 3,
      });
      expect(await all(`agentId=${zara.id}&productId=${lampA.id}`)).toEqual({ ids: ids(1), total: 1 });
      expect(await all(`agentId=${zara.id}&AgentStatus=Reviewed`)).toEqual({ ids: ids(5), total: 1 });
      expect(await all(`q=zara&from=2025-03-02`)).toEqual({ ids: ids(5), total: 1 });
      expect(await all(`q=smith&agentId=${omar.id}`)).toEqual({ ids: [], total: 0 });
    });

    it('pages a search, the total counting every match', async () => {
      expect(await all('q=pay.example&limit=2')).toEqual({ ids: ids(6, 4), total: 4 });
      expect(await all('q=pay.example&limit=2&page=2')).toEqual({ ids: ids(2, 1), total: 4 });
      expect(await all('from=2025-03-02&limit=3&page=2')).toEqual({ ids: ids(3), total: 4 });
    });
  });

  describe('sort', () => {
    it('orders newest first by default and on request', async () => {
      expect(await all('')).toMatchObject({ ids: ids(6, 5, 4, 3, 2, 1) });
      expect(await all('sort=newest')).toMatchObject({ ids: ids(6, 5, 4, 3, 2, 1) });
    });

    it('orders oldest first', async () => {
      expect(await all('sort=oldest')).toMatchObject({ ids: ids(1, 2, 3, 4, 5, 6) });
    });

    it('orders by commission, the newest first among equal commissions, and the reverse', async () => {
      expect(await all('sort=commission-high')).toMatchObject({ ids: ids(5, 2, 6, 3, 1, 4) });
      expect(await all('sort=commission-low')).toMatchObject({ ids: ids(4, 1, 3, 6, 2, 5) });
    });

    it('sorts a search and pages the sorted list', async () => {
      expect(await all('q=pay.example&sort=commission-high&limit=2')).toEqual({ ids: ids(2, 6), total: 4 });
      expect(await all('q=pay.example&sort=commission-high&limit=2&page=2')).toEqual({ ids: ids(1, 4), total: 4 });
    });
  });

  describe('GET /api/manager/orders', () => {
    const mine = (who: UserRow, query: string) => list(who, `/api/manager/orders?${query}`);

    it("searches only the orders of the manager's own products", async () => {
      expect(await mine(managerA, 'q=smith')).toEqual({ ids: ids(2), total: 1 });
      expect(await mine(managerB, 'q=smith')).toEqual({ ids: ids(5), total: 1 });
      expect(await mine(managerA, `agentId=${zara.id}`)).toEqual({ ids: ids(2, 1), total: 2 });
      expect(await mine(managerA, 'from=2025-03-03')).toEqual({ ids: ids(6), total: 1 });
      expect(await mine(managerA, 'sort=commission-low')).toMatchObject({ ids: ids(1, 3, 6, 2) });
    });

    it("answers another manager's product with an empty list, as any filter matching nothing", async () => {
      expect(await mine(managerA, `productId=${kettleB.id}`)).toEqual({ ids: [], total: 0 });
      expect(await mine(managerA, `productId=${kettleB.id}&q=smith`)).toEqual({ ids: [], total: 0 });
      expect(await mine(managerA, `productId=${mugA.id}`)).toEqual({ ids: ids(6, 2), total: 2 });
    });

    it('searches every order for an admin', async () => {
      expect(await mine(admin, 'q=smith')).toEqual({ ids: ids(5, 2), total: 2 });
    });
  });

  describe('bad input', () => {
    const refusals: [string, string][] = [
      ['agentId=not-an-id', MESSAGES.agentIdInvalid],
      ['agentId=12345', MESSAGES.agentIdInvalid],
      ['productId=not-an-id', MESSAGES.productIdInvalid],
      ['productId=%27%20or%201=1', MESSAGES.productIdInvalid],
      ['from=yesterday', MESSAGES.searchDateInvalid],
      ['from=2025-02-30', MESSAGES.searchDateInvalid],
      ['to=2025-13-01', MESSAGES.searchDateInvalid],
      ['to=2025-3-1', MESSAGES.searchDateInvalid],
      ['from=2025-03-02T00:00:00Z', MESSAGES.searchDateInvalid],
      ['from=2025-03-02&to=2025-03-01', MESSAGES.searchDateRange],
      [`q=${'x'.repeat(201)}`, MESSAGES.searchTooLong],
    ];

    for (const url of ['/api/orders/all', '/api/manager/orders']) {
      it(`answers ${url} with 400 and the contract's message for each bad value`, async () => {
        for (const [query, message] of refusals) {
          const res = await getAs(t.app, admin, `${url}?${query}`);
          expect(res.statusCode, query).toBe(400);
          expect(res.json(), query).toEqual({ message });
        }
      });
    }

    it('refuses a search holding a control character (no stored text can) with 400 and a message', async () => {
      for (const url of ['/api/orders/all', '/api/manager/orders', '/api/orders/export.csv']) {
        for (const text of ['a%00b', 'a%0Ab', 'a%1Fb']) {
          const res = await getAs(t.app, admin, `${url}?q=${text}`);
          expect(res.statusCode, `${url} ${text}`).toBe(400);
          expect(res.json(), `${url} ${text}`).toEqual({ message: MESSAGES.searchInvalidCharacter });
        }
      }
    });

    it('searches the text of a search that ends in a line break (as pasted) without it', async () => {
      expect(await q('Sara Khan\n')).toEqual(await q('Sara Khan'));
      expect((await q('Sara Khan')).total).toBeGreaterThan(0);
    });

    it('answers a search of exactly 200 characters', async () => {
      expect(await q('x'.repeat(200))).toEqual({ ids: [], total: 0 });
    });

    it('refuses an unknown sort and a repeated parameter with 400', async () => {
      for (const query of ['sort=cheapest', 'q=a&q=b', `agentId=${zara.id}&agentId=${omar.id}`]) {
        const res = await getAs(t.app, admin, `/api/orders/all?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
    });
  });

  it("leaves the agent's own list to its chips: the search's parameters change nothing there", async () => {
    const res = await getAs(t.app, zara, `/api/agents/${zara.id}/orders?q=smith&productId=${lampA.id}&sort=oldest`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((order: { _id: string }) => order._id)).toEqual(ids(5, 2, 1));
  });
});
