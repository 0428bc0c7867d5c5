/**
 * Fraud signals (docs/domain.md, Fraud signals): the second look at each upload the hash finds
 * like others (when it is uploaded), the checks services/order-changes.ts runs in
 * the transaction that places or changes an order, the flags they raise on it and on the other
 * orders behind them, the hold on paying a flagged order (alone or in a payout), an admin's
 * dismissal, and the flags staff read on orders. A signal never refuses an order; it only holds
 * the commission.
 *
 * Races: the checks read orders other transactions may be writing. Each transaction first takes
 * advisory locks on what it is about to compare (the buyer's PayPal, its screenshot's upload and
 * the uploads paired with it), so two orders that would match are checked one after the other and the
 * second sees the first. An earlier order is flagged under a row lock (FOR SHARE) and only while
 * unpaid, so a payment that locked it first wins and one that comes later sees the flag. Two
 * edits at once that each match the other's order on different signals may still lock the two
 * in opposite orders: PostgreSQL fails one, and order-changes.ts runs it again.
 */
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  FLAG_CODES,
  FLAG_LABELS,
  type FlagCode,
  flagMessage,
  MAX_FLAG_RELATED_ORDERS,
  MESSAGES,
  type Order,
  type OrderFlag,
  orderOnHold,
} from 'shared-api/contract';
import type { Db } from '../db/connection';
import {
  type OrderRow,
  orderFlags,
  orders,
  products,
  type UserRow,
  uploadImageHashes,
  uploadSamePictures,
} from '../db/schema';
import { HttpError } from '../http-error';
import {
  alignedDistance,
  detailPicture,
  packDetail,
  prepareDetail,
  SAME_DETAIL_MAX,
  unpackDetail,
} from '../uploads/image-detail';
import { perceptualHash } from '../uploads/image-hash';
import { UPLOAD_KEY_PATTERN } from '../uploads/images';
import type { ImageStore } from '../uploads/store';
import { uploadKeyFromUrl } from '../uploads/urls';
import { type OrderActor, recordOrderEvents } from './order-history';

type Tx = Pick<Db, 'execute' | 'select' | 'insert' | 'update'>;

/**
 * Two screenshot hashes at most this many bits apart may be the same picture (a copy saved again
 * differs by 0-6 bits, one lightly edited as well (a border, a shift, a crop, a rotation of a
 * degree) by up to 12, 11 or less in 199 of 200 measured; a different picture by 20 or more,
 * another page of one layout by 0-4: the second look decides). The hash is cut into four 16-bit
 * bands (drizzle/0009_fraud_signals.sql): hashes this close have a band at most two bits apart
 * (11 < 3 x 4), so the GIN index on upload_image_hashes finds every candidate among the 548
 * probes (phash_probes, drizzle/0020_phash_probes_two_bits.sql) before the bits are counted.
 */
export const SAME_PICTURE_MAX_BITS = 11;

/** The signals that flag the earlier orders too (number-seen flags only the order now carrying the number). */
const BOTH_SIDES: ReadonlySet<FlagCode> = new Set(['paypal-shared', 'screenshot-reused']);

/** The upload a stored or sent screenshot names: a link to one of our uploads, or its key. */
export function screenshotUploadKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return uploadKeyFromUrl(value) ?? (UPLOAD_KEY_PATTERN.test(value) ? value : undefined);
}

/** What the checks keep of an upload's picture: its perceptual hash and its detail picture, or neither. */
export interface UploadLook {
  phash: bigint | null;
  detail: Buffer | null;
}

/**
 * The hash and the detail picture of an image (the re-encoded upload): neither for a picture
 * without detail (a flat colour, which every other flat colour would match) or one that cannot
 * be decoded.
 */
export async function lookAt(image: Buffer): Promise<UploadLook> {
  try {
    const phash = await perceptualHash(image);
    if (phash === undefined) return { phash: null, detail: null };
    return { phash, detail: packDetail(await detailPicture(image)) };
  } catch {
    return { phash: null, detail: null };
  }
}

/**
 * Keeps an upload's hash and detail picture (POST /api/uploads, after its row is in), or a row
 * with neither for a picture without detail (compared by its upload only).
 */
