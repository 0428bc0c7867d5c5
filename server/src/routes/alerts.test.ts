import { eq } from 'drizzle-orm';
import { alertListSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import { alerts, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';

async function insertAlert(db: Db, user: UserRow, message: string, minutesAgo: number, read = false) {
  await db.insert(alerts).values({
    userId: user.id,
    type: 'order_status',
    message,
    link: '/agent/orders',
    read,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
}

describe('alerts', () => {
  let t: TestApp;
  let agent: UserRow;
  let manager: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    agent = (await createUser(t.db, { role: 'agent' })).user;
    manager = (await createUser(t.db, { role: 'manager' })).user;
    await insertAlert(t.db, agent, 'oldest', 30, true);
    await insertAlert(t.db, agent, 'middle', 20);
    await insertAlert(t.db, agent, 'newest', 10);
    await insertAlert(t.db, manager, 'for the manager', 5);
  });
  afterAll(() => t.close());

  it("answers only the caller's alerts, newest first, with the unread count", async () => {
    const res = await injectAs(t.app, agent, { method: 'GET', url: '/api/alerts' });
    expect(res.statusCode).toBe(200);
    const body = alertListSchema.parse(res.json());
    expect(body.alerts.map((a) => a.message)).toEqual(['newest', 'middle', 'oldest']);
    expect(body.alerts.map((a) => a.read)).toEqual([false, false, true]);
    expect(body.unread).toBe(2);
    expect(body.alerts[0]).toMatchObject({ type: 'order_status', link: '/agent/orders' });
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('pages with page and limit, counting every unread alert', async () => {
    const res = await injectAs(t.app, agent, { method: 'GET', url: '/api/alerts?page=2&limit=2' });
    expect(res.json()).toMatchObject({ alerts: [{ message: 'oldest' }], unread: 2 });
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('answers an empty list to a user without alerts', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/alerts' });
    expect(res.json()).toEqual({ alerts: [], unread: 0 });
  });

  it("marks all of the caller's alerts read and no one else's", async () => {
    const res = await injectAs(t.app, agent, { method: 'PUT', url: '/api/alerts/read-all' });
    expect(res.statusCode).toBe(200);
    const body = alertListSchema.parse(res.json());
    expect(body.unread).toBe(0);
    expect(body.alerts.every((a) => a.read)).toBe(true);
    expect((await t.db.select().from(alerts).where(eq(alerts.userId, agent.id))).every((a) => a.read)).toBe(true);

    const [managerAlert] = await t.db.select().from(alerts).where(eq(alerts.userId, manager.id));
    expect(managerAlert?.read).toBe(false);
    const managerView = await injectAs(t.app, manager, { method: 'GET', url: '/api/alerts' });
    expect(managerView.json().unread).toBe(1);
  });

  it('refuses both routes without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/alerts/read-all' })).statusCode).toBe(401);
  });
});
