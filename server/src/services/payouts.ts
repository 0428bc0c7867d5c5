/**
 * Payouts (docs/domain.md, Payouts): an admin pays some of one agent's orders in one batch, for
 * one external payment named by its reference. All or nothing, in one transaction: the orders are
 * locked, checked, the payout written whole, the orders marked paid and their events written.
 * Safe to retry: a reference is unique (one payment, one agent), compared by its canonical key
 * (canonical-key.ts: `PP-ABC`, `pp-abc` and `PP-ABC` with a zero-width space are one), and a
 * request that finds its reference taken by the same agent answers with that payout and pays
 * nothing more. The
 * single-order paid selector (services/order-changes.ts) pays through the same `payOrders`, so
 * every paid order belongs to exactly one payout.
 */
import { and, asc, count, desc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  type AgentStatus,
  type CsvLanguage,
  type HeldOrderList,
  HOLD_LABELS,
  type HoldReason,
  MESSAGES,
  PAYOUT_ROUTE,
  type PayableAgent,
  type PayableSummary,
  type Payout,
  type PayoutAccountReview,
  type PayoutDetail,
  type PayoutOrder,
  routePath,
  sumCommission,
} from 'shared-api/contract';
import { payoutReferenceKey } from '../canonical-key';
import type { Db } from '../db/connection';
import { isPaidOrderNumberReuse, isPayoutReferenceTaken } from '../db/refusals';
import { type OrderRow, orders, type PayoutRow, payouts, products, users } from '../db/schema';
import { inTransaction, type Tx } from '../db/transaction';
import { HttpError } from '../http-error';
import type { Page } from '../pagination';
import type { SignedInUser } from '../plugins/auth';
import { fullName } from '../serializers';
import { createAlert } from './alerts';
import { exportedOrdersCsv } from './order-export';
import { changesBetween, type OrderActor, recordEventsOfOrders } from './order-history';
import {
  agentSuspended,
  flaggedCondition,
  heldOrders,
  holdMessage,
  holdTranslations,
  onHold,
  payableOrder,
} from './payment-rules';
import {
  accountForPayout,
  paidToOnScreen,
  payoutAccountReview,
  payoutAccountsOnScreen,
  transferCsvOf,
} from './payout-accounts';
import { userSearchCondition } from './user-directory';

/** A 409 of POST /api/payouts: nothing was paid; `orderIds` names the orders at fault (none when the reference is). */
export class PayoutConflict extends HttpError {
  constructor(
    message: string,
    readonly orderIds: string[],
    translations?: HttpError['translations'],
  ) {
    super(409, message, { orderIds }, translations);
    this.name = 'PayoutConflict';
  }
}

/** The reference of the one-order payout the single-order paid selector records. */
export const singleOrderReference = (amzOrderNumber: string) => `order ${amzOrderNumber}`;

export interface PayOrdersInput {
  agentId: string;
  /** distinct, lower-case ids */
  orderIds: readonly string[];
  /** trimmed, 1 to MAX_PAYOUT_REFERENCE_LENGTH characters */
  reference: string;
  /**
   * The admin confirmed the agent's account changed within the last 24 hours (accountForPayout);
   * 'not-asked' (the default): the single-order paid selector, which has no such question.
   */
  confirmAccountChange?: boolean | 'not-asked';
}

/**
 * Pays the orders in the caller's transaction: locks them (in id order, so two payouts wait for
 * each other instead of deadlocking), refuses them all with a PayoutConflict naming the ones that
 * are not payable orders of the agent, writes the payout whole, marks the orders paid in it and
 * writes each one's `commission` event. A reference already taken fails on its unique index.
 */