export async function recordUploadHash(db: Pick<Db, 'execute'>, key: string, look: UploadLook): Promise<void> {
  await db.execute(sql`
    insert into ${uploadImageHashes} (key, phash, detail, bands, uploaded_at)
    select u.key, ${look.phash}::bigint, ${look.detail}::bytea, phash_bands(${look.phash}::bigint), u.created_at
    from uploads u where u.key = ${key}
    on conflict do nothing`);
}

/** How many screenshots one maintenance run hashes at most (each is decoded: CPU, not the database). */
export const SCREENSHOT_HASH_BATCH = 200;

/**
 * Hashes the order screenshots uploaded before the signals began (on the maintenance timer, a
 * batch a run): each upload an order names that has no hash row yet is read from the image store
 * and gets its hash and detail picture, or a row with neither when it has no detail or cannot be
 * read (so it is tried once). An upload made after it is then looked at beside it. No flag is
 * raised here: an earlier order is flagged when a later one matches it (docs/domain.md, Fraud
 * signals).
 */
export async function hashOldScreenshots(
  db: Db,
  images: Pick<ImageStore, 'read'>,
  { batch = SCREENSHOT_HASH_BATCH, stopped = () => false }: { batch?: number; stopped?: () => boolean } = {},
): Promise<{ hashed: number; withoutHash: number }> {
  const keys = rowsOf<{ key: string }>(
    await db.execute(sql`
      select distinct s.upload_key as key from order_screenshots s
      where not exists (select 1 from ${uploadImageHashes} h where h.key = s.upload_key)
        and exists (select 1 from uploads u where u.key = s.upload_key)
      order by s.upload_key limit ${batch}`),
  ).map((row) => row.key);
  const counts = { hashed: 0, withoutHash: 0 };
  for (const key of keys) {
    if (stopped()) break;
    const stored = await images.read(key);
    const look = stored ? await lookAt(stored.data) : { phash: null, detail: null };
    await recordUploadHash(db, key, look);
    counts[look.phash === null ? 'withoutHash' : 'hashed'] += 1;
  }
  return counts;
}

/**
 * hashOldScreenshots batch after batch, until none is left or `stopped()` says the API is
 * stopping: what the API runs in the background at start-up, so that after an upgrade that
 * cleared the hashes (drizzle/0012_upload_hash_none.sql) every order screenshot has one again
 * without waiting for the maintenance timer.
 */
export async function hashAllOldScreenshots(
  db: Db,
  images: Pick<ImageStore, 'read'>,
  { batch = SCREENSHOT_HASH_BATCH, stopped = () => false }: { batch?: number; stopped?: () => boolean } = {},
): Promise<{ hashed: number; withoutHash: number }> {
  const total = { hashed: 0, withoutHash: 0 };
  while (!stopped()) {
    const counts = await hashOldScreenshots(db, images, { batch, stopped });
    total.hashed += counts.hashed;
    total.withoutHash += counts.withoutHash;
    if (counts.hashed + counts.withoutHash < batch) break;
  }
  return total;
}

/**
 * The advisory locks of the checks (order_signal_locks, drizzle/0014_order_signal_functions.sql),
 * taken before the checks read, always in the same order: the buyer's PayPal (its canonical
 * key, canonical-key.ts payPalKey, which the check compares), and the screenshot's upload with every upload found the same picture as it (two
 * orders whose screenshots are the same picture have an upload in common). Answers the
 * screenshot's keys it locked, its upload's first (null when it is no upload of ours), which the
 * checks then match orders by (findOrderSignals); nothing to lock: no query. Placing takes them in
 * the checks' own statement instead (lockAndFindOrderSignals).
 */
export async function lockSignalKeys(
  tx: Tx,
  {
    buyerPayPalKey,
    orderScreenshot,
  }: { buyerPayPalKey?: string | null | undefined; orderScreenshot?: string | undefined },
): Promise<ScreenshotKeys | undefined> {
  const key = screenshotUploadKey(orderScreenshot);
  if (buyerPayPalKey == null && key === undefined) return undefined;
  const [row] = rowsOf<{ keys: string[] | null }>(
    await tx.execute(sql`select ${signalLocks(buyerPayPalKey, key)} as keys`),
  );
  return row?.keys ?? null;
}

/** A screenshot's upload key and the keys of the uploads the second look found the same picture; null: none of ours. */
export type ScreenshotKeys = string[] | null;

