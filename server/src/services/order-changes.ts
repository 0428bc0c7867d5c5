/**
 * Changing orders: placing one, the agent's update, the manager's or admin's update. Money
 * and state are guarded in SQL, not only in JavaScript, because requests run in parallel on
 * PostgreSQL: the unique index on amz_order_number, the paid_order_numbers triggers (a number
 * once paid is never used by another order), conditional UPDATE ... WHERE <state read>
 * RETURNING, and a row lock where a decision and its alerts must see one state. Every change
 * writes its events in its own transaction, after the row lock (docs/domain.md, Order history).
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  AGENT_STATUS_LABELS,
  type AgentStatus,
  type CommissionStatus,
  canMoveAgentStatus,
  computeOrderCommission,
  MESSAGES,
  type orderAgentUpdateInputSchema,
  type orderCreateInputSchema,
  type orderManagerUpdateInputSchema,
  routePath,
  UPDATE_ORDER_ROUTE,
} from 'shared-api/contract';
import type { z } from 'zod';
import { payPalKey } from '../canonical-key';
import type { Db } from '../db/connection';
import { placeholdersOf, transactionStatement } from '../db/prepared';
import { isAmzOrderNumberConflict, isPaidOrderNumberReuse, isPayoutReferenceTaken } from '../db/refusals';
import { commissionTermsOf, type NewOrderRow, type OrderRow, orders, products } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { HttpError } from '../http-error';
import { type StatementSession, sessionColumn } from '../plugins/auth';
import { fullName } from '../serializers';
import { attachOrderImage, type ProofSources, sameImage } from '../uploads/attach';
import { createAlert } from './alerts';
import { checkOwnOrder, checkProductsOrder } from './order-access';
import { changesBetween, type OrderActor, placedChanges, recordOrderEvents, type TrackedField } from './order-history';
import { flagOrder, lockAndFindOrderSignals, lockSignalKeys, raiseOrderFlags } from './order-signals';
import { refuseHeldPayment } from './payment-rules';
import { PayoutConflict, payOrders, singleOrderReference } from './payouts';
import { vendorSuspended } from './products';
import { atVersion, isBehind, orderChangedSince } from './record-versions';

/** A payment the database refused: a number paid on another order, a one-order payout's reference already taken. */
async function withPaymentCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isPaidOrderNumberReuse(error)) throw new HttpError(409, MESSAGES.orderNumberPaidElsewhere);
    if (isPayoutReferenceTaken(error)) throw new HttpError(409, MESSAGES.payoutReferenceTaken);
    throw error;
  }
}

/** A number the database refused: taken by another order, or already paid on another order. */
async function withAmzOrderNumberCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isPaidOrderNumberReuse(error)) throw new HttpError(409, MESSAGES.orderNumberPaidElsewhere);
    if (isAmzOrderNumberConflict(error)) throw new HttpError(409, MESSAGES.orderNumberTaken);
    throw error;
  }
}

const orderStatusLink = (orderId: string) => routePath(UPDATE_ORDER_ROUTE.agent, { id: orderId });

/** What placing an order reads of the product: its state, its terms and what the vendor's alert names. */
const productForOrderColumns = {
  id: products.id,
  vendorId: products.vendorId,
  name: products.name,
  status: products.status,
  reviewTypes: products.reviewTypes,
  comission: products.comission,
  comissionWithTextReview: products.comissionWithTextReview,
  comissionWithPictureReview: products.comissionWithPictureReview,
  comissionWithVideoReview: products.comissionWithVideoReview,
  vendorSuspended: vendorSuspended(),
};

/** placeOrder's first statement: the product, locked for share, with the caller's session (sessionInStatement). */
const productForOrder = transactionStatement('place_order_product', (tx, name) =>
  tx
    .select({ ...productForOrderColumns, session: sessionColumn })
    .from(products)
    .where(eq(products.id, sql.placeholder('productId')))
    .limit(1)
    .for('share')
    .prepare(name),
);

