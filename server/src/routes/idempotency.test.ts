/**
 * Submitting twice is safe (docs/domain.md, Submitting twice): POST /api/orders,
 * PUT /api/orders/agent/:id and POST /api/payouts with an Idempotency-Key. On PGlite the database
 * serialises the transactions; on PostgreSQL (TEST_DATABASE_URL) the races really run in parallel.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER, orderSchema, payoutSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredIdempotencyKeys } from '../db/maintenance';
import { idempotencyKeys, orders, type ProductRow, payouts, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp, type TestIdentity } from '../test/helpers';
import { eventsOf } from '../test/order-history';
import { createOrderRow, createProduct, orderBodyAs } from '../test/orders';
import { expectPayoutInvariant } from '../test/payouts';

const ROUNDS = 6;
const IMAGE_FIELDS = ['orderScreenshot', 'refundShot', 'reviewScreenShot', 'FeedbackScreenShot'] as const;

/** An order's answer without its image links' signatures (a replay signs them afresh). */
function unsigned(body: unknown): Record<string, unknown> {
  const order = { ...(body as Record<string, unknown>) };
  for (const field of IMAGE_FIELDS) order[field] = String(order[field]).split('?')[0];
  return order;
}

describe('Idempotency-Key', () => {
  let t: TestApp;
  let vendor: UserRow;
  let agent: UserRow;
  let otherAgent: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
    otherAgent = (await createUser(t.db, { role: 'agent' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(async () => {
    await expectPayoutInvariant(t.app, admin);
    await t.close();
  });

  const withKey = (key: string | undefined) => (key === undefined ? {} : { 'idempotency-key': key });
  const place = (payload: object, key?: string, who: TestIdentity = agent) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/orders', payload, headers: withKey(key) });
  const edit = (id: string, payload: object, key?: string, who: TestIdentity = agent) =>
    injectAs(t.app, who, { method: 'PUT', url: `/api/orders/agent/${id}`, payload, headers: withKey(key) });
  const pay = (payload: object, key?: string) =>
    injectAs(t.app, admin, { method: 'POST', url: '/api/payouts', payload, headers: withKey(key) });
  const ordersNumbered = (amzOrderNumber: string) =>
    t.db.select().from(orders).where(eq(orders.amzOrderNumber, amzOrderNumber));
  const keyRow = async (userId: string, key: string) =>
    (
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    )[0];
  const replayed = (res: LightMyRequestResponse) => res.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()];

  it('names the header in the API document of each route that takes it', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    for (const [path, method] of [
      ['/api/orders', 'post'],
      ['/api/orders/agent/{id}', 'put'],
      ['/api/payouts', 'post'],
    ] as const) {
      const parameters = doc.paths[path]?.[method]?.parameters ?? [];
      expect(parameters, `${method} ${path}`).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      );
    }
  });

  describe('POST /api/orders', () => {
    it('answers the same key again with the first answer, placing one order', async () => {
      const key = crypto.randomUUID();
      const body = await orderBodyAs(t.app, agent, product.id);
      const first = await place(body, key);
      expect(first.statusCode).toBe(201);
      expect(replayed(first)).toBeUndefined();
      const again = await place(body, key);
      expect(again.statusCode).toBe(201);
      expect(replayed(again)).toBe('true');
      expect(unsigned(orderSchema.parse(again.json()))).toEqual(unsigned(orderSchema.parse(first.json())));
      const placed = await ordersNumbered(body.amzOrderNumber);
      expect(placed).toHaveLength(1);
      expect(await eventsOf(t.db, placed[0]?.id ?? '')).toHaveLength(1);
    });

    it('signs the image links of a replayed answer afresh, so they still open', async () => {
      const key = crypto.randomUUID();
      const body = await orderBodyAs(t.app, agent, product.id);
      expect((await place(body, key)).statusCode).toBe(201);
      const again = orderSchema.parse((await place(body, key)).json());
      const link = new URL(again.orderScreenshot);
      const image = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(image.statusCode).toBe(200);
    });

    it('without a key, the same order sent again is refused as a number already used', async () => {
      const body = await orderBodyAs(t.app, agent, product.id);
      expect((await place(body)).statusCode).toBe(201);
      expect((await place(body)).statusCode).toBe(409);
    });

    it('refuses the same key with a different body with 422, placing nothing more', async () => {
      const key = crypto.randomUUID();
      const body = await orderBodyAs(t.app, agent, product.id);
      expect((await place(body, key)).statusCode).toBe(201);
      // another number: its last digit changed (a number ending in 9 would have stayed the same)
      const last = body.amzOrderNumber.endsWith('9') ? '8' : '9';
      const other = {
        ...body,
        amzOrderNumber: `${body.amzOrderNumber.slice(0, -1)}${last}`,
        buyerName: 'Someone Else',
      };
      const res = await place(other, key);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyReused });
      expect(await ordersNumbered(other.amzOrderNumber)).toHaveLength(0);
    });

    it('reads the body as parsed: the same fields in another order, or with ignored ones, are the same request', async () => {
      const key = crypto.randomUUID();
      const body = await orderBodyAs(t.app, agent, product.id);
      expect((await place(body, key)).statusCode).toBe(201);
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const res = await place({ ...reordered, comission: 99999, agentId: otherAgent.id }, key);
      expect(res.statusCode).toBe(201);
      expect(replayed(res)).toBe('true');
    });

    it('refuses a key that is not a UUID with 400 saying so, placing nothing', async () => {
      for (const key of ['not-a-uuid', '12345', `${crypto.randomUUID()}x`, ' ', 'x'.repeat(300)]) {
        const body = await orderBodyAs(t.app, agent, product.id);
        const res = await place(body, key);
        expect(res.statusCode, key).toBe(400);
        expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyInvalid });
        expect(await ordersNumbered(body.amzOrderNumber)).toHaveLength(0);
      }
    });

    it("keeps keys per user: another agent's same key is a request of its own", async () => {
      const key = crypto.randomUUID();
      const mine = await orderBodyAs(t.app, agent, product.id);
      const theirs = await orderBodyAs(t.app, otherAgent, product.id);
      expect((await place(mine, key)).statusCode).toBe(201);
      const res = await place(theirs, key, otherAgent);
      expect(res.statusCode).toBe(201);
      expect(replayed(res)).toBeUndefined();
      expect(orderSchema.parse(res.json()).amzOrderNumber).toBe(theirs.amzOrderNumber);
      expect(await ordersNumbered(theirs.amzOrderNumber)).toHaveLength(1);
    });

    it('keeps no refusal: the same key may carry the corrected request', async () => {
      const key = crypto.randomUUID();
      const body = await orderBodyAs(t.app, agent, product.id);
      const refused = await place({ ...body, productId: crypto.randomUUID() }, key);
      expect(refused.statusCode).toBe(404);
      expect(await keyRow(agent.id, key)).toBeUndefined();
      const res = await place(body, key);
      expect(res.statusCode).toBe(201);
      expect(replayed(res)).toBeUndefined();
    });

    it('forgets a key after 24 hours: the maintenance timer deletes it, and an older row is taken over', async () => {
      const key = crypto.randomUUID();
      const body = await orderBodyAs(t.app, agent, product.id);
      expect((await place(body, key)).statusCode).toBe(201);
      const fresh = crypto.randomUUID();
      expect((await place(await orderBodyAs(t.app, agent, product.id), fresh)).statusCode).toBe(201);
      const ageKey = (hours: number) =>
        t.db
          .update(idempotencyKeys)
          .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
          .where(and(eq(idempotencyKeys.userId, agent.id), eq(idempotencyKeys.key, key)));

      // a day old, not yet deleted: the same key is a new request (here another order)
      await ageKey(24);
      const next = await orderBodyAs(t.app, agent, product.id);
      const res = await place(next, key);
      expect(res.statusCode).toBe(201);
      expect(replayed(res)).toBeUndefined();
      expect(await ordersNumbered(next.amzOrderNumber)).toHaveLength(1);

      await ageKey(25);
      await purgeExpiredIdempotencyKeys(t.database);
      expect(await keyRow(agent.id, key)).toBeUndefined();
      expect(await keyRow(agent.id, fresh)).toBeDefined();
    });

    it('places exactly one order for two identical requests with one key at once, and answers both alike', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const key = crypto.randomUUID();
        const body = await orderBodyAs(t.app, agent, product.id);
        const [a, b] = await Promise.all([place(body, key), place(body, key)]);
        expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
        expect(unsigned(a?.json())).toEqual(unsigned(b?.json()));
        expect([replayed(a as LightMyRequestResponse), replayed(b as LightMyRequestResponse)].sort()).toEqual([
          'true',
          undefined,
        ]);
        expect(await ordersNumbered(body.amzOrderNumber)).toHaveLength(1);
      }
    });
  });

  describe('PUT /api/orders/agent/:id', () => {
    it('answers the same key again with the first answer, changing the order once', async () => {
      const order = await createOrderRow(t.db, product, agent);
      const key = crypto.randomUUID();
      const change = { buyerName: 'Changed Once', AgentStatus: 'Ordered', version: order.version };
      const first = await edit(order.id, change, key);
      expect(first.statusCode).toBe(200);
      // without the key, the same edit again would be refused: the order is past that version
      expect((await edit(order.id, change)).statusCode).toBe(409);
      const again = await edit(order.id, change, key);
      expect(again.statusCode).toBe(200);
      expect(replayed(again)).toBe('true');
      expect(unsigned(again.json())).toEqual(unsigned(first.json()));
      expect((await eventsOf(t.db, order.id)).map((event) => event.action)).toEqual(['updated', 'agent-status']);
    });

    it('refuses the key used for another order, or for placing one, with 422', async () => {
      const order = await createOrderRow(t.db, product, agent);
      const other = await createOrderRow(t.db, product, agent);
      const key = crypto.randomUUID();
      expect((await edit(order.id, { buyerName: 'First' }, key)).statusCode).toBe(200);
      const res = await edit(other.id, { buyerName: 'First' }, key);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyReused });
      expect((await place(await orderBodyAs(t.app, agent, product.id), key)).statusCode).toBe(422);
    });

    it('refuses a key that is not a UUID with 400, changing nothing', async () => {
      const order = await createOrderRow(t.db, product, agent);
      const res = await edit(order.id, { buyerName: 'Never' }, 'nope');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyInvalid });
      expect(await eventsOf(t.db, order.id)).toHaveLength(0);
    });

    it("takes another agent's same key as its own request: its edit of an order not its own is refused as without a key", async () => {
      const order = await createOrderRow(t.db, product, agent);
      const key = crypto.randomUUID();
      expect((await edit(order.id, { buyerName: 'Mine' }, key)).statusCode).toBe(200);
      const withoutKey = await edit(order.id, { buyerName: 'Mine' }, undefined, otherAgent);
      expect(withoutKey.statusCode).toBe(403);
      const res = await edit(order.id, { buyerName: 'Mine' }, key, otherAgent);
      expect([res.statusCode, res.json()]).toEqual([withoutKey.statusCode, withoutKey.json()]);
      expect(replayed(res)).toBeUndefined();
    });
  });

  describe('POST /api/payouts', () => {
    it('answers the same key again with the first answer (201), paying once', async () => {
      const payee = (await createUser(t.db, { role: 'agent' })).user;
      const order = await createOrderRow(t.db, product, payee);
      const key = crypto.randomUUID();
      const body = { agentId: payee.id, orderIds: [order.id], reference: `IDEM-${key}` };
      const first = await pay(body, key);
      expect(first.statusCode).toBe(201);
      // without the key, the same reference again is answered 200
      expect((await pay(body)).statusCode).toBe(200);
      const again = await pay(body, key);
      expect(again.statusCode).toBe(201);
      expect(replayed(again)).toBe('true');
      expect(payoutSchema.parse(again.json())).toEqual(payoutSchema.parse(first.json()));
      expect(await t.db.select().from(payouts).where(eq(payouts.agentId, payee.id))).toHaveLength(1);
    });

    it('refuses the same key with other orders with 422, and a key that is not a UUID with 400', async () => {
      const payee = (await createUser(t.db, { role: 'agent' })).user;
      const [one, two] = [await createOrderRow(t.db, product, payee), await createOrderRow(t.db, product, payee)];
      const key = crypto.randomUUID();
      expect((await pay({ agentId: payee.id, orderIds: [one.id], reference: `A-${key}` }, key)).statusCode).toBe(201);
      const reused = await pay({ agentId: payee.id, orderIds: [two.id], reference: `B-${key}` }, key);
      expect(reused.statusCode).toBe(422);
      const invalid = await pay({ agentId: payee.id, orderIds: [two.id], reference: `C-${key}` }, 'payout-1');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyInvalid });
      expect(await t.db.select().from(payouts).where(eq(payouts.agentId, payee.id))).toHaveLength(1);
    });

    it('pays once for two identical requests with one key at once, and answers both alike', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const payee = (await createUser(t.db, { role: 'agent' })).user;
        const order = await createOrderRow(t.db, product, payee);
        const key = crypto.randomUUID();
        const body = { agentId: payee.id, orderIds: [order.id], reference: `RACE-${key}` };
        const [a, b] = await Promise.all([pay(body, key), pay(body, key)]);
        expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
        expect(a?.json()).toEqual(b?.json());
        expect(await t.db.select().from(payouts).where(eq(payouts.agentId, payee.id))).toHaveLength(1);
      }
    });
  });
});
