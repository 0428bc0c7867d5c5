/**
 * Fraud signals at order time (docs/domain.md, Fraud signals): the checks
 * ./order-changes.ts runs in the transaction that places or changes an order, and the flags they
 * raise on it and on the other orders behind them. A signal never refuses an order; it only holds
 * the commission (./payment-rules.ts). Staff read and dismiss the flags in ./order-flags.ts.
 *
 * Races: the checks read orders other transactions may be writing. Each transaction first takes
 * advisory locks on what it is about to compare (the buyer's PayPal, its screenshot's upload and
 * the uploads paired with it), so two orders that would match are checked one after the other and the
 * second sees the first. An earlier order is flagged under a row lock (FOR SHARE) and only while
 * it can be paid, so a payment that locked it first wins and one that comes later sees the flag. Two
 * edits at once that each match the other's order on different signals may still lock the two
 * in opposite orders: PostgreSQL fails one, and order-changes.ts runs it again (../db/transaction.ts).
 */
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import { type FlagCode, MAX_FLAG_RELATED_ORDERS } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { transactionStatement } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { type OrderRow, orderFlags, orders, uploadSamePictures } from '../db/schema';
import { UPLOAD_KEY_PATTERN } from '../uploads/images';
import { uploadKeyFromUrl } from '../uploads/urls';
import { payableOrder } from './payment-rules';

type Tx = Pick<Db, 'execute' | 'select' | 'insert' | 'update'>;

/** The signals that flag the earlier orders too (number-seen flags only the order now carrying the number). */
const BOTH_SIDES: ReadonlySet<FlagCode> = new Set(['paypal-shared', 'screenshot-reused']);

/** The upload a stored or sent screenshot names: a link to one of our uploads, or its key. */
export function screenshotUploadKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return uploadKeyFromUrl(value) ?? (UPLOAD_KEY_PATTERN.test(value) ? value : undefined);
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

interface SignalRow extends Record<string, unknown> {
  code: FlagCode;
  other_id: string;
}

/** What the checks compare of the order just placed or changed. */
export type SignalOrder = Pick<OrderRow, 'id' | 'agentId' | 'buyerPayPalKey' | 'amzOrderNumber' | 'orderScreenshot'>;

/** What the checks found: a code and another order, at most MAX_FLAG_RELATED_ORDERS a code. */
export type OrderSignals = SignalRow[];

/**
 * The checks on an order (order_signals, drizzle/0014_order_signal_functions.sql, 0026), after
 * lockSignalKeys: the other orders it shares a buyer's PayPal, a screenshot or a number with, and
 * the other agents paid to the same payout account as its agent (taking that account's locks
 * itself, shared, against ./payout-accounts.ts setPayoutAccount).
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

const { placeholder } = sql;

/** MAX_FLAG_RELATED_ORDERS written into a statement built once (a constant, never a request's value). */
const RELATED_IN_TEXT = sql.raw(String(MAX_FLAG_RELATED_ORDERS));

/**
 * Placing's checks (lockAndFindOrderSignals): the locks an argument of the checks' call, built
 * once and named (../db/prepared.ts transactionStatement); building it on every order was part of
 * placing's own time (docs/benchmarks.md, 1 December).
 */
const placeSignals = transactionStatement('place_order_signals', (tx, name) =>
  tx
    .select({ code: sql<FlagCode>`signal`, other_id: sql<string>`other_id` })
    .from(
      sql`order_signals(${placeholder('buyerPayPalKey')}::text, ${placeholder('agentId')}::uuid, ${placeholder('amzOrderNumber')}::text, ${placeholder('id')}::uuid, order_signal_locks(${placeholder('buyerPayPalKey')}::text, ${placeholder('screenshotKey')}::text), ${RELATED_IN_TEXT}::integer)`,
    )
    .prepare(name),
);

/**
 * Placing, last in its transaction: the locks and the checks in one statement (the locks are an
 * argument of the checks' call, taken before its queries start, each of which reads what was
 * committed when it starts).
 */
export function lockAndFindOrderSignals(tx: Tx, order: SignalOrder): Promise<OrderSignals> {
  return placeSignals(tx).execute({
    buyerPayPalKey: order.buyerPayPalKey,
    agentId: order.agentId,
    amzOrderNumber: order.amzOrderNumber,
    id: order.id,
    screenshotKey: screenshotUploadKey(order.orderScreenshot) ?? null,
  });
}

async function signalsOf(tx: Tx, order: SignalOrder, keys: SQL): Promise<OrderSignals> {
  const result = await tx.execute<SignalRow>(sql`
    select signal as code, other_id from order_signals(${order.buyerPayPalKey}::text, ${order.agentId}::uuid,
      ${order.amzOrderNumber}::text, ${order.id}::uuid, ${keys}, ${MAX_FLAG_RELATED_ORDERS}::integer)`);
  return rowsOf<SignalRow>(result);
}

/**
 * Raises or extends the order's flags for what findOrderSignals found, and those of the earlier
 * orders behind them (the order is in: placed or changed in this transaction). A
 * payout-account-shared row names another agent, whose orders were flagged when the account became
 * shared (./payout-accounts.ts): only this order is flagged, naming the agents. Nothing found: no
 * query.
 */