/** The columns placeOrder writes, each a placeholder of the same name. */
const NEW_ORDER_COLUMNS = [
  'id',
  'productId',
  'agentId',
  'reviewType',
  'amzOrderNumber',
  'buyerPayPal',
  'buyerPayPalKey',
  'buyerName',
  'orderScreenshot',
  'comments',
  'agentStatus',
  'status',
  'comissionStatus',
  'comission',
  'commissionTerms',
] as const satisfies readonly (keyof NewOrderRow)[];

const insertNewOrder = transactionStatement('place_order_insert', (tx, name) =>
  tx.insert(orders).values(placeholdersOf(NEW_ORDER_COLUMNS)).returning({ id: orders.id }).prepare(name),
);

/**
 * Places an order for the agent whose session `caller` is (the route reads it in the product's
 * statement, sessionInStatement); returns its id. Money and state come from the server, never the body.
 */
export async function placeOrder(
  db: Db,
  caller: StatementSession,
  input: z.output<typeof orderCreateInputSchema>,
  sources: ProofSources = {},
): Promise<string> {
  // chosen here: the screenshot's upload names the order that took it before the row is in
  const orderId = crypto.randomUUID();
  // The fraud checks lock other orders (./order-signals.ts): two agents' orders at once, each
  // matching the other's order, may lock the two in opposite orders; the one PostgreSQL fails
  // runs again (inTransaction).
  const placed = await withAmzOrderNumberCheck(() =>
    inTransaction(db, async (tx) => {
      // FOR SHARE: the commission figures read here stay the product's until the order is in.
      const [product] = await productForOrder(tx).execute({ productId: input.productId, ...caller.values });
      // no product: the session is read on its own, after the transaction (below)
      if (!product) return undefined;
      // the route lets in the role the token names, and accept checks the account has it
      const agent = await caller.accept(product.session);
      if (product.status !== 'approved') throw new HttpError(409, MESSAGES.orderProductUnavailable);
      // a suspended manager's products take no new orders (docs/domain.md, Accounts); read in the
      // product's query, without locking the manager: an order placed as the suspension commits is
      // an existing order, which goes on
      if (product.vendorSuspended) throw new HttpError(409, MESSAGES.orderProductUnavailable);
      if (!product.reviewTypes.includes(input.reviewType)) throw new HttpError(400, MESSAGES.orderReviewTypeNotTaken);
      const orderScreenshot = await attachOrderImage(
        tx,
        agent,
        { field: 'orderScreenshot', value: input.orderScreenshot, stored: '' },
        { ...sources, orderId },
      );

      const values = {
        id: orderId,
        productId: product.id,
        agentId: agent.id,
        reviewType: input.reviewType,
        amzOrderNumber: input.amzOrderNumber,
        buyerPayPal: input.buyerPayPal,
        buyerPayPalKey: payPalKey(input.buyerPayPal),
        buyerName: input.buyerName,
        orderScreenshot,
        comments: input.comments,
        agentStatus: 'submitted',
        status: '',
        comissionStatus: 'unpaid',
        comission: computeOrderCommission(product, input.reviewType),
        commissionTerms: commissionTermsOf(product),
      } satisfies Pick<NewOrderRow, (typeof NEW_ORDER_COLUMNS)[number]>;
      const [order] = await insertNewOrder(tx).execute(values);
      if (!order) throw new Error('placeOrder: insert returned no row');
      await recordOrderEvents(tx, { id: order.id, comission: values.comission }, agent, [
        { action: 'placed', changes: placedChanges(values) },
      ]);
      await createAlert(tx, {
        userId: product.vendorId,
        kind: 'order-placed',
        params: { orderNumber: input.amzOrderNumber, product: product.name, agent: fullName(agent) },
        link: routePath(UPDATE_ORDER_ROUTE.staff, { id: order.id }),
      });
      // Fraud signals, last: the advisory locks make orders that may match take turns from here
      // to the commit only (docs/domain.md, Fraud signals); the new row is no one else's to wait for.
      await flagOrder(tx, order.id, await lockAndFindOrderSignals(tx, { ...values, id: order.id }));
      return order.id;
    }),
  );
  if (placed !== undefined) return placed;
  // the session's refusal first, as on every route
  await caller.accept(undefined);
  throw new HttpError(404, MESSAGES.orderProductNotFound);
}