const signalLocks = (buyerPayPalKey: string | null | undefined, key: string | undefined): SQL =>
  sql`order_signal_locks(${buyerPayPalKey ?? null}::text, ${key ?? null}::text)`;

/** The rows of a raw query: both drivers (node-postgres, PGlite) answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface SignalRow extends Record<string, unknown> {
  code: FlagCode;
  other_id: string;
}

/**
 * The second look (docs/domain.md, Fraud signals, "Two looks") compares at most this many
 * uploads with each new one (a few milliseconds each, when the picture is uploaded).
 */
export const MAX_SECOND_LOOKS = 12;
/**
 * When the hash finds MAX_FLAG_RELATED_ORDERS uploads or more (a layout many screenshots share),
 * the second look goes to the newest instead: the uploader's and everyone's, of this many each.
 */
export const BUSY_LAYOUT_DEPTH = 200;

interface Candidate extends Record<string, unknown> {
  other_key: string;
  same_owner: boolean;
  uploaded_at: string | Date;
}

/**
 * The second look at an upload just hashed (after its hash row is in, outside any transaction):
 * the uploads the hash calls the same picture (at most 11 bits apart, found by their bands), the
 * uploader's first, then the newest, MAX_SECOND_LOOKS at most; when the hash finds so many that
 * it stopped counting, the uploader's and everyone's newest (BUSY_LAYOUT_DEPTH). Each is
 * compared picture to picture, lined up on this one first (alignedDistance at most SAME_DETAIL_MAX; one without a detail
 * picture keeps the hash's word), and those found the same picture are kept as pairs, both
 * ways, which placing an order reads. Two uploads at once each write their hash before they
 * look, so at least one of them sees the other. Answers the keys found the same picture.
 */