export async function flagOrder(tx: Tx, orderId: string, rows: OrderSignals): Promise<void> {
  if (rows.length === 0) return;

  const related = new Map<FlagCode, string[]>();
  for (const row of rows) related.set(row.code, [...(related.get(row.code) ?? []), row.other_id]);
  const sharedAccount = related.get('payout-account-shared');
  related.delete('payout-account-shared');
  if (sharedAccount) await upsertAccountFlag(tx).execute({ orderId, related: `{${sharedAccount.join(',')}}` });
  if (related.size === 0) return;
  const flags: Array<{ orderId: string; code: FlagCode; related: string[] }> = [...related].map(([code, ids]) => ({
    orderId,
    code,
    related: ids,
  }));

  // The earlier orders, while they can be paid: locked, so a payment cannot slip between.
  const others = [...new Set(rows.filter((row) => BOTH_SIDES.has(row.code)).map((row) => row.other_id))];
  if (others.length > 0) {
    const lockable = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, others), payableOrder()))
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

/**
 * Adds payout-account-shared flags, or adds the agents they name to the flag there is (at most
 * MAX_FLAG_RELATED_ORDERS). A dismissed flag that gains an agent it did not name is open again.
 */
export async function upsertSharedAccountFlags(
  tx: Pick<Tx, 'insert'>,
  flags: ReadonlyArray<{ orderId: string; related: string[] }>,
): Promise<void> {
  await upsertFlagRows(
    tx,
    'relatedUserIds',
    flags.map((flag) => ({ ...flag, code: 'payout-account-shared' })),
  );
}

/**
 * One order's payout-account-shared flag, the upsert of upsertFlagRows for one row: built once,
 * named (every order an agent sharing a payout account places runs it).
 */
const upsertAccountFlag = transactionStatement('order_account_flag', (tx, name) =>
  tx
    .insert(orderFlags)
    .values({
      orderId: sql`${placeholder('orderId')}::uuid`,
      code: 'payout-account-shared',
      relatedUserIds: sql`${placeholder('related')}::uuid[]`,
    })
    .onConflictDoUpdate({ target: [orderFlags.orderId, orderFlags.code], set: flagMerged('relatedUserIds') })
    .prepare(name),
);

/** The checks on an order changed (or placed) in this transaction, and the flags they raise. */
export async function raiseOrderFlags(tx: Tx, order: SignalOrder, screenshotKeys?: ScreenshotKeys): Promise<void> {
  await flagOrder(tx, order.id, await findOrderSignals(tx, order, screenshotKeys));
}

/**
 * Adds each flag, or adds its related orders to the flag there is (newest first, at most
 * MAX_FLAG_RELATED_ORDERS). A dismissed flag that gains an order it did not name is open again.
 */
function upsertFlags(tx: Tx, flags: Array<{ orderId: string; code: FlagCode; related: string[] }>) {
  return upsertFlagRows(tx, 'relatedOrderIds', flags);
}

type NamesColumn = 'relatedOrderIds' | 'relatedUserIds';

/**
 * What the upsert of order_flags sets on the flag there is: what it names (orders or agents, by
 * `column`) with the new names first, at most MAX_FLAG_RELATED_ORDERS; a dismissed flag that
 * gains a name it did not have is open again, raised now.
 */
function flagMerged(column: NamesColumn) {
  const stored = orderFlags[column];
  const sent = sql`excluded.${sql.identifier(stored.name)}`;
  const gained = sql`not (${sent} <@ ${stored})`;
  return {
    [column]: sql`array(select id from unnest(${sent} || ${stored}) with ordinality as t(id, n) group by id order by min(n) limit ${RELATED_IN_TEXT})`,
    raisedAt: sql`case when ${gained} then now() else ${orderFlags.raisedAt} end`,
    dismissedAt: sql`case when ${gained} then null else ${orderFlags.dismissedAt} end`,
    dismissedBy: sql`case when ${gained} then null else ${orderFlags.dismissedBy} end`,
    dismissalNote: sql`case when ${gained} then null else ${orderFlags.dismissalNote} end`,
  };
}

/**
 * The upsert of order_flags: adds each flag, or merges what it names into the flag there is
 * (flagMerged).
 */
async function upsertFlagRows(
  tx: Pick<Tx, 'insert'>,
  column: NamesColumn,
  flags: ReadonlyArray<{ orderId: string; code: FlagCode; related: string[] }>,
): Promise<void> {
  // three parameters a flag: a batch stays far below PostgreSQL's 65,535 (an account shared by
  // agents with thousands of unpaid orders flags every one of them at once)
  for (let start = 0; start < flags.length; start += FLAG_ROWS_PER_STATEMENT) {
    const batch = flags.slice(start, start + FLAG_ROWS_PER_STATEMENT);
    await tx
      .insert(orderFlags)
      .values(batch.map((flag) => ({ orderId: flag.orderId, code: flag.code, [column]: flag.related })))
      .onConflictDoUpdate({ target: [orderFlags.orderId, orderFlags.code], set: flagMerged(column) });
  }
}

const FLAG_ROWS_PER_STATEMENT = 5_000;