/** Why an agent status move is refused, naming both statuses. */
export function agentStatusMoveRefusal(from: AgentStatus, to: AgentStatus, comissionStatus: CommissionStatus): string {
  const move = `An order cannot move from "${AGENT_STATUS_LABELS[from]}" to "${AGENT_STATUS_LABELS[to]}"`;
  if (from === 'cancelled') return `${move}: a cancelled order is final.`;
  if (to === 'cancelled') {
    return from === 'Feedbacked'
      ? `${move}: a feedbacked order can no longer be cancelled.`
      : `${move}: its commission is already ${comissionStatus}.`;
  }
  return `${move}: the status only moves forward.`;
}

/** The screenshots an agent sets: the input's field and the order's column. */
const AGENT_SCREENSHOTS = [
  ['orderScreenshot', 'orderScreenshot'],
  ['reviewScreenShot', 'reviewScreenShot'],
  ['FeedbackScreenShot', 'feedbackScreenShot'],
] as const;

/** The fields an `updated` event records: the agent's edits, and the commission a new review type gives. */
const AGENT_EDITED_FIELDS = [
  'reviewType',
  'amzOrderNumber',
  'buyerPayPal',
  'buyerName',
  'comments',
  'orderScreenshot',
  'reviewScreenShot',
  'FeedbackScreenShot',
  'comission',
] as const satisfies readonly TrackedField[];

/** The fields the fraud signals read: a change of one runs the checks again. */
const SIGNAL_FIELDS = [
  'buyerPayPal',
  'amzOrderNumber',
  'orderScreenshot',
] as const satisfies readonly (keyof OrderRow)[];

/**
 * What the agent's update would change: the fields sent whose value differs from the stored
 * one (a screenshot sent back as a fresh signed link of the stored image is no change).
 */
function agentChanges(order: OrderRow, input: z.output<typeof orderAgentUpdateInputSchema>): Partial<NewOrderRow> {
  const sent: Partial<NewOrderRow> = {
    agentStatus: input.AgentStatus,
    reviewType: input.reviewType,
    amzOrderNumber: input.amzOrderNumber,
    buyerPayPal: input.buyerPayPal,
    buyerName: input.buyerName,
    comments: input.comments,
  };
  const changes: Partial<NewOrderRow> = Object.fromEntries(
    Object.entries(sent).filter(([field, value]) => value !== undefined && value !== order[field as keyof OrderRow]),
  );
  for (const [field, column] of AGENT_SCREENSHOTS) {
    const value = input[field];
    if (value !== undefined && !sameImage(value, order[column])) changes[column] = value;
  }
  // the key the fraud signal compares goes with the PayPal as typed (docs/domain.md, Fraud signals)
  if (changes.buyerPayPal !== undefined) changes.buyerPayPalKey = payPalKey(changes.buyerPayPal);
  return changes;
}

/** A new review type's commission, priced from the terms the order was placed under, never the product's row as it is now. */
function priceReviewType(order: OrderRow, changes: Partial<NewOrderRow>): void {
  if (changes.reviewType === undefined) return;
  const terms = order.commissionTerms;
  if (!terms.reviewTypes.includes(changes.reviewType)) throw new HttpError(400, MESSAGES.orderReviewTypeNotTaken);
  changes.comission = computeOrderCommission(terms, changes.reviewType);
}

/**
 * The agent's own update: its fields and AgentStatus; status, comissionStatus and comission are
 * not the agent's. Once the commission is paid the order is closed to its agent: a request that
 * would change anything is refused, one that sends the stored values changes nothing.
 */
