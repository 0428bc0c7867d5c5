/**
 * Where each agent's money goes (docs/domain.md, Payout accounts): the agent's one payout
 * account, the change's history event, alert and fraud signal (payout-account-shared), the
 * masked account admins see, the copy a payout keeps and the 24-hour confirmation rule.
 *
 * Races: a change locks the account's row (FOR UPDATE) and an advisory lock on its key before it
 * compares it with the other agents' accounts, so two agents setting the same account at once are
 * compared one after the other. A payout locks the row FOR SHARE before its orders
 * (accountForPayout), so it either pays the old account before the change (which needed no
 * confirmation then) or sees the change and its confirmation rule.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ACCOUNT_CHANGE_CONFIRM_HOURS,
  type AlertContent,
  alertAccount,
  type MaskedPayoutAccount,
  maskAccount,
  PAYOUT_ACCOUNT_MESSAGES,
  PAYOUT_ROUTE,
  type PaidToAccount,
  type PayoutAccount,
  type PayoutAccountReview,
  type PayoutMethod,
  routePath,
  TRANSFER_CSV_COLUMNS,
  WALLET_METHODS,
} from 'shared-api/contract';
import { payPalKey } from '../canonical-key';
import { csvRecord } from '../csv-cells';
import type { Db } from '../db/connection';
import { orders, type PayoutAccountRow, payoutAccounts, users } from '../db/schema';
import { inTransaction, type Tx } from '../db/transaction';
import { HttpError } from '../http-error';
import { fullName } from '../serializers';
import { createAlert } from './alerts';
import { upsertSharedAccountFlags } from './order-signals';
import { payableOrder } from './payment-rules';
import { recordUserEvent, type UserActor } from './user-events';

/** What two accounts are compared by: a wallet's digits, the IBAN, a PayPal's canonical key. */
export function payoutAccountKey(method: PayoutMethod, account: string): string {
  if (WALLET_METHODS.includes(method)) return `wallet:${account.replace(/\D/g, '')}`;
  if (method === 'bank') return `iban:${account.replace(/\s/g, '').toUpperCase()}`;
  return `paypal:${payPalKey(account)}`;
}

const toJson = (row: PayoutAccountRow): PayoutAccount => ({
  method: row.method,
  account: row.account,
  holderName: row.holderName,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const masked = (row: PayoutAccountRow): MaskedPayoutAccount => ({
  method: row.method,
  account: maskAccount(row.account),
  holderName: row.holderName,
  updatedAt: row.updatedAt.toISOString(),
});

/** A payout's copy of the account as screens show it (masked); null: no account on file then. */
export function paidToOnScreen(copy: {
  method: PayoutMethod | null;
  account: string | null;
  holderName: string | null;
}): PaidToAccount | null {
  if (copy.method === null || copy.account === null) return null;
  return { method: copy.method, account: maskAccount(copy.account), holderName: copy.holderName };
}

async function accountRow(db: Pick<Db, 'select'>, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return row;
}

/** GET /api/user/payout-account: the agent's own account, whole; 404 while it has none. */
export async function findOwnPayoutAccount(db: Db, userId: string): Promise<PayoutAccount> {
  const row = await accountRow(db, userId);
  if (!row) throw new HttpError(404, PAYOUT_ACCOUNT_MESSAGES.notFound);
  return toJson(row);
}

/** The agent's account as admins see it on screens (masked), or null while it has none (GET /api/users/:id). */
export async function payoutAccountOnScreen(
  db: Pick<Db, 'select'>,
  userId: string,
): Promise<MaskedPayoutAccount | null> {
  const row = await accountRow(db, userId);
  return row ? masked(row) : null;
}

/** The masked accounts of these agents, by id (the payable agents list). */
export async function payoutAccountsOnScreen(
  db: Pick<Db, 'select'>,
  userIds: readonly string[],
): Promise<Map<string, MaskedPayoutAccount>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(inArray(payoutAccounts.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, masked(row)]));
}

