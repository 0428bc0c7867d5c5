/**
 * Alerts in the reader's language (docs/architecture.md, Languages): an alert is stored as its
 * kind and values with its English sentence, and each request reads it in its Accept-Language.
 */
import { eq } from 'drizzle-orm';
import { type Alert, alertListSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, type ProductRow, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { alertsOf, createOrderRow, createProduct, putAsStaff } from '../test/orders';

const URDU = /[\u0600-\u06FF]/;
/** a value isolated left to right inside Urdu text */
const isolated = (value: string) => `\u2066${value}\u2069`;

describe('alerts in the reader’s language', () => {
  let t: TestApp;
  let vendor: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = (await createUser(t.db, { role: 'manager' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(() => t.close());

  const alertsAs = async (who: UserRow, language?: string): Promise<Alert[]> => {
    const res = await injectAs(t.app, who, {
      method: 'GET',
      url: '/api/alerts',
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.statusCode).toBe(200);
    return alertListSchema.parse(res.json()).alerts;
  };

  it('reads an order status alert in English without Accept-Language or with en, and in Urdu with ur, the number isolated', async () => {
    const { user: agent } = await createUser(t.db, { role: 'agent' });
    const order = await createOrderRow(t.db, product, agent);
    expect((await putAsStaff(t.app, vendor, order.id, { status: 'Refunded' })).statusCode).toBe(200);

    const english = `Order ${order.amzOrderNumber} is now "Refunded".`;
    expect((await alertsAs(agent)).map((alert) => alert.message)).toEqual([english]);
    expect((await alertsAs(agent, 'en-US,en;q=0.9')).map((alert) => alert.message)).toEqual([english]);

    const [urdu] = await alertsAs(agent, 'ur');
    expect(urdu?.message).toMatch(URDU);
    expect(urdu?.message).toContain(isolated(order.amzOrderNumber));
    expect(urdu?.message).toContain('ریفنڈ ہو گیا');
    expect(urdu).toMatchObject({ type: 'order_status', link: expect.stringContaining(order.id) });
  });

  it('stores the kind, its values and the English sentence built from them', async () => {
    const { user: agent } = await createUser(t.db, { role: 'agent' });
    const order = await createOrderRow(t.db, product, agent, { comission: 150 });
    expect((await putAsStaff(t.app, admin, order.id, { comissionStatus: 'paid' })).statusCode).toBe(200);
    const stored = (await alertsOf(t.db, agent.id)).find((alert) => alert.kind === 'commission-status');
    expect(stored).toMatchObject({
      type: 'commission_status',
      params: { orderNumber: order.amzOrderNumber, amount: 150, status: 'paid' },
      message: `Commission of Rs 150 for order ${order.amzOrderNumber} is now paid.`,
    });
    const urdu = (await alertsAs(agent, 'ur')).find((alert) => alert.type === 'commission_status');
    expect(urdu?.message).toContain(isolated('Rs 150'));
    expect(urdu?.message).toContain('ادا شدہ');
  });

  it("reads an alert written before kinds (kind '') by its stored message, in any language", async () => {
    const { user: agent } = await createUser(t.db, { role: 'agent' });
    await t.db.insert(alerts).values({ userId: agent.id, type: 'order_status', message: 'Order 1 is now "Refunded".' });
    const [row] = await t.db.select().from(alerts).where(eq(alerts.userId, agent.id));
    expect(row).toMatchObject({ kind: '', params: {} });
    expect((await alertsAs(agent, 'ur')).map((alert) => alert.message)).toEqual(['Order 1 is now "Refunded".']);
  });

  it("answers PUT /api/alerts/read-all in the request's language too", async () => {
    const { user: agent } = await createUser(t.db, { role: 'agent' });
    const order = await createOrderRow(t.db, product, agent);
    await putAsStaff(t.app, vendor, order.id, { status: 'On-Hold' });
    const res = await injectAs(t.app, agent, {
      method: 'PUT',
      url: '/api/alerts/read-all',
      headers: { 'accept-language': 'ur' },
    });
    const [alert] = alertListSchema.parse(res.json()).alerts;
    expect(alert?.message).toMatch(URDU);
    expect(alert?.read).toBe(true);
  });

  it("tells every admin of an agent's new payout account in their request's language, the account masked and isolated", async () => {
    const { user: agent } = await createUser(t.db, { role: 'agent', firstName: 'Asif', lastName: 'Khan' });
    const res = await injectAs(t.app, agent, {
      method: 'PUT',
      url: '/api/user/payout-account',
      payload: { method: 'jazzcash', account: '+923001234567', holderName: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (list: Alert[]) => list.filter((alert) => alert.link.includes(agent.id));
    expect((await alertsAs(admin)).filter((alert) => alert.link.includes(agent.id))).toEqual([
      expect.objectContaining({ message: 'Asif Khan added a payout account: JazzCash •••• 4567.' }),
    ]);
    const [urdu] = mine(await alertsAs(admin, 'ur'));
    expect(urdu?.message).toMatch(URDU);
    expect(urdu?.message).toContain(isolated('•••• 4567'));
    expect(urdu?.message).toContain('\u2068Asif Khan\u2069');
  });
});
