import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  AGENT_STATUSES,
  AMZ_ORDER_NUMBER_PATTERN,
  COMMISSION_STATUSES,
  computeOrderCommission,
  FLAG_CODES,
  MARKETPLACES,
  ORDER_EVENT_ACTIONS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PRODUCT_CATEGORIES,
  REVIEW_TYPES,
} from 'shared-api/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { verifyPassword } from '../auth/passwords';
import { LOCK_FILE_NAME } from '../db/data-dir-lock';
import {
  alerts,
  commissionTermsOf,
  orderEvents,
  orderFlags,
  orders,
  paidOrderNumbers,
  payouts,
  products,
  uploads,
  users,
} from '../db/schema';
import { createTestDatabase, createTestDataDir, createUser, TEST_JWT_SECRET, type TestDatabase } from '../test/helpers';
import { expectPaidEventsMatchOrders, replay, trackedState } from '../test/order-history';
import { expectPayoutsMatchOrders } from '../test/payouts';
import { UPLOAD_KEY_PATTERN } from '../uploads/images';
import { DEMO_PASSWORD } from './demo-data';
import { uploadsDir } from './images';
import { seedMarketplace } from './seed-marketplace';

const PUBLIC_URL = 'http://api.example.test';
const DAY = 86_400_000;
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('the demo seed', { timeout: 60_000 }, () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('fills an empty database with demo users, products, orders and alerts that follow the rules', async () => {
    t = await createTestDatabase();
    const before = Date.now();
    const result = await seedMarketplace({ db: t.db, dataDir: t.dataDir });
    if (!result.seeded) throw new Error('expected the seed to run');
    expect(result.admin.created).toBe(true);
    expect(result.password).toBe(DEMO_PASSWORD);

    // Users: the admin, 2 managers, 5 agents (agent2 referred by agent1), and one pending of each role.
    const allUsers = await t.db.select().from(users);
    const byEmail = new Map(allUsers.map((u) => [u.email, u]));
    const summary = allUsers.map((u) => `${u.role}:${u.status}`).sort();
    expect(summary).toEqual(
      [
        'admin:approved',
        ...Array(2).fill('manager:approved'),
        'manager:pending',
        ...Array(5).fill('agent:approved'),
        'agent:pending',
      ].sort(),
    );
    expect(byEmail.get('agent2@demo.test')?.referralUserId).toBe(byEmail.get('agent1@demo.test')?.id);
    for (const email of ['manager1@demo.test', 'agent1@demo.test', 'pending.manager@demo.test']) {
      const user = byEmail.get(email);
      expect(user?.phoneNumber).toMatch(/^\+92\d{10}$/);
      expect(user?.city).not.toBe('');
      expect(await verifyPassword(user?.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    expect(result.signIns.map((s) => s.email)).toContain('pending.agent@demo.test');

    // Products: every marketplace and review type, pending and approved, from the admin and both managers.
    const allProducts = await t.db.select().from(products);
    expect(allProducts).toHaveLength(24);
    expect(new Set(allProducts.map((p) => p.marketPlace))).toEqual(new Set(MARKETPLACES));
    expect(new Set(allProducts.flatMap((p) => p.reviewTypes))).toEqual(new Set(REVIEW_TYPES));
    expect(new Set(allProducts.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    expect(new Set(allProducts.map((p) => p.status))).toEqual(new Set(['approved', 'pending']));
    const vendorRoles = new Set(allProducts.map((p) => allUsers.find((u) => u.id === p.vendorId)?.role));
    expect(vendorRoles).toEqual(new Set(['admin', 'manager']));
    expect(new Set(allProducts.map((p) => p.vendorId)).size).toBe(3);
    expect(allProducts.some((p) => p.comissionWithVideoReview === null)).toBe(true);
    expect(allProducts.every((p) => p.guidelines.length > 0 && p.commissionPolicies.length > 0)).toBe(true);

    // Images: real PNGs under DATA_DIR/uploads, each with its uploads row, attached; ID cards and
    // order screenshots are private.
    const uploadRows = await t.db.select().from(uploads);
    expect(uploadRows.every((u) => u.attachedAt !== null)).toBe(true);
    const uploadKeys = new Set(uploadRows.filter((u) => !u.private).map((u) => u.key));
    const privateKeys = new Set(uploadRows.filter((u) => u.private).map((u) => u.key));
    const cnicKeys = new Set(uploadRows.filter((u) => u.purpose === 'cnic').map((u) => u.key));
    for (const user of allUsers.filter((u) => u.role !== 'admin')) {
      expect(cnicKeys.has(user.cnicFront ?? '') && cnicKeys.has(user.cnicBack ?? '')).toBe(true);
    }
    expect(fs.readdirSync(path.join(t.dataDir, 'private')).sort()).toEqual([...privateKeys].sort());
    for (const product of allProducts.slice(0, 3)) {
      expect(product.image).toMatch(UPLOAD_KEY_PATTERN);
      const file = path.join(uploadsDir(t.dataDir), keyOf(product.image));
      expect((await sharp(file).metadata()).format).toBe('png');
      expect(uploadKeys.has(keyOf(product.image))).toBe(true);
    }
    expect(fs.readdirSync(uploadsDir(t.dataDir)).sort()).toEqual([...uploadKeys].sort());

    // Orders: every state, commission from the contract, screenshots by state.
    const allOrders = await t.db.select().from(orders);
    expect(allOrders).toHaveLength(200);
    expect(new Set(allOrders.map((o) => o.agentStatus))).toEqual(new Set(AGENT_STATUSES));
    expect(new Set(allOrders.map((o) => o.comissionStatus))).toEqual(new Set(COMMISSION_STATUSES));
    expect(new Set(allOrders.map((o) => o.status))).toEqual(new Set(['', ...ORDER_STATUSES]));
    expect(allOrders.filter((o) => o.comissionStatus === 'paid' && o.agentStatus === 'cancelled')).toEqual([]);
    expect(new Set(allOrders.map((o) => o.amzOrderNumber)).size).toBe(200);
    const productsById = new Map(allProducts.map((p) => [p.id, p]));
    const agentIds = new Set(allUsers.filter((u) => u.role === 'agent' && u.status === 'approved').map((u) => u.id));
    for (const order of allOrders) {
      const product = productsById.get(order.productId);
      if (!product) throw new Error(`order ${order.id} has no product`);
      expect(product.status).toBe('approved');
      expect(product.reviewTypes).toContain(order.reviewType);
      expect(order.comission).toBe(computeOrderCommission(product, order.reviewType));
      expect(order.commissionTerms).toEqual(commissionTermsOf(product));
      expect(agentIds.has(order.agentId)).toBe(true);
      expect(order.amzOrderNumber).toMatch(AMZ_ORDER_NUMBER_PATTERN);
      expect(order.createdAt.getTime()).toBeGreaterThanOrEqual(before - 60 * DAY);
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(order.updatedAt.getTime());
      expect(order.updatedAt.getTime()).toBeLessThanOrEqual(Date.now());
      const reviewed = order.agentStatus === 'Reviewed' || order.agentStatus === 'Feedbacked';
      expect(order.orderScreenshot).not.toBe('');
      expect(order.reviewScreenShot !== '').toBe(reviewed);
      expect(order.feedbackScreenShot !== '').toBe(order.agentStatus === 'Feedbacked');
      expect(order.refundShot !== '').toBe(order.status === 'Refunded');
      for (const shot of [order.orderScreenshot, order.reviewScreenShot, order.feedbackScreenShot, order.refundShot]) {
        if (!shot) continue;
        expect(shot).toMatch(UPLOAD_KEY_PATTERN);
        expect(privateKeys.has(keyOf(shot)) && !cnicKeys.has(keyOf(shot))).toBe(true);
      }
    }
    // the paid orders' numbers are closed for good, as the triggers keep them
    const paidNumbers = await t.db.select().from(paidOrderNumbers);
    expect(paidNumbers.map((n) => `${n.amzOrderNumber} ${n.orderId}`).sort()).toEqual(
      allOrders
        .filter((o) => o.comissionStatus === 'paid')
        .map((o) => `${o.amzOrderNumber} ${o.id}`)
        .sort(),
    );

    // History: every order's replays to it, placed by its agent, changed by whoever may change it.
    const events = await t.db.select().from(orderEvents).orderBy(orderEvents.at, orderEvents.seq);
    const eventsByOrder = new Map<string, typeof events>();
    for (const event of events) eventsByOrder.set(event.orderId, [...(eventsByOrder.get(event.orderId) ?? []), event]);
    const roleOf = new Map(allUsers.map((u) => [u.id, u.role]));
    for (const order of allOrders) {
      const history = eventsByOrder.get(order.id) ?? [];
      expect(replay(history), `history of ${order.id}`).toEqual(trackedState(order));
      expect(history[0]).toMatchObject({ action: 'placed', actorId: order.agentId, at: order.createdAt });
      const vendorId = productsById.get(order.productId)?.vendorId;
      for (const event of history) {
        expect(event.at.getTime()).toBeGreaterThanOrEqual(order.createdAt.getTime());
        expect(event.at.getTime()).toBeLessThanOrEqual(Date.now() + DAY);
        expect(event.actorRole).toBe(roleOf.get(event.actorId));
        if (['placed', 'updated', 'agent-status'].includes(event.action)) expect(event.actorId).toBe(order.agentId);
        if (['status', 'refund-shot'].includes(event.action)) expect(event.actorId).toBe(vendorId);
        if (event.action === 'commission') expect(event.actorRole).toBe('admin');
      }
    }
    expect(new Set(events.map((e) => e.action))).toEqual(new Set(ORDER_EVENT_ACTIONS));
    expect(result.counts.orderEvents).toBe(events.length);
    await expectPaidEventsMatchOrders(t.db);
    // Payouts: every paid order in one, some of several orders (docs/domain.md, Payouts)
    await expectPayoutsMatchOrders(t.db);
    const seededPayouts = await t.db.select().from(payouts);
    expect(seededPayouts.some((p) => p.orders > 1)).toBe(true);
    expect(seededPayouts.some((p) => p.orders === 1 && p.reference.startsWith('order '))).toBe(true);

    // Alerts: consistent with the orders they name.
    const allAlerts = await t.db.select().from(alerts);
    const ordersById = new Map(allOrders.map((o) => [o.id, o]));
    const types = new Set(allAlerts.map((a) => a.type));
    for (const type of ['order_placed', 'order_status', 'product_approved', 'user_approved'] as const) {
      expect(types.has(type)).toBe(true);
    }
    for (const alert of allAlerts) {
      if (alert.type === 'order_placed') {
        const order = ordersById.get(alert.link.replace('/manager/update/order/', ''));
        expect(order && productsById.get(order.productId)?.vendorId).toBe(alert.userId);
        expect(alert.message).toContain(`New order ${order?.amzOrderNumber} for "`);
      }
      if (alert.type === 'order_status') {
        const order = ordersById.get(alert.link.replace('/agent/update/order/', ''));
        if (!order || order.status === '') throw new Error(`alert ${alert.id} names no order with a status`);
        expect(alert.userId).toBe(order.agentId);
        expect(alert.message).toBe(`Order ${order.amzOrderNumber} is now "${ORDER_STATUS_LABELS[order.status]}".`);
      }
      if (alert.type === 'commission_status') {
        const order = ordersById.get(alert.link.replace('/agent/update/order/', ''));
        expect(order?.comissionStatus).toBe('paid');
        expect(alert.userId).toBe(order?.agentId);
      }
    }
    expect(allAlerts.some((a) => !a.read)).toBe(true);
  });

  it('includes orders that raise each fraud signal, and one flag an admin dismissed with a note', async () => {
    t = await createTestDatabase();
    await seedMarketplace({ db: t.db, dataDir: t.dataDir });
    const flags = await t.db.select().from(orderFlags);
    const open = flags.filter((flag) => flag.dismissedAt === null);
    expect(new Set(open.map((flag) => flag.code))).toEqual(new Set(FLAG_CODES));
    const dismissed = flags.filter((flag) => flag.dismissedAt !== null);
    expect(dismissed).toEqual([expect.objectContaining({ code: 'paypal-shared', dismissalNote: expect.any(String) })]);
    const flaggedOrders = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          open.map((flag) => flag.orderId),
        ),
      );
    for (const order of flaggedOrders) expect([order.comissionStatus, order.agentStatus]).not.toContain('paid');
  });

  it('seeds accounts, images and ID cards that the API signs in and serves', async () => {
    t = await createTestDatabase();
    const result = await seedMarketplace({ db: t.db, dataDir: t.dataDir, orders: 20 });
    if (!result.seeded || !result.admin.created || !result.admin.passwordFile) throw new Error('expected a seed');
    const adminPassword = fs.readFileSync(result.admin.passwordFile, 'utf8').trim();
    const app = await buildApp({
      db: t.database,
      dataDir: t.dataDir,
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: PUBLIC_URL,
      logger: false,
    });
    try {
      const login = (email: string, password: string) =>
        app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      expect((await login('agent1@demo.test', DEMO_PASSWORD)).json().user.role).toBe('agent');
      expect((await login('manager2@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await login('pending.agent@demo.test', DEMO_PASSWORD)).statusCode).toBe(403);
      const admin = await login(result.admin.email, adminPassword);
      const authorization = `Bearer ${admin.json().token}`;

      const [product] = await t.db.select().from(products).where(eq(products.status, 'approved')).limit(1);
      const productJson = await app.inject({
        method: 'GET',
        url: `/api/products/${product?.id}/singleproduct`,
        headers: { authorization },
      });
      expect(productJson.json().image).toBe(`${PUBLIC_URL}/uploads/${product?.image}`);
      const image = await app.inject({ method: 'GET', url: new URL(productJson.json().image).pathname });
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);

      const [pending] = await t.db.select().from(users).where(eq(users.email, 'pending.manager@demo.test'));
      const privateRows = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.ownerId, pending?.id ?? ''));
      expect(privateRows.map((u) => [u.key, u.private]).sort()).toEqual(
        [
          [pending?.cnicFront, true],
          [pending?.cnicBack, true],
        ].sort(),
      );
      const shown = await app.inject({
        method: 'GET',
        url: `/api/pendinguser/${pending?.id}`,
        headers: { authorization },
      });
      expect(shown.statusCode).toBe(200);
      const front = new URL(shown.json().cnicFront);
      const card = await app.inject({ method: 'GET', url: `${front.pathname}${front.search}` });
      expect([card.statusCode, card.headers['content-type']]).toEqual([200, 'image/png']);
      // Private images are not public uploads.
      expect((await app.inject({ method: 'GET', url: `/uploads/${pending?.cnicFront}` })).statusCode).toBe(404);

      // An order's screenshot: a signed link in the order's JSON, never at a public address.
      const [order] = (
        await app.inject({ method: 'GET', url: '/api/orders/all?limit=1', headers: { authorization } })
      ).json() as { orderScreenshot: string }[];
      const shot = new URL(order?.orderScreenshot ?? '');
      expect(shot.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
      const served = await app.inject({ method: 'GET', url: `${shot.pathname}${shot.search}` });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
      const key = shot.pathname.slice(shot.pathname.lastIndexOf('/') + 1);
      expect((await app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('changes nothing on a database that already has data', async () => {
    t = await createTestDatabase();
    const first = await seedMarketplace({ db: t.db, dataDir: t.dataDir, orders: 50 });
    expect(first.seeded).toBe(true);
    const tables = [users, products, orders, orderEvents, alerts, uploads];
    const countAll = () => Promise.all(tables.map((table) => t?.db.$count(table)));
    const counts = await countAll();
    const files = fs.readdirSync(uploadsDir(t.dataDir)).sort();

    const second = await seedMarketplace({ db: t.db, dataDir: t.dataDir });
    expect(second).toEqual({ seeded: false, admin: { created: false } });
    expect(await countAll()).toEqual(counts);
    expect(fs.readdirSync(uploadsDir(t.dataDir)).sort()).toEqual(files);
  });

  it("leaves alone a marketplace that has a user's own product", async () => {
    t = await createTestDatabase();
    const { user: manager } = await createUser(t.db, { role: 'manager' });
    await t.db
      .insert(products)
      .values({ vendorId: manager.id, name: 'Real product', category: 'Electronics', price: 10, comission: 100 });

    const result = await seedMarketplace({ db: t.db, dataDir: t.dataDir });
    expect(result.seeded).toBe(false);
    expect(await t.db.$count(users)).toBe(1);
    expect(await t.db.$count(products)).toBe(1);
    expect(fs.existsSync(uploadsDir(t.dataDir)) ? fs.readdirSync(uploadsDir(t.dataDir)) : []).toEqual([]);
  });

  it('inserts exactly the number of orders asked for, with unique order numbers', async () => {
    t = await createTestDatabase();
    const result = await seedMarketplace({
      db: t.db,
      dataDir: t.dataDir,
      orders: 5000,
      products: 30,
      agents: 8,
    });
    expect(result.seeded && result.counts).toMatchObject({ orders: 5000, products: 30 });
    expect(await t.db.$count(orders)).toBe(5000);
    expect(await t.db.$count(products)).toBe(30);
    expect(await t.db.$count(users, eq(users.role, 'agent'))).toBe(9);
    const [distinct] = await t.db
      .select({ n: sql<number>`count(distinct ${orders.amzOrderNumber})`.mapWith(Number) })
      .from(orders);
    expect(distinct?.n).toBe(5000);
    expect(
      await t.db.$count(orders, sql`${orders.comissionStatus} = 'paid' and ${orders.agentStatus} = 'cancelled'`),
    ).toBe(0);
  });
});

describe('npm run seed', { timeout: 60_000 }, () => {
  const runSeed = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/seed.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: '', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('refuses to seed while a server is running on the data folder', async () => {
    const dataDir = await createTestDataDir();
    try {
      // The test worker's parent is a live process standing in for the server.
      fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.ppid}\n`);
      const run = runSeed([], { DATA_DIR: dataDir });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`A server (pid ${process.ppid}) is running on the data folder ${dataDir}.`);
      expect(run.stderr).toContain('seed before starting the server');
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('explains its options when one is wrong', () => {
    const run = runSeed(['--orders', 'many'], { DATA_DIR: '/nonexistent-never-opened' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--orders must be a whole number of at least 0, not "many".');
    expect(run.stderr).toContain('Usage: npm run seed');
  });
});
