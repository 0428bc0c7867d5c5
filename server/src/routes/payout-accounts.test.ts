import { and, eq, sql } from 'drizzle-orm';
import {
  maskAccount,
  orderFlagSchema,
  PAYOUT_ACCOUNT_MESSAGES,
  payableAgentListSchema,
  payoutAccountReviewSchema,
  payoutAccountSchema,
  payoutDetailSchema,
  payoutSchema,
  TRANSFER_CSV_COLUMNS,
} from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlags, orders, type ProductRow, payoutAccounts, type UserRow, userEvents } from '../db/schema';
import { withOrderFlags } from '../services/order-flags';
import { flagOrder } from '../services/order-signals';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { alertsOf, createOrderRow, createProduct, getAs, insertUpload, orderBody, readOrder } from '../test/orders';

/** Valid Pakistani IBANs (their check digits computed by ISO 13616's mod 97). */
const IBAN = 'PK36SCBL0000001123456702';
const OTHER_IBAN = 'PK56MEZN0001234567890123';

describe('payout accounts', () => {
  let t: TestApp;
  let admin: UserRow;
  let product: ProductRow;
  let references = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin', firstName: 'Ayesha', lastName: 'Admin' })).user;
    const vendor = (await createUser(t.db, { role: 'manager' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const newAgent = async (firstName = 'Hira') => (await createUser(t.db, { role: 'agent', firstName })).user;
  const put = (who: UserRow, payload: Record<string, unknown>) =>
    injectAs(t.app, who, { method: 'PUT', url: '/api/user/payout-account', payload });
  const pay = (agent: UserRow, orderIds: string[], extra: Record<string, unknown> = {}) =>
    injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/payouts',
      payload: { agentId: agent.id, orderIds, reference: `PA-${++references}-${Date.now()}`, ...extra },
    });
  /** Moves the account's last change back in time, as if it were `hours` old. */
  const changedHoursAgo = (agent: UserRow, hours: number) =>
    t.db
      .update(payoutAccounts)
      .set({ changedAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(payoutAccounts.userId, agent.id));

  describe('GET and PUT /api/user/payout-account', () => {
    it('answers 404 while the agent has none, then the account as stored', async () => {
      const agent = await newAgent();
      const none = await getAs(t.app, agent, '/api/user/payout-account');
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(PAYOUT_ACCOUNT_MESSAGES.notFound);

      const saved = await put(agent, {
        method: 'bank',
        account: 'pk36 scbl 0000 0011 2345 6702',
        holderName: ' Hira Gill ',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(payoutAccountSchema.parse(saved.json())).toMatchObject({
        method: 'bank',
        account: IBAN,
        holderName: 'Hira Gill',
      });
      const read = await getAs(t.app, agent, '/api/user/payout-account');
      expect(payoutAccountSchema.parse(read.json()).account).toBe(IBAN);
    });

    it('stores a wallet number as +92 and 10 digits, and a PayPal email trimmed', async () => {
      const agent = await newAgent();
      expect((await put(agent, { method: 'jazzcash', account: '+92 300-1234567' })).json().account).toBe(
        '+923001234567',
      );
      expect((await put(agent, { method: 'easypaisa', account: '03001234568' })).json().account).toBe('+923001234568');
      const paypal = await put(agent, { method: 'paypal', account: ' hira@example.com ', holderName: '' });
      expect(paypal.json()).toMatchObject({ account: 'hira@example.com', holderName: null });
    });

    it.each([
      [{ method: 'cash', account: '+923001234567' }, PAYOUT_ACCOUNT_MESSAGES.methodInvalid],
      [{ method: 'jazzcash', account: '' }, PAYOUT_ACCOUNT_MESSAGES.accountRequired],
      [{ method: 'jazzcash', account: '+92300123456' }, PAYOUT_ACCOUNT_MESSAGES.walletInvalid],
      [{ method: 'easypaisa', account: '+443001234567' }, PAYOUT_ACCOUNT_MESSAGES.walletInvalid],
      [{ method: 'bank', account: 'PK36SCBL000000112345670', holderName: 'A' }, PAYOUT_ACCOUNT_MESSAGES.ibanInvalid],
      [{ method: 'bank', account: 'GB82WEST12345698765432', holderName: 'A' }, PAYOUT_ACCOUNT_MESSAGES.ibanInvalid],
      [
        { method: 'bank', account: 'PK36SCBL0000001123456703', holderName: 'A' },
        PAYOUT_ACCOUNT_MESSAGES.ibanCheckFailed,
      ],
      [{ method: 'bank', account: IBAN }, PAYOUT_ACCOUNT_MESSAGES.holderNameRequired],
      [{ method: 'bank', account: IBAN, holderName: '   ' }, PAYOUT_ACCOUNT_MESSAGES.holderNameRequired],
      [{ method: 'bank', account: IBAN, holderName: 'x'.repeat(101) }, PAYOUT_ACCOUNT_MESSAGES.holderNameTooLong],
      [{ method: 'paypal', account: 'not an email' }, PAYOUT_ACCOUNT_MESSAGES.paypalInvalid],
    ])('refuses %j with a 400 naming the field', async (payload, message) => {
      const agent = await newAgent();
      const res = await put(agent, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await t.db.$count(payoutAccounts, eq(payoutAccounts.userId, agent.id))).toBe(0);
    });

    it('is refused to admins and managers', async () => {
      const manager = (await createUser(t.db, { role: 'manager' })).user;
      for (const who of [admin, manager]) {
        expect((await getAs(t.app, who, '/api/user/payout-account')).statusCode).toBe(403);
        expect((await put(who, { method: 'jazzcash', account: '+923001234567' })).statusCode).toBe(403);
      }
    });

    it("records every change in the account's history and alerts every admin; the same account again changes nothing", async () => {
      const agent = await newAgent();
      const alertsBefore = (await alertsOf(t.db, admin.id)).length;
      await put(agent, { method: 'jazzcash', account: '+923001112222' });
      await put(agent, { method: 'jazzcash', account: '+923001112222' });
      await put(agent, { method: 'easypaisa', account: '+923003334444' });
      const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, agent.id));
      expect(events.map((event) => event.type)).toEqual(['payout-account-changed', 'payout-account-changed']);
      expect(events[1]?.changes.account).toEqual({
        from: maskAccount('+923001112222'),
        to: maskAccount('+923003334444'),
      });
      const alerts = await alertsOf(t.db, admin.id);
      expect(alerts.length - alertsBefore).toBe(2);
      expect(alerts.some((alert) => alert.message.includes('•••• 4444') && !alert.message.includes('3334444'))).toBe(
        true,
      );
    });
  });

  describe('the account on the payout screens and on payouts', () => {
    it('shows the account masked on the payable list, and null for an agent with none', async () => {
      const withAccount = await newAgent();
      const without = await newAgent();
      await put(withAccount, { method: 'bank', account: IBAN, holderName: 'Hira Gill' });
      await createOrderRow(t.db, product, withAccount, { comission: 100_000 });
      await createOrderRow(t.db, product, without, { comission: 99_999 });
      const list = payableAgentListSchema.parse((await getAs(t.app, admin, '/api/payouts/payable?limit=100')).json());
      expect(list.find((row) => row.agent._id === withAccount.id)?.payoutAccount).toMatchObject({
        method: 'bank',
        account: '•••• 6702',
        holderName: 'Hira Gill',
      });
      expect(list.find((row) => row.agent._id === without.id)?.payoutAccount).toBeNull();
    });

    it('keeps a copy of the account paid; a later change does not touch it; no account: null', async () => {
      const agent = await newAgent();
      const unpaid = await createOrderRow(t.db, product, agent);
      const none = await pay(agent, [unpaid.id]);
      expect(none.statusCode, none.body).toBe(201);
      expect(payoutSchema.parse(none.json()).payoutAccount).toBeNull();

      await put(agent, { method: 'bank', account: IBAN, holderName: 'Hira Gill' });
      const order = await createOrderRow(t.db, product, agent);
      const paid = await pay(agent, [order.id]);
      expect(paid.statusCode, paid.body).toBe(201);
      const payoutId = paid.json()._id;

      expect((await put(agent, { method: 'bank', account: OTHER_IBAN, holderName: 'Someone Else' })).statusCode).toBe(
        200,
      );
      const detail = payoutDetailSchema.parse((await getAs(t.app, admin, `/api/payouts/${payoutId}`)).json());
      expect(detail.payoutAccount).toEqual({ method: 'bank', account: '•••• 6702', holderName: 'Hira Gill' });
      const csv = (await getAs(t.app, admin, `/api/payouts/${payoutId}/transfer.csv`)).body;
      expect(csv).toContain(IBAN);
      expect(csv).not.toContain(OTHER_IBAN);
    });

    it('asks for confirmation for 24 hours after an existing account changed, not after its first setting', async () => {
      const agent = await newAgent();
      await put(agent, { method: 'jazzcash', account: '+923005550001' });
      const first = await createOrderRow(t.db, product, agent);
      expect((await pay(agent, [first.id])).statusCode).toBe(201);
      const review0 = payoutAccountReviewSchema.parse(
        (await getAs(t.app, admin, `/api/payouts/payable/${agent.id}/account`)).json(),
      );
      expect(review0.change).toBeNull();

      await put(agent, { method: 'jazzcash', account: '+923005550002' });
      const review = payoutAccountReviewSchema.parse(
        (await getAs(t.app, admin, `/api/payouts/payable/${agent.id}/account`)).json(),
      );
      expect(review.account?.account).toBe('•••• 0002');
      expect(review.change?.previous).toEqual({ method: 'jazzcash', account: '•••• 0001', holderName: null });

      const order = await createOrderRow(t.db, product, agent);
      const refused = await pay(agent, [order.id]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(PAYOUT_ACCOUNT_MESSAGES.confirmRequired);
      expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');
      const unconfirmed = await pay(agent, [order.id], { confirmAccountChange: false });
      expect(unconfirmed.statusCode).toBe(409);

      const confirmed = await pay(agent, [order.id], { confirmAccountChange: true });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(payoutSchema.parse(confirmed.json()).payoutAccount?.account).toBe('•••• 0002');

      await changedHoursAgo(agent, 25);
      const later = await createOrderRow(t.db, product, agent);
      expect((await pay(agent, [later.id])).statusCode).toBe(201);
      const review2 = payoutAccountReviewSchema.parse(
        (await getAs(t.app, admin, `/api/payouts/payable/${agent.id}/account`)).json(),
      );
      expect(review2.change).toBeNull();
    });

    it('answers the account review with a 404 for an unknown agent', async () => {
      const res = await getAs(t.app, admin, '/api/payouts/payable/00000000-0000-4000-8000-000000000000/account');
      expect(res.statusCode).toBe(404);
    });
  });

  describe('payout-account-shared', () => {
    const flagsOf = (orderId: string) =>
      t.db
        .select()
        .from(orderFlags)
        .where(and(eq(orderFlags.orderId, orderId), eq(orderFlags.code, 'payout-account-shared')));

    it("flags both agents' unpaid orders, holds them and names both owners to the admin", async () => {
      const first = await newAgent('Asad');
      const second = await newAgent('Bushra');
      const firstOrder = await createOrderRow(t.db, product, first);
      const firstPaid = await createOrderRow(t.db, product, first);
      expect((await pay(first, [firstPaid.id])).statusCode).toBe(201);
      const secondOrder = await createOrderRow(t.db, product, second);
      await put(first, { method: 'paypal', account: 'shared.money@example.com' });
      expect(await flagsOf(firstOrder.id)).toHaveLength(0);
      // the same PayPal, spelled otherwise (case, a +tag): one account
      const res = await put(second, { method: 'paypal', account: 'Shared.Money+x@Example.com' });
      expect(res.statusCode, res.body).toBe(200);

      expect((await flagsOf(firstOrder.id))[0]?.relatedUserIds).toEqual([second.id]);
      expect((await flagsOf(secondOrder.id))[0]?.relatedUserIds).toEqual([first.id]);
      expect(await flagsOf(firstPaid.id)).toHaveLength(0);

      const held = await pay(second, [secondOrder.id]);
      expect(held.statusCode).toBe(409);
      expect(held.json().orderIds).toEqual([secondOrder.id]);

      const order = (await getAs(t.app, admin, `/api/order/${firstOrder.id}`)).json();
      const flag = orderFlagSchema.parse(order.flags.find((f: { code: string }) => f.code === 'payout-account-shared'));
      expect(flag.relatedAgents).toEqual([{ _id: second.id, name: expect.stringContaining('Bushra') }]);
      // built with its keys in the contract's order, so that the answer's writer takes its fast
      // path (JSON.stringify in one call) for a page of orders with such a flag
      const [built] = await withOrderFlags(t.db, admin, [order], 'en');
      const shared = built?.flags?.find((f) => f.code === 'payout-account-shared') ?? {};
      const contractOrder = Object.keys(orderFlagSchema.shape).filter((key) => Object.hasOwn(shared, key));
      expect(Object.keys(shared)).toEqual(contractOrder);
      expect(Object.keys(shared)).toContain('relatedAgents');
    });

    it('flags every unpaid order of agents with thousands of them (more flags than one statement takes)', async () => {
      const first = await newAgent('Ghazala');
      const second = await newAgent('Haris');
      const model = await createOrderRow(t.db, product, second);
      // 22,000 copies of one unpaid order: three parameters a flag would be 66,003 in one statement
      await t.db.execute(sql`
        insert into orders
        select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
          'id', gen_random_uuid(),
          'amz_order_number', '7' || lpad((g / 10000000)::text, 2, '0') || '-' || lpad((g % 10000000)::text, 7, '0') || '-' || lpad(g::text, 7, '0')
        ))).*
        from orders o, generate_series(1, 22000) g
        where o.id = ${model.id}`);
      await put(first, { method: 'jazzcash', account: '+923118889999' });
      const res = await put(second, { method: 'jazzcash', account: '+923118889999' });
      expect(res.statusCode, res.body).toBe(200);
      const [flagged] = await t.db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(orderFlags)
        .innerJoin(orders, eq(orders.id, orderFlags.orderId))
        .where(and(eq(orders.agentId, second.id), eq(orderFlags.code, 'payout-account-shared')));
      expect(flagged?.count).toBe(22_001);
    }, 120_000);

    it('flags an order either agent places after the accounts matched, naming the other agent', async () => {
      const first = await newAgent('Danish');
      const second = await newAgent('Erum');
      const third = await newAgent('Faiza');
      await put(first, { method: 'easypaisa', account: '+923118880001' });
      await put(second, { method: 'easypaisa', account: '+923118880001' });
      await put(third, { method: 'easypaisa', account: '+923118880002' });
      const place = async (agent: UserRow) => {
        const res = await injectAs(t.app, agent, {
          method: 'POST',
          url: '/api/orders',
          payload: orderBody(product.id, { orderScreenshot: await insertUpload(t.db, agent) }),
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json()._id as string;
      };

      const firsts = await place(first);
      const seconds = await place(second);
      const thirds = await place(third);
      expect((await flagsOf(firsts))[0]?.relatedUserIds).toEqual([second.id]);
      expect((await flagsOf(seconds))[0]?.relatedUserIds).toEqual([first.id]);
      expect(await flagsOf(thirds)).toHaveLength(0);
      const held = await pay(first, [firsts]);
      expect(held.statusCode).toBe(409);
      expect(held.json().orderIds).toEqual([firsts]);
      expect((await pay(third, [thirds])).statusCode).toBe(201);
    });

    it("keeps an order's dismissed flag when its checks name the same agents again, and opens it when they name another", async () => {
      const first = await newAgent();
      const second = await newAgent();
      const third = await newAgent();
      const order = await createOrderRow(t.db, product, first);
      // as placing and an agent's edit raise it (flagOrder, one flag: services/order-signals.ts)
      const flag = (agents: UserRow[]) =>
        t.db.transaction((tx) =>
          flagOrder(
            tx,
            order.id,
            agents.map((agent) => ({ code: 'payout-account-shared', other_id: agent.id })),
          ),
        );
      await flag([second]);
      const [raised] = await flagsOf(order.id);
      expect(raised?.relatedUserIds).toEqual([second.id]);
      await t.db
        .update(orderFlags)
        .set({ dismissedAt: sql`now()`, dismissedBy: admin.id, dismissalNote: 'checked: siblings' })
        .where(eq(orderFlags.orderId, order.id));

      await flag([second]);
      const [kept] = await flagsOf(order.id);
      expect(kept).toMatchObject({ relatedUserIds: [second.id], dismissalNote: 'checked: siblings' });
      expect(kept?.raisedAt).toEqual(raised?.raisedAt);

      await flag([third, second]);
      const [opened] = await flagsOf(order.id);
      expect(opened).toMatchObject({
        relatedUserIds: [third.id, second.id],
        dismissedAt: null,
        dismissedBy: null,
        dismissalNote: null,
      });
    });

    it('does not fire for different accounts, nor for the same agent setting its own account again', async () => {
      const first = await newAgent();
      const second = await newAgent();
      const firstOrder = await createOrderRow(t.db, product, first);
      const secondOrder = await createOrderRow(t.db, product, second);
      await put(first, { method: 'jazzcash', account: '+923007770001' });
      await put(second, { method: 'jazzcash', account: '+923007770002' });
      await put(first, { method: 'easypaisa', account: '+923007770001' });
      await put(first, { method: 'jazzcash', account: '+923007770001' });
      expect(await flagsOf(firstOrder.id)).toHaveLength(0);
      expect(await flagsOf(secondOrder.id)).toHaveLength(0);
    });
  });

  describe('transfer.csv', () => {
    it('writes one line per payout in the documented columns, the account whole and formula-safe', async () => {
      const agent = await newAgent();
      await put(agent, { method: 'bank', account: OTHER_IBAN, holderName: '=HYPERLINK("x")' });
      const order = await createOrderRow(t.db, product, agent, { comission: 250 });
      const paid = await pay(agent, [order.id], { reference: '+TRX-1' });
      expect(paid.statusCode, paid.body).toBe(201);
      const res = await getAs(t.app, admin, `/api/payouts/${paid.json()._id}/transfer.csv`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.body).toBe(
        `${TRANSFER_CSV_COLUMNS.join(',')}\r\nbank,${OTHER_IBAN},"'=HYPERLINK(""x"")",250,"'+TRX-1"\r\n`,
      );
    });

    it('lists the payouts of a range of days, oldest first, and refuses a bad range', async () => {
      const agent = await newAgent();
      const order = await createOrderRow(t.db, product, agent, { comission: 300 });
      const paid = await pay(agent, [order.id]);
      const reference = paid.json().reference as string;
      const today = new Date().toISOString().slice(0, 10);
      const res = await getAs(t.app, admin, `/api/payouts/transfer.csv?from=${today}&to=${today}`);
      expect(res.statusCode).toBe(200);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(TRANSFER_CSV_COLUMNS.join(','));
      expect(lines.at(-1)).toBe(`,,,300,${reference}`);
      const before = await getAs(t.app, admin, '/api/payouts/transfer.csv?from=2001-01-01&to=2001-01-02');
      expect(before.body).toBe(`${TRANSFER_CSV_COLUMNS.join(',')}\r\n`);
      const farthest = await getAs(t.app, admin, '/api/payouts/transfer.csv?from=0001-01-01&to=9999-12-31');
      expect(farthest.statusCode).toBe(200);
      expect(farthest.body).toContain(reference);
      for (const query of [
        'from=2026-13-01&to=2026-01-01',
        'from=2026-02-01&to=2026-01-01',
        'from=2026-02-29&to=2026-03-01',
        'from=0000-01-01&to=2026-01-01',
        'from=x',
        '',
      ]) {
        expect((await getAs(t.app, admin, `/api/payouts/transfer.csv?${query}`)).statusCode).toBe(400);
      }
    });

    it('is for admins only', async () => {
      const agent = await newAgent();
      const order = await createOrderRow(t.db, product, agent);
      const paid = await pay(agent, [order.id]);
      expect((await getAs(t.app, agent, `/api/payouts/${paid.json()._id}/transfer.csv`)).statusCode).toBe(403);
      expect((await getAs(t.app, agent, '/api/payouts/transfer.csv?from=2026-01-01&to=2026-01-02')).statusCode).toBe(
        403,
      );
    });
  });
});
