/**
 * An account's status moves, its refusals at sign-in and everywhere else, and its history
 * (docs/domain.md, Accounts).
 */
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, MESSAGES, payableAgentListSchema, userHistorySchema, userSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductRow, type UserRow, userEvents, users } from '../db/schema';
import { createTestApp, createUser, injectAs, signInAs, TEST_PASSWORD, type TestApp } from '../test/helpers';
import { uploadCnicImage } from '../test/images';
import { createOrderRow, createProduct, getAs, orderBodyAs, putAsStaff, readOrder } from '../test/orders';
import { REGISTRATION_FIELDS } from '../test/world';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('account status moves', () => {
  let t: TestApp;
  let admin: UserRow;
  let otherAdmin: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t.db, { role: 'admin', firstName: 'Asma', lastName: 'Admin' })).user;
    otherAdmin = (await createUser(t.db, { role: 'admin' })).user;
  });
  afterAll(() => t.close());

  const move = (who: UserRow, id: string, action: string, payload?: object) =>
    injectAs(t.app, who, { method: 'PUT', url: `/api/user/${id}/${action}`, ...(payload ? { payload } : {}) });
  const login = (email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const stored = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const eventsOf = (id: string) =>
    t.db.select().from(userEvents).where(eq(userEvents.userId, id)).orderBy(userEvents.seq);
  const newUser = async (fields: Parameters<typeof createUser>[1] = {}) => (await createUser(t.db, fields)).user;

  describe('reject', () => {
    it('turns a pending registration down with its reason, in its history, and signing in says why', async () => {
      const pending = await newUser({ status: 'pending' });
      const res = await move(admin, pending.id, 'reject', { reason: '  The CNIC images are unreadable.  ' });
      expect(res.statusCode).toBe(200);
      expect(userSchema.parse(res.json())).toMatchObject({ _id: pending.id, status: 'rejected' });
      expect(await stored(pending.id)).toMatchObject({
        status: 'rejected',
        statusReason: 'The CNIC images are unreadable.',
        tokenVersion: pending.tokenVersion + 1,
      });
      const [event] = await eventsOf(pending.id);
      expect(event).toMatchObject({
        type: 'rejected',
        actorId: admin.id,
        actorName: 'Asma Admin',
        actorRole: 'admin',
        reason: 'The CNIC images are unreadable.',
        changes: { status: { from: 'pending', to: 'rejected' } },
      });

      const refused = await login(pending.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(`${ACCOUNT_MESSAGES.rejectedLogin} The CNIC images are unreadable.`);
      // the reason only to the right password
      const wrong = await login(pending.email, 'not the password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(MESSAGES.invalidCredentials);
    });

    it('keeps the email taken: registering again with it gets the usual taken message', async () => {
      const pending = await newUser({ status: 'pending' });
      expect((await move(admin, pending.id, 'reject', { reason: 'Duplicate account.' })).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          ...REGISTRATION_FIELDS,
          role: 'agent',
          email: pending.email.toUpperCase(),
          cnicFront: await uploadCnicImage(t.app),
          cnicBack: await uploadCnicImage(t.app),
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.emailTaken);
    });

    it('refuses any account that is not pending with 409 saying why, and changes nothing', async () => {
      for (const status of ['approved', 'rejected', 'suspended'] as const) {
        const user = await newUser({ status, statusReason: status === 'approved' ? null : 'before' });
        const res = await move(admin, user.id, 'reject', { reason: 'Not wanted.' });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(ACCOUNT_MESSAGES.rejectNotPending);
        expect(await stored(user.id)).toMatchObject({ status, tokenVersion: user.tokenVersion });
        expect(await eventsOf(user.id)).toEqual([]);
      }
    });
  });

  describe('reasons', () => {
    it.each([
      ['missing', undefined, ACCOUNT_MESSAGES.reasonRequired],
      ['empty', '', ACCOUNT_MESSAGES.reasonRequired],
      ['only spaces', '   ', ACCOUNT_MESSAGES.reasonRequired],
      ['501 characters', 'x'.repeat(501), ACCOUNT_MESSAGES.reasonTooLong],
      ['a control character', 'bad\u0007reason', ACCOUNT_MESSAGES.reasonInvalid],
      ['a line break', 'two\nlines', ACCOUNT_MESSAGES.reasonInvalid],
      ['not a string', 42, ACCOUNT_MESSAGES.reasonRequired],
    ])(
      'refuses a reason that is %s with 400 and its message, for reject and suspend',
      async (_what, reason, message) => {
        const pending = await newUser({ status: 'pending' });
        const approved = await newUser();
        for (const [user, action] of [
          [pending, 'reject'],
          [approved, 'suspend'],
        ] as const) {
          const res = await move(admin, user.id, action, reason === undefined ? {} : { reason });
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe(message);
          expect((await stored(user.id))?.status).toBe(user.status);
        }
      },
    );

    it('takes a reason of 500 characters (after trimming)', async () => {
      const user = await newUser();
      const reason = 'r'.repeat(500);
      expect((await move(admin, user.id, 'suspend', { reason: ` ${reason} ` })).statusCode).toBe(200);
      expect((await stored(user.id))?.statusReason).toBe(reason);
    });
  });

  describe('suspend and reactivate', () => {
    it('suspends an approved account: every token of it is refused at once, and signing in says why', async () => {
      const agent = await newUser({ role: 'agent' });
      const { token } = await signInAs(t.app, agent);
      const { token: second } = await signInAs(t.app, agent);
      const headers = { authorization: `Bearer ${token}` };
      const ordersUrl = `/api/agents/${agent.id}/orders`;
      expect((await t.app.inject({ method: 'GET', url: ordersUrl, headers })).statusCode).toBe(200);

      const res = await move(admin, agent.id, 'suspend', { reason: 'Fake reviews reported by the seller.' });
      expect(res.statusCode).toBe(200);
      expect(userSchema.parse(res.json())).toMatchObject({ _id: agent.id, status: 'suspended' });

      for (const bearer of [token, second]) {
        for (const url of ['/api/user', ordersUrl, '/api/alerts', `/api/agent/comission/${agent.id}`]) {
          const refused = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
          expect(refused.statusCode, url).toBe(401);
        }
      }
      const refused = await login(agent.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(`${ACCOUNT_MESSAGES.suspendedLogin} Fake reviews reported by the seller.`);
      expect((await login(agent.email, 'wrong password')).statusCode).toBe(401);
      expect((await eventsOf(agent.id)).map((e) => [e.type, e.reason])).toEqual([
        ['suspended', 'Fake reviews reported by the seller.'],
      ]);
    });

    it('refuses a token of a suspended account even where a pending account may go (belt and braces)', async () => {
      // a suspension written without ending the sessions (as no code path does): the status alone refuses
      for (const status of ['suspended', 'rejected'] as const) {
        const user = await newUser();
        const { token } = await signInAs(t.app, user);
        await t.db.update(users).set({ status }).where(eq(users.id, user.id));
        for (const url of ['/api/user', '/api/alerts']) {
          const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          expect(res.statusCode, `${status} ${url}`).toBe(401);
          expect(res.json().message).toBe(MESSAGES.sessionInvalid);
        }
      }
    });

    it('reactivates a suspended account: approved again, its reason cleared, signing in works', async () => {
      const manager = await newUser({ role: 'manager' });
      expect((await move(admin, manager.id, 'suspend', { reason: 'Unpaid fees.' })).statusCode).toBe(200);
      const res = await move(admin, manager.id, 'reactivate');
      expect(res.statusCode).toBe(200);
      expect(userSchema.parse(res.json())).toMatchObject({ _id: manager.id, status: 'approved' });
      expect(await stored(manager.id)).toMatchObject({ status: 'approved', statusReason: null });
      expect((await login(manager.email)).statusCode).toBe(200);
      expect((await eventsOf(manager.id)).map((e) => [e.type, e.reason, e.changes])).toEqual([
        ['suspended', 'Unpaid fees.', { status: { from: 'approved', to: 'suspended' } }],
        ['reactivated', null, { status: { from: 'suspended', to: 'approved' } }],
      ]);
    });

    it('keeps a reason given to a reactivation in the history only', async () => {
      const agent = await newUser();
      await move(admin, agent.id, 'suspend', { reason: 'Checking.' });
      expect((await move(admin, agent.id, 'reactivate', { reason: 'Checked: fine.' })).statusCode).toBe(200);
      expect((await stored(agent.id))?.statusReason).toBeNull();
      expect((await eventsOf(agent.id)).at(-1)).toMatchObject({ type: 'reactivated', reason: 'Checked: fine.' });
    });

    it('refuses to suspend an account that is not approved, and to reactivate one that is not suspended', async () => {
      for (const status of ['pending', 'rejected', 'suspended'] as const) {
        const user = await newUser({ status, statusReason: status === 'pending' ? null : 'before' });
        const res = await move(admin, user.id, 'suspend', { reason: 'Again.' });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(ACCOUNT_MESSAGES.suspendNotApproved);
        expect(await stored(user.id)).toMatchObject({ status, statusReason: user.statusReason });
      }
      for (const status of ['pending', 'rejected', 'approved'] as const) {
        const user = await newUser({ status });
        const res = await move(admin, user.id, 'reactivate');
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(ACCOUNT_MESSAGES.reactivateNotSuspended);
        expect((await stored(user.id))?.status).toBe(status);
        expect(await eventsOf(user.id)).toEqual([]);
      }
    });

    it("refuses an admin's suspension of itself, and suspends another admin", async () => {
      const res = await move(admin, admin.id.toUpperCase(), 'suspend', { reason: 'Me.' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ACCOUNT_MESSAGES.suspendSelf);
      expect((await stored(admin.id))?.status).toBe('approved');
      const third = await newUser({ role: 'admin' });
      expect((await move(admin, third.id, 'suspend', { reason: 'Left the company.' })).statusCode).toBe(200);
      expect((await move(otherAdmin, third.id, 'reactivate')).statusCode).toBe(200);
    });

    it('answers an unknown or malformed id with 404 for every move', async () => {
      for (const action of ['reject', 'suspend', 'reactivate']) {
        for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
          const res = await move(admin, id, action, { reason: 'Why.' });
          expect(res.statusCode, `${action} ${id}`).toBe(404);
          expect(res.json().message).toBe(MESSAGES.userNotFound);
        }
      }
    });

    it('lets only admins move accounts', async () => {
      const target = await newUser();
      for (const role of ['agent', 'manager'] as const) {
        for (const action of ['reject', 'suspend', 'reactivate']) {
          expect((await move(await newUser({ role }), target.id, action, { reason: 'x' })).statusCode).toBe(403);
        }
      }
      expect((await stored(target.id))?.status).toBe('approved');
    });
  });

  describe('approve', () => {
    it('records the approval in the history', async () => {
      const pending = await newUser({ status: 'pending' });
      expect((await move(admin, pending.id, 'approve')).statusCode).toBe(200);
      expect((await eventsOf(pending.id)).map((e) => [e.type, e.actorId, e.changes])).toEqual([
        ['approved', admin.id, { status: { from: 'pending', to: 'approved' } }],
      ]);
    });

    it('refuses a rejected or suspended account with 409 saying only a pending one can be approved', async () => {
      for (const status of ['rejected', 'suspended'] as const) {
        const user = await newUser({ status, statusReason: 'before' });
        const res = await move(admin, user.id, 'approve');
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(ACCOUNT_MESSAGES.approveNotPending);
        expect(await stored(user.id)).toMatchObject({ status, statusReason: 'before' });
      }
      const approved = await newUser();
      expect((await move(admin, approved.id, 'approve')).json().message).toBe(MESSAGES.userAlreadyApproved);
    });
  });

  describe("a suspended agent's money", () => {
    let product: ProductRow;
    beforeAll(async () => {
      product = await createProduct(t.db, await newUser({ role: 'manager' }));
    });
    const pay = (agent: UserRow, orderIds: string[], reference: string) =>
      injectAs(t.app, admin, {
        method: 'POST',
        url: '/api/payouts',
        payload: { agentId: agent.id, orderIds, reference },
      });

    it('holds its unpaid orders from a payout and from the single-order paid selector until reactivated', async () => {
      const agent = await newUser();
      const first = await createOrderRow(t.db, product, agent);
      const second = await createOrderRow(t.db, product, agent);
      expect((await move(admin, agent.id, 'suspend', { reason: 'Under review.' })).statusCode).toBe(200);

      const refused = await pay(agent, [first.id], `SUSP-${agent.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: ACCOUNT_MESSAGES.payoutAgentSuspended, orderIds: [first.id] });
      const single = await putAsStaff(t.app, admin, second.id, { comissionStatus: 'paid' });
      expect(single.statusCode).toBe(409);
      expect(single.json().message).toBe(ACCOUNT_MESSAGES.payoutAgentSuspended);
      for (const order of [first, second]) expect((await readOrder(t.db, order.id)).comissionStatus).toBe('unpaid');

      expect((await move(admin, agent.id, 'reactivate')).statusCode).toBe(200);
      expect((await pay(agent, [first.id], `SUSP-${agent.id}`)).statusCode).toBe(201);
      expect((await putAsStaff(t.app, admin, second.id, { comissionStatus: 'paid' })).statusCode).toBe(200);
    });

    it('marks a suspended agent on the payable list', async () => {
      const suspended = await newUser({ firstName: 'Held' });
      const active = await newUser({ firstName: 'Free' });
      await createOrderRow(t.db, product, suspended, { comission: 100_000 });
      await createOrderRow(t.db, product, active, { comission: 90_000 });
      await move(admin, suspended.id, 'suspend', { reason: 'Under review.' });
      const res = await getAs(t.app, admin, '/api/payouts/payable?limit=100');
      expect(res.statusCode).toBe(200);
      const rows = payableAgentListSchema.parse(res.json());
      expect(rows.find((row) => row.agent._id === suspended.id)?.suspended).toBe(true);
      expect(rows.find((row) => row.agent._id === active.id)?.suspended).toBe(false);
    });
  });

  describe("a suspended manager's products", () => {
    it('are hidden from agents and take no new orders, while existing orders go on and admins still see them', async () => {
      const manager = await newUser({ role: 'manager' });
      const agent = await newUser();
      const product = await createProduct(t.db, manager);
      const existing = await createOrderRow(t.db, product, agent);
      const listed = async (who: UserRow, url: string) =>
        ((await getAs(t.app, who, `${url}?limit=100`)).json() as { _id: string }[]).some((p) => p._id === product.id);

      expect(await listed(agent, '/api/products/approved')).toBe(true);
      expect((await move(admin, manager.id, 'suspend', { reason: 'Counterfeit goods.' })).statusCode).toBe(200);

      for (const url of ['/api/products/approved', '/api/products/filter']) {
        expect(await listed(agent, url), url).toBe(false);
        expect(await listed(await newUser({ role: 'manager' }), '/api/products/approved')).toBe(false);
        expect(await listed(admin, url), url).toBe(true);
      }
      const page = await getAs(t.app, agent, `/api/products/${product.id}/singleproduct`);
      expect(page.statusCode).toBe(404);
      expect(page.json().message).toBe(MESSAGES.productNotFound);
      expect((await getAs(t.app, admin, `/api/products/${product.id}/singleproduct`)).statusCode).toBe(200);

      const order = await injectAs(t.app, agent, {
        method: 'POST',
        url: '/api/orders',
        payload: await orderBodyAs(t.app, agent, product.id),
      });
      expect(order.statusCode).toBe(409);
      expect(order.json().message).toBe(MESSAGES.orderProductUnavailable);
      // the order placed before goes on: its agent reads it, an admin pays it
      expect((await getAs(t.app, agent, `/api/order/${existing.id}`)).statusCode).toBe(200);
      expect((await putAsStaff(t.app, admin, existing.id, { comissionStatus: 'paid' })).statusCode).toBe(200);

      expect((await move(admin, manager.id, 'reactivate')).statusCode).toBe(200);
      expect(await listed(agent, '/api/products/approved')).toBe(true);
    });
  });

  describe('GET /api/users/:id/history', () => {
    it("answers an admin every event, oldest first, with the admins' notes", async () => {
      const pending = await newUser({ status: 'pending' });
      await move(admin, pending.id, 'approve');
      await move(otherAdmin, pending.id, 'suspend', { reason: 'Too many flags.' });
      await t.db.insert(userEvents).values({
        userId: pending.id,
        actorId: admin.id,
        actorName: 'Asma Admin',
        actorRole: 'admin',
        type: 'edited',
        note: 'called them on WhatsApp',
      });
      await move(admin, pending.id, 'reactivate');
      const res = await getAs(t.app, admin, `/api/users/${pending.id.toUpperCase()}/history`);
      expect(res.statusCode).toBe(200);
      const history = userHistorySchema.parse(res.json());
      expect(history.map((e) => e.type)).toEqual(['approved', 'suspended', 'edited', 'reactivated']);
      expect(history[1]).toMatchObject({ actor: { _id: otherAdmin.id, role: 'admin' }, reason: 'Too many flags.' });
      expect(history[2]?.note).toBe('called them on WhatsApp');
      expect(Date.parse(history[0]?.at ?? '')).not.toBeNaN();
    });

    it('answers the person its own history without the notes, and refuses anyone else', async () => {
      const agent = await newUser();
      await move(admin, agent.id, 'suspend', { reason: 'Checking.' });
      await t.db.insert(userEvents).values({
        userId: agent.id,
        actorId: admin.id,
        actorName: 'Asma Admin',
        actorRole: 'admin',
        type: 'edited',
        note: 'secret note',
      });
      await move(admin, agent.id, 'reactivate');
      const own = await getAs(t.app, (await stored(agent.id)) as UserRow, `/api/users/${agent.id}/history`);
      expect(own.statusCode).toBe(200);
      const history = userHistorySchema.parse(own.json());
      expect(history.map((e) => e.type)).toEqual(['suspended', 'edited', 'reactivated']);
      expect(JSON.stringify(own.json())).not.toContain('secret note');
      for (const event of own.json() as object[]) expect(event).not.toHaveProperty('note');

      for (const role of ['agent', 'manager'] as const) {
        const other = await getAs(t.app, await newUser({ role }), `/api/users/${agent.id}/history`);
        expect(other.statusCode).toBe(403);
      }
    });

    it('answers an unknown or malformed id with 404', async () => {
      for (const id of [UNKNOWN_ID, 'nope']) {
        const res = await getAs(t.app, admin, `/api/users/${id}/history`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(MESSAGES.userNotFound);
      }
    });
  });
});