export async function payOrders(
  tx: Tx,
  admin: OrderActor,
  input: PayOrdersInput,
): Promise<{ payout: PayoutRow; paid: OrderRow[] }> {
  // A suspended agent's orders are held (docs/domain.md, Accounts); the agent's row is read FOR
  // SHARE before the orders are locked, so a suspension racing this payout waits or is seen.
  if (await agentSuspended(tx, input.agentId)) {
    throw new PayoutConflict(ACCOUNT_MESSAGES.payoutAgentSuspended, [...input.orderIds]);
  }
  // the account first, then the orders: the order a change of the account takes its locks in
  const paidTo = await accountForPayout(tx, input.agentId, input.confirmAccountChange ?? 'not-asked');
  const ofAgent = and(inArray(orders.id, [...input.orderIds]), eq(orders.agentId, input.agentId), payableOrder());
  const locked = await tx
    .select({ id: orders.id, comission: orders.comission, amzOrderNumber: orders.amzOrderNumber })
    .from(orders)
    .where(ofAgent)
    .orderBy(asc(orders.id))
    .for('update');
  if (locked.length < input.orderIds.length) {
    const payable = new Set(locked.map((order) => order.id));
    const faulty = input.orderIds.filter((id) => !payable.has(id));
    throw new PayoutConflict(MESSAGES.payoutOrdersNotPayable, faulty);
  }
  // The fraud hold (docs/domain.md, Fraud signals): checked under the rows' locks, so no flag is
  // raised on them between the check and the payment.
  const held = await heldOrders(
    tx,
    locked.map((order) => order.id),
  );
  const [first] = held;
  if (first) {
    const number = locked.find((order) => order.id === first.orderId)?.amzOrderNumber;
    throw new PayoutConflict(
      holdMessage(first, number),
      [...new Set(held.map((order) => order.orderId))],
      holdTranslations(first, number),
    );
  }
  const total = sumCommission(locked);
  const [payout] = await tx
    .insert(payouts)
    .values({
      agentId: input.agentId,
      reference: input.reference,
      referenceKey: payoutReferenceKey(input.reference),
      total,
      orders: locked.length,
      createdById: admin.id,
      createdByName: fullName(admin),
      ...paidTo,
    })
    .returning();
  if (!payout) throw new Error('payOrders: insert returned no row');
  // The rows are locked and were payable, so this takes them all.
  const paid = await tx
    .update(orders)
    .set({ comissionStatus: 'paid', payoutId: payout.id, updatedAt: new Date() })
    .where(ofAgent)
    .returning();
  if (paid.length !== locked.length || sumCommission(paid) !== total) {
    throw new Error('payOrders: the locked orders changed');
  }
  await recordEventsOfOrders(
    tx,
    admin,
    paid.map((order) => ({
      order,
      events: [
        { action: 'commission', changes: changesBetween({ comissionStatus: 'unpaid' }, order, ['comissionStatus']) },
      ],
    })),
  );
  return { payout, paid };
}

/** What a payout answers with: the payout row, its agent's name and its orders' ids (oldest first). */
const payoutColumns = {
  payout: payouts,
  agentFirstName: users.firstName,
  agentLastName: users.lastName,
  orderIds: sql<
    string[]
  >`(select coalesce(array_agg(o.id::text order by o.created_at, o.id), '{}') from ${orders} o where o.payout_id = ${payouts.id})`,
};

type PayoutRead = { payout: PayoutRow; agentFirstName: string; agentLastName: string; orderIds: string[] };

function toPayoutJson(row: PayoutRead): Payout {
  const { payout } = row;
  return {
    _id: payout.id,
    agentId: payout.agentId,
    agent: { _id: payout.agentId, name: fullName({ firstName: row.agentFirstName, lastName: row.agentLastName }) },
    orderIds: row.orderIds,
    orders: payout.orders,
    total: payout.total,
    reference: payout.reference,
    createdAt: payout.createdAt.toISOString(),
    createdBy: { _id: payout.createdById, name: payout.createdByName },
    payoutAccount: paidToOnScreen(payout),
  };
}

async function readPayouts(db: Db, where: SQL): Promise<Payout[]> {
  const rows = await db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.agentId))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return rows.map(toPayoutJson);
}

/** The payout of a reference, compared by its canonical key: `pp-abc` finds `PP-ABC`'s. */
const payoutByReference = async (db: Db, reference: string) =>
  (await readPayouts(db, eq(payouts.referenceKey, payoutReferenceKey(reference))))[0];

/** A request whose reference is taken: the same agent's payout is its answer, another agent's a 409. */
function asRetry(existing: Payout, agentId: string): { payout: Payout; created: false } {
  if (existing.agentId !== agentId) throw new PayoutConflict(MESSAGES.payoutReferenceTaken, []);
  return { payout: existing, created: false };
}

/** The agent by id, or a 404 (no such user, or a user who is not an agent). */
/** The agent's row (404 for anyone else); whether it is suspended (its orders are then all on hold). */
async function checkAgent(db: Db, agentId: string): Promise<{ suspended: boolean }> {
  const [agent] = await db
    .select({ status: users.status })
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.role, 'agent')))
    .limit(1);
  if (!agent) throw new HttpError(404, MESSAGES.agentNotFound);
  return { suspended: agent.status === 'suspended' };
}

