/**
 * Fills an empty marketplace with demo data: users of every role and status, products across
 * every marketplace and review type with generated thumbnails, orders in every state over the
 * last 60 days, and the alerts those orders would have sent. Everything is planned in memory
 * and written in one transaction with multi-row inserts, so 100,000 orders take seconds.
 */
import crypto from 'node:crypto';
import { count, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import {
  type AgentStatus,
  type CommissionStatus,
  computeOrderCommission,
  type Gender,
  IMAGE_IN_HISTORY,
  MARKETPLACES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type ReviewType,
  type Role,
  routePath,
  UPDATE_ORDER_ROUTE,
  type UserStatus,
} from 'shared-api/contract';
import { hashPassword } from '../auth/passwords';
import { payoutReferenceKey, payPalKey } from '../canonical-key';
import type { Db } from '../db/connection';
import {
  type AlertType,
  alerts,
  commissionTermsOf,
  type NewOrderEventRow,
  type NewOrderRow,
  type NewPayoutRow,
  type NewProductRow,
  type NewUserRow,
  orderEvents,
  orders,
  payouts,
  products,
  uploads,
  users,
} from '../db/schema';
import { ensureFirstAdmin, type FirstAdminResult } from '../first-admin';
import { type OrderActor, type OrderChanges, placedChanges } from '../services/order-history';
import { filesImageStore, type ImageStore } from '../uploads/store';
import {
  BUYER_FIRST_NAMES,
  BUYER_LAST_NAMES,
  CANCEL_COMMENTS,
  CATALOGUE,
  CITIES,
  COMMISSION_POLICIES,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  FEMALE_FIRST_NAMES,
  GUIDELINES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MARKETER_INSTRUCTIONS,
  MARKETPLACE_DOMAINS,
  ORDER_COMMENTS,
  SCREENSHOTS,
  type ScreenshotKind,
  VARIANTS,
} from './demo-data';
import { addFraudEvents, insertFraudExamples, planFraudExamples } from './fraud-examples';
import { renderCnic, renderScreenshot, renderThumbnail, type WrittenImage, writeImage } from './images';
import { createRandom, type Random } from './random';

export const DEFAULT_SEED_COUNTS = { products: 24, orders: 200, agents: 5 } as const;
export const DEMO_MANAGER_COUNT = 2;
export const ALREADY_SEEDED_MESSAGE = 'The database already has data; nothing was seeded.';

export interface SeedOptions {
  db: Db;
  /** the first admin's password file, and the images unless `images` says otherwise */
  dataDir: string;
  /**
   * Where the images go (IMAGE_STORE; default: dataDir/uploads, and the private ones
   * dataDir/private). Image fields keep their keys: answers build the URLs (uploads/urls.ts).
   */
  images?: ImageStore;
  products?: number;
  orders?: number;
  agents?: number;
  /** ADMIN_EMAIL / ADMIN_PASSWORD for the first admin, as main.ts passes them */
  admin?: { email?: string | undefined; password?: string | undefined };
  /** same seed, same data (ids and file names excepted) */
  randomSeed?: number;
  now?: Date;
  onProgress?: (message: string) => void;
  /** aborting stops between batches: the transaction rolls back and the images are removed */
  signal?: AbortSignal;
}

export interface DemoSignIn {
  role: Role;
  status: UserStatus;
  email: string;
  name: string;
}

export interface SeedCounts {
  users: number;
  products: number;
  orders: number;
  orderEvents: number;
  alerts: number;
  images: number;
}

export type SeedResult =
  | { seeded: false; admin: FirstAdminResult }
  | {
      seeded: true;
      admin: FirstAdminResult;
      /** the admin who owns some demo products (null when the database has no approved admin) */
      adminEmail: string | null;
      password: string;
      signIns: DemoSignIn[];
      counts: SeedCounts;
    };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, '$count' | 'select'>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** pg_advisory_xact_lock key: two seeds at once on one PostgreSQL run one after the other. */
const SEED_LOCK_KEY = 727_310_411;
/** Rows per INSERT statement. */
const BATCH_ROWS = 5_000;

class AlreadySeeded extends Error {}

/** Empty: no products, no orders, and no demo account (a half-seeded database counts as seeded). */
export async function hasMarketplaceData(db: Reader): Promise<boolean> {
  const [row] = await db
    .select({
      products: sql<number>`(select count(*) from ${products})`.mapWith(Number),
      orders: sql<number>`(select count(*) from ${orders})`.mapWith(Number),
      demoUsers: count(),
    })
    .from(users)
    .where(sql`lower(${users.email}) like ${`%@${DEMO_EMAIL_DOMAIN}`}`);
  return !!row && (row.products > 0 || row.orders > 0 || row.demoUsers > 0);
}

function checkCount(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be a whole number ≥ ${min}.`);
  return value;
}

export async function seedMarketplace(options: SeedOptions): Promise<SeedResult> {
  const { db } = options;
  const wanted = {
    products: checkCount('products', options.products ?? DEFAULT_SEED_COUNTS.products, 1),
    orders: checkCount('orders', options.orders ?? DEFAULT_SEED_COUNTS.orders, 0),
    agents: checkCount('agents', options.agents ?? DEFAULT_SEED_COUNTS.agents, 1),
  };
  const progress = options.onProgress ?? (() => {});
  const store = options.images ?? filesImageStore(options.dataDir);
  const now = options.now ?? new Date();
  const random = createRandom(options.randomSeed ?? 20_240_601);

  options.signal?.throwIfAborted();
  const admin = await ensureFirstAdmin(db, { ...options.admin, dataDir: options.dataDir });
  if (await hasMarketplaceData(db)) return { seeded: false, admin };

  const [adminUser] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`${users.role} = 'admin' and ${users.status} = 'approved'`)
    .orderBy(users.createdAt)
    .limit(1);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = planUsers(random, wanted.agents, passwordHash, now);

  progress('Drawing product thumbnails, screenshots and ID cards…');
  const written: WrittenImage[] = [];
  try {
    const images = await drawImages(store, Math.min(wanted.products, CATALOGUE.length), written);
    const cnicUploads = await drawCnics(store, people.rows, random, written);
    const vendors: Vendor[] = [
      ...(adminUser ? [{ ...adminUser, isAdmin: true }] : []),
      ...people.managers.map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName, isAdmin: false })),
    ];
    const catalogue = planProducts(random, wanted.products, vendors, images.thumbnails, now);
    const approved = catalogue.filter((p) => p.row.status === 'approved');
    const shots = screenshotKeys(images.screenshots);
    const orderPlan = planOrders(random, wanted.orders, approved, people.approvedAgents, shots, now);
    // only an admin pays commission: without one, no demo order is paid
    if (!adminUser) for (const order of orderPlan) order.comissionStatus = 'unpaid';
    const fraud = await planFraudExamples({
      planned: orderPlan,
      skipFirst: COVERAGE.length,
      store,
      written,
      admin: adminUser,
      now,
    });
    const alertRows = planAlerts(orderPlan, catalogue, people, now);
    const eventRows = planOrderEvents(random, orderPlan, catalogue, people, adminUser);
    const agentNames = new Map(people.approvedAgents.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim()]));
    addFraudEvents(eventRows, fraud, {
      agentName: (id) => agentNames.get(id) ?? '',
      adminName: adminUser ? `${adminUser.firstName} ${adminUser.lastName}`.trim() : '',
    });
    const payoutRows = adminUser ? planPayouts(random, orderPlan, eventRows, adminUser) : [];
    const firstAgent = people.approvedAgents[0];
    const firstManager = people.managers[0];
    const uploadRows = [
      ...images.thumbnails.map((image, i) => ({
        key: image.key,
        private: false,
        purpose: 'image' as const,
        ownerId: catalogue[i]?.row.vendorId ?? null,
        mimeType: 'image/png',
        sizeBytes: image.sizeBytes,
        createdAt: catalogue[i]?.row.createdAt ?? now,
        attachedAt: catalogue[i]?.row.createdAt ?? now,
      })),
      // order screenshots are private (served to the order's agent, manager and admins through signed links)
      ...images.screenshots.map(({ image, kind }) => ({
        key: image.key,
        private: true,
        purpose: 'image' as const,
        ownerId: (kind === 'refund' ? firstManager?.id : firstAgent?.id) ?? null,
        mimeType: 'image/png',
        sizeBytes: image.sizeBytes,
        createdAt: new Date(now.getTime() - 60 * DAY),
        attachedAt: new Date(now.getTime() - 60 * DAY),
      })),
      ...cnicUploads,
      ...fraud.uploads,
    ];

    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`));
      if (await hasMarketplaceData(tx)) throw new AlreadySeeded();
      const batches = { tx, progress, signal: options.signal };
      await insertInBatches(batches, users, people.rows, 'users');
      await insertInBatches(batches, uploads, uploadRows, 'images');
      await insertInBatches(
        batches,
        products,
        catalogue.map((p) => p.row),
        'products',
      );
      // with the canonical keys the API gives every PayPal and reference (canonical-key.ts)
      const keyedPayouts = payoutRows.map((row) => ({ ...row, referenceKey: payoutReferenceKey(row.reference) }));
      await insertInBatches(batches, payouts, keyedPayouts, 'payouts');
      const keyedOrders = orderPlan.map((order) => ({ ...order, buyerPayPalKey: payPalKey(order.buyerPayPal) }));
      await insertInBatches(batches, orders, keyedOrders, 'orders');
      await insertInBatches(batches, orderEvents, eventRows, 'order history');
      await insertInBatches(batches, alerts, alertRows, 'alerts');
      await insertFraudExamples(tx, fraud);
    });

    return {
      seeded: true,
      admin,
      adminEmail: adminUser?.email ?? null,
      password: DEMO_PASSWORD,
      signIns: people.signIns,
      counts: {
        users: people.rows.length,
        products: catalogue.length,
        orders: orderPlan.length,
        orderEvents: eventRows.length,
        alerts: alertRows.length,
        images: uploadRows.length,
      },
    };
  } catch (error) {
    await Promise.all(written.map((image) => store.remove(image.key)));
    if (error instanceof AlreadySeeded) return { seeded: false, admin };
    throw error;
  }
}