export async function lookForSamePictures(
  db: Pick<Db, 'execute'>,
  key: string,
  ownerId: string,
  look: UploadLook,
): Promise<string[]> {
  if (look.phash === null) return [];
  const limit = MAX_FLAG_RELATED_ORDERS;
  const close = sql`h.key <> ${key} and h.phash is not null
    and bit_count((h.phash # ${look.phash}::bigint)::bit(64)) <= ${SAME_PICTURE_MAX_BITS}`;
  const owned = sql`exists (select 1 from uploads u where u.key = h.key and u.owner_id = ${ownerId}::uuid)`;
  const candidates = rowsOf<Candidate>(
    await db.execute(sql`
      select h.key as other_key, ${owned} as same_owner, h.uploaded_at from ${uploadImageHashes} h
      where h.bands && phash_probes(${look.phash}::bigint) and ${close}
      limit ${limit}`),
  );
  if (candidates.length === 0) return [];
  if (candidates.length >= limit) {
    candidates.push(
      ...rowsOf<Candidate>(
        await db.execute(sql`
          (select h.key as other_key, true as same_owner, h.uploaded_at
            from (select u.key from uploads u where u.owner_id = ${ownerId}::uuid
                  order by u.created_at desc limit ${BUSY_LAYOUT_DEPTH}) mine
            join ${uploadImageHashes} h on h.key = mine.key
            where ${close} order by h.uploaded_at desc limit ${MAX_SECOND_LOOKS})
          union all
          (select h.key, ${owned}, h.uploaded_at
            from (select n.key from ${uploadImageHashes} n where n.phash is not null
                  order by n.uploaded_at desc limit ${BUSY_LAYOUT_DEPTH}) newest
            join ${uploadImageHashes} h on h.key = newest.key
            where ${close} order by h.uploaded_at desc limit ${MAX_SECOND_LOOKS})`),
      ),
    );
  }
  const time = (row: Candidate) => new Date(row.uploaded_at).getTime();
  candidates.sort((a, b) => Number(b.same_owner) - Number(a.same_owner) || time(b) - time(a));
  const looked = [...new Set(candidates.map((row) => row.other_key))].slice(0, MAX_SECOND_LOOKS);
  const detail = look.detail ? unpackDetail(look.detail) : undefined;
  // what every comparison of this upload's picture shares, worked out once
  const mine = detail ? prepareDetail(detail) : undefined;
  const details = rowsOf<{ key: string; detail: Uint8Array | null }>(
    await db.execute(sql`
      select h.key, h.detail from ${uploadImageHashes} h
      where h.key = any(${`{${looked.join(',')}}`}::text[])`),
  );
  const same: string[] = [];
  for (const { key: other, detail } of details) {
    const theirs = detail ? unpackDetail(detail) : undefined;
    if (!mine || !theirs || alignedDistance(mine, theirs, SAME_DETAIL_MAX) <= SAME_DETAIL_MAX) same.push(other);
    // a comparison holds the event loop for a few milliseconds: other requests go between two
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (same.length > 0) {
    const pairs = same.flatMap((other) => [sql`(${key}, ${other})`, sql`(${other}, ${key})`]);
    await db.execute(sql`
      insert into ${uploadSamePictures} (key, other_key) values ${sql.join(pairs, sql`, `)}
      on conflict do nothing`);
  }
  return same;
}

/** What the checks compare of the order just placed or changed. */
export type SignalOrder = Pick<OrderRow, 'id' | 'agentId' | 'buyerPayPalKey' | 'amzOrderNumber' | 'orderScreenshot'>;

/** What the checks found: a code and another order, at most MAX_FLAG_RELATED_ORDERS a code. */
export type OrderSignals = SignalRow[];

/**
 * The three checks on an order (order_signals, drizzle/0014_order_signal_functions.sql), after
 * lockSignalKeys: the other orders it shares a buyer's PayPal, a screenshot or a number with.
 * Each check is its own index lookup, its plan kept by the connection: a check's cost does not
 * grow with the orders (docs/benchmarks.md). A screenshot matches by its upload and by the uploads
 * the second look found the same picture (lookForSamePictures, when it was uploaded): the keys
 * lockSignalKeys answered, or, when it did not lock this screenshot (a change that kept it),
 * read here. The keys go in as one array value, which the planner sees (a subquery in their place
 * read the whole table, its rows guessed from the few keys the seed's orders share).
 */
export function findOrderSignals(tx: Tx, order: SignalOrder, screenshotKeys?: ScreenshotKeys): Promise<OrderSignals> {
  const key = screenshotUploadKey(order.orderScreenshot);
  const keys =
    key === undefined
      ? sql`null::text[]`
      : screenshotKeys?.[0] === key
        ? sql`${`{${screenshotKeys.join(',')}}`}::text[]`
        : sql`array[${key}::text] || array(
            select p.other_key from ${uploadSamePictures} p where p.key = ${key}::text and p.other_key <> ${key}::text)`;
  return signalsOf(tx, order, keys);
}

/**
 * Placing, last in its transaction: the locks and the checks in one statement (the locks are an
 * argument of the checks' call, taken before its queries start, each of which reads what was
 * committed when it starts).
 */
export function lockAndFindOrderSignals(tx: Tx, order: SignalOrder): Promise<OrderSignals> {
  return signalsOf(tx, order, signalLocks(order.buyerPayPalKey, screenshotUploadKey(order.orderScreenshot)));
}

async function signalsOf(tx: Tx, order: SignalOrder, keys: SQL): Promise<OrderSignals> {
  const result = await tx.execute<SignalRow>(sql`
    select signal as code, other_id from order_signals(${order.buyerPayPalKey}::text, ${order.agentId}::uuid,
      ${order.amzOrderNumber}::text, ${order.id}::uuid, ${keys}, ${MAX_FLAG_RELATED_ORDERS}::integer)`);
  return rowsOf<SignalRow>(result);
}

/**
 * Raises or extends the order's flags for what findOrderSignals found, and those of the earlier
 * orders behind them (the order is in: placed or changed in this transaction). Nothing found: no
 * query.
 */
export async function flagOrder(tx: Tx, orderId: string, rows: OrderSignals): Promise<void> {
  if (rows.length === 0) return;

  const related = new Map<FlagCode, string[]>();
  for (const row of rows) related.set(row.code, [...(related.get(row.code) ?? []), row.other_id]);
  const flags: Array<{ orderId: string; code: FlagCode; related: string[] }> = [...related].map(([code, ids]) => ({
    orderId,
    code,
    related: ids,
  }));

  // The earlier orders, while unpaid and not cancelled: locked, so a payment cannot slip between.
  const others = [...new Set(rows.filter((row) => BOTH_SIDES.has(row.code)).map((row) => row.other_id))];
  if (others.length > 0) {
    const lockable = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.id, others),
          eq(orders.comissionStatus, 'unpaid'),
          sql`${orders.agentStatus} <> 'cancelled'`,
        ),
      )
      .orderBy(asc(orders.id))
      .for('share');
    const open = new Set(lockable.map((row) => row.id));
    for (const row of rows) {
      if (BOTH_SIDES.has(row.code) && open.has(row.other_id)) {
        flags.push({ orderId: row.other_id, code: row.code, related: [orderId] });
      }
    }
  }
  await upsertFlags(tx, flags);
}

