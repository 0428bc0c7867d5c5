/**
 * A small marketplace to test the API's rules against, written straight to the database:
 *
 *   managerA: productA (approved), pendingProductA, archivedProductA (kept by an order)
 *   managerB: productB (approved), pendingProductB
 *   agentA:   orderA on productA, orderAonB on productB (paid, in payoutA)
 *   agentB:   orderB on productB, orderBonA on productA
 *   a pending user (an agent not yet approved), an admin, alerts for everyone,
 *   a public image (productA's thumbnail), orderA's private screenshot and a private (CNIC) image.
 *
 * The callers of the matrix are named by what they are to the world: `agent` is agentA,
 * `otherAgent` agentB, `manager` managerA, `otherManager` managerB.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role, UserStatus } from 'shared-api/contract';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/connection';
import {
  alerts,
  type NewProductRow,
  type OrderRow,
  orders,
  type PayoutRow,
  type ProductRow,
  payouts,
  products,
  type UserRow,
  users,
} from '../db/schema';
import { createAlert } from '../services/alerts';
import { placedChanges, recordOrderEvents } from '../services/order-history';
import { attachOrderImage, attachProductImage, movePublishedFiles } from '../uploads/attach';
import { TEST_PASSWORD, type TestApp } from './helpers';
import { keyOfLink, uploadCnicImage, uploadImageAs } from './images';
import { createOrderRow, createProduct } from './orders';

export const CALLERS = ['anonymous', 'pending', 'agent', 'otherAgent', 'manager', 'otherManager', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** One argon2 hash for every fixture user (hashing is the slow part of making a user). */
let passwordHash: Promise<string> | undefined;
const fixtureHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};

export async function insertUser(
  db: Db,
  fields: { role: Role; status?: UserStatus; firstName?: string; lastName?: string; referralUserId?: string | null },
): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({
      email: `${fields.role}-${crypto.randomBytes(6).toString('hex')}@example.com`,
      passwordHash: await fixtureHash(),
      firstName: fields.firstName ?? 'Test',
      lastName: fields.lastName ?? fields.role,
      role: fields.role,
      status: fields.status ?? 'approved',
      phoneNumber: '+923001234567',
      gender: 'female',
      state: 'pakistan',
      city: 'Lahore',
      referralName: 'Friend',
      referralContact: '+923007654321',
      referralUserId: fields.referralUserId ?? null,
    })
    .returning();
  if (!user) throw new Error('insertUser: insert returned no row');
  return user;
}