/** The order whose number the paid_order_numbers triggers refused, named in their message. */
function orderOfRefusedNumber(error: unknown, paid: { id: string; amzOrderNumber: string }[]): string[] {
  const number = /number (\S+) was already paid/.exec(
    String((error as { cause?: { message?: unknown } }).cause?.message ?? error),
  )?.[1];
  return paid.filter((order) => order.amzOrderNumber === number).map((order) => order.id);
}

/**
 * POST /api/payouts: `created` false when the reference was already this agent's payout (the
 * retry's answer, nothing paid). Refusals: PayoutConflict (409), 404 for an unknown agent.
 */
export async function createPayout(
  db: Db,
  admin: OrderActor,
  input: PayOrdersInput,
): Promise<{ payout: Payout; created: boolean }> {
  const agentId = input.agentId.toLowerCase();
  const request = {
    ...input,
    agentId,
    orderIds: input.orderIds.map((id) => id.toLowerCase()),
    confirmAccountChange: input.confirmAccountChange === true,
  };
  const existing = await payoutByReference(db, request.reference);
  if (existing) return asRetry(existing, agentId);
  await checkAgent(db, agentId);

  try {
    // Two payouts of one agent mark their orders paid in different orders, so their order_counts
    // updates at commit may deadlock: the loser runs again (then it waits, or finds its orders paid).
    const id = await inTransaction(db, async (tx) => {
      const { payout } = await payOrders(tx, admin, request);
      await createAlert(tx, {
        userId: agentId,
        kind: 'payout-made',
        params: { reference: payout.reference, amount: payout.total, orders: payout.orders },
        link: routePath(PAYOUT_ROUTE.agent, { id: payout.id }),
      });
      return payout.id;
    });
    const [payout] = await readPayouts(db, eq(payouts.id, id));
    if (!payout) throw new Error('createPayout: the payout is gone');
    return { payout, created: true };
  } catch (error) {
    // The same request at once: this one waited for the first (on the reference, or on the
    // orders it paid) and now finds its payout.
    if (isPayoutReferenceTaken(error) || error instanceof PayoutConflict) {
      const first = await payoutByReference(db, request.reference);
      if (first) return asRetry(first, agentId);
    }
    if (isPaidOrderNumberReuse(error)) {
      const named = await db
        .select({ id: orders.id, amzOrderNumber: orders.amzOrderNumber })
        .from(orders)
        .where(inArray(orders.id, request.orderIds));
      throw new PayoutConflict(MESSAGES.orderNumberPaidElsewhere, orderOfRefusedNumber(error, named));
    }
    throw error;
  }
}

/** Payouts the caller may see: an admin all (or one agent's), an agent its own. */
function payoutScope(caller: SignedInUser, agentId: string | undefined): SQL | undefined {
  if (caller.role === 'agent') return eq(payouts.agentId, caller.id);
  return agentId ? eq(payouts.agentId, agentId.toLowerCase()) : undefined;
}

/** GET /api/payouts: a page, newest first, and the total. An agent's `agentId` filter is ignored: it sees its own. */
export async function listPayouts(
  db: Db,
  caller: SignedInUser,
  filters: { agentId?: string },
  page: Page,
): Promise<{ items: Payout[]; total: number }> {
  const where = payoutScope(caller, filters.agentId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(payoutColumns)
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.agentId))
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(payouts).where(where),
  ]);
  return { items: rows.map(toPayoutJson), total: counted?.total ?? 0 };
}

/** One order as a payout's page and the payable list show it. */
const payoutOrderColumns = {
  id: orders.id,
  amzOrderNumber: orders.amzOrderNumber,
  productId: products.id,
  productName: products.name,
  buyerName: orders.buyerName,
  reviewType: orders.reviewType,
  agentStatus: orders.agentStatus,
  comission: orders.comission,
  createdAt: orders.createdAt,
};