/** A change of an existing account still waiting to be confirmed by a payout (SQL, the database's clock). */
const changeToConfirm = sql<boolean>`(${payoutAccounts.changedAt} > now() - make_interval(hours => ${ACCOUNT_CHANGE_CONFIRM_HOURS}))`;

/** GET /api/payouts/payable/:agentId/account: what the pay screen shows beside the Pay button. */
export async function payoutAccountReview(db: Pick<Db, 'select'>, agentId: string): Promise<PayoutAccountReview> {
  const [row] = await db
    .select({ account: payoutAccounts, pending: changeToConfirm })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, agentId))
    .limit(1);
  if (!row) return { account: null, change: null };
  const { account, pending } = row;
  const previous =
    pending && account.changedAt
      ? paidToOnScreen({
          method: account.previousMethod,
          account: account.previousAccount,
          holderName: account.previousHolderName,
        })
      : null;
  return {
    account: masked(account),
    change:
      previous && account.changedAt
        ? {
            changedAt: account.changedAt.toISOString(),
            confirmUntil: new Date(
              account.changedAt.getTime() + ACCOUNT_CHANGE_CONFIRM_HOURS * 3_600_000,
            ).toISOString(),
            previous,
          }
        : null,
  };
}

export interface AccountCopy {
  method: PayoutMethod | null;
  account: string | null;
  holderName: string | null;
}

/**
 * In the paying transaction, before its orders are locked: the agent's account under a row lock
 * (FOR SHARE: a change waits for the payout, or the payout for the change), refused with a 409
 * when an existing account was replaced within ACCOUNT_CHANGE_CONFIRM_HOURS and the payout does
 * not confirm it (`confirmation` 'not-asked': the single-order paid selector, which has no such
 * field). Answers the copy the payout keeps (all null: no account on file).
 */
export async function accountForPayout(
  tx: Pick<Db, 'select'>,
  agentId: string,
  confirmation: boolean | 'not-asked',
): Promise<AccountCopy> {
  const [row] = await tx
    .select({ account: payoutAccounts, pending: changeToConfirm })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, agentId))
    .for('share');
  if (!row) return { method: null, account: null, holderName: null };
  if (row.pending && confirmation === false) throw new HttpError(409, PAYOUT_ACCOUNT_MESSAGES.confirmRequired);
  return { method: row.account.method, account: row.account.account, holderName: row.account.holderName };
}

const same = (row: PayoutAccountRow, input: SetPayoutAccountInput) =>
  row.method === input.method && row.account === input.account && row.holderName === input.holderName;

export interface SetPayoutAccountInput {
  method: PayoutMethod;
  /** canonical (payoutAccountInputSchema's answer) */
  account: string;
  holderName: string | null;
}

/**
 * PUT /api/user/payout-account by the agent: sets or replaces its account. In one transaction
 * with the history event, the admins' alert and the signal. The same account again changes
 * nothing (no event, no alert, and the 24 hours do not start again).
 */
