/**
 * GET /api/alerts/stream (docs/architecture.md, Live alerts): two app instances on one database
 * stand for two API processes (on PostgreSQL the alert travels by NOTIFY to the other's LISTEN).
 */
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ALERT_MESSAGES_UR, MESSAGES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { alerts, type UserRow } from '../db/schema';
import { createAlert } from '../services/alerts';
import { endAccountSessions } from '../services/sessions';
import {
  createTestApp,
  createUser,
  injectAs,
  signInAs,
  TEST_JWT_SECRET,
  TEST_RATE_LIMITS,
  type TestApp,
} from '../test/helpers';
import { createProduct } from '../test/orders';

interface StreamEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

/**
 * An open event stream, read as it comes. node:http without an agent: one connection per
 * stream, closed with it (a pooled client may keep a spare one open that close() would wait for).
 */
function openStream(base: string, token: string | undefined, lastEventId?: string, language?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  if (language) headers['accept-language'] = language;
  const events: StreamEvent[] = [];
  let ended = false;
  const waiting = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiting]) wake();
  };
  return new Promise<{
    status: number;
    contentType: string | undefined;
    body: () => Promise<unknown>;
    received: (count: number) => Promise<StreamEvent[]>;
    ended: () => boolean;
    close: () => void;
  }>((resolve, reject) => {
    const request = http.get(`${base}/api/alerts/stream`, { headers, agent: false }, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      let text = '';
      res.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const event = field('event');
          if (event) events.push({ event, id: field('id'), data: JSON.parse(field('data') ?? 'null') });
        }
        wakeAll();
      });
      const finished = new Promise<void>((done) =>
        res.on('close', () => {
          ended = true;
          wakeAll();
          done();
        }),
      );
      resolve({
        status: res.statusCode ?? 0,
        contentType: res.headers['content-type'],
        body: async () => {
          await finished;
          return JSON.parse(text);
        },
        received: (count) =>
          new Promise((done) => {
            const check = () => {
              if (events.length >= count || ended) {
                waiting.delete(check);
                done(events.slice());
              }
            };
            waiting.add(check);
            check();
          }),
        ended: () => ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if (!ended) reject(error);
    });
  });
}

async function listening(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** A second app on the first one's database: another API process. */
const secondApp = (t: TestApp) =>
  buildApp({
    db: t.database,
    dataDir: t.dataDir,
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    rateLimits: TEST_RATE_LIMITS,
  });

const withinASecond = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('nothing arrived within a second')), 1_000)),
  ]);

