import { eq } from 'drizzle-orm';
import {
  ALERT_MESSAGES_UR,
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_MESSAGES,
  PUSH_TITLES_UR,
  type PushPayload,
} from 'shared-api/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ProductRow, pushOutbox, pushSubscriptions, type UserRow } from '../db/schema';
import { startPushDelivery } from '../push/delivery';
import { createAlert, PUSH_CHANNEL } from '../services/alerts';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, insertUpload, putAsStaff } from '../test/orders';
import { browserKeys, startPushService, type TestPushService } from '../test/push-service';

const FCM = 'https://fcm.googleapis.com/fcm/send/';

describe('push notifications', () => {
  let t: TestApp;
  let service: TestPushService;
  let admin: UserRow;
  let product: ProductRow;
  let n = 0;
  const silentLog = { warn: () => {}, error: () => {} };

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ push: { allowPrefixes: ['http://127.0.0.1:'] } });
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, (await createUser(t.db, { role: 'manager' })).user);
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });
  afterEach(() => {
    service.received.length = 0;
  });

  const newAgent = async () => (await createUser(t.db, { role: 'agent' })).user;
  const subscribe = (who: UserRow, endpoint: string, keys = browserKeys().keys) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys } });
  const localEndpoint = () => `${service.origin}/push/${++n}`;
  const delivery = () =>
    startPushDelivery({
      db: t.db,
      listen: t.database.listen,
      vapid: t.app.push.vapid,
      allowPrefixes: ['http://127.0.0.1:'],
      log: silentLog,
      everyMs: 60_000,
    });

  describe('subscribing', () => {
    it('answers the VAPID public key to a signed-in caller, and 401 to none', async () => {
      const agent = await newAgent();
      const res = await injectAs(t.app, agent, { method: 'GET', url: '/api/push/key' });
      expect(res.statusCode).toBe(200);
      expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);
      expect((await t.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
    });

    it('keeps a subscription on a known push service, lists it and deletes it', async () => {
      const agent = await newAgent();
      const endpoint = `${FCM}abc-${++n}`;
      const res = await subscribe(agent, endpoint);
      expect(res.statusCode, res.body).toBe(201);
      const list = await injectAs(t.app, agent, { method: 'GET', url: '/api/push/subscriptions' });
      expect(list.json().map((s: { endpoint: string }) => s.endpoint)).toEqual([endpoint]);
      const del = (who: UserRow) =>
        injectAs(t.app, who, { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint } });
      expect((await del(await newAgent())).statusCode).toBe(404);
      expect((await del(agent)).statusCode).toBe(204);
      expect((await del(agent)).statusCode).toBe(404);
    });

    it.each([
      ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
      ['an unknown host', 'https://push.example.com/x'],
      ['a host that only ends like one', 'https://evilfcm.googleapis.com.example.com/x'],
      ['a port', 'https://fcm.googleapis.com:8443/x'],
      ['credentials', 'https://user:pw@fcm.googleapis.com/x'],
      ['an internal address', 'https://169.254.169.254/latest/meta-data'],
      ['not a URL', 'fcm.googleapis.com/x'],
      ['an allowed prefix spelled with credentials', 'http://127.0.0.1:80@example.com/x'],
    ])('refuses an endpoint on %s with a 400 saying so', async (_name, endpoint) => {
      const res = await subscribe(await newAgent(), endpoint);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PUSH_MESSAGES.endpointInvalid);
    });

    it('refuses keys that are not a P-256 point and a 16-byte secret', async () => {
      const agent = await newAgent();
      const good = browserKeys().keys;
      const offCurve = Buffer.from(good.p256dh, 'base64url');
      offCurve[40] = (offCurve[40] ?? 0) ^ 1;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...good, p256dh: offCurve.toString('base64url') }, PUSH_MESSAGES.p256dhInvalid],
        [{ ...good, p256dh: good.p256dh.slice(0, 40) }, PUSH_MESSAGES.p256dhInvalid],
        [{ ...good, p256dh: `${good.p256dh.slice(0, -2)}+/` }, PUSH_MESSAGES.p256dhInvalid],
        [{ ...good, auth: Buffer.alloc(8).toString('base64url') }, PUSH_MESSAGES.authInvalid],
      ];
      for (const [keys, message] of cases) {
        const res = await injectAs(t.app, agent, {
          method: 'POST',
          url: '/api/push/subscriptions',
          payload: { endpoint: `${FCM}k-${++n}`, keys },
        });
        expect(res.statusCode, JSON.stringify(keys)).toBe(400);
        expect(res.json().message).toBe(message);
      }
    });

    it(`keeps the newest ${MAX_PUSH_SUBSCRIPTIONS} of an account, and gives an endpoint to whoever subscribed it last`, async () => {
      const agent = await newAgent();
      const endpoints = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 2 }, () => `${FCM}many-${++n}`);
      for (const endpoint of endpoints) expect((await subscribe(agent, endpoint)).statusCode).toBe(201);
      const kept = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, agent.id));
      expect(kept.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(2).sort());

      const other = await newAgent();
      const last = endpoints.at(-1) ?? '';
      expect((await subscribe(other, last)).statusCode).toBe(201);
      const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, last));
      expect(row?.userId).toBe(other.id);
    });

    it('keeps the kinds an account turned off, and refuses an unknown kind', async () => {
      const agent = await newAgent();
      const prefs = (payload?: unknown) =>
        injectAs(t.app, agent, {
          method: payload ? 'PUT' : 'GET',
          url: '/api/push/preferences',
          ...(payload ? { payload } : {}),
        });
      expect((await prefs()).json()).toEqual({ kindsOff: [] });
      const saved = await prefs({ kindsOff: ['commission_status', 'order_status', 'commission_status'] });
      expect(saved.json()).toEqual({ kindsOff: ['order_status', 'commission_status'] });
      expect((await prefs()).json()).toEqual({ kindsOff: ['order_status', 'commission_status'] });
      const bad = await prefs({ kindsOff: ['everything'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(PUSH_MESSAGES.kindInvalid);
    });
  });

  describe('delivery', () => {
    it('pushes an alert encrypted to the subscription and signed with the VAPID key, opening what it concerns', async () => {
      const agent = await newAgent();
      const browser = browserKeys();
      const endpoint = localEndpoint();
      expect((await subscribe(agent, endpoint, browser.keys)).statusCode).toBe(201);
      const order = await createOrderRow(t.db, product, agent);
      await createAlert(t.db, {
        userId: agent.id,
        type: 'order_status',
        message: 'Order X is now "Refunded".',
        link: `/agent/orders/${order.id}`,
      });
      const pushes = delivery();
      await pushes.drain();
      await pushes.stop();

      const mine = service.received.filter((push) => push.path === new URL(endpoint).pathname);
      expect(mine.length).toBeGreaterThan(0);
      const last = mine.at(-1);
      if (!last) throw new Error('nothing pushed');
      expect(last.headers['content-encoding']).toBe('aes128gcm');
      expect(last.headers.ttl).toBe('86400');
      expect(last.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.app.push.vapid.publicKey}$`),
      );
      const payload = JSON.parse(browser.decrypt(last.body)) as PushPayload;
      expect(payload).toMatchObject({
        title: 'Order update',
        body: 'Order X is now "Refunded".',
        url: `/agent/orders/${order.id}`,
        kind: 'order_status',
      });
      expect(await t.db.$count(pushOutbox)).toBe(0);
    });

    it("pushes an alert in its recipient's language: Urdu to an account set to ur, whoever raised it", async () => {
      const agent = (await createUser(t.db, { role: 'agent', locale: 'ur' })).user;
      const browser = browserKeys();
      const endpoint = localEndpoint();
      expect((await subscribe(agent, endpoint, browser.keys)).statusCode).toBe(201);
      const order = await createOrderRow(t.db, product, agent);
      // the manager's request is in English; the push follows the agent's account
      expect((await putAsStaff(t.app, admin, order.id, { status: 'Refunded' })).statusCode).toBe(200);
      const pushes = delivery();
      await pushes.drain();
      await pushes.stop();

      const mine = service.received.filter((push) => push.path === new URL(endpoint).pathname);
      const last = mine.at(-1);
      if (!last) throw new Error('nothing pushed');
      const payload = JSON.parse(browser.decrypt(last.body)) as PushPayload;
      expect(payload).toMatchObject({
        title: PUSH_TITLES_UR.order_status,
        body: ALERT_MESSAGES_UR['order-status']({ orderNumber: order.amzOrderNumber, status: 'Refunded' }),
        kind: 'order_status',
      });
      expect(payload.body).toContain(`\u2066${order.amzOrderNumber}\u2069`);
    });

    it('queues nothing for an account without a subscription, and pushes no kind it turned off', async () => {
      const quiet = await newAgent();
      await createAlert(t.db, { userId: quiet.id, type: 'order_status', message: 'quiet', link: '' });
      expect(await t.db.$count(pushOutbox)).toBe(0);

      const agent = await newAgent();
      expect((await subscribe(agent, localEndpoint())).statusCode).toBe(201);
      await injectAs(t.app, agent, {
        method: 'PUT',
        url: '/api/push/preferences',
        payload: { kindsOff: ['commission_status'] },
      });
      await createAlert(t.db, { userId: agent.id, type: 'commission_status', message: 'paid', link: '' });
      await createAlert(t.db, { userId: agent.id, type: 'order_status', message: 'moved', link: '' });
      const pushes = delivery();
      await pushes.drain();
      await pushes.stop();
      expect(service.received).toHaveLength(1);
    });

    it('announces on the push channel only an alert it queued, and a running delivery pushes it on that notice', async () => {
      const heard: string[] = [];
      const stopListening = await t.database.listen(PUSH_CHANNEL, {
        notified: (payload) => heard.push(payload),
        reconnected: () => {},
      });
      const pushes = delivery();
      await pushes.drain();
      try {
        const quiet = await newAgent();
        await createAlert(t.db, { userId: quiet.id, type: 'order_status', message: 'quiet', link: '' });
        const agent = await newAgent();
        const endpoint = localEndpoint();
        expect((await subscribe(agent, endpoint)).statusCode).toBe(201);
        await createAlert(t.db, { userId: agent.id, type: 'order_status', message: 'heard', link: '' });
        // no timer (everyMs is a minute): the notice alone starts the drain
        await vi.waitFor(
          () => expect(service.received.map((push) => push.path)).toEqual([new URL(endpoint).pathname]),
          {
            timeout: 5_000,
          },
        );
        // the quiet account's alert announced nothing there
        await vi.waitFor(() => expect(heard).toEqual(['']), { timeout: 5_000 });
      } finally {
        await stopListening();
        await pushes.stop();
      }
    });

    it('deletes a subscription the push service says is gone', async () => {
      const agent = await newAgent();
      const endpoint = localEndpoint();
      service.answer(new URL(endpoint).pathname, 410);
      expect((await subscribe(agent, endpoint)).statusCode).toBe(201);
      await createAlert(t.db, { userId: agent.id, type: 'order_status', message: 'gone', link: '' });
      const pushes = delivery();
      await pushes.drain();
      await pushes.stop();
      expect(service.received).toHaveLength(1);
      expect(await t.db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, endpoint))).toBe(0);
    });

    it('pushes each alert once when several processes drain the queue at once', async () => {
      const agent = await newAgent();
      expect((await subscribe(agent, localEndpoint())).statusCode).toBe(201);
      for (let i = 0; i < 60; i++) {
        await createAlert(t.db, { userId: agent.id, type: 'order_status', message: `alert ${i}`, link: '' });
      }
      const processes = [delivery(), delivery(), delivery()];
      await Promise.all(processes.map((process) => process.drain()));
      await Promise.all(processes.map((process) => process.stop()));
      expect(service.received).toHaveLength(60);
    });

    it('pushes a refund screenshot added by staff as an alert of its own', async () => {
      const agent = await newAgent();
      const browser = browserKeys();
      expect((await subscribe(agent, localEndpoint(), browser.keys)).statusCode).toBe(201);
      const order = await createOrderRow(t.db, product, agent);
      const res = await putAsStaff(t.app, admin, order.id, { refundShot: await insertUpload(t.db, admin) });
      expect(res.statusCode, res.body).toBe(200);
      const pushes = delivery();
      await pushes.drain();
      await pushes.stop();
      const bodies = service.received.map((push) => (JSON.parse(browser.decrypt(push.body)) as PushPayload).body);
      expect(bodies).toEqual([`Order ${order.amzOrderNumber} has its refund screenshot.`]);
    });
  });
});
