import { and, eq } from 'drizzle-orm';
import { MAX_LIST_ROWS, MESSAGES, type Role } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, type UserRow } from './db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from './test/helpers';

/** Every paged list, with a role its route lets through (:agentId is that agent's id). */
const LISTS: { method: 'GET' | 'PUT'; path: string; role: Role }[] = [
  { method: 'GET', path: '/api/products/approved', role: 'agent' },
  { method: 'GET', path: '/api/products/filter', role: 'agent' },
  { method: 'GET', path: '/api/manager/products', role: 'manager' },
  { method: 'GET', path: '/api/products/pending', role: 'admin' },
  { method: 'GET', path: '/api/manager/orders', role: 'manager' },
  { method: 'GET', path: '/api/orders/all', role: 'admin' },
  { method: 'GET', path: '/api/agents/:agentId/orders', role: 'agent' },
  { method: 'GET', path: '/api/orders/filtered', role: 'agent' },
  { method: 'GET', path: '/api/all/pendingusers', role: 'admin' },
  { method: 'GET', path: '/api/alerts', role: 'agent' },
  { method: 'PUT', path: '/api/alerts/read-all', role: 'agent' },
];

describe('lists serve only their first 10,000 rows', () => {
  let t: TestApp;
  let agent: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    agent = (await createUser(t.db, { role: 'agent' })).user;
  });
  afterAll(() => t.close());

  const callerOf = (role: Role) => (role === 'agent' ? agent : role);
  const urlOf = (path: string, query: string) => `${path.replace(':agentId', agent.id)}?${query}`;

  it.each(LISTS)('$method $path: a page past them is refused with a message asking for a filter', async (list) => {
    for (const query of [
      `page=${MAX_LIST_ROWS / 50 + 1}`,
      `page=${MAX_LIST_ROWS / 200 + 1}&limit=200`,
      'page=200000000&limit=1',
      'page=99999999999999999999',
    ]) {
      const res = await injectAs(t.app, callerOf(list.role), {
        method: list.method,
        url: urlOf(list.path, query),
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: MESSAGES.pageTooFar });
    }
  });

  it.each(LISTS)('$method $path: the last page within them is served', async (list) => {
    const res = await injectAs(t.app, callerOf(list.role), {
      method: list.method,
      url: urlOf(list.path, `page=${MAX_LIST_ROWS / 200}&limit=200`),
    });
    expect(res.statusCode).toBe(200);
  });

  it('says what a page and a limit may be, instead of a number nobody would type', async () => {
    const ask = async (query: string) =>
      (await injectAs(t.app, agent, { method: 'GET', url: `/api/products/approved?${query}` })).json();
    expect(await ask('page=0')).toEqual({ message: MESSAGES.pageInvalid });
    expect(await ask('page=1.5')).toEqual({ message: MESSAGES.pageInvalid });
    expect(await ask('limit=201')).toEqual({ message: MESSAGES.limitInvalid });
    expect(await ask('limit=99999999999999999999')).toEqual({ message: MESSAGES.limitInvalid });
  });

  it('a refused page of "mark all read" marks nothing read', async () => {
    await t.db.insert(alerts).values({ userId: agent.id, type: 'order_status', message: 'unread', read: false });
    const res = await injectAs(t.app, agent, { method: 'PUT', url: '/api/alerts/read-all?page=10001' });
    expect(res.statusCode).toBe(400);
    const unread = await t.db.$count(alerts, and(eq(alerts.userId, agent.id), eq(alerts.read, false)));
    expect(Number(unread)).toBe(1);
  });
});
