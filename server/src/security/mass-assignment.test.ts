/**
 * Mass assignment: fields the server owns (ids, timestamps, statuses, money, roles, owners,
 * token versions), sent by a client to any write endpoint, are ignored — what is stored is
 * the server's value.
 */
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { computeOrderCommission, MESSAGES, resetLinkSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import {
  idempotencyKeys,
  orderFlags,
  passwordResetTokens,
  payoutAccounts,
  payouts,
  pushPreferences,
  pushSubscriptions,
  resumableUploads,
  revokedTokens,
  userEvents,
  users,
} from '../db/schema';
import { hashResetToken } from '../services/password-reset';
import { createTestApp, TEST_PASSWORD } from '../test/helpers';
import { keyOfLink, uploadImageAs } from '../test/images';
import { orderBodyAs } from '../test/orders';
import {
  alertsOf,
  buildWorld,
  type Caller,
  freshOrder,
  freshProduct,
  insertUser,
  orderById,
  productBody,
  productById,
  registerBody,
  send,
  snapshot,
  userById,
  type World,
} from '../test/world';

const FOREIGN_ID = '11111111-1111-4111-8111-111111111111';
const LONG_AGO = '2000-01-01T00:00:00.000Z';

/** Keys no client owns, on any entity. */
const SERVER_OWNED = {
  _id: FOREIGN_ID,
  id: FOREIGN_ID,
  createdAt: LONG_AGO,
  created_at: LONG_AGO,
  updatedAt: LONG_AGO,
  updated_at: LONG_AGO,
  tokenVersion: 42,
  token_version: 42,
  passwordHash: 'not-a-hash',
  password_hash: 'not-a-hash',
};

const isRecent = (date: Date | undefined) => date !== undefined && Math.abs(Date.now() - date.getTime()) < 5 * 60_000;

describe('server-owned fields sent by a client are ignored', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(await createTestApp());
  });
  afterAll(() => w.t.close());

  const call = (
    caller: Caller,
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
  ): Promise<LightMyRequestResponse> => send(w, caller, { method, url, payload });

  describe('POST /api/register', () => {
    it('stores a pending user with its own id, dates, token version and password hash', async () => {
      const body = await registerBody(w, {
        ...SERVER_OWNED,
        status: 'approved',
        AgentStatus: 'approved',
        isAdmin: true,
        role: 'manager',
      });
      const res = await call('anonymous', 'POST', '/api/register', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().user).toMatchObject({ status: 'pending', role: 'manager' });

      const [stored] = await w.t.db.select().from(users).where(eq(users.email, body.email));
      expect(stored).toMatchObject({ status: 'pending', role: 'manager', tokenVersion: 0 });
      expect(stored?.id).not.toBe(FOREIGN_ID);
      expect(isRecent(stored?.createdAt)).toBe(true);
      expect(isRecent(stored?.updatedAt)).toBe(true);
      expect(await verifyPassword(stored?.passwordHash, body.password)).toBe(true);
    });

    it('refuses the admin role with 400 and stores nobody', async () => {
      const body = await registerBody(w, { role: 'admin' });
      const res = await call('anonymous', 'POST', '/api/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await w.t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    });
  });

  describe('POST /api/products', () => {
    const owned = (w: World) => ({
      ...SERVER_OWNED,
      status: 'approved',
      vendor: { _id: w.managerB.id, name: 'Someone Else' },
      vendorId: w.managerB.id,
      vendor_id: w.managerB.id,
      productLink: 'https://affiliate.example.com/mine',
    });

    it("keeps a manager's product pending, the manager's, without an affiliate link", async () => {
      const res = await call('manager', 'POST', '/api/products', productBody(owned(w)));
      expect(res.statusCode, res.body).toBe(201);
      const stored = await productById(w.t.db, res.json()._id);
      expect(stored).toMatchObject({ status: 'pending', vendorId: w.managerA.id, productLink: '' });
      expect(stored?.id).not.toBe(FOREIGN_ID);
      expect(isRecent(stored?.createdAt)).toBe(true);
      expect(isRecent(stored?.updatedAt)).toBe(true);
    });

    it("makes an admin's product approved and the admin's, whatever status and vendor it names", async () => {
      const res = await call('admin', 'POST', '/api/products', productBody({ ...owned(w), status: 'pending' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(await productById(w.t.db, res.json()._id)).toMatchObject({ status: 'approved', vendorId: w.admin.id });
    });
  });

  describe('PUT /api/products/:id/update', () => {
    it("keeps a manager's pending product pending and the manager's, and leaves the product another id names alone", async () => {
      const product = await freshProduct(w, w.managerA, { status: 'pending' });
      const other = await productById(w.t.db, w.productB.id);
      const res = await call(
        'manager',
        'PUT',
        `/api/products/${product.id}/update`,
        productBody({
          ...SERVER_OWNED,
          _id: w.productB.id,
          id: w.productB.id,
          status: 'approved',
          vendorId: w.managerB.id,
          vendor: { _id: w.managerB.id },
          productLink: 'https://affiliate.example.com/mine',
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const stored = await productById(w.t.db, product.id);
      expect(stored).toMatchObject({ status: 'pending', vendorId: w.managerA.id, productLink: '', name: 'Desk lamp' });
      expect(stored?.createdAt).toEqual(product.createdAt);
      expect(await productById(w.t.db, w.productB.id)).toEqual(other);
    });

    it("keeps a manager's approved product approved when nothing changes, whatever status it sends", async () => {
      const product = await freshProduct(w, w.managerA);
      const res = await call(
        'manager',
        'PUT',
        `/api/products/${product.id}/update`,
        productBody({
          status: 'archived',
          name: product.name,
          productId: product.productId,
          description: product.description,
          category: product.category,
          marketPlace: product.marketPlace,
          keyword: product.keyword,
          brandName: product.brandName,
          image: product.image,
          price: product.price,
          comission: product.comission,
          comissionWithTextReview: product.comissionWithTextReview,
          comissionWithPictureReview: product.comissionWithPictureReview,
          comissionWithVideoReview: product.comissionWithVideoReview,
          reviewTypes: product.reviewTypes,
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await productById(w.t.db, product.id))?.status).toBe('approved');
    });

    it('does not let an admin approve a product by editing it', async () => {
      const product = await freshProduct(w, w.managerA, { status: 'pending' });
      const res = await call(
        'admin',
        'PUT',
        `/api/products/${product.id}/update`,
        productBody({ status: 'approved', vendorId: w.admin.id }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await productById(w.t.db, product.id)).toMatchObject({ status: 'pending', vendorId: w.managerA.id });
    });
  });

  describe('PUT /api/user/:id/reject, suspend and reactivate', () => {
    it('only move the status: a role, email, status, reason owner or token version a body names are ignored', async () => {
      const ignored = {
        ...SERVER_OWNED,
        role: 'admin',
        status: 'approved',
        statusReason: 'not this',
        status_reason: 'not this',
        email: 'someone-else@example.com',
        userId: w.admin.id,
        actorId: w.agentA.id,
        note: 'an admin note a client wrote',
      };
      const pending = await insertUser(w.t.db, { role: 'agent', status: 'pending' });
      expect(
        (await call('admin', 'PUT', `/api/user/${pending.id}/reject`, { ...ignored, reason: 'No.' })).statusCode,
      ).toBe(200);
      const rejected = await userById(w.t.db, pending.id);
      expect(rejected).toMatchObject({ role: 'agent', status: 'rejected', statusReason: 'No.', email: pending.email });
      expect(rejected?.tokenVersion).toBe(pending.tokenVersion + 1);

      const agent = await insertUser(w.t.db, { role: 'agent' });
      expect(
        (await call('admin', 'PUT', `/api/user/${agent.id}/suspend`, { ...ignored, reason: 'Held.' })).statusCode,
      ).toBe(200);
      expect(await userById(w.t.db, agent.id)).toMatchObject({
        role: 'agent',
        status: 'suspended',
        statusReason: 'Held.',
      });
      expect((await call('admin', 'PUT', `/api/user/${agent.id}/reactivate`, ignored)).statusCode).toBe(200);
      expect(await userById(w.t.db, agent.id)).toMatchObject({ role: 'agent', status: 'approved', statusReason: null });

      const events = await w.t.db
        .select()
        .from(userEvents)
        .where(inArray(userEvents.userId, [pending.id, agent.id]));
      expect(events.map((e) => [e.type, e.actorId, e.note]).sort()).toEqual([
        ['reactivated', w.admin.id, null],
        ['rejected', w.admin.id, null],
        ['suspended', w.admin.id, null],
      ]);
    });
  });

  describe('PUT /api/products/:id/approve', () => {
    it('only approves: the status, price, name and vendor a body names are ignored', async () => {
      const product = await freshProduct(w, w.managerA, { status: 'pending' });
      const res = await call('admin', 'PUT', `/api/products/${product.id}/approve`, {
        ...SERVER_OWNED,
        status: 'archived',
        vendorId: w.admin.id,
        price: 1,
        comission: 9999,
        name: 'Renamed',
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await productById(w.t.db, product.id);
      expect(stored).toMatchObject({
        status: 'approved',
        vendorId: w.managerA.id,
        price: product.price,
        comission: product.comission,
        name: product.name,
      });
      expect(stored?.createdAt).toEqual(product.createdAt);
    });
  });

  describe('POST /api/orders', () => {
    it('stores the commission from the product and the starting statuses, for the agent who sent it', async () => {
      const res = await call('agent', 'POST', '/api/orders', {
        ...(await orderBodyAs(w.t.app, w.agentA, w.productA.id)),
        ...SERVER_OWNED,
        comission: 99999,
        comissionStatus: 'paid',
        status: 'Refunded',
        AgentStatus: 'Feedbacked',
        agent: { _id: w.agentB.id },
        agentId: w.agentB.id,
        agent_id: w.agentB.id,
        product: { _id: w.productB.id, comission: 99999 },
        refundShot: 'https://img.example.com/refund.png',
        reviewScreenShot: 'https://img.example.com/review.png',
        FeedbackScreenShot: 'https://img.example.com/feedback.png',
      });
      expect(res.statusCode, res.body).toBe(201);
      const stored = await orderById(w.t.db, res.json()._id);
      expect(stored).toMatchObject({
        agentId: w.agentA.id,
        productId: w.productA.id,
        comission: computeOrderCommission(w.productA, 'text'),
        comissionStatus: 'unpaid',
        status: '',
        agentStatus: 'submitted',
        refundShot: '',
        reviewScreenShot: '',
        feedbackScreenShot: '',
      });
      expect(stored?.id).not.toBe(FOREIGN_ID);
      expect(isRecent(stored?.createdAt)).toBe(true);
    });
  });

  describe('Idempotency-Key (docs/domain.md, Submitting twice)', () => {
    it("keeps the key as the caller's, whatever user or key fields the body names, and replays the server's values", async () => {
      const key = crypto.randomUUID();
      const body = {
        ...(await orderBodyAs(w.t.app, w.agentA, w.productA.id)),
        ...SERVER_OWNED,
        comission: 99999,
        userId: w.agentB.id,
        user_id: w.agentB.id,
        key: crypto.randomUUID(),
        idempotencyKey: crypto.randomUUID(),
        status: 'Refunded',
      };
      const sendWithKey = () =>
        send(w, 'agent', { method: 'POST', url: '/api/orders', payload: body, headers: { 'idempotency-key': key } });
      const first = await sendWithKey();
      expect(first.statusCode, first.body).toBe(201);
      const again = await sendWithKey();
      expect(again.statusCode).toBe(201);
      expect(again.json()._id).toBe(first.json()._id);
      expect(again.json()).toMatchObject({ comission: computeOrderCommission(w.productA, 'text'), status: '' });
      const rows = await w.t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(rows).toEqual([expect.objectContaining({ userId: w.agentA.id, status: 201 })]);
    });
  });

  describe('POST /api/payouts', () => {
    it("stores the payout's total, count, payer and time from the server, and pays only the orders named", async () => {
      const order = await freshOrder(w, w.productA, w.agentA, { comission: 150 });
      const res = await call('admin', 'POST', '/api/payouts', {
        agentId: w.agentA.id,
        orderIds: [order.id],
        reference: 'MASS-ASSIGN-1',
        ...SERVER_OWNED,
        total: 99999,
        orders: 42,
        createdBy: { _id: w.agentA.id, name: 'Someone' },
        createdById: w.agentA.id,
        created_by_id: w.agentA.id,
        createdByName: 'Someone',
        agent: { _id: w.agentB.id, name: 'Other' },
        payout_id: FOREIGN_ID,
        payoutId: FOREIGN_ID,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [stored] = await w.t.db.select().from(payouts).where(eq(payouts.id, res.json()._id));
      expect(stored).toMatchObject({
        agentId: w.agentA.id,
        total: 150,
        orders: 1,
        createdById: w.admin.id,
        createdByName: 'Ada Admin',
        reference: 'MASS-ASSIGN-1',
      });
      expect(stored?.id).not.toBe(FOREIGN_ID);
      expect(isRecent(stored?.createdAt)).toBe(true);
      expect(await orderById(w.t.db, order.id)).toMatchObject({ comissionStatus: 'paid', payoutId: stored?.id });
    });
  });

  describe('PUT /api/user/payout-account', () => {
    it("stores the account for the caller only, with the server's times and key; a payout copies the stored account, not the body's", async () => {
      const res = await call('agent', 'PUT', '/api/user/payout-account', {
        ...SERVER_OWNED,
        method: 'jazzcash',
        account: '+923001230001',
        userId: w.agentB.id,
        user_id: w.agentB.id,
        accountKey: 'wallet:1',
        account_key: 'wallet:1',
        changedAt: LONG_AGO,
        previousAccount: '+923009999999',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [stored] = await w.t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, w.agentA.id));
      expect(stored).toMatchObject({
        method: 'jazzcash',
        account: '+923001230001',
        accountKey: 'wallet:923001230001',
        changedAt: null,
        previousAccount: null,
      });
      expect(isRecent(stored?.createdAt)).toBe(true);
      expect(await w.t.db.$count(payoutAccounts, eq(payoutAccounts.userId, w.agentB.id))).toBe(0);

      const order = await freshOrder(w, w.productA, w.agentA, { comission: 150 });
      const paid = await call('admin', 'POST', '/api/payouts', {
        agentId: w.agentA.id,
        orderIds: [order.id],
        reference: 'MASS-ASSIGN-ACCOUNT',
        method: 'paypal',
        account: 'thief@example.com',
        holderName: 'Thief',
        payoutAccount: { method: 'paypal', account: 'thief@example.com', holderName: 'Thief' },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const [payout] = await w.t.db.select().from(payouts).where(eq(payouts.id, paid.json()._id));
      expect(payout).toMatchObject({ method: 'jazzcash', account: '+923001230001', holderName: null });
    });
  });

  describe('POST /api/push/subscriptions and PUT /api/push/preferences', () => {
    it("keep a subscription and the kinds for the caller only, with the server's id and time", async () => {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const endpoint = 'https://fcm.googleapis.com/fcm/send/mass-assignment';
      const res = await call('agent', 'POST', '/api/push/subscriptions', {
        ...SERVER_OWNED,
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
        userId: w.agentB.id,
        user_id: w.agentB.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [stored] = await w.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      expect(stored?.userId).toBe(w.agentA.id);
      expect(stored?.id).not.toBe(FOREIGN_ID);
      expect(isRecent(stored?.createdAt)).toBe(true);

      const prefs = await call('agent', 'PUT', '/api/push/preferences', {
        ...SERVER_OWNED,
        kindsOff: ['order_placed'],
        userId: w.agentB.id,
        user_id: w.agentB.id,
      });
      expect(prefs.statusCode, prefs.body).toBe(200);
      expect(await w.t.db.$count(pushPreferences, eq(pushPreferences.userId, w.agentB.id))).toBe(0);
      expect(await w.t.db.$count(pushPreferences, eq(pushPreferences.userId, w.agentA.id))).toBe(1);
    });
  });

  describe('PUT /api/orders/agent/:id', () => {
    it('changes only what the agent may change: not the commission, its status, the order status, the agent or the product', async () => {
      const order = await freshOrder(w, w.productA, w.agentA);
      const res = await call('agent', 'PUT', `/api/orders/agent/${order.id}`, {
        ...SERVER_OWNED,
        comments: 'Only this changes',
        comission: 1,
        comissionStatus: 'paid',
        status: 'Refunded',
        agent: { _id: w.agentB.id },
        agentId: w.agentB.id,
        productId: w.productB.id,
        product: { _id: w.productB.id },
        refundShot: 'https://img.example.com/refund.png',
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await orderById(w.t.db, order.id);
      expect(stored).toEqual({
        ...order,
        comments: 'Only this changes',
        updatedAt: stored?.updatedAt,
        version: order.version + 1,
      });
    });
  });

  describe('PUT /api/orders/:id', () => {
    const staffBody = (w: World) => ({
      ...SERVER_OWNED,
      payoutId: FOREIGN_ID,
      payout_id: FOREIGN_ID,
      status: 'Refunded',
      comission: 1,
      AgentStatus: 'cancelled',
      agentStatus: 'cancelled',
      agent: { _id: w.agentB.id },
      agentId: w.agentB.id,
      productId: w.productB.id,
      amzOrderNumber: '999-9999999-9999999',
      reviewType: 'video',
      buyerName: 'Someone Else',
      buyerPayPal: 'else@example.com',
      comments: 'Changed by staff',
    });

    it("lets a manager set only the order status and refund screenshot: its comissionStatus and the agent's fields are ignored", async () => {
      const order = await freshOrder(w, w.productA, w.agentA);
      const refund = await uploadImageAs(w.t.app, w.managerA);
      const res = await call('manager', 'PUT', `/api/orders/${order.id}`, {
        ...staffBody(w),
        comissionStatus: 'paid',
        refundShot: refund,
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await orderById(w.t.db, order.id);
      expect(stored).toEqual({
        ...order,
        status: 'Refunded',
        refundShot: keyOfLink(refund),
        updatedAt: stored?.updatedAt,
        version: order.version + 1,
      });
    });

    it("lets an admin pay the commission, but not change its amount or the agent's fields", async () => {
      const order = await freshOrder(w, w.productA, w.agentA);
      const res = await call('admin', 'PUT', `/api/orders/${order.id}`, { ...staffBody(w), comissionStatus: 'paid' });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await orderById(w.t.db, order.id);
      expect(stored).toEqual({
        ...order,
        status: 'Refunded',
        comissionStatus: 'paid',
        // paid alone: a one-order payout of its own (docs/domain.md, Payouts), never one a client names
        payoutId: expect.any(String),
        updatedAt: stored?.updatedAt,
        // the staff's update, then the payment's
        version: order.version + 2,
      });
      expect(stored?.payoutId).not.toBe(FOREIGN_ID);
    });
  });

  // Edits and versions (docs/domain.md): a version sent is only the one an edit was loaded at;
  // the stored one is the server's (1, then one more per change), and so is who changed it last.
  describe('version and the last change', () => {
    const sentVersion = (w: World) => ({ version: 99, updatedBy: w.managerB.id, updated_by: w.managerB.id });

    it('POST /api/products and POST /api/orders start at version 1, by their caller', async () => {
      const product = await call('manager', 'POST', '/api/products', productBody(sentVersion(w)));
      expect(product.statusCode, product.body).toBe(201);
      expect(await productById(w.t.db, product.json()._id)).toMatchObject({ version: 1, updatedBy: w.managerA.id });
      const order = await call('agent', 'POST', '/api/orders', {
        ...(await orderBodyAs(w.t.app, w.agentA, w.productA.id)),
        ...sentVersion(w),
      });
      expect(order.statusCode, order.body).toBe(201);
      expect((await orderById(w.t.db, order.json()._id))?.version).toBe(1);
    });

    it('edits sent with the version they were loaded at store one more, and their caller as the last to change it', async () => {
      const product = await freshProduct(w, w.managerA, { version: 7 });
      const edit = await call(
        'manager',
        'PUT',
        `/api/products/${product.id}/update`,
        productBody({ ...sentVersion(w), version: 7, price: product.price }),
      );
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await productById(w.t.db, product.id)).toMatchObject({ version: 8, updatedBy: w.managerA.id });

      const order = await freshOrder(w, w.productA, w.agentA, { version: 5 });
      expect(
        (await call('agent', 'PUT', `/api/orders/agent/${order.id}`, { comments: 'x', version: 5 })).statusCode,
      ).toBe(200);
      expect(
        (await call('manager', 'PUT', `/api/orders/${order.id}`, { status: 'On-Hold', version: 6 })).statusCode,
      ).toBe(200);
      expect((await orderById(w.t.db, order.id))?.version).toBe(7);
    });

    it('PUT /api/products/:id/approve ignores a version in its body and records the approving admin', async () => {
      const product = await freshProduct(w, w.managerA, { status: 'pending' });
      const res = await call('admin', 'PUT', `/api/products/${product.id}/approve`, sentVersion(w));
      expect(res.statusCode, res.body).toBe(200);
      expect(await productById(w.t.db, product.id)).toMatchObject({ version: 2, updatedBy: w.admin.id });
    });
  });

  describe('the order history (written by the server alone)', () => {
    /** What a client could send hoping to write or rewrite an order's history. */
    const HISTORY_KEYS = (w: World) => ({
      history: [{ action: 'commission', changes: { comissionStatus: { from: 'unpaid', to: 'paid' } } }],
      events: [{ action: 'placed', actor: { _id: w.admin.id, role: 'admin' } }],
      actor: { _id: w.admin.id, name: 'Ada Admin', role: 'admin' },
      actorId: w.admin.id,
      action: 'commission',
      changes: { comissionStatus: { from: 'unpaid', to: 'paid' } },
      at: LONG_AGO,
      seq: 1,
      paidComission: 99999,
      paid_comission: 99999,
    });
    const eventsOf = async (orderId: string) =>
      (await snapshot(w.t.db)).order_events
        .filter((e) => e.order_id === orderId)
        .sort((a, b) => Number(a.seq) - Number(b.seq));

    it('POST /api/orders records one placed event, by the agent who sent it, now', async () => {
      const res = await call('agent', 'POST', '/api/orders', {
        ...(await orderBodyAs(w.t.app, w.agentA, w.productA.id)),
        ...HISTORY_KEYS(w),
      });
      expect(res.statusCode, res.body).toBe(201);
      const events = await eventsOf(res.json()._id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'placed',
        actor_id: w.agentA.id,
        actor_role: 'agent',
        paid_comission: null,
      });
      expect(isRecent(new Date(String(events[0]?.at)))).toBe(true);
    });

    it('PUT /api/orders/agent/:id and PUT /api/orders/:id record only the changes they make, as their caller', async () => {
      const order = await freshOrder(w, w.productA, w.agentA);
      const agent = await call('agent', 'PUT', `/api/orders/agent/${order.id}`, {
        ...HISTORY_KEYS(w),
        comments: 'Only this changes',
      });
      expect(agent.statusCode, agent.body).toBe(200);
      const manager = await call('manager', 'PUT', `/api/orders/${order.id}`, {
        ...HISTORY_KEYS(w),
        status: 'On-Hold',
      });
      expect(manager.statusCode, manager.body).toBe(200);
      const events = await eventsOf(order.id);
      expect(events.map((e) => [e.action, e.actor_id, e.changes, e.paid_comission])).toEqual([
        ['updated', w.agentA.id, { comments: { from: order.comments, to: 'Only this changes' } }, null],
        ['status', w.managerA.id, { status: { from: '', to: 'On-Hold' } }, null],
      ]);
      for (const event of events) expect(isRecent(new Date(String(event.at)))).toBe(true);
    });
  });

  describe('PUT /api/orders/:id/flags/:code', () => {
    it('only dismisses the flag it names, by the admin who sent it, now: the author, time, related orders and other flags a body names are ignored', async () => {
      const order = await freshOrder(w, w.productA, w.agentA);
      const other = await freshOrder(w, w.productA, w.agentB);
      await w.t.db.insert(orderFlags).values([
        { orderId: order.id, code: 'paypal-shared', relatedOrderIds: [other.id] },
        { orderId: order.id, code: 'number-seen', relatedOrderIds: [other.id] },
      ]);
      const res = await call('admin', 'PUT', `/api/orders/${order.id}/flags/paypal-shared`, {
        ...SERVER_OWNED,
        dismissed: true,
        note: 'Checked.',
        code: 'number-seen',
        orderId: other.id,
        dismissedBy: w.agentA.id,
        dismissedAt: LONG_AGO,
        dismissed_at: LONG_AGO,
        relatedOrderIds: [],
        flags: [],
        comissionStatus: 'paid',
        actor: { _id: w.agentA.id, name: 'Someone else', role: 'agent' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const flags = await w.t.db.select().from(orderFlags).where(eq(orderFlags.orderId, order.id));
      const byCode = new Map(flags.map((flag) => [flag.code, flag]));
      expect(byCode.get('paypal-shared')).toMatchObject({
        relatedOrderIds: [other.id],
        dismissedBy: w.admin.id,
        dismissalNote: 'Checked.',
      });
      expect(isRecent(byCode.get('paypal-shared')?.dismissedAt ?? undefined)).toBe(true);
      expect(byCode.get('number-seen')?.dismissedAt).toBeNull();
      expect(await w.t.db.select().from(orderFlags).where(eq(orderFlags.orderId, other.id))).toEqual([]);
      expect(await orderById(w.t.db, order.id)).toEqual(order);
      const [event] = (await snapshot(w.t.db)).order_events.filter(
        (e) => e.order_id === order.id && e.action === 'flag-dismissed',
      );
      expect(event).toMatchObject({ actor_id: w.admin.id, actor_role: 'admin' });
    });
  });

  describe('PUT /api/user/:id/approve', () => {
    it('only approves: the role, email, names and token version a body names are ignored', async () => {
      const user = await insertUser(w.t.db, { role: 'agent', status: 'pending' });
      const res = await call('admin', 'PUT', `/api/user/${user.id}/approve`, {
        ...SERVER_OWNED,
        role: 'admin',
        status: 'pending',
        email: 'taken-over@example.com',
        firstName: 'Hacker',
        referralUserId: w.admin.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await userById(w.t.db, user.id);
      expect(stored).toEqual({ ...user, status: 'approved', updatedAt: stored?.updatedAt });
    });
  });

  describe('PUT /api/update/password', () => {
    it('changes the password and bumps the token version by one, nothing else', async () => {
      const user = await insertUser(w.t.db, { role: 'agent' });
      const res = await w.t.app.inject({
        method: 'PUT',
        url: '/api/update/password',
        headers: { authorization: `Bearer ${await w.t.app.tokens.sign(user)}` },
        payload: {
          ...SERVER_OWNED,
          currentPassword: TEST_PASSWORD,
          newPassword: 'a-new-secret',
          role: 'admin',
          status: 'pending',
          email: 'taken-over@example.com',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await userById(w.t.db, user.id);
      expect(stored).toEqual({
        ...user,
        tokenVersion: user.tokenVersion + 1,
        passwordHash: stored?.passwordHash,
        updatedAt: stored?.updatedAt,
      });
      expect(await verifyPassword(stored?.passwordHash, 'a-new-secret')).toBe(true);
    });
  });

  describe('PUT /api/user/locale', () => {
    it('refuses a body with anything but the locale, and changes only the locale of a clean one', async () => {
      const user = await insertUser(w.t.db, { role: 'agent' });
      const headers = { authorization: `Bearer ${await w.t.app.tokens.sign(user)}` };
      const refused = await w.t.app.inject({
        method: 'PUT',
        url: '/api/user/locale',
        headers,
        payload: { ...SERVER_OWNED, locale: 'ur', role: 'admin', status: 'pending', email: 'taken-over@example.com' },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({ message: MESSAGES.localeInvalid });
      expect(await userById(w.t.db, user.id)).toEqual(user);
      const res = await w.t.app.inject({ method: 'PUT', url: '/api/user/locale', headers, payload: { locale: 'ur' } });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await userById(w.t.db, user.id);
      expect(stored).toEqual({ ...user, locale: 'ur', updatedAt: stored?.updatedAt });
    });
  });

  describe('POST /api/uploads/resumable and PATCH its upload', () => {
    it("starts the caller's own upload at offset 0, unfinished: an owner, key, offset or id in the metadata or a body is ignored", async () => {
      const b64 = (text: string) => Buffer.from(text).toString('base64');
      const metadata = [
        `filename ${b64('proof.png')}`,
        `owner_id ${b64(w.agentB.id)}`,
        `ownerId ${b64(w.agentB.id)}`,
        `upload_key ${b64(`${'a'.repeat(32)}.png`)}`,
        `id ${b64(FOREIGN_ID)}`,
        `offset ${b64('99')}`,
      ].join(',');
      const start = await send(w, 'agent', {
        method: 'POST',
        url: '/api/uploads/resumable',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '100',
          'upload-metadata': metadata,
          'upload-offset': '99',
        },
      });
      expect(start.statusCode, start.body).toBe(201);
      const id = String(start.headers.location).split('/').pop() as string;
      expect(id).not.toBe(FOREIGN_ID);
      const [stored] = await w.t.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
      expect(stored).toMatchObject({ ownerId: w.agentA.id, length: 100, uploadKey: null, filename: 'proof.png' });
      expect(stored?.bytes.length).toBe(0);
      expect(isRecent(stored?.createdAt)).toBe(true);
      // a chunk that names another length or owner in its headers changes only the bytes
      const res = await send(w, 'agent', {
        method: 'PATCH',
        url: new URL(String(start.headers.location)).pathname,
        payload: Buffer.alloc(10, 1),
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'upload-length': '5',
          'upload-metadata': `owner_id ${b64(w.agentB.id)}`,
        },
      });
      expect(res.statusCode, res.body).toBe(204);
      const [after] = await w.t.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
      expect(after).toMatchObject({ ownerId: w.agentA.id, length: 100, uploadKey: null, createdAt: stored?.createdAt });
      expect(after?.bytes.length).toBe(10);
    });
  });

  describe('POST /api/password/reset', () => {
    it("sets only the link's account's password: the user, role, status and token version a body names are ignored", async () => {
      const user = await insertUser(w.t.db, { role: 'agent' });
      const token = crypto.randomBytes(32).toString('base64url');
      await w.t.db
        .insert(passwordResetTokens)
        .values({ tokenHash: hashResetToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
      const bystander = await userById(w.t.db, w.agentB.id);
      const res = await call('anonymous', 'POST', '/api/password/reset', {
        ...SERVER_OWNED,
        token,
        newPassword: 'a fresh pass phrase',
        userId: w.agentB.id,
        email: w.agentB.email,
        role: 'admin',
        status: 'pending',
        usedAt: null,
        expiresAt: '2999-01-01T00:00:00.000Z',
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await userById(w.t.db, user.id);
      expect(stored).toEqual({
        ...user,
        tokenVersion: user.tokenVersion + 1,
        passwordHash: stored?.passwordHash,
        updatedAt: stored?.updatedAt,
      });
      expect(await verifyPassword(stored?.passwordHash, 'a fresh pass phrase')).toBe(true);
      expect(await userById(w.t.db, w.agentB.id)).toEqual(bystander);
    });
  });

  describe('POST /api/user/:id/password-reset', () => {
    it('makes a link for the user the path names, to the shell, for 60 minutes: a url, user, expiry or use a body names are ignored', async () => {
      const user = await insertUser(w.t.db, { role: 'manager' });
      const res = await call('admin', 'POST', `/api/user/${user.id}/password-reset`, {
        ...SERVER_OWNED,
        userId: w.agentB.id,
        url: 'https://evil.example.com/reset-password?token=known',
        token: 'known',
        expiresAt: '2999-01-01T00:00:00.000Z',
        usedAt: LONG_AGO,
      });
      expect(res.statusCode, res.body).toBe(200);
      const link = resetLinkSchema.parse(res.json());
      expect(link.url.startsWith('http://localhost:3000/reset-password?token=')).toBe(true);
      expect(link.url).not.toContain('known');
      const stored = (await snapshot(w.t.db)).password_reset_tokens.filter((r) => r.user_id === user.id);
      expect(stored).toEqual([expect.objectContaining({ used_at: null })]);
      const [row] = await w.t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(60 * 60_000);
      expect((await snapshot(w.t.db)).password_reset_tokens.some((r) => r.user_id === w.agentB.id)).toBe(false);
    });
  });

  describe('POST /api/logout', () => {
    it('revokes the token it was called with, for its own user and until its own expiry, whatever a body names', async () => {
      const user = await insertUser(w.t.db, { role: 'agent' });
      const token = await w.t.app.tokens.sign(user);
      const { jti, exp } = await w.t.app.tokens.verify(token);
      const otherToken = await w.t.app.tokens.sign(w.agentB);
      const { jti: otherJti } = await w.t.app.tokens.verify(otherToken);
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          ...SERVER_OWNED,
          jti: otherJti,
          tokenId: otherJti,
          token: otherToken,
          userId: w.agentB.id,
          user_id: w.agentB.id,
          expiresAt: '2999-01-01T00:00:00.000Z',
          expires_at: '2999-01-01T00:00:00.000Z',
        },
      });
      expect(res.statusCode, res.body).toBe(204);
      const stored = await w.t.db.select().from(revokedTokens).where(eq(revokedTokens.jti, jti));
      expect(stored).toEqual([{ jti, userId: user.id, expiresAt: new Date(exp * 1000) }]);
      expect(await w.t.db.select().from(revokedTokens).where(eq(revokedTokens.userId, w.agentB.id))).toEqual([]);
      const other = await w.t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${otherToken}` },
      });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('POST /api/client-errors', () => {
    it('stores nothing, whatever user, level or record a report names', async () => {
      const before = await snapshot(w.t.db);
      const res = await call('agent', 'POST', '/api/client-errors', {
        ...SERVER_OWNED,
        kind: 'remote-load-failed',
        remote: 'agent',
        detail: 'Failed to fetch',
        userId: w.agentB.id,
        event: 'login',
        level: 'fatal',
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(await snapshot(w.t.db)).toEqual(before);
    });
  });

  describe('PUT /api/alerts/read-all', () => {
    it("marks only the caller's alerts read, whatever user a body names", async () => {
      const others = await alertsOf(w.t.db, w.agentB.id);
      const res = await call('agent', 'PUT', '/api/alerts/read-all', { userId: w.agentB.id, user_id: w.agentB.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(await alertsOf(w.t.db, w.agentB.id)).toEqual(others);
    });
  });

  describe('GET /api/orders/export.csv', () => {
    it("exports only the caller's orders, whatever owner, role or scope the query names", async () => {
      const exported = async (caller: Caller, query: string) => {
        const res = await send(w, caller, { method: 'GET', url: `/api/orders/export.csv?${query}` });
        expect(res.statusCode, res.body).toBe(200);
        // an order id is the first cell of each row after the header
        return res.body
          .split('\r\n')
          .slice(1)
          .filter(Boolean)
          .map((line) => line.slice(0, line.indexOf(',')))
          .sort();
      };
      const owned = `role=admin&callerId=${w.agentB.id}&vendorId=${w.managerB.id}&userId=${w.agentB.id}&scope=all`;
      const { orders, products } = await snapshot(w.t.db);
      const ofAgentA = orders.filter((o) => o.agent_id === w.agentA.id).map((o) => o.id);
      const productsOfA = products.filter((p) => p.vendor_id === w.managerA.id).map((p) => p.id);
      const ofManagerA = orders.filter((o) => productsOfA.includes(o.product_id)).map((o) => o.id);
      expect(ofAgentA.length).toBeGreaterThan(0);
      expect(await exported('agent', owned)).toEqual(ofAgentA.sort());
      expect(await exported('agent', `${owned}&agentId=${w.agentB.id}`)).toEqual([]);
      expect(await exported('manager', owned)).toEqual(ofManagerA.sort());
      expect(await exported('manager', `${owned}&productId=${w.productB.id}`)).toEqual([]);
    });
  });

  describe('GET /api/users, /api/users/export.csv and /api/users/:id', () => {
    // fields of a user that are the server's alone, and what a query might try to widen
    const other = '00000000-0000-4000-8000-000000000000';
    const owned = `passwordHash=x&password_hash=x&tokenVersion=9&cnicFront=1&includeCnic=true&id=${other}&userId=${other}&note=x&statusReason=x&counts=1`;
    it('answers the same directory, file and record, never an ID image or a secret, whatever else the query names', async () => {
      const before = await snapshot(w.t.db);
      const get = async (url: string) => {
        const res = await send(w, 'admin', { method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        return res;
      };
      const page = await get(`/api/users?limit=200&sort=name&${owned}`);
      expect(page.json()).toEqual((await get('/api/users?limit=200&sort=name')).json());
      expect(page.body).not.toMatch(/cnicFront|cnicBack|passwordHash|password_hash|tokenVersion/);
      const file = await get(`/api/users/export.csv?sort=name&${owned}`);
      expect(file.body).toBe((await get('/api/users/export.csv?sort=name')).body);
      expect(file.body).not.toMatch(/argon2|\/api\/private\//);
      const record = await get(`/api/users/${w.agentA.id}?${owned}`);
      expect(record.json()).toMatchObject({ _id: w.agentA.id, email: w.agentA.email });
      expect(record.body).not.toMatch(/passwordHash|password_hash|tokenVersion|argon2/);
      expect(await snapshot(w.t.db)).toEqual(before);
    });
  });

  describe("GET /api/payouts/payable, its summary and an agent's held orders", () => {
    it('answer the same figures whatever else the query names, and change nothing', async () => {
      const before = await snapshot(w.t.db);
      const owned = `agentId=${w.agentB.id}&suspended=true&held=0&status=suspended&role=admin&total=1&orders=1`;
      const get = async (url: string) => {
        const res = await send(w, 'admin', { method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      expect(await get(`/api/payouts/payable?limit=200&${owned}`)).toEqual(await get('/api/payouts/payable?limit=200'));
      expect(await get(`/api/payouts/payable/summary?${owned}`)).toEqual(await get('/api/payouts/payable/summary'));
      expect(await get(`/api/payouts/payable/${w.agentA.id}/held?${owned}`)).toEqual(
        await get(`/api/payouts/payable/${w.agentA.id}/held`),
      );
      expect(await snapshot(w.t.db)).toEqual(before);
    });
  });

  describe('prototype-pollution keys', () => {
    const raw = (caller: Caller, method: 'POST' | 'PUT', url: string, body: string) =>
      send(w, caller, { method, url, payload: body, headers: { 'content-type': 'application/json' } });

    it.each([
      ['__proto__', (inner: string) => `{"__proto__": ${inner}`],
      ['constructor.prototype', (inner: string) => `{"constructor": {"prototype": ${inner}}`],
    ])('are refused or ignored in a product, an order and a registration (%s)', async (_name, wrap) => {
      const before = await snapshot(w.t.db);
      const product = JSON.stringify(productBody()).slice(1);
      const order = JSON.stringify(await orderBodyAs(w.t.app, w.agentA, w.productA.id)).slice(1);
      const answers = [
        await raw('manager', 'POST', '/api/products', `${wrap('{"status": "approved", "vendorId": "x"}')}, ${product}`),
        await raw(
          'agent',
          'POST',
          '/api/orders',
          `${wrap('{"comission": 99999, "comissionStatus": "paid"}')}, ${order}`,
        ),
        await raw(
          'anonymous',
          'POST',
          '/api/register',
          `${wrap('{"status": "approved", "role": "admin"}')}, ${JSON.stringify(await registerBody(w)).slice(1)}`,
        ),
      ];
      for (const res of answers) {
        expect([400, 201], res.body).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message).toEqual(expect.any(String));
      }
      // Nothing polluted, and whatever was stored has the server's values.
      expect(({} as Record<string, unknown>).status).toBeUndefined();
      expect(({} as Record<string, unknown>).comission).toBeUndefined();
      const after = await snapshot(w.t.db);
      const added = after.products.filter((p) => !before.products.some((q) => q.id === p.id));
      for (const p of added) expect(p).toMatchObject({ status: 'pending', vendor_id: w.managerA.id });
      const addedOrders = after.orders.filter((o) => !before.orders.some((q) => q.id === o.id));
      for (const o of addedOrders) expect(o).toMatchObject({ comission_status: 'unpaid', agent_id: w.agentA.id });
      const addedUsers = after.users.filter((u) => !before.users.some((q) => q.id === u.id));
      for (const u of addedUsers) expect(u).toMatchObject({ status: 'pending', role: 'agent' });
    });
  });
});