export async function updateOrderByAgent(
  db: Db,
  agent: OrderActor,
  orderId: string,
  input: z.output<typeof orderAgentUpdateInputSchema>,
  sources: ProofSources = {},
): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
  checkOwnOrder(agent, order.agentId);
  // loaded at an older version: someone changed it since (docs/domain.md, Edits and versions)
  if (isBehind(order, input.version)) throw await orderChangedSince(db, order.id);
  if (order.agentStatus === 'cancelled') throw new HttpError(409, MESSAGES.orderCancelledNotEditable);

  const agentStatus = input.AgentStatus ?? order.agentStatus;
  if (!canMoveAgentStatus(order.agentStatus, agentStatus, order.comissionStatus)) {
    throw new HttpError(409, agentStatusMoveRefusal(order.agentStatus, agentStatus, order.comissionStatus));
  }

  const changes = agentChanges(order, input);
  if (Object.keys(changes).length === 0) return;
  if (order.comissionStatus === 'paid') throw new HttpError(409, MESSAGES.orderPaidClosed);
  priceReviewType(order, changes);

  // Applied only to the state the decision was made on, and only while unpaid: an admin paying,
  // or another tab cancelling, in the meantime makes this a 409 instead of a change of a paid
  // order or a move the machine forbids. One transaction with the screenshots' attachment and the
  // events, so a refusal attaches and records nothing.
  // Run again after a deadlock, as placing is (the fraud checks' locks).
  await withAmzOrderNumberCheck(() =>
    inTransaction(db, async (tx) => {
      // fraud signals: before the row lock (docs/domain.md, Fraud signals)
      const screenshotKeys = await lockSignalKeys(tx, {
        buyerPayPalKey: changes.buyerPayPalKey,
        orderScreenshot: changes.orderScreenshot,
      });
      // Locked first: the events record what the change really replaced, also when another tab
      // changed the same fields in the meantime.
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (current && isBehind(current, input.version)) throw await orderChangedSince(tx, order.id);
      if (!current || current.agentStatus !== order.agentStatus || current.comissionStatus !== 'unpaid') {
        // thrown inside the transaction, so nothing stays attached
        throw new HttpError(
          409,
          current?.comissionStatus === 'paid' ? MESSAGES.orderPaidClosed : MESSAGES.orderChangedMeanwhile,
        );
      }
      const applied = agentChanges(current, input);
      if (Object.keys(applied).length === 0) return;
      priceReviewType(current, applied);
      for (const [field, column] of AGENT_SCREENSHOTS) {
        const value = applied[column];
        if (value === undefined) continue;
        const image = { field, value, stored: current[column] };
        applied[column] = await attachOrderImage(tx, agent, image, { ...sources, orderId: order.id });
      }
      applied.updatedAt = new Date();
      const [updated] = await tx
        .update(orders)
        .set(applied)
        .where(
          and(
            eq(orders.id, order.id),
            eq(orders.agentStatus, order.agentStatus),
            eq(orders.comissionStatus, 'unpaid'),
            // no lost update: still at the version the edit was loaded at, when it sent one
            atVersion(orders.version, input.version),
          ),
        )
        .returning();
      if (!updated) throw new HttpError(409, MESSAGES.orderChangedMeanwhile);
      // A request that edits fields and moves the agent status writes both events, in that order.
      await recordOrderEvents(tx, updated, agent, [
        { action: 'updated', changes: changesBetween(current, updated, AGENT_EDITED_FIELDS) },
        { action: 'agent-status', changes: changesBetween(current, updated, ['AgentStatus']) },
      ]);
      if (SIGNAL_FIELDS.some((column) => applied[column] !== undefined)) {
        await raiseOrderFlags(tx, updated, screenshotKeys);
      }
    }),
  );
}

/**
 * A manager's (own products) or an admin's update: status, refundShot and, for admins only,
 * comissionStatus (a manager's is ignored). Paid is final; a cancelled order cannot be paid; an
 * order paid here is a one-order payout, in the same transaction.
 */