describe('the live alert stream', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let base: string;
  let otherBase: string;
  let manager: UserRow;
  let managerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    other = await secondApp(t);
    base = await listening(t.app);
    otherBase = await listening(other);
    manager = (await createUser(t.db, { role: 'manager' })).user;
    managerToken = (await signInAs(t.app, manager)).token;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  /** An admin approves a new pending product of the manager through the other app instance (its alert: the manager's). */
  async function approveThroughOther(name: string): Promise<void> {
    const admin = (await signInAs(other, (await createUser(t.db, { role: 'admin' })).user)).token;
    const product = await createProduct(t.db, manager, { name, status: 'pending' });
    const approve = await other.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/approve`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(approve.statusCode).toBe(200);
  }

  it('refuses a caller who is not signed in with 401', async () => {
    const stream = await openStream(base, undefined);
    expect(stream.status).toBe(401);
    expect(await stream.body()).toEqual({ message: expect.any(String) });
  });

  it('opens with the unread count, as an event stream', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    await createAlert(t.db, { userId: user.id, type: 'order_status', message: 'before the stream' });
    const stream = await openStream(base, (await signInAs(t.app, user)).token);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      const [first] = await stream.received(1);
      expect(first).toMatchObject({ event: 'unread', data: { unread: 1 } });
      expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      stream.close();
    }
  });

  it('delivers an alert written through another app instance within a second, then the new unread count', async () => {
    const stream = await openStream(base, managerToken);
    try {
      await stream.received(1);
      await approveThroughOther('Lamp');
      const events = await withinASecond(stream.received(3));
      expect(events.slice(1)).toEqual([
        {
          event: 'alert',
          id: expect.any(String),
          data: expect.objectContaining({ type: 'product_approved', message: 'Your product "Lamp" was approved.' }),
        },
        { event: 'unread', id: events[1]?.id, data: { unread: 1 } },
      ]);
      expect(events[1]?.data).toMatchObject({ _id: events[1]?.id });
    } finally {
      stream.close();
    }
  });

  it('speaks the language of the request that opened it: an alert raised in English arrives in Urdu', async () => {
    const stream = await openStream(base, managerToken, undefined, 'ur');
    try {
      await stream.received(1);
      await approveThroughOther('Tea Kettle');
      const events = await withinASecond(stream.received(3));
      expect(events[1]).toMatchObject({
        event: 'alert',
        data: { type: 'product_approved', message: ALERT_MESSAGES_UR['product-approved']({ product: 'Tea Kettle' }) },
      });
      expect(events[1]?.data).toMatchObject({ message: expect.stringContaining('\u2068Tea Kettle\u2069') });
    } finally {
      stream.close();
    }
  });

  it("never delivers another user's alert, nor one whose transaction rolled back", async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const { user: someoneElse } = await createUser(t.db, { role: 'agent' });
    const stream = await openStream(base, (await signInAs(t.app, user)).token);
    try {
      await stream.received(1);
      await createAlert(other.db, { userId: someoneElse.id, type: 'order_status', message: 'not yours' });
      await other.db
        .transaction(async (tx) => {
          await createAlert(tx, { userId: user.id, type: 'order_status', message: 'rolled back' });
          throw new Error('roll back');
        })
        .catch(() => {});
      await createAlert(other.db, { userId: user.id, type: 'order_status', message: 'yours' });
      const events = await withinASecond(stream.received(3));
      expect(events.filter((e) => e.event === 'alert').map((e) => (e.data as { message: string }).message)).toEqual([
        'yours',
      ]);
    } finally {
      stream.close();
    }
  });

  it('sends what was missed to a stream reopened with Last-Event-ID, oldest first', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const token = (await signInAs(t.app, user)).token;
    await createAlert(t.db, { userId: user.id, type: 'order_status', message: 'seen' });
    const first = await openStream(base, token);
    const [opening] = await first.received(1);
    first.close();
    await createAlert(t.db, { userId: user.id, type: 'order_status', message: 'missed 1' });
    await createAlert(t.db, { userId: user.id, type: 'order_status', message: 'missed 2' });

    const again = await openStream(otherBase, token, opening?.id);
    try {
      const events = await again.received(3);
      expect(events.map((e) => e.event)).toEqual(['alert', 'alert', 'unread']);
      expect(events.slice(0, 2).map((e) => (e.data as { message: string }).message)).toEqual(['missed 1', 'missed 2']);
      expect(events[2]).toEqual({ event: 'unread', id: events[1]?.id, data: { unread: 3 } });
    } finally {
      again.close();
    }
  });

  it("replays nothing for a Last-Event-ID that is not one of the caller's alerts, or not an id at all", async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const token = (await signInAs(t.app, user)).token;
    const { user: someoneElse } = await createUser(t.db, { role: 'agent' });
    await createAlert(t.db, { userId: someoneElse.id, type: 'order_status', message: 'theirs' });
    await createAlert(t.db, { userId: user.id, type: 'order_status', message: 'mine' });
    const [{ id: mine } = { id: '' }] = await t.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(eq(alerts.userId, user.id));
    const [{ id: theirs } = { id: '' }] = await t.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(eq(alerts.userId, someoneElse.id));
    for (const lastEventId of [theirs, '00000000-0000-4000-8000-000000000000', 'not-an-id', "' or 1=1 --"]) {
      const stream = await openStream(base, token, lastEventId);
      try {
        const [first] = await stream.received(1);
        expect(first).toEqual({ event: 'unread', id: mine, data: { unread: 1 } });
      } finally {
        stream.close();
      }
    }
  });

  it('answers bad tokens with 401 and odd Last-Event-IDs and query strings with the stream, never a 5xx', async () => {
    for (const token of ['x', 'a.b.c', `${managerToken}x`, 'é'.repeat(2_000)]) {
      const stream = await openStream(base, token);
      expect(stream.status).toBe(401);
      expect(await stream.body()).toEqual({ message: expect.any(String) });
    }
    const { user } = await createUser(t.db, { role: 'agent' });
    const token = (await signInAs(t.app, user)).token;
    for (const lastEventId of ['x'.repeat(8_000), '%00', '0', 'ÿ', '00000000-0000-4000-8000-00000000000Z']) {
      const stream = await openStream(base, token, lastEventId);
      try {
        expect(stream.status).toBe(200);
        expect((await stream.received(1))[0]).toMatchObject({ event: 'unread', data: { unread: 0 } });
      } finally {
        stream.close();
      }
    }
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/alerts/stream?page=-1&limit=abc&__proto__[x]=1',
      headers: { authorization: 'Bearer nope' },
    });
    expect(odd.statusCode).toBe(401);
  });

  it('refuses a sixth stream of one account with 429 and a message, and takes it once one closes', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const token = (await signInAs(t.app, user)).token;
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const stream = await openStream(base, token);
      await stream.received(1);
      streams.push(stream);
    }
    const refused = await openStream(base, token);
    expect(refused.status).toBe(429);
    expect(await refused.body()).toEqual({ message: MESSAGES.alertStreamsPerUser });
    // another process counts its own
    const elsewhere = await openStream(otherBase, token);
    expect(elsewhere.status).toBe(200);
    elsewhere.close();

    streams.pop()?.close();
    await expect
      .poll(async () => {
        const retry = await openStream(base, token);
        retry.close();
        return retry.status;
      })
      .toBe(200);
    for (const stream of streams) stream.close();
  });
});

describe('a live stream whose token is revoked', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let base: string;
  let otherBase: string;
  beforeAll(async () => {
    t = await createTestApp();
    other = await secondApp(t);
    base = await listening(t.app);
    otherBase = await listening(other);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** Resolves once the server has ended the stream; fails the test if it has not within a second. */
  const endsWithinASecond = async (stream: Awaited<ReturnType<typeof openStream>>) => {
    await withinASecond(stream.received(Number.POSITIVE_INFINITY));
    expect(stream.ended()).toBe(true);
  };
  async function openedStream(where: string, token: string) {
    const stream = await openStream(where, token);
    expect(stream.status).toBe(200);
    await stream.received(1);
    return stream;
  }

  it('ends within a second of a logout with its token, through another app instance, while a stream of another token of the account goes on', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const phone = (await signInAs(t.app, user)).token;
    const laptop = (await signInAs(t.app, user)).token;
    const onPhone = await openedStream(base, phone);
    const onLaptop = await openedStream(base, laptop);
    try {
      const logout = await other.inject({ method: 'POST', url: '/api/logout', headers: asBearer(phone) });
      expect(logout.statusCode).toBe(204);
      await endsWithinASecond(onPhone);

      expect(onLaptop.ended()).toBe(false);
      await createAlert(t.db, { userId: user.id, type: 'order_status', message: 'still delivered' });
      const events = await withinASecond(onLaptop.received(3));
      expect(events[1]).toMatchObject({ event: 'alert', data: { message: 'still delivered' } });
      // the ended stream cannot be opened again with its token
      expect((await openStream(base, phone)).status).toBe(401);
    } finally {
      onPhone.close();
      onLaptop.close();
    }
  });

  it("ends every stream of the account, on every app instance, within a second of a password change, and the new token's opens", async () => {
    const { user, password } = await createUser(t.db, { role: 'manager' });
    const first = (await signInAs(t.app, user)).token;
    const second = (await signInAs(other, user)).token;
    const streams = [await openedStream(base, first), await openedStream(otherBase, second)];
    try {
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/update/password',
        headers: asBearer(first),
        payload: { currentPassword: password, newPassword: 'a brand new passphrase' },
      });
      expect(change.statusCode).toBe(200);
      for (const stream of streams) await endsWithinASecond(stream);
      const renewed = await openedStream(otherBase, change.json().token);
      renewed.close();
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("ends every stream of the account within a second of endAccountSessions, and leaves another account's alone", async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const { user: someoneElse } = await createUser(t.db, { role: 'agent' });
    const mine = [
      await openedStream(base, (await signInAs(t.app, user)).token),
      await openedStream(otherBase, (await signInAs(t.app, user)).token),
    ];
    const theirs = await openedStream(base, (await signInAs(t.app, someoneElse)).token);
    try {
      await other.db.transaction((tx) => endAccountSessions(tx, user.id));
      for (const stream of mine) await endsWithinASecond(stream);
      await createAlert(t.db, { userId: someoneElse.id, type: 'order_status', message: 'for the other account' });
      expect((await withinASecond(theirs.received(3)))[1]).toMatchObject({ event: 'alert' });
      expect(theirs.ended()).toBe(false);
    } finally {
      for (const stream of [...mine, theirs]) stream.close();
    }
  });

  it('ends every stream of an account within a second of its suspension through another app instance, and the token opens none', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const { user: admin } = await createUser(t.db, { role: 'admin' });
    const token = (await signInAs(t.app, user)).token;
    const mine = [await openedStream(base, token), await openedStream(otherBase, token)];
    try {
      const suspended = await injectAs(other, admin, {
        method: 'PUT',
        url: `/api/user/${user.id}/suspend`,
        payload: { reason: 'Fake reviews.' },
      });
      expect(suspended.statusCode).toBe(200);
      for (const stream of mine) await endsWithinASecond(stream);
      const again = await openStream(base, token);
      expect(again.status).toBe(401);
      await again.body();
    } finally {
      for (const stream of mine) stream.close();
    }
  });

  it('keeps the stream when the change that would end it rolls back', async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const stream = await openedStream(base, (await signInAs(t.app, user)).token);
    try {
      await t.db
        .transaction(async (tx) => {
          await endAccountSessions(tx, user.id);
          throw new Error('roll back');
        })
        .catch(() => {});
      await createAlert(t.db, { userId: user.id, type: 'order_status', message: 'after the rollback' });
      expect((await withinASecond(stream.received(3)))[1]).toMatchObject({ event: 'alert' });
      expect(stream.ended()).toBe(false);
    } finally {
      stream.close();
    }
  });

  it("frees the revoked streams' places at once: the owner's new token opens five streams right after a thief's token is logged out", async () => {
    const { user } = await createUser(t.db, { role: 'agent' });
    const thief = (await signInAs(t.app, user)).token;
    const owner = (await signInAs(t.app, user)).token;
    const stolen = [];
    for (let i = 0; i < 5; i++) stolen.push(await openedStream(base, thief));
    expect((await openStream(base, owner)).status).toBe(429);

    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: asBearer(thief) })).statusCode).toBe(204);
    for (const stream of stolen) await endsWithinASecond(stream);
    const owned = [];
    try {
      for (let i = 0; i < 5; i++) owned.push(await openedStream(base, owner));
    } finally {
      for (const stream of [...stolen, ...owned]) stream.close();
    }
  });

  it('ends when its token expires', async () => {
    const short = await createTestApp({ tokenTtlSeconds: 3 });
    try {
      const { user } = await createUser(short.db, { role: 'agent' });
      const stream = await openedStream(await listening(short.app), (await signInAs(short.app, user)).token);
      await expect.poll(() => stream.ended(), { timeout: 10_000, interval: 100 }).toBe(true);
    } finally {
      await short.close();
    }
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')('the live alert stream on PostgreSQL', () => {
  it('listens again after losing its LISTEN connection, and sends the alerts written meanwhile', async () => {
    const t = await createTestApp();
    try {
      const base = await listening(t.app);
      const { user } = await createUser(t.db, { role: 'agent' });
      const stream = await openStream(base, (await signInAs(t.app, user)).token);
      await stream.received(1);
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
      );
      await createAlert(t.db, { userId: user.id, type: 'order_status', message: 'while it was away' });
      const events = await stream.received(3);
      expect(events.slice(1).map((e) => e.event)).toEqual(['alert', 'unread']);
      expect(events[1]?.data).toMatchObject({ message: 'while it was away' });
      stream.close();
    } finally {
      await t.close();
    }
  });
});

describe('closing the app', () => {
  it('ends its open streams, so close() does not wait for them', async () => {
    const t = await createTestApp();
    const base = await listening(t.app);
    const { user } = await createUser(t.db, { role: 'agent' });
    const stream = await openStream(base, (await signInAs(t.app, user)).token);
    await stream.received(1);
    await t.close();
    await stream.received(2);
    expect(stream.ended()).toBe(true);
  });
});