async function readPayoutOrders(db: Db, where: SQL, limit?: number): Promise<PayoutOrder[]> {
  const query = db
    .select(payoutOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({
    _id: row.id,
    amzOrderNumber: row.amzOrderNumber,
    product: { _id: row.productId, name: row.productName },
    buyerName: row.buyerName,
    reviewType: row.reviewType,
    AgentStatus: row.agentStatus,
    comission: row.comission,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The payout, if the caller may see it (an admin any, an agent its own); else the same 404 as an unknown id. */
async function visiblePayout(db: Db, caller: SignedInUser, id: string): Promise<Payout> {
  const [payout] = await readPayouts(db, and(eq(payouts.id, id), payoutScope(caller, undefined)) as SQL);
  if (!payout) throw new HttpError(404, MESSAGES.payoutNotFound);
  return payout;
}

/** GET /api/payouts/:id: the payout with its orders, oldest first. `id` is a lower-case UUID. */
export async function findPayoutDetail(db: Db, caller: SignedInUser, id: string): Promise<PayoutDetail> {
  const payout = await visiblePayout(db, caller, id);
  return { ...payout, items: await readPayoutOrders(db, eq(orders.payoutId, payout._id)) };
}

/** GET /api/payouts/:id/export.csv: the payout's orders as the orders export writes them, oldest first. */
export async function payoutCsv(
  db: Db,
  caller: SignedInUser,
  id: string,
  language: CsvLanguage = 'en',
): Promise<{ payout: Payout; csv: string }> {
  const payout = await visiblePayout(db, caller, id);
  const csv = await exportedOrdersCsv(
    db,
    eq(orders.payoutId, payout._id),
    [asc(orders.createdAt), asc(orders.id)],
    language,
  );
  return { payout, csv };
}

export interface PayableFilter {
  AgentStatus?: Exclude<AgentStatus, 'cancelled'>;
}

/** The owed list's search: the agent's name ("first last"), email or phone, anywhere, in any case. */
export interface PayableAgentsFilter extends PayableFilter {
  q?: string;
}

/** Payable and not on hold: an order a flag holds is left out until an admin dismisses the flag. */
const payableWhere = (filter: PayableFilter, agentId?: string): SQL =>
  and(
    payableOrder(),
    not(flaggedCondition()),
    filter.AgentStatus ? eq(orders.agentStatus, filter.AgentStatus) : undefined,
    agentId ? eq(orders.agentId, agentId) : undefined,
  ) as SQL;

/**
 * Every unpaid, not cancelled order (in the agent status) of the agents the search matches: what
 * is owed, payable now or on hold (docs/domain.md, Payouts: what is owed). Joined with `users`.
 */
function owedWhere(filter: PayableAgentsFilter): SQL {
  return and(
    payableOrder(),
    filter.AgentStatus ? eq(orders.agentStatus, filter.AgentStatus) : undefined,
    filter.q ? userSearchCondition(filter.q) : undefined,
  ) as SQL;
}

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const sumWhere = (condition: SQL) =>
  sql<number>`coalesce(sum(${orders.comission}) filter (where ${condition}), 0)`.mapWith(Number);

/**
 * GET /api/payouts/payable: agents owed commission (payable now or on hold), the most owed payable
 * now first (then the most on hold), and how many agents. A row's `orders` and `total` are the orders payable now; `held` the ones on
 * hold (for a suspended agent, every one): the two never count an order twice.
 */
export async function listPayableAgents(
  db: Db,
  filter: PayableAgentsFilter,
  page: Page,
): Promise<{ items: PayableAgent[]; total: number }> {
  const where = owedWhere(filter);
  const payableNow = not(onHold());
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        suspended: sql<boolean>`${users.status} = 'suspended'`,
        orders: countWhere(payableNow),
        total: sumWhere(payableNow),
        heldOrders: countWhere(onHold()),
        heldTotal: sumWhere(onHold()),
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.agentId))
      .where(where)
      .groupBy(users.id)
      .orderBy(desc(sumWhere(payableNow)), desc(sumWhere(onHold())), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(distinct ${orders.agentId})`.mapWith(Number) })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.agentId))
      .where(where),
  ]);
  const accounts = await payoutAccountsOnScreen(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      agent: { _id: row.id, name: fullName(row), email: row.email },
      // held from payment until reactivated (docs/domain.md, Accounts): the screen says so
      suspended: row.suspended,
      orders: row.orders,
      total: row.total,
      payoutAccount: accounts.get(row.id) ?? null,
      held: { orders: row.heldOrders, total: row.heldTotal },
    })),
    total: counted?.total ?? 0,
  };
}

/**
 * GET /api/payouts/payable/summary: the owed list's grand total, over every agent it matches:
 * payable now (no flag holds it, its agent is not suspended) and on hold. Without a filter, the
 * two add up to the dashboard's unpaid commission (GET /api/admin/comission).
 */
export async function payableSummary(db: Db, filter: PayableAgentsFilter): Promise<PayableSummary> {
  const payableNow = not(onHold());
  const [row] = await db
    .select({
      agents: sql<number>`count(distinct ${orders.agentId})`.mapWith(Number),
      orders: countWhere(payableNow),
      total: sumWhere(payableNow),
      heldOrders: countWhere(onHold()),
      heldTotal: sumWhere(onHold()),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.agentId))
    .where(owedWhere(filter));
  return {
    agents: row?.agents ?? 0,
    orders: row?.orders ?? 0,
    total: row?.total ?? 0,
    held: { orders: row?.heldOrders ?? 0, total: row?.heldTotal ?? 0 },
  };
}

/** GET /api/payouts/payable/:agentId: the agent's payable orders, oldest first, at most `limit`. */
export async function listPayableOrders(
  db: Db,
  agentId: string,
  filter: PayableFilter,
  limit: number,
): Promise<PayoutOrder[]> {
  // a suspended agent's orders are all on hold (listed by .../held), none payable now
  if ((await checkAgent(db, agentId)).suspended) return [];
  return readPayoutOrders(db, payableWhere(filter, agentId), limit);
}

/**
 * GET /api/payouts/payable/:agentId/held: the agent's unpaid, not cancelled orders on hold, oldest
 * first, at most `limit`, each with why (its flags nobody dismissed, the agent's suspension), and
 * the count and sum of them all. A suspended agent's are all its unpaid orders.
 */
export async function listHeldOrders(
  db: Db,
  agentId: string,
  filter: PayableFilter,
  limit: number,
): Promise<HeldOrderList> {
  const { suspended } = await checkAgent(db, agentId);
  const where = and(
    payableOrder(),
    eq(orders.agentId, agentId),
    filter.AgentStatus ? eq(orders.agentStatus, filter.AgentStatus) : undefined,
    suspended ? undefined : flaggedCondition(),
  ) as SQL;
  const [items, [counted]] = await Promise.all([
    readPayoutOrders(db, where, limit),
    db
      .select({ orders: count(), total: sql<number>`coalesce(sum(${orders.comission}), 0)`.mapWith(Number) })
      .from(orders)
      .where(where),
  ]);
  const flags = await heldOrders(
    db,
    items.map((order) => order._id),
  );
  const holdsOf = (orderId: string): HoldReason[] => [
    ...flags.filter((flag) => flag.orderId === orderId).map(({ code }) => ({ code, label: HOLD_LABELS[code] })),
    ...(suspended ? [{ code: 'agent-suspended' as const, label: HOLD_LABELS['agent-suspended'] }] : []),
  ];
  return {
    suspended,
    orders: counted?.orders ?? 0,
    total: counted?.total ?? 0,
    items: items.map((order) => ({ ...order, holds: holdsOf(order._id) })),
  };
}

const transferColumns = {
  method: payouts.method,
  account: payouts.account,
  holderName: payouts.holderName,
  total: payouts.total,
  reference: payouts.reference,
};

/** GET /api/payouts/:id/transfer.csv (admin): the payout's line for a bank's or wallet's bulk upload. */
export async function payoutTransferCsv(db: Db, id: string): Promise<string> {
  const rows = await db.select(transferColumns).from(payouts).where(eq(payouts.id, id));
  if (rows.length === 0) throw new HttpError(404, MESSAGES.payoutNotFound);
  return transferCsvOf(rows);
}

/** GET /api/payouts/transfer.csv?from&to (admin): the payouts made on those days (UTC, both included), oldest first. */
export async function payoutsTransferCsv(db: Db, range: { from: string; to: string }): Promise<string> {
  const rows = await db
    .select(transferColumns)
    .from(payouts)
    .where(
      and(
        sql`${payouts.createdAt} >= ${range.from}::date::timestamp at time zone 'UTC'`,
        sql`${payouts.createdAt} < (${range.to}::date + 1)::timestamp at time zone 'UTC'`,
      ),
    )
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
  return transferCsvOf(rows);
}

/** GET /api/payouts/payable/:agentId/account: the pay screen's account and change to confirm; 404 for an unknown agent. */
export async function payableAccountReview(db: Db, agentId: string): Promise<PayoutAccountReview> {
  await checkAgent(db, agentId);
  return payoutAccountReview(db, agentId);
}