export async function updateOrderByStaff(
  db: Db,
  caller: OrderActor,
  orderId: string,
  input: z.output<typeof orderManagerUpdateInputSchema>,
  sources: ProofSources = {},
): Promise<void> {
  // Run again after a deadlock, as a payout is: paying locks what a payout and the fraud checks
  // lock (the order's row, the one-order payout's reference, the order_counts rows at commit),
  // and a transaction PostgreSQL failed rolled back whole, its attachment and alerts too.
  await withPaymentCheck(() =>
    inTransaction(db, async (tx) => {
      // The row lock makes concurrent staff updates take turns, so each decides (and alerts) on the state it changes.
      const [row] = await tx
        .select({ order: orders, vendorId: products.vendorId })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(orders.id, orderId))
        .limit(1)
        .for('update', { of: orders });
      if (!row) throw new HttpError(404, MESSAGES.orderNotFound);
      const { order } = row;
      checkProductsOrder(caller, row.vendorId);
      // loaded at an older version: someone changed it since (docs/domain.md, Edits and versions)
      if (isBehind(order, input.version)) throw await orderChangedSince(tx, order.id);

      const comissionStatus = caller.role === 'admin' ? input.comissionStatus : undefined;
      const commissionChanges = comissionStatus !== undefined && comissionStatus !== order.comissionStatus;
      if (commissionChanges) {
        if (order.comissionStatus === 'paid') throw new HttpError(409, MESSAGES.commissionAlreadyPaid);
        if (order.agentStatus === 'cancelled') throw new HttpError(409, MESSAGES.cancelledOrderCannotBePaid);
        // the fraud hold: a flag nobody dismissed (docs/domain.md, Fraud signals)
        await refuseHeldPayment(tx, order.id);
      }

      const changes: Partial<NewOrderRow> = { updatedAt: new Date() };
      if (input.status !== undefined) changes.status = input.status;
      if (input.refundShot !== undefined) {
        const refundShot = { field: 'refundShot', value: input.refundShot, stored: order.refundShot } as const;
        changes.refundShot = await attachOrderImage(tx, caller, refundShot, { ...sources, orderId: order.id });
      }
      const [changed] = await tx
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, order.id), atVersion(orders.version, input.version)))
        .returning();
      if (!changed) throw new HttpError(409, MESSAGES.orderChangedMeanwhile);
      await recordOrderEvents(tx, changed, caller, [
        { action: 'status', changes: changesBetween(order, changed, ['status']) },
        { action: 'refund-shot', changes: changesBetween(order, changed, ['refundShot']) },
      ]);
      let updated = changed;
      if (commissionChanges) {
        // Paid alone, it is a one-order payout (docs/domain.md, Payouts), recorded as every payout is.
        const { paid } = await payOrders(tx, caller, {
          agentId: order.agentId,
          orderIds: [order.id],
          reference: singleOrderReference(changed.amzOrderNumber),
        }).catch((error: unknown) => {
          if (error instanceof PayoutConflict) throw new HttpError(409, MESSAGES.orderChangedMeanwhile);
          throw error;
        });
        updated = paid[0] ?? changed;
      }

      const link = orderStatusLink(order.id);
      if (updated.status !== order.status && updated.status !== '') {
        await createAlert(tx, {
          userId: order.agentId,
          kind: 'order-status',
          params: { orderNumber: updated.amzOrderNumber, status: updated.status },
          link,
        });
      }
      // the agent's cue to post the review (docs/domain.md, Alerts)
      if (updated.refundShot && !order.refundShot) {
        await createAlert(tx, {
          userId: order.agentId,
          kind: 'refund-screenshot',
          params: { orderNumber: updated.amzOrderNumber },
          link,
        });
      }
      if (updated.comissionStatus !== order.comissionStatus) {
        await createAlert(tx, {
          userId: order.agentId,
          kind: 'commission-status',
          params: { orderNumber: updated.amzOrderNumber, amount: updated.comission, status: updated.comissionStatus },
          link,
        });
      }
    }),
  );
}