/** The checks on an order changed (or placed) in this transaction, and the flags they raise. */
export async function raiseOrderFlags(tx: Tx, order: SignalOrder, screenshotKeys?: ScreenshotKeys): Promise<void> {
  await flagOrder(tx, order.id, await findOrderSignals(tx, order, screenshotKeys));
}

/**
 * Adds each flag, or adds its related orders to the flag there is (newest first, at most
 * MAX_FLAG_RELATED_ORDERS). A dismissed flag that gains an order it did not name is open again.
 */
async function upsertFlags(tx: Tx, flags: Array<{ orderId: string; code: FlagCode; related: string[] }>) {
  const values = sql.join(
    flags.map((flag) => sql`(${flag.orderId}::uuid, ${flag.code}, ${`{${flag.related.join(',')}}`}::uuid[])`),
    sql`, `,
  );
  const gained = sql`not (excluded.related_order_ids <@ order_flags.related_order_ids)`;
  await tx.execute(sql`
    insert into order_flags (order_id, code, related_order_ids) values ${values}
    on conflict (order_id, code) do update set
      related_order_ids = array(
        select id from unnest(excluded.related_order_ids || order_flags.related_order_ids) with ordinality as t(id, n)
        group by id order by min(n) limit ${MAX_FLAG_RELATED_ORDERS}
      ),
      raised_at = case when ${gained} then now() else order_flags.raised_at end,
      dismissed_at = case when ${gained} then null else order_flags.dismissed_at end,
      dismissed_by = case when ${gained} then null else order_flags.dismissed_by end,
      dismissal_note = case when ${gained} then null else order_flags.dismissal_note end`);
}

export interface HeldOrder {
  orderId: string;
  code: FlagCode;
}

/**
 * The flags nobody dismissed on these orders, which hold their commission: paying any of them
 * is refused (409, holdMessage). Call it inside the paying transaction, after locking the
 * orders' rows (FOR UPDATE), so no flag can be raised on them between the check and the payment.
 */
export async function heldOrders(tx: Pick<Db, 'select'>, orderIds: readonly string[]): Promise<HeldOrder[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ orderId: orderFlags.orderId, code: orderFlags.code })
    .from(orderFlags)
    .where(and(inArray(orderFlags.orderId, [...orderIds]), isNull(orderFlags.dismissedAt)))
    .orderBy(asc(orderFlags.orderId), asc(orderFlags.code));
  // in the contract's order of the codes, so the message names the same flag every time
  return rows.sort(
    (a, b) => a.orderId.localeCompare(b.orderId) || FLAG_CODES.indexOf(a.code) - FLAG_CODES.indexOf(b.code),
  );
}

/** The 409's message for a held order, naming its flag (and the order's number, in a payout's). */
export function holdMessage(held: HeldOrder, orderNumber?: string): string {
  return orderOnHold(FLAG_LABELS[held.code], held.code, orderNumber);
}

/** Refuses (409) paying an order with a flag nobody dismissed; the caller holds the order's row lock. */
export async function refuseHeldPayment(tx: Pick<Db, 'select'>, orderId: string): Promise<void> {
  const [held] = await heldOrders(tx, [orderId]);
  if (held) throw new HttpError(409, holdMessage(held));
}

/** Who reads flags: an admin, or a manager (who may open only the orders of its own products). */
export type FlagViewer = Pick<UserRow, 'id' | 'role'>;

/**
 * Of these orders, the ones the viewer may open: all for an admin, those of its products for a
 * manager. A flag names only these: an order id the viewer could not open tells it nothing it
 * may act on, and is another manager's business.
 */