export interface World {
  t: TestApp;
  admin: UserRow;
  managerA: UserRow;
  managerB: UserRow;
  agentA: UserRow;
  agentB: UserRow;
  pending: UserRow;
  productA: ProductRow;
  pendingProductA: ProductRow;
  archivedProductA: ProductRow;
  productB: ProductRow;
  pendingProductB: ProductRow;
  orderA: OrderRow;
  orderAonB: OrderRow;
  orderB: OrderRow;
  orderBonA: OrderRow;
  orderOnArchived: OrderRow;
  /** agentA's payout of orderAonB (docs/domain.md, Payouts) */
  payoutA: PayoutRow;
  /** a public image's path (productA's thumbnail), as GET /uploads/:key serves it */
  publicImagePath: string;
  /** the key of orderA's screenshot (agentA's upload, private) */
  orderImageKey: string;
  /** a private (CNIC) image's key */
  privateKey: string;
  /** the user row each caller signs in as (none for anonymous) */
  users: Record<Exclude<Caller, 'anonymous'>, UserRow>;
  /** a valid Bearer token per caller (none for anonymous) */
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const { db } = t;
  const admin = await insertUser(db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const managerA = await insertUser(db, { role: 'manager', firstName: 'Maha', lastName: 'A' });
  const managerB = await insertUser(db, { role: 'manager', firstName: 'Musa', lastName: 'B' });
  const agentA = await insertUser(db, {
    role: 'agent',
    firstName: 'Aisha',
    lastName: 'A',
    referralUserId: managerA.id,
  });
  const agentB = await insertUser(db, { role: 'agent', firstName: 'Bilal', lastName: 'B' });
  const pending = await insertUser(db, { role: 'agent', status: 'pending', firstName: 'Pia', lastName: 'Pending' });

  const productA = await createProduct(db, managerA, { name: 'Product A' });
  const pendingProductA = await createProduct(db, managerA, { name: 'Pending A', status: 'pending' });
  const archivedProductA = await createProduct(db, managerA, { name: 'Archived A' });
  const productB = await createProduct(db, managerB, { name: 'Product B' });
  const pendingProductB = await createProduct(db, managerB, { name: 'Pending B', status: 'pending' });

  const orderA = await createOrderRow(db, productA, agentA);
  const orderAonB = await createOrderRow(db, productB, agentA, { comissionStatus: 'paid', agentStatus: 'Ordered' });
  const orderB = await createOrderRow(db, productB, agentB);
  const orderBonA = await createOrderRow(db, productA, agentB, { status: 'On-Hold' });
  const orderOnArchived = await createOrderRow(db, archivedProductA, agentA);
  const [payoutA] = await db
    .insert(payouts)
    .values({
      agentId: agentA.id,
      reference: 'PAYPAL-WORLD-A',
      total: orderAonB.comission,
      orders: 1,
      createdById: admin.id,
      createdByName: 'Ada Admin',
    })
    .returning();
  if (!payoutA) throw new Error('buildWorld: no payout');
  await db.update(orders).set({ payoutId: payoutA.id }).where(eq(orders.id, orderAonB.id));
  orderAonB.payoutId = payoutA.id;
  await db.update(products).set({ status: 'archived' }).where(eq(products.id, archivedProductA.id));
  archivedProductA.status = 'archived';
  // each order's history starts with its placement, as placing through the API writes it
  for (const [order, agent] of [
    [orderA, agentA],
    [orderAonB, agentA],
    [orderB, agentB],
    [orderBonA, agentB],
    [orderOnArchived, agentA],
  ] as const) {
    await recordOrderEvents(db, order, agent, [{ action: 'placed', changes: placedChanges(order) }]);
  }

  for (const user of [admin, managerA, managerB, agentA, agentB, pending]) {
    await createAlert(db, { userId: user.id, type: 'order_placed', message: `Hello ${user.firstName}`, link: '' });
  }

  const callers = { pending, agent: agentA, otherAgent: agentB, manager: managerA, otherManager: managerB, admin };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(callers).map(async ([name, user]) => [name, await t.app.tokens.sign(user)])),
  ) as World['tokens'];

  // productA's thumbnail (public) and orderA's screenshot (private), uploaded and attached as the API does
  const thumbnail = await uploadImageAs(t.app, managerA);
  const orderImage = await uploadImageAs(t.app, agentA);
  const published = await db.transaction(async (tx) => {
    const image = await attachProductImage(tx, managerA, { field: 'image', value: thumbnail, stored: '' });
    await tx.update(products).set({ image: image.value }).where(eq(products.id, productA.id));
    productA.image = image.value;
    const shot = { field: 'orderScreenshot', value: orderImage, stored: '' } as const;
    const orderScreenshot = await attachOrderImage(tx, agentA, shot, { orderId: orderA.id });
    await tx.update(orders).set({ orderScreenshot }).where(eq(orders.id, orderA.id));
    orderA.orderScreenshot = orderScreenshot;
    return image.published ? [image.published] : [];
  });
  await movePublishedFiles(t.app.images, published);
  const publicImagePath = `/uploads/${productA.image}`;
  const orderImageKey = keyOfLink(orderImage);
  const privateUrl = await uploadCnicImage(t.app);
  const privateKey = privateUrl.slice(privateUrl.lastIndexOf('/') + 1);

  return {
    t,
    admin,
    managerA,
    managerB,
    agentA,
    agentB,
    pending,
    productA,
    pendingProductA,
    archivedProductA,
    productB,
    pendingProductB,
    orderA,
    orderAonB,
    orderB,
    orderBonA,
    orderOnArchived,
    payoutA,
    publicImagePath,
    orderImageKey,
    privateKey,
    users: callers,
    tokens,
  };
}