export async function setPayoutAccount(db: Db, agent: UserActor, input: SetPayoutAccountInput): Promise<PayoutAccount> {
  const accountKey = payoutAccountKey(input.method, input.account);
  return inTransaction(db, async (tx) => {
    // the agent's lock, then the account key's: two agents setting the same account at once are
    // compared one after the other, and an order being placed (its check takes both, shared,
    // drizzle/0026_payout_account_signal_at_placing.sql) is seen here or sees this account
    await tx.execute(sql`select pg_advisory_xact_lock(4, hashtext(${agent.id}::uuid::text))`);
    await tx.execute(sql`select pg_advisory_xact_lock(3, hashtext(${accountKey}))`);
    const [existing] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, agent.id)).for('update');
    if (existing && same(existing, input)) return toJson(existing);

    const values = { ...input, accountKey, updatedAt: sql`now()` };
    const [row] = existing
      ? await tx
          .update(payoutAccounts)
          .set({
            ...values,
            changedAt: sql`now()`,
            previousMethod: existing.method,
            previousAccount: existing.account,
            previousHolderName: existing.holderName,
          })
          .where(eq(payoutAccounts.userId, agent.id))
          .returning()
      : await tx
          .insert(payoutAccounts)
          .values({ userId: agent.id, ...values })
          .returning();
    if (!row) throw new Error('setPayoutAccount: no row written');

    // the history keeps the accounts masked, as every screen shows them
    await recordUserEvent(tx, agent, {
      userId: agent.id,
      type: 'payout-account-changed',
      changes: {
        method: { from: existing?.method ?? null, to: row.method },
        account: { from: existing ? maskAccount(existing.account) : null, to: maskAccount(row.account) },
        holderName: { from: existing?.holderName ?? null, to: row.holderName },
      },
    });
    await alertAdmins(tx, agent, existing, row);
    await raiseSharedAccountFlags(tx, agent.id, accountKey);
    return toJson(row);
  });
}

/** Every admin hears of a change (the account-takeover pattern: change the account, then ask for money). */
async function alertAdmins(tx: Tx, agent: UserActor, before: PayoutAccountRow | undefined, after: PayoutAccountRow) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  const to = alertAccount(after.method, after.account);
  const content: AlertContent = before
    ? {
        kind: 'payout-account-changed',
        params: { agent: fullName(agent), from: alertAccount(before.method, before.account), to },
      }
    : { kind: 'payout-account-added', params: { agent: fullName(agent), to } };
  const link = routePath(PAYOUT_ROUTE.payable, { id: agent.id });
  for (const admin of admins) {
    await createAlert(tx, { userId: admin.id, ...content, link });
  }
}

/**
 * payout-account-shared (docs/domain.md, Fraud signals): the other agents with the same account
 * key; when there are any, every unpaid order of this agent is flagged naming them, and every
 * unpaid order of theirs naming this agent. The orders are locked FOR SHARE while they can be
 * paid, as the other signals do (order-signals.ts), so a payment that locked one first wins and
 * one that comes later sees the flag.
 */
export async function raiseSharedAccountFlags(
  tx: Pick<Db, 'select' | 'execute' | 'insert'>,
  agentId: string,
  accountKey: string,
): Promise<void> {
  const others = await tx
    .select({ id: payoutAccounts.userId })
    .from(payoutAccounts)
    .innerJoin(users, eq(users.id, payoutAccounts.userId))
    .where(and(eq(payoutAccounts.accountKey, accountKey), ne(payoutAccounts.userId, agentId), eq(users.role, 'agent')))
    .orderBy(asc(payoutAccounts.userId));
  if (others.length === 0) return;
  const otherIds = others.map((other) => other.id);
  const open = await tx
    .select({ id: orders.id, agentId: orders.agentId })
    .from(orders)
    .where(and(inArray(orders.agentId, [agentId, ...otherIds]), payableOrder()))
    .orderBy(asc(orders.id))
    .for('share');
  if (open.length === 0) return;
  const flags = open.map((order) => ({
    orderId: order.id,
    related: order.agentId === agentId ? otherIds : [agentId],
  }));
  await upsertSharedAccountFlags(tx, flags);
}

/** One line of transfer.csv per payout, in TRANSFER_CSV_COLUMNS' order: the account whole (no account on file: empty). */
export function transferCsvOf(
  rows: ReadonlyArray<{
    method: PayoutMethod | null;
    account: string | null;
    holderName: string | null;
    total: number;
    reference: string;
  }>,
): string {
  return (
    csvRecord(TRANSFER_CSV_COLUMNS) +
    rows
      .map((row) =>
        csvRecord([row.method ?? '', row.account ?? '', row.holderName ?? '', String(row.total), row.reference]),
      )
      .join('')
  );
}
