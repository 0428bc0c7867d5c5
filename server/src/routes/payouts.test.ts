import { eq, sql } from 'drizzle-orm';
import {
  FLAG_LABELS,
  MESSAGES,
  orderHistorySchema,
  orderOnHold,
  type Payout,
  payableAgentListSchema,
  payableOrderListSchema,
  payoutDetailSchema,
  payoutListSchema,
  payoutSchema,
  platformCommissionSchema,
} from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRow, orderEvents, orders, type ProductRow, payouts, type UserRow } from '../db/schema';
import { ORDER_EXPORT_HEADER } from '../services/order-export';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import {
  alertsOf,
  createOrderRow,
  createProduct,
  getAs,
  orderBodyAs,
  putAsAgent,
  putAsStaff,
  readOrder,
} from '../test/orders';
import { expectPayoutInvariant } from '../test/payouts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('payouts', () => {
  let t: TestApp;
  let admin: UserRow;
  let vendor: UserRow;
  let agent: UserRow;
  let otherAgent: UserRow;
  let product: ProductRow;
  let references = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin', firstName: 'Ayesha', lastName: 'Admin' })).user;
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent', firstName: 'Hira', lastName: 'Gill' })).user;
    otherAgent = (await createUser(t.db, { role: 'agent', firstName: 'Bilal', lastName: 'Shah' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const reference = () => `PAYPAL-${++references}-${Date.now()}`;

  /** An order placed through the API (so it has a history); text: 150, picture: 200. */
  async function placeAs(who: UserRow, reviewType: 'text' | 'picture' = 'text'): Promise<OrderRow> {
    const res = await injectAs(t.app, who, {
      method: 'POST',
      url: '/api/orders',
      payload: await orderBodyAs(t.app, who, product.id, { reviewType }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return readOrder(t.db, res.json()._id);
  }

  const post = (body: Record<string, unknown>, who: UserRow = admin) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/payouts', payload: body });

  async function payout(who: UserRow, orderIds: string[], ref = reference()): Promise<Payout> {
    const res = await post({ agentId: who.id, orderIds, reference: ref });
    expect(res.statusCode, res.body).toBe(201);
    return payoutSchema.parse(res.json());
  }

  const payoutCount = () => t.db.$count(payouts);
  const eventCount = () => t.db.$count(orderEvents);

  describe('POST /api/payouts', () => {
    it('pays the orders in one payout and answers 201 with it', async () => {
      const first = await placeAs(agent, 'text');
      const second = await placeAs(agent, 'picture');
      const res = await post({ agentId: agent.id, orderIds: [second.id, first.id], reference: '  PP-7781  ' });
      expect(res.statusCode, res.body).toBe(201);
      const body = payoutSchema.parse(res.json());
      expect(body).toEqual({
        _id: expect.any(String),
        agentId: agent.id,
        agent: { _id: agent.id, name: 'Hira Gill' },
        orderIds: [first.id, second.id],
        orders: 2,
        total: 350,
        reference: 'PP-7781',
        createdAt: expect.any(String),
        createdBy: { _id: admin.id, name: 'Ayesha Admin' },
        // the agent has no payout account on file
        payoutAccount: null,
      });
      for (const order of [first, second]) {
        expect(await readOrder(t.db, order.id)).toMatchObject({ comissionStatus: 'paid', payoutId: body._id });
        const history = orderHistorySchema.parse((await getAs(t.app, agent, `/api/orders/${order.id}/history`)).json());
        expect(history.map((e) => [e.action, e.payout])).toEqual([
          ['placed', undefined],
          ['commission', { _id: body._id, reference: 'PP-7781' }],
        ]);
        expect(history[1]?.actor).toEqual({ _id: admin.id, name: 'Ayesha Admin', role: 'admin' });
      }
      const alerts = (await alertsOf(t.db, agent.id)).filter((a) => a.link === `/agent/payouts/${body._id}`);
      expect(alerts.map((a) => [a.type, a.message])).toEqual([
        ['commission_status', 'Payout PP-7781: Rs 350 for 2 orders.'],
      ]);
      await expectPayoutInvariant(t.app, admin);
    });

    it('pays nothing when one order cannot be paid, and names exactly the orders at fault', async () => {
      const good = await placeAs(agent);
      const othersOrder = await placeAs(otherAgent);
      const paid = await placeAs(agent);
      await payout(agent, [paid.id]);
      const cancelled = await createOrderRow(t.db, product, agent, { agentStatus: 'cancelled' });
      // the agent's edit (a new review type, a new commission) and cancel of unpaid orders
      expect((await putAsAgent(t.app, agent, good.id, { reviewType: 'picture' })).statusCode).toBe(200);
      const cancelledByAgent = await placeAs(agent);
      expect((await putAsAgent(t.app, agent, cancelledByAgent.id, { AgentStatus: 'cancelled' })).statusCode).toBe(200);
      await expectPayoutInvariant(t.app, admin);
      const [payoutsBefore, eventsBefore] = [await payoutCount(), await eventCount()];

      const res = await post({
        agentId: agent.id,
        orderIds: [good.id, othersOrder.id, paid.id, cancelled.id, UNKNOWN_ID],
        reference: reference(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: MESSAGES.payoutOrdersNotPayable,
        orderIds: [othersOrder.id, paid.id, cancelled.id, UNKNOWN_ID],
      });
      expect((await readOrder(t.db, good.id)).comissionStatus).toBe('unpaid');
      expect((await readOrder(t.db, othersOrder.id)).comissionStatus).toBe('unpaid');
      expect(await payoutCount()).toBe(payoutsBefore);
      expect(await eventCount()).toBe(eventsBefore);
      await expectPayoutInvariant(t.app, admin);
    });

    it('answers a retry with the same agent and reference with 200 and the first payout, paying nothing more', async () => {
      const order = await placeAs(agent);
      const more = await placeAs(agent);
      const ref = reference();
      const first = await payout(agent, [order.id], ref);
      const before = await payoutCount();

      const again = await post({ agentId: agent.id, orderIds: [order.id], reference: ref });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first);
      // another set of orders with a used reference is still that payment's retry
      const other = await post({ agentId: agent.id.toUpperCase(), orderIds: [more.id], reference: ` ${ref} ` });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first);
      expect((await readOrder(t.db, more.id)).comissionStatus).toBe('unpaid');
      expect(await payoutCount()).toBe(before);
      await expectPayoutInvariant(t.app, admin);
    });

    it("refuses a reference already used for another agent's payout with 409, paying nothing", async () => {
      const ref = reference();
      await payout(agent, [(await placeAs(agent)).id], ref);
      const order = await placeAs(otherAgent);
      const res = await post({ agentId: otherAgent.id, orderIds: [order.id], reference: ref });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MESSAGES.payoutReferenceTaken, orderIds: [] });
      expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
    });

    it('compares references in their canonical form: another spelling is the same payment', async () => {
      const ref = `PP-ABC-${++references}`;
      const first = await payout(agent, [(await placeAs(agent)).id], ref);
      const order = await placeAs(otherAgent);
      for (const spelling of [
        ref.toLowerCase(),
        `${ref}\u200b`,
        `\u200e${ref}`,
        ref.replace('A', 'А'),
        `ＰＰ－${ref.slice(3)}`,
      ]) {
        const res = await post({ agentId: otherAgent.id, orderIds: [order.id], reference: spelling });
        expect(res.statusCode, spelling).toBe(409);
        expect(res.json()).toEqual({ message: MESSAGES.payoutReferenceTaken, orderIds: [] });
      }
      expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
      // the same agent's other spelling is the retry: the first payout, nothing more paid
      const more = await placeAs(agent);
      const before = await payoutCount();
      const retry = await post({ agentId: agent.id, orderIds: [more.id], reference: `${ref.toLowerCase()}\u200b` });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first);
      expect(await payoutCount()).toBe(before);
      expect((await readOrder(t.db, more.id)).comissionStatus).toBe('unpaid');
      // the reference is shown as it was first written
      expect(first.reference).toBe(ref);
    });

    it('answers 404 for an agent that does not exist or a user who is not an agent', async () => {
      const order = await placeAs(agent);
      for (const agentId of [UNKNOWN_ID, vendor.id, admin.id]) {
        const res = await post({ agentId, orderIds: [order.id], reference: reference() });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: MESSAGES.agentNotFound });
      }
      expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
    });

    it('refuses bad input with 400 and a sentence, paying nothing', async () => {
      const order = await placeAs(agent);
      const base = { agentId: agent.id, orderIds: [order.id], reference: reference() };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, agentId: 'not-a-uuid' }, MESSAGES.agentIdInvalid],
        [{ ...base, orderIds: [] }, MESSAGES.payoutOrdersRequired],
        [{ ...base, orderIds: undefined }, MESSAGES.payoutOrdersRequired],
        [{ ...base, orderIds: ['nope'] }, MESSAGES.payoutOrderIdInvalid],
        [{ ...base, orderIds: [order.id, order.id.toUpperCase()] }, MESSAGES.payoutOrdersRepeated],
        [
          {
            ...base,
            orderIds: Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
          },
          MESSAGES.payoutTooManyOrders,
        ],
        [{ ...base, reference: undefined }, MESSAGES.payoutReferenceRequired],
        [{ ...base, reference: '   ' }, MESSAGES.payoutReferenceRequired],
        [{ ...base, reference: 'x'.repeat(101) }, MESSAGES.payoutReferenceTooLong],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
        expect(res.json()).toEqual({ message });
      }
      expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
    });

    it('is for admins only', async () => {
      const order = await placeAs(agent);
      for (const role of ['agent', 'manager'] as const) {
        const res = await injectAs(t.app, role, {
          method: 'POST',
          url: '/api/payouts',
          payload: { agentId: agent.id, orderIds: [order.id], reference: reference() },
        });
        expect(res.statusCode).toBe(403);
      }
      expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
    });
  });

  it('holds an order a fraud flag holds: the payout is refused naming the flag and the order, the payable lists leave it out, and a dismissal frees it', async () => {
    // one buyer under two agents: paypal-shared on both orders (docs/domain.md, Fraud signals)
    const holder = (await createUser(t.db, { role: 'agent' })).user;
    const sharer = (await createUser(t.db, { role: 'agent' })).user;
    const free = await placeAs(holder);
    const shared = await injectAs(t.app, holder, {
      method: 'POST',
      url: '/api/orders',
      payload: await orderBodyAs(t.app, holder, product.id, { buyerPayPal: 'one.buyer@example.com' }),
    });
    const held = await readOrder(t.db, shared.json()._id);
    await injectAs(t.app, sharer, {
      method: 'POST',
      url: '/api/orders',
      payload: await orderBodyAs(t.app, sharer, product.id, { buyerPayPal: ' ONE.Buyer@example.com' }),
    });
    const [payoutsBefore, eventsBefore] = [await payoutCount(), await eventCount()];

    const res = await post({ agentId: holder.id, orderIds: [free.id, held.id], reference: reference() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: orderOnHold(FLAG_LABELS['paypal-shared'], held.amzOrderNumber),
      orderIds: [held.id],
    });
    expect([await payoutCount(), await eventCount()]).toEqual([payoutsBefore, eventsBefore]);
    expect((await readOrder(t.db, free.id)).comissionStatus).toBe('unpaid');

    const payable = await getAs(t.app, admin, `/api/payouts/payable/${holder.id}`);
    expect(payable.json().map((order: { _id: string }) => order._id)).toEqual([free.id]);
    const agents = await getAs(t.app, admin, '/api/payouts/payable?limit=200');
    expect(agents.json().find((row: { agent: { _id: string } }) => row.agent._id === holder.id)).toMatchObject({
      orders: 1,
      total: 150,
    });

    const dismissed = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/orders/${held.id}/flags/paypal-shared`,
      payload: { dismissed: true, note: 'The agents are a couple buying for one household.' },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const paid = await payout(holder, [free.id, held.id]);
    expect(paid.orders).toBe(2);
    await expectPayoutInvariant(t.app, admin);
  });

  it('records an order paid alone with the single-order selector as a one-order payout named after its number', async () => {
    const order = await placeAs(agent, 'picture');
    const res = await putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await readOrder(t.db, order.id);
    expect(stored.payoutId).not.toBeNull();
    const detail = payoutDetailSchema.parse((await getAs(t.app, admin, `/api/payouts/${stored.payoutId}`)).json());
    expect(detail).toMatchObject({
      reference: `order ${order.amzOrderNumber}`,
      orders: 1,
      total: 200,
      orderIds: [order.id],
      createdBy: { _id: admin.id, name: 'Ayesha Admin' },
    });
    const history = orderHistorySchema.parse((await getAs(t.app, agent, `/api/orders/${order.id}/history`)).json());
    expect(history.at(-1)?.payout).toEqual({ _id: stored.payoutId, reference: `order ${order.amzOrderNumber}` });
    await expectPayoutInvariant(t.app, admin);
  });

  describe('GET /api/payouts and GET /api/payouts/:id', () => {
    let listAgent: UserRow;
    let listOther: UserRow;
    let older: Payout;
    let newer: Payout;
    let othersPayout: Payout;

    beforeAll(async () => {
      listAgent = (await createUser(t.db, { role: 'agent' })).user;
      listOther = (await createUser(t.db, { role: 'agent' })).user;
      older = await payout(listAgent, [(await placeAs(listAgent)).id, (await placeAs(listAgent, 'picture')).id]);
      newer = await payout(listAgent, [(await placeAs(listAgent)).id]);
      othersPayout = await payout(listOther, [(await placeAs(listOther)).id]);
    });

    it('lists every payout for an admin, newest first, with X-Total-Count and pages', async () => {
      const res = await getAs(t.app, admin, '/api/payouts?limit=200');
      expect(res.statusCode).toBe(200);
      const all = payoutListSchema.parse(res.json());
      expect(Number(res.headers['x-total-count'])).toBe(await payoutCount());
      expect(all.length).toBe(await payoutCount());
      const times = all.map((p) => p.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.map((p) => p._id).slice(0, 3)).toEqual([othersPayout._id, newer._id, older._id]);

      const page = await getAs(t.app, admin, `/api/payouts?agentId=${listAgent.id}&limit=1&page=2`);
      expect(page.json()).toEqual([older]);
      expect(page.headers['x-total-count']).toBe('2');
    });

    it('shows an agent its own payouts only, whatever agentId it sends', async () => {
      for (const url of ['/api/payouts', `/api/payouts?agentId=${listOther.id}`]) {
        const res = await getAs(t.app, listAgent, url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([newer, older]);
        expect(res.headers['x-total-count']).toBe('2');
      }
    });

    it('refuses a manager with 403 and a sentence', async () => {
      for (const url of ['/api/payouts', `/api/payouts/${older._id}`, `/api/payouts/${older._id}/export.csv`]) {
        const res = await getAs(t.app, vendor, url);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Only admins and agents can see payouts.');
      }
    });

    it('answers one payout with its orders, oldest first, to an admin and to its agent', async () => {
      for (const who of [admin, listAgent]) {
        const res = await getAs(t.app, who, `/api/payouts/${older._id.toUpperCase()}`);
        expect(res.statusCode).toBe(200);
        const detail = payoutDetailSchema.parse(res.json());
        expect({ ...detail, items: undefined }).toEqual({ ...older, items: undefined });
        expect(detail.items.map((o) => o._id)).toEqual(older.orderIds);
        expect(detail.items.map((o) => o.comission)).toEqual([150, 200]);
        expect(detail.items[0]).toMatchObject({ product: { _id: product.id, name: product.name }, reviewType: 'text' });
      }
    });

    it("answers another agent's payout, an unknown and a malformed id with the same 404", async () => {
      for (const [who, id] of [
        [listOther, older._id],
        [admin, UNKNOWN_ID],
        [admin, 'not-a-uuid'],
      ] as const) {
        for (const suffix of ['', '/export.csv']) {
          const res = await getAs(t.app, who, `/api/payouts/${id}${suffix}`);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ message: MESSAGES.payoutNotFound });
        }
      }
    });
  });

  describe('GET /api/payouts/:id/export.csv', () => {
    it("writes the payout's orders as the orders export does: header, RFC 4180 quoting, formula prefix", async () => {
      const exportAgent = (await createUser(t.db, { role: 'agent' })).user;
      const plain = await createOrderRow(t.db, product, exportAgent, { comission: 150 });
      const tricky = await createOrderRow(t.db, product, exportAgent, {
        buyerName: '=HYPERLINK("x"), really',
        comments: 'n/a',
        comission: 99.5,
        createdAt: new Date(Date.now() + 1000),
      });
      const paidOut = await payout(exportAgent, [tricky.id, plain.id]);
      for (const who of [admin, exportAgent]) {
        const res = await getAs(t.app, who, `/api/payouts/${paidOut._id}/export.csv`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="payout-${paidOut._id}.csv"`);
        const lines = res.body.split('\r\n');
        expect(lines[0]).toBe(ORDER_EXPORT_HEADER.join(','));
        expect(lines).toHaveLength(4);
        expect(lines[3]).toBe('');
        expect(lines[1]?.startsWith(`${plain.id},`)).toBe(true);
        expect(lines[2]?.startsWith(`${tricky.id},`)).toBe(true);
        expect(lines[2]).toContain(`,"'=HYPERLINK(""x""), really",`);
        expect(lines[2]).toContain(',paid,99.50,');
      }
      const urdu = await getAs(t.app, admin, `/api/payouts/${paidOut._id}/export.csv?language=ur`);
      expect(urdu.statusCode).toBe(200);
      const [header, ...rest] = urdu.body.split('\r\n');
      expect(header?.split(',')).toHaveLength(ORDER_EXPORT_HEADER.length);
      expect(header).toContain('آرڈر نمبر');
      expect(header).not.toContain('Order number');
      expect(rest[0]?.startsWith(`${plain.id},`)).toBe(true);
      expect((await getAs(t.app, admin, `/api/payouts/${paidOut._id}/export.csv?language=xx`)).statusCode).toBe(400);
    });
  });

  describe('payable agents and orders', () => {
    let owed: UserRow;
    let owedLess: UserRow;
    let ordered: OrderRow;
    let feedbacked: OrderRow;

    beforeAll(async () => {
      owed = (await createUser(t.db, { role: 'agent', firstName: 'Most', lastName: 'Owed' })).user;
      owedLess = (await createUser(t.db, { role: 'agent' })).user;
      ordered = await createOrderRow(t.db, product, owed, { comission: 10_000, agentStatus: 'Ordered' });
      feedbacked = await createOrderRow(t.db, product, owed, {
        comission: 5000,
        agentStatus: 'Feedbacked',
        createdAt: new Date(Date.now() + 1000),
      });
      await createOrderRow(t.db, product, owed, { comission: 70_000, agentStatus: 'cancelled' });
      const paid = await createOrderRow(t.db, product, owed, { comission: 80_000, agentStatus: 'Ordered' });
      await payout(owed, [paid.id]);
      await createOrderRow(t.db, product, owedLess, { comission: 9000, agentStatus: 'Feedbacked' });
    });

    it('lists the agents with unpaid, not cancelled orders, the most owed first, with their count and sum', async () => {
      const res = await getAs(t.app, admin, '/api/payouts/payable?limit=2');
      expect(res.statusCode).toBe(200);
      const [first, second] = payableAgentListSchema.parse(res.json());
      expect(first).toEqual({
        agent: { _id: owed.id, name: 'Most Owed', email: owed.email },
        suspended: false,
        orders: 2,
        total: 15_000,
        payoutAccount: null,
        held: { orders: 0, total: 0 },
      });
      expect(second?.agent._id).toBe(owedLess.id);
      const total = await t.db.execute(
        // owed: unpaid and not cancelled, payable now or on hold (a flag nobody dismissed)
        sql`select count(distinct agent_id)::integer as n from ${orders} o where comission_status = 'unpaid' and agent_status <> 'cancelled'`,
      );
      expect(Number(res.headers['x-total-count'])).toBe((total as unknown as { rows: { n: number }[] }).rows[0]?.n);
    });

    it('narrows the agents and their orders to one agent status', async () => {
      const res = await getAs(t.app, admin, '/api/payouts/payable?AgentStatus=Feedbacked&limit=200');
      const list = payableAgentListSchema.parse(res.json());
      expect(list.find((a) => a.agent._id === owed.id)).toMatchObject({ orders: 1, total: 5000 });
      expect(list[0]?.agent._id).toBe(owedLess.id);

      const orderList = await getAs(t.app, admin, `/api/payouts/payable/${owed.id}?AgentStatus=Feedbacked`);
      expect(payableOrderListSchema.parse(orderList.json()).map((o) => o._id)).toEqual([feedbacked.id]);
    });

    it("lists one agent's payable orders oldest first", async () => {
      const res = await getAs(t.app, admin, `/api/payouts/payable/${owed.id}`);
      expect(res.statusCode).toBe(200);
      expect(payableOrderListSchema.parse(res.json()).map((o) => [o._id, o.AgentStatus, o.comission])).toEqual([
        [ordered.id, 'Ordered', 10_000],
        [feedbacked.id, 'Feedbacked', 5000],
      ]);
    });

    it('answers 404 for an unknown agent, a user who is not an agent, and a malformed id; 400 for cancelled', async () => {
      for (const id of [UNKNOWN_ID, vendor.id, 'not-a-uuid']) {
        const res = await getAs(t.app, admin, `/api/payouts/payable/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: MESSAGES.agentNotFound });
      }
      expect((await getAs(t.app, admin, '/api/payouts/payable?AgentStatus=cancelled')).statusCode).toBe(400);
    });
  });

  it("answers the platform's commission as the sums over every order that is not cancelled", async () => {
    const res = await getAs(t.app, admin, '/api/admin/comission');
    expect(res.statusCode).toBe(200);
    const figures = platformCommissionSchema.parse(res.json());
    const result = await t.db.execute(sql`
      select coalesce(sum(comission) filter (where comission_status = 'paid'), 0)::text as paid,
        coalesce(sum(comission) filter (where comission_status = 'unpaid'), 0)::text as unpaid, count(*)::integer as n
      from ${orders} where agent_status <> 'cancelled'`);
    const [row] = (result as unknown as { rows: { paid: string; unpaid: string; n: number }[] }).rows;
    expect(figures).toEqual({
      paidCommission: Number(row?.paid),
      unpaidCommission: Number(row?.unpaid),
      orders: row?.n,
    });
    expect(figures.paidCommission).toBeGreaterThan(0);
    expect((await getAs(t.app, agent, '/api/admin/comission')).statusCode).toBe(403);
    // paid orders are exactly the payouts' orders here
    const [sums] = await t.db.select({ total: sql<string>`coalesce(sum(${payouts.total}), 0)::text` }).from(payouts);
    expect(figures.paidCommission).toBeCloseTo(Number(sums?.total), 2);
    expect(await t.db.$count(orders, eq(orders.comissionStatus, 'paid'))).toBeGreaterThan(0);
  });
});