/** The request with the caller's Authorization header (none for anonymous). */
export function as(world: World, caller: Caller, options: InjectOptions): InjectOptions {
  if (caller === 'anonymous') return options;
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${world.tokens[caller]}` } };
}

export function send(world: World, caller: Caller, options: InjectOptions): Promise<LightMyRequestResponse> {
  return world.t.app.inject(as(world, caller, options));
}

/** A product of its own for a case whose success would change the shared ones. */
export const freshProduct = (world: World, vendor: UserRow, fields: Partial<Omit<NewProductRow, 'vendorId'>> = {}) =>
  createProduct(world.t.db, vendor, { name: `Fresh ${crypto.randomBytes(3).toString('hex')}`, ...fields });

export const freshOrder = (world: World, product: ProductRow, agent: UserRow, fields: Partial<OrderRow> = {}) =>
  createOrderRow(world.t.db, product, agent, fields);

interface StoredUser {
  id: string;
  email: string;
  role: Role;
  status: UserStatus;
  token_version: number;
  password_hash: string;
  updated_at: string;
}
/** Stored rows as PostgreSQL's row_to_json writes them (snake_case columns). */
type Stored<T> = T & Record<string, unknown>;

export interface Snapshot {
  users: StoredUser[];
  products: Stored<{ id: string; vendor_id: string; status: string; name: string; price: number }>[];
  orders: Stored<{ id: string; product_id: string; agent_id: string }>[];
  alerts: Stored<{ id: string; user_id: string; read: boolean }>[];
  uploads: Stored<{ id: string; key: string }>[];
  revoked_tokens: Stored<{ jti: string; user_id: string; expires_at: string }>[];
  order_events: Stored<{ id: string; order_id: string; actor_id: string; action: string }>[];
  payouts: Stored<{ id: string; agent_id: string; reference: string }>[];
  order_flags: Stored<{ order_id: string; code: string; dismissed_at: string | null }>[];
  password_reset_tokens: Stored<{ token_hash: string; user_id: string; used_at: string | null }>[];
  user_events: Stored<{ id: string; user_id: string; type: string }>[];
  /** uploads that resume: their state, not their bytes */
  resumable_uploads: Stored<{ id: string; owner_id: string; stored: number; upload_key: string | null }>[];
}

const rowsOf = (table: string, columns = '*', key = 'id') =>
  sql.raw(`coalesce((select json_agg(r order by r.${key}) from (select ${columns} from ${table}) r), '[]')`);

/**
 * Everything a request could change, in a stable order, read in one query: compare before
 * and after a refusal.
 */
export async function snapshot(db: Db): Promise<Snapshot> {
  const result = await db.execute(
    sql`select json_build_object(
      'users', ${rowsOf('users', 'id, email, role, status, status_reason, token_version, password_hash, updated_at')},
      'products', ${rowsOf('products')},
      'orders', ${rowsOf('orders')},
      'alerts', ${rowsOf('alerts')},
      'uploads', ${rowsOf('uploads')},
      'revoked_tokens', ${rowsOf('revoked_tokens', '*', 'jti')},
      'order_events', ${rowsOf('order_events')},
      'payouts', ${rowsOf('payouts')},
      'order_flags', ${rowsOf('order_flags', '*', 'order_id, r.code')},
      'password_reset_tokens', ${rowsOf('password_reset_tokens', '*', 'token_hash')},
      'user_events', ${rowsOf('user_events')},
      'resumable_uploads', ${rowsOf('resumable_uploads', 'id, owner_id, length, octet_length(bytes) as stored, upload_key, created_at')}
    )::text as state`,
  );
  // Both drivers answer { rows }.
  const [row] = (result as unknown as { rows: { state: string }[] }).rows;
  if (!row) throw new Error('snapshot: no row');
  return JSON.parse(row.state) as Snapshot;
}

/** A product body that passes productInputSchema. */
export function productBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Desk lamp',
    productId: 'B0LAMP0001',
    description: 'A warm desk lamp',
    category: 'Home & Kitchen',
    marketPlace: 'US',
    keyword: 'lamp',
    brandName: 'Lumo',
    image: 'https://img.example.com/lamp.png',
    price: 2500,
    comission: 300,
    comissionWithTextReview: 350,
    reviewTypes: [{ title: 'text' }, { title: 'no review' }],
    ...fields,
  };
}

/** A registration's fields but its email and CNIC images. */
export const REGISTRATION_FIELDS = {
  firstName: 'Nadia',
  lastName: 'Noor',
  password: 'secret123',
  gender: 'female',
  phoneNumber: '+923001112223',
  city: 'Karachi',
  state: 'pakistan',
  referralName: 'Friend',
  referralContact: '+923004445556',
} as const;

/** A registration body with two fresh CNIC images, which passes registerInputSchema. */
export async function registerBody(world: World, fields: Record<string, unknown> = {}) {
  return {
    ...REGISTRATION_FIELDS,
    email: `nadia-${crypto.randomBytes(5).toString('hex')}@example.com`,
    cnicFront: await uploadCnicImage(world.t.app),
    cnicBack: await uploadCnicImage(world.t.app),
    ...fields,
  };
}

export const userById = async (db: Db, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
export const productById = async (db: Db, id: string) =>
  (await db.select().from(products).where(eq(products.id, id)))[0];
export const orderById = async (db: Db, id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
export const alertsOf = (db: Db, userId: string) => db.select().from(alerts).where(eq(alerts.userId, userId));