async function ordersViewerMayOpen(
  db: Pick<Db, 'select'>,
  viewer: FlagViewer,
  orderIds: readonly string[],
): Promise<(id: string) => boolean> {
  if (viewer.role === 'admin') return () => true;
  if (viewer.role !== 'manager' || orderIds.length === 0) return () => false;
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        sql`${orders.id} = any(${`{${[...new Set(orderIds)].join(',')}}`}::uuid[])`,
        eq(products.vendorId, viewer.id),
      ),
    );
  const open = new Set(rows.map((row) => row.id));
  return (id) => open.has(id);
}

/**
 * The orders' flags as the viewer (staff) reads them, by order id (orders without one are
 * absent). The message counts every order behind the signal (its strength); relatedOrderIds
 * names only those the viewer may open.
 */
export async function findOrderFlags(db: Pick<Db, 'select'>, viewer: FlagViewer, orderIds: readonly string[]) {
  const byOrder = new Map<string, OrderFlag[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderFlags.orderId,
      code: orderFlags.code,
      relatedOrderIds: orderFlags.relatedOrderIds,
      dismissedAt: orderFlags.dismissedAt,
    })
    .from(orderFlags)
    // one array parameter: the same statement for a page of any size
    .where(sql`${orderFlags.orderId} = any(${`{${orderIds.join(',')}}`}::uuid[])`);
  rows.sort((a, b) => FLAG_CODES.indexOf(a.code) - FLAG_CODES.indexOf(b.code));
  const mayOpen = await ordersViewerMayOpen(
    db,
    viewer,
    rows.flatMap((row) => row.relatedOrderIds),
  );
  for (const row of rows) {
    const flag: OrderFlag = {
      code: row.code,
      message: flagMessage(row.code, row.relatedOrderIds.length),
      relatedOrderIds: row.relatedOrderIds.filter(mayOpen),
      dismissed: row.dismissedAt !== null,
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), flag]);
  }
  return byOrder;
}

/** The orders with their `flags` (an empty list when they have none): for admins and managers only. */
export async function withOrderFlags(db: Pick<Db, 'select'>, viewer: FlagViewer, list: Order[]): Promise<Order[]> {
  const flags = await findOrderFlags(
    db,
    viewer,
    list.map((order) => order._id),
  );
  return list.map((order) => ({ ...order, flags: flags.get(order._id) ?? [] }));
}

/** The `flagged=true` filter: the order has a flag nobody dismissed (the partial index order_flags_open_idx). */
export const flaggedCondition = (): SQL =>
  sql`exists (select 1 from ${orderFlags} f where f.order_id = ${orders.id} and f.dismissed_at is null)`;

/** How many unpaid, not cancelled orders a flag holds (the admin's dashboard). */
export async function countHeldOrders(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db
    .select({ orders: sql<number>`count(distinct ${orderFlags.orderId})::integer` })
    .from(orderFlags)
    .innerJoin(orders, eq(orders.id, orderFlags.orderId))
    .where(
      and(
        isNull(orderFlags.dismissedAt),
        eq(orders.comissionStatus, 'unpaid'),
        sql`${orders.agentStatus} <> 'cancelled'`,
      ),
    );
  return row?.orders ?? 0;
}

/**
 * PUT /api/orders/:id/flags/:code by an admin: the flag is dismissed, with the note and the
 * admin, and the dismissal goes into the order's history. Under the order's row lock, as every
 * change of an order, so it is ordered with a payment.
 */
export async function dismissOrderFlag(
  db: Db,
  admin: OrderActor,
  orderId: string,
  code: FlagCode,
  note: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, comission: orders.comission })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    const [dismissed] = await tx
      .update(orderFlags)
      .set({ dismissedAt: sql`now()`, dismissedBy: admin.id, dismissalNote: note })
      .where(and(eq(orderFlags.orderId, orderId), eq(orderFlags.code, code), isNull(orderFlags.dismissedAt)))
      .returning({ code: orderFlags.code });
    if (!dismissed) {
      const [flag] = await tx
        .select({ code: orderFlags.code })
        .from(orderFlags)
        .where(and(eq(orderFlags.orderId, orderId), eq(orderFlags.code, code)));
      throw flag ? new HttpError(409, MESSAGES.flagAlreadyDismissed) : new HttpError(404, MESSAGES.flagNotFound);
    }
    await recordOrderEvents(tx, order, admin, [
      { action: 'flag-dismissed', changes: { flag: { from: code, to: 'dismissed' }, note: { from: null, to: note } } },
    ]);
  });
}