/**
 * Many rows per statement, each batch one JSON parameter expanded by json_populate_recordset:
 * PostgreSQL parses it in C, where a multi-row VALUES would bind tens of thousands of parameters
 * (slow on PGlite, and capped at 65,535). A column that some row sets is NULL in the rows that
 * leave it out (not its default), so rows of one table should all set the same columns.
 */
async function insertInBatches<TTable extends PgTable>(
  { tx, progress, signal }: { tx: Tx; progress: (message: string) => void; signal: AbortSignal | undefined },
  table: TTable,
  rows: readonly PgInsertValue<TTable>[],
  label: string,
): Promise<void> {
  if (rows.length === 0) return;
  const started = performance.now();
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const present = new Set<string>();
  for (const row of rows) for (const key in row) present.add(key);
  const keys = Object.keys(columns).filter((key) => present.has(key));
  const names = keys.map((key) => columns[key]?.name ?? key);
  const columnList = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const reportEvery = Math.max(BATCH_ROWS, Math.ceil(rows.length / 10));
  let nextReport = reportEvery;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    // PGlite works on this thread: let signal handlers run between batches.
    await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    const batch = rows.slice(start, start + BATCH_ROWS).map((row) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++)
        record[names[i] as string] = (row as Record<string, unknown>)[keys[i] as string];
      return record;
    });
    await tx.execute(
      sql`insert into ${table} (${columnList}) select ${columnList} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
    );
    const done = Math.min(rows.length, start + BATCH_ROWS);
    if (done < rows.length && done >= nextReport) {
      progress(`  ${label}: ${done.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')}`);
      nextReport = done + reportEvery;
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  progress(`  ${label}: ${rows.length.toLocaleString('en-US')} (${seconds} s)`);
}

// ---------------------------------------------------------------------------------- images

interface DrawnImages {
  thumbnails: WrittenImage[];
  screenshots: { kind: ScreenshotKind; image: WrittenImage }[];
}

async function drawImages(store: ImageStore, thumbnailCount: number, written: WrittenImage[]): Promise<DrawnImages> {
  const keep = (image: WrittenImage) => {
    written.push(image);
    return image;
  };
  const thumbnails = await Promise.all(
    CATALOGUE.slice(0, thumbnailCount).map(async (entry) =>
      keep(await writeImage(store, await renderThumbnail(entry.name, entry.color))),
    ),
  );
  const screenshots = await Promise.all(
    SCREENSHOTS.map(async (shot) => ({
      kind: shot.kind,
      image: keep(await writeImage(store, await renderScreenshot(shot.kind, shot.title, shot.lines), true)),
    })),
  );
  return { thumbnails, screenshots };
}

/** The screenshots' keys by kind: order image fields keep keys, as attaching stores them. */
type ScreenshotKeys = Record<ScreenshotKind, string[]>;

function screenshotKeys(screenshots: DrawnImages['screenshots']): ScreenshotKeys {
  const keys: ScreenshotKeys = { order: [], review: [], feedback: [], refund: [] };
  for (const { kind, image } of screenshots) keys[kind].push(image.key);
  return keys;
}

/** Demo accounts past this many agents get no ID card images (drawing them would dominate a big seed). */
const MAX_AGENTS_WITH_CNIC = 20;
const CNIC_AREA_CODES = ['35202', '42101', '61101', '37405', '33100', '36302', '17301', '54400'] as const;

/**
 * Private ID card images (front and back) for the demo accounts, as registration uploads them:
 * sets the rows' cnicFront / cnicBack keys and returns the uploads rows, owned by each account.
 */
async function drawCnics(store: ImageStore, rows: NewUserRow[], random: Random, written: WrittenImage[]) {
  let agents = 0;
  const holders = rows.filter(
    (row) => row.role !== 'agent' || row.status === 'pending' || ++agents <= MAX_AGENTS_WITH_CNIC,
  );
  const planned = holders.map((row) => ({
    row,
    name: `${row.firstName} ${row.lastName}`,
    number: `${random.pick(CNIC_AREA_CODES)}-${random.digits(7)}-${random.int(1, 9)}`,
  }));
  return (
    await Promise.all(
      planned.map(async ({ row, name, number }) => {
        const [front, back] = await Promise.all(
          (['front', 'back'] as const).map(async (side) => {
            const image = await writeImage(store, await renderCnic(side, name, number), true);
            written.push(image);
            return image;
          }),
        );
        if (!front || !back) throw new Error('drawCnics: an image is missing');
        row.cnicFront = front.key;
        row.cnicBack = back.key;
        return [front, back].map((image) => ({
          key: image.key,
          private: true,
          purpose: 'cnic' as const,
          ownerId: row.id ?? null,
          mimeType: 'image/png',
          sizeBytes: image.sizeBytes,
          createdAt: row.createdAt ?? new Date(),
          attachedAt: row.createdAt ?? new Date(),
        }));
      }),
    )
  ).flat();
}

// ----------------------------------------------------------------------------------- users

interface PlannedUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

interface PeoplePlan {
  rows: NewUserRow[];
  managers: PlannedUser[];
  approvedAgents: PlannedUser[];
  signIns: DemoSignIn[];
}

const fullNameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

function planUsers(random: Random, agentCount: number, passwordHash: string, now: Date): PeoplePlan {
  const usedNames = new Set<string>();
  const usedPhones = new Set<string>();
  const person = () => {
    for (;;) {
      const gender: Gender = random.chance(0.5) ? 'male' : 'female';
      const firstName = random.pick(gender === 'male' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      // More agents than name pairs: allow repeats rather than loop forever.
      if (usedNames.has(`${firstName} ${lastName}`) && usedNames.size < 200) continue;
      usedNames.add(`${firstName} ${lastName}`);
      let phoneNumber: string;
      do phoneNumber = `+923${random.int(0, 4)}${random.digits(8)}`;
      while (usedPhones.has(phoneNumber));
      usedPhones.add(phoneNumber);
      return { firstName, lastName, gender, phoneNumber, city: random.pick(CITIES) };
    }
  };

  const rows: NewUserRow[] = [];
  const signIns: DemoSignIn[] = [];
  const add = (role: Role, status: UserStatus, email: string, daysAgo: number, extra: Partial<NewUserRow> = {}) => {
    const p = person();
    const createdAt = new Date(now.getTime() - daysAgo * DAY - random.int(0, 12 * HOUR));
    const row = {
      id: crypto.randomUUID(),
      email,
      passwordHash,
      role,
      status,
      state: 'pakistan',
      referralName: '',
      referralContact: '',
      referralUserId: null,
      cnicFront: null,
      cnicBack: null,
      ...p,
      createdAt,
      updatedAt: createdAt,
      ...extra,
    } satisfies NewUserRow;
    rows.push(row);
    signIns.push({ role, status, email, name: fullNameOf(row) });
    return row;
  };

  // A referral by name and number only (someone who is not a user), as registration takes it.
  const outsideReferral = () => {
    const p = person();
    return { referralName: fullNameOf(p), referralContact: p.phoneNumber };
  };

  const managers = Array.from({ length: DEMO_MANAGER_COUNT }, (_, i) =>
    add('manager', 'approved', `manager${i + 1}@${DEMO_EMAIL_DOMAIN}`, 120 - i * 5, outsideReferral()),
  );
  const agents: ReturnType<typeof add>[] = [];
  for (let i = 0; i < agentCount; i++) {
    // agent2 is referred by agent1 (and every third agent after by the one before it).
    const referrer = i % 3 === 1 ? agents[i - 1] : undefined;
    const referral = referrer
      ? { referralUserId: referrer.id, referralName: fullNameOf(referrer), referralContact: referrer.phoneNumber }
      : outsideReferral();
    agents.push(add('agent', 'approved', `agent${i + 1}@${DEMO_EMAIL_DOMAIN}`, 110 - (i % 40), referral));
  }
  add('agent', 'pending', `pending.agent@${DEMO_EMAIL_DOMAIN}`, 1, {
    referralUserId: agents[0]?.id ?? null,
    referralName: agents[0] ? fullNameOf(agents[0]) : '',
    referralContact: agents[0]?.phoneNumber ?? '',
  });
  add('manager', 'pending', `pending.manager@${DEMO_EMAIL_DOMAIN}`, 2, outsideReferral());

  return { rows, managers, approvedAgents: agents, signIns };
}

// -------------------------------------------------------------------------------- products

interface Vendor {
  id: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
}

interface PlannedProduct {
  row: NewProductRow & {
    id: string;
    vendorId: string;
    name: string;
    status: 'pending' | 'approved';
    reviewTypes: ReviewType[];
    comission: number;
    comissionWithTextReview: number | null;
    comissionWithPictureReview: number | null;
    comissionWithVideoReview: number | null;
    createdAt: Date;
    updatedAt: Date;
  };
  vendor: Vendor;
  /** orders pick popular products more often */
  popularity: number;
}

function planProducts(
  random: Random,
  productCount: number,
  vendors: readonly Vendor[],
  thumbnails: readonly WrittenImage[],
  now: Date,
): PlannedProduct[] {
  const planned: PlannedProduct[] = [];
  const productsOf = new Map<string, number>();
  for (let i = 0; i < productCount; i++) {
    const entryIndex = i % CATALOGUE.length;
    const entry = CATALOGUE[entryIndex];
    const thumbnail = thumbnails[entryIndex];
    const vendor = vendors[i % vendors.length];
    if (!entry || !thumbnail || !vendor) throw new Error('planProducts: catalogue, thumbnails or vendors missing');
    const round = Math.floor(i / CATALOGUE.length);
    const variant =
      round === 0
        ? ''
        : ` – ${VARIANTS[(round - 1) % VARIANTS.length]}${round > VARIANTS.length ? ` ${Math.ceil(round / VARIANTS.length)}` : ''}`;
    const marketPlace = MARKETPLACES[(i + round * 3) % MARKETPLACES.length] ?? 'US';
    // Admins' products are approved at once; every manager has one product in four still waiting.
    const nth = productsOf.get(vendor.id) ?? 0;
    productsOf.set(vendor.id, nth + 1);
    const pending = !vendor.isAdmin && nth % 4 === 3;
    const asin = `B0${Array.from({ length: 8 }, () => random.pick('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'.split(''))).join('')}`;
    const createdAt = pending
      ? new Date(now.getTime() - random.int(1 * HOUR, 5 * DAY))
      : new Date(now.getTime() - random.int(62 * DAY, 90 * DAY));
    const [base, text, picture, video] = entry.comission;
    planned.push({
      vendor,
      popularity: random.int(1, 5),
      row: {
        id: crypto.randomUUID(),
        vendorId: vendor.id,
        name: `${entry.name}${variant}`,
        productId: asin,
        description: entry.description,
        category: entry.category,
        productCategory: entry.productCategory,
        marketPlace,
        productLink: pending ? '' : `https://www.${MARKETPLACE_DOMAINS[marketPlace]}/dp/${asin}?tag=rmdemo-21`,
        keyword: entry.keyword,
        brandName: entry.brandName,
        amzImage: '',
        image: thumbnail.key,
        price: Math.round((entry.price + round * 2) * 100) / 100,
        comission: base,
        comissionWithTextReview: text,
        comissionWithPictureReview: picture,
        comissionWithVideoReview: video,
        reviewTypes: [...entry.reviewTypes],
        guidelines: random.sample(GUIDELINES, random.int(2, 4)),
        marketerInstructions: random.sample(MARKETER_INSTRUCTIONS, random.int(1, 3)),
        commissionPolicies: random.sample(COMMISSION_POLICIES, random.int(2, 3)),
        status: pending ? 'pending' : 'approved',
        createdAt,
        updatedAt: pending ? createdAt : new Date(createdAt.getTime() + random.int(HOUR, 2 * DAY)),
      },
    });
  }
  return planned;
}

// ---------------------------------------------------------------------------------- orders

type PlannedOrder = NewOrderRow & {
  id: string;
  amzOrderNumber: string;
  agentStatus: AgentStatus;
  status: OrderStatus | '';
  comissionStatus: CommissionStatus;
  comission: number;
  createdAt: Date;
  updatedAt: Date;
};

type OrderState = readonly [AgentStatus, OrderStatus | '', CommissionStatus];

/** The first orders take these states, so even a small seed shows every state. */
const COVERAGE: readonly OrderState[] = [
  ['submitted', '', 'unpaid'],
  ['Ordered', '', 'unpaid'],
  ['Reviewed', '', 'unpaid'],
  ['Feedbacked', '', 'unpaid'],
  ['cancelled', '', 'unpaid'],
  ['Feedbacked', 'Feedback Sent', 'paid'],
  ['Reviewed', 'Refunded', 'paid'],
  ['Ordered', 'On-Hold', 'unpaid'],
  ['Ordered', 'Refund Delayed', 'unpaid'],
  ['Reviewed', 'Review Deleted', 'unpaid'],
  ['Reviewed', 'Sent to Seller', 'unpaid'],
  ['Feedbacked', 'Feedback Rfnd', 'paid'],
  ['Ordered', 'Review Awaited', 'unpaid'],
  ['cancelled', 'On-Hold', 'unpaid'],
  ['Feedbacked', 'Refunded', 'paid'],
];

const MANAGER_STATUS_WEIGHTS: Record<AgentStatus, readonly (readonly [OrderStatus | '', number])[]> = {
  submitted: [
    ['', 9],
    ['On-Hold', 1],
  ],
  Ordered: [
    ['', 5],
    ['On-Hold', 1],
    ['Review Awaited', 2],
    ['Refund Delayed', 1],
  ],
  Reviewed: [
    ['', 2],
    ['Review Awaited', 1],
    ['Sent to Seller', 2],
    ['Refunded', 3],
    ['Refund Delayed', 1],
    ['Review Deleted', 1],
  ],
  Feedbacked: [
    ['', 1],
    ['Feedback Sent', 3],
    ['Feedback Rfnd', 2],
    ['Refunded', 4],
    ['Sent to Seller', 1],
  ],
  cancelled: [
    ['', 6],
    ['On-Hold', 1],
    ['Review Deleted', 1],
  ],
};

/** Older orders have moved further along. */
function randomState(random: Random, ageDays: number): OrderState {
  const p = Math.min(1, ageDays / 21);
  const agentStatus = random.weighted<AgentStatus>([
    ['submitted', 0.45 * (1 - p) + 0.03],
    ['Ordered', 0.3 * (1 - p) + 0.07],
    ['Reviewed', 0.12 + 0.16 * p],
    ['Feedbacked', 0.05 + 0.5 * p],
    ['cancelled', 0.07],
  ]);
  const status = random.weighted(MANAGER_STATUS_WEIGHTS[agentStatus]);
  const paidChance = { submitted: 0, Ordered: 0.03, Reviewed: 0.1 + 0.3 * p, Feedbacked: 0.2 + 0.6 * p, cancelled: 0 }[
    agentStatus
  ];
  return [agentStatus, status, random.chance(paidChance) ? 'paid' : 'unpaid'];
}

/** How long after placing an order it reached its state (hours: min, max). */
const HOURS_TO_STATE: Record<AgentStatus, readonly [number, number]> = {
  submitted: [0, 2],
  Ordered: [2, 48],
  Reviewed: [72, 288],
  Feedbacked: [144, 480],
  cancelled: [1, 72],
};

const asciiFold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

function planOrders(
  random: Random,
  orderCount: number,
  approved: readonly PlannedProduct[],
  agents: readonly PlannedUser[],
  shots: ScreenshotKeys,
  now: Date,
): PlannedOrder[] {
  if (orderCount === 0) return [];
  if (approved.length === 0) throw new Error('No approved product to place the demo orders on.');
  const productWeights = approved.map((p) => [p, p.popularity] as const);
  const agentWeights = agents.map((a, i) => [a, i === 0 ? 3 : random.int(1, 4)] as const);
  const usedNumbers = new Set<string>();
  const planned: PlannedOrder[] = new Array(orderCount);

  for (let i = 0; i < orderCount; i++) {
    const product = random.weighted(productWeights);
    const agent = random.weighted(agentWeights);
    // More recent days have more orders.
    const ageMs = Math.floor(60 * DAY * random.next() ** 1.25);
    const createdAt = new Date(now.getTime() - ageMs);
    const [agentStatus, status, comissionStatus] = COVERAGE[i] ?? randomState(random, ageMs / DAY);
    const [minHours, maxHours] = HOURS_TO_STATE[agentStatus];
    const updatedAt = new Date(
      Math.min(now.getTime(), createdAt.getTime() + random.int(minHours * HOUR, maxHours * HOUR)),
    );

    let amzOrderNumber: string;
    do amzOrderNumber = `${random.int(111, 499)}-${random.digits(7)}-${random.digits(7)}`;
    while (usedNumbers.has(amzOrderNumber));
    usedNumbers.add(amzOrderNumber);

    const reviewType = random.pick(product.row.reviewTypes);
    const buyerFirst = random.pick(BUYER_FIRST_NAMES);
    const buyerLast = random.pick(BUYER_LAST_NAMES);
    const reviewed = agentStatus === 'Reviewed' || agentStatus === 'Feedbacked';
    const comments =
      agentStatus === 'cancelled'
        ? random.chance(0.7)
          ? random.pick(CANCEL_COMMENTS)
          : ''
        : random.chance(0.15)
          ? random.pick(ORDER_COMMENTS)
          : '';

    planned[i] = {
      id: crypto.randomUUID(),
      productId: product.row.id,
      agentId: agent.id,
      reviewType,
      amzOrderNumber,
      buyerPayPal: `${asciiFold(buyerFirst)}.${asciiFold(buyerLast)}${random.int(1, 99)}@example.com`,
      buyerName: `${buyerFirst} ${buyerLast}`,
      orderScreenshot: random.pick(shots.order),
      refundShot: status === 'Refunded' ? random.pick(shots.refund) : '',
      reviewScreenShot: reviewed ? random.pick(shots.review) : '',
      feedbackScreenShot: agentStatus === 'Feedbacked' ? random.pick(shots.feedback) : '',
      comments,
      agentStatus,
      status,
      comissionStatus,
      comission: computeOrderCommission(product.row, reviewType),
      commissionTerms: commissionTermsOf(product.row),
      createdAt,
      updatedAt,
    };
  }
  return planned;
}

// --------------------------------------------------------------------------- order history

type PlannedEvent = Required<
  Pick<
    NewOrderEventRow,
    'orderId' | 'at' | 'actorId' | 'actorName' | 'actorRole' | 'action' | 'changes' | 'paidComission'
  >
>;

const MINUTE = 60_000;

/**
 * The history each demo order would have (docs/domain.md, Order history), ending in its seeded
 * state: placed by its agent; the agent's move to its status in one request (with the
 * screenshots that status comes with, or the cancellation's comment); the order status and the
 * refund screenshot from the product's manager (or the admin whose product it is); the payment
 * by the admin, at the time of its alert.
 */
function planOrderEvents(
  random: Random,
  planned: readonly PlannedOrder[],
  catalogue: readonly PlannedProduct[],
  people: PeoplePlan,
  admin: { id: string; firstName: string; lastName: string } | undefined,
): PlannedEvent[] {
  const vendorOf = new Map(catalogue.map((p) => [p.row.id, p.vendor]));
  const agentsById = new Map(people.approvedAgents.map((a) => [a.id, a]));
  const events: PlannedEvent[] = [];
  for (const order of planned) {
    const agent = agentsById.get(order.agentId);
    const vendor = vendorOf.get(order.productId);
    if (!agent || !vendor) continue;
    const add = (at: number, actor: OrderActor, action: PlannedEvent['action'], changes: OrderChanges) => {
      if (Object.keys(changes).length === 0) return;
      const paid = changes.comissionStatus?.to === 'paid';
      const actorName = `${actor.firstName} ${actor.lastName}`.trim();
      events.push({
        orderId: order.id,
        at: new Date(at),
        actorId: actor.id,
        actorName,
        actorRole: actor.role,
        action,
        changes,
        paidComission: paid ? order.comission : null,
      });
    };
    const byAgent = { ...agent, role: 'agent' as const };
    const cancelComment = order.agentStatus === 'cancelled' ? order.comments : '';
    const placedAt = order.createdAt.getTime();
    const lastAt = order.updatedAt.getTime();
    const staffActs = order.status !== '' || order.comissionStatus === 'paid';
    // the agent's move comes first, the staff's answer at the order's last change
    const agentAt = staffActs ? placedAt + (lastAt - placedAt) * (0.3 + 0.4 * random.next()) : lastAt;
    const movedAt = Math.max(agentAt, placedAt + MINUTE);
    const staffAt = Math.max(lastAt, movedAt + MINUTE);

    add(
      placedAt,
      byAgent,
      'placed',
      placedChanges({
        ...order,
        agentStatus: 'submitted',
        status: '',
        comissionStatus: 'unpaid',
        comments: cancelComment ? '' : order.comments,
        reviewScreenShot: '',
        feedbackScreenShot: '',
        refundShot: '',
      }),
    );
    if (order.agentStatus !== 'submitted') {
      const edits: OrderChanges = {};
      if (order.reviewScreenShot) edits.reviewScreenShot = { from: null, to: IMAGE_IN_HISTORY };
      if (order.feedbackScreenShot) edits.FeedbackScreenShot = { from: null, to: IMAGE_IN_HISTORY };
      if (cancelComment) edits.comments = { from: '', to: cancelComment };
      add(movedAt, byAgent, 'updated', edits);
      add(movedAt, byAgent, 'agent-status', { AgentStatus: { from: 'submitted', to: order.agentStatus } });
    }
    const staff = vendor.isAdmin ? { ...vendor, role: 'admin' as const } : { ...vendor, role: 'manager' as const };
    if (order.status !== '') add(staffAt, staff, 'status', { status: { from: '', to: order.status } });
    if (order.refundShot) add(staffAt, staff, 'refund-shot', { refundShot: { from: null, to: IMAGE_IN_HISTORY } });
    if (order.comissionStatus === 'paid' && admin) {
      // when its alert says it was paid (planAlerts)
      add(Math.max(lastAt, staffAt) + 1_000, { ...admin, role: 'admin' }, 'commission', {
        comissionStatus: { from: 'unpaid', to: 'paid' },
      });
    }
  }
  return events;
}

// --------------------------------------------------------------------------------- payouts

/**
 * Every paid demo order in a payout (docs/domain.md, Payouts): per agent, its paid orders in the
 * order they were paid, the older ones in a few multi-order payouts with PayPal or bank transfer
 * references, the rest one-order payouts as the single-order selector records them. A payout is
 * made when its last order was paid; its orders' paid events move to that moment.
 */
function planPayouts(
  random: Random,
  planned: PlannedOrder[],
  events: PlannedEvent[],
  admin: { id: string; firstName: string; lastName: string },
): NewPayoutRow[] {
  const paidEvent = new Map(
    events.filter((e) => e.changes.comissionStatus?.to === 'paid').map((e) => [e.orderId, e] as const),
  );
  const byAgent = new Map<string, PlannedOrder[]>();
  for (const order of planned) {
    if (order.comissionStatus !== 'paid' || !paidEvent.has(order.id)) continue;
    byAgent.set(order.agentId, [...(byAgent.get(order.agentId) ?? []), order]);
  }
  const paidAt = (order: PlannedOrder) => paidEvent.get(order.id)?.at.getTime() ?? order.updatedAt.getTime();
  const createdByName = `${admin.firstName} ${admin.lastName}`.trim();
  const rows: NewPayoutRow[] = [];
  for (const [agentId, paid] of byAgent) {
    paid.sort((a, b) => paidAt(a) - paidAt(b));
    const batched = Math.floor(paid.length * 0.7);
    let i = 0;
    while (i < paid.length) {
      const size = i < batched ? Math.min(random.int(2, 8), batched - i) : 1;
      const group = paid.slice(i, i + Math.max(size, 1));
      i += group.length;
      const at = new Date(Math.max(...group.map(paidAt)));
      const reference =
        group.length === 1 && i > batched
          ? `order ${group[0]?.amzOrderNumber}`
          : random.chance(0.6)
            ? `PAYPAL-${random.digits(4)}${crypto.randomBytes(5).toString('hex').toUpperCase()}`
            : `BT-${at.toISOString().slice(0, 10).replaceAll('-', '')}-${random.digits(6)}-${rows.length}`;
      const cents = group.reduce((sum, order) => sum + Math.round(order.comission * 100), 0);
      const id = crypto.randomUUID();
      rows.push({
        id,
        agentId,
        reference,
        total: cents / 100,
        orders: group.length,
        createdAt: at,
        createdById: admin.id,
        createdByName,
      });
      for (const order of group) {
        order.payoutId = id;
        const event = paidEvent.get(order.id);
        if (event) event.at = at;
      }
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------- alerts

interface PlannedAlert {
  userId: string;
  type: AlertType;
  message: string;
  link: string;
  read: boolean;
  createdAt: Date;
}

/** Alerts of the last week's orders (at most this many of each type per person), and approvals. */
const ALERT_WINDOW_DAYS = 7;
const ALERTS_PER_TYPE = 40;
/** Alerts older than this are marked read. */
const READ_AFTER_DAYS = 2;

function planAlerts(
  planned: readonly PlannedOrder[],
  catalogue: readonly PlannedProduct[],
  people: PeoplePlan,
  now: Date,
): PlannedAlert[] {
  const productsById = new Map(catalogue.map((p) => [p.row.id, p]));
  const agentsById = new Map(people.approvedAgents.map((a) => [a.id, a]));
  const since = now.getTime() - ALERT_WINDOW_DAYS * DAY;
  const candidates: Omit<PlannedAlert, 'read'>[] = [];

  for (const order of planned) {
    const product = productsById.get(order.productId);
    const agent = agentsById.get(order.agentId);
    if (!product || !agent) continue;
    if (order.createdAt.getTime() >= since) {
      candidates.push({
        userId: product.row.vendorId,
        type: 'order_placed',
        message: `New order ${order.amzOrderNumber} for "${product.row.name}" by ${fullNameOf(agent)}.`,
        link: routePath(UPDATE_ORDER_ROUTE.staff, { id: order.id }),
        createdAt: order.createdAt,
      });
    }
    if (order.updatedAt.getTime() < since) continue;
    if (order.status !== '') {
      candidates.push({
        userId: agent.id,
        type: 'order_status',
        message: `Order ${order.amzOrderNumber} is now "${ORDER_STATUS_LABELS[order.status]}".`,
        link: routePath(UPDATE_ORDER_ROUTE.agent, { id: order.id }),
        createdAt: order.updatedAt,
      });
    }
    if (order.comissionStatus === 'paid') {
      candidates.push({
        userId: agent.id,
        type: 'commission_status',
        message: `Commission of Rs ${order.comission} for order ${order.amzOrderNumber} is now paid.`,
        link: routePath(UPDATE_ORDER_ROUTE.agent, { id: order.id }),
        createdAt: new Date(order.updatedAt.getTime() + 1_000),
      });
    }
  }

  // Newest first, then keep the newest few of each type per person.
  candidates.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const kept = new Map<string, number>();
  const rows: PlannedAlert[] = [];
  const push = (alert: Omit<PlannedAlert, 'read'>) =>
    rows.push({ ...alert, read: alert.createdAt.getTime() < now.getTime() - READ_AFTER_DAYS * DAY });
  for (const alert of candidates) {
    const key = `${alert.userId}:${alert.type}`;
    const n = kept.get(key) ?? 0;
    if (n >= ALERTS_PER_TYPE) continue;
    kept.set(key, n + 1);
    push(alert);
  }

  for (const product of catalogue) {
    if (product.vendor.isAdmin || product.row.status !== 'approved') continue;
    push({
      userId: product.row.vendorId,
      type: 'product_approved',
      message: `Your product "${product.row.name}" was approved.`,
      link: '/admin/products',
      createdAt: product.row.updatedAt,
    });
  }
  for (const user of people.rows) {
    if (user.status !== 'approved' || !user.id || !user.createdAt) continue;
    push({
      userId: user.id,
      type: 'user_approved',
      message: 'Your account was approved. Welcome!',
      link: '',
      createdAt: new Date(user.createdAt.getTime() + 6 * HOUR),
    });
  }
  return rows;
}
