/**
 * The admins' directory of users and a user's whole record (docs/domain.md, Accounts, Directory):
 * every user of any role and status, filtered by role, status and a text found in the name, email
 * or phone, sorted by name or by the day joined, each with the counts an admin needs. The same
 * filters and sort make the CSV export (./user-export.ts).
 */
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import {
  MESSAGES,
  type Role,
  type UserCounts,
  type UserDirectoryRow,
  type UserRecord,
  type UserSort,
  type UserStatus,
} from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orderCounts, orderFlags, orders, products, type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { Page } from '../pagination';
import { toAdminUserJson } from '../serializers';
import { likePattern } from './like-patterns';
import { payoutAccountOnScreen } from './payout-accounts';
import { accountEvents } from './user-events';
import { type PrivateLink, userForAdmin } from './users';

const referrers = alias(users, 'referrer');

/** The directory's filters, as userDirectoryQuerySchema parses them. */
export interface UserDirectoryFilters {
  role?: Role | undefined;
  status?: UserStatus | undefined;
  /** text found, in any case, in "first last", the email or the phone number */
  q?: string | undefined;
  sort: UserSort;
}

/** The name as the directory sorts it: "first last" without case (index users_name_sort_idx, migration 0025). */
export const nameSortKey = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * The WHERE of the directory and its export. The search reads each column through its trigram
 * index (migrations 0007 and 0025), one BitmapOr.
 */
export function userDirectoryWhere({ role, status, q }: UserDirectoryFilters): SQL | undefined {
  return and(
    role ? eq(users.role, role) : undefined,
    status ? eq(users.status, status) : undefined,
    q ? userSearchCondition(q) : undefined,
  );
}

/** A person whose name ("first last"), email or phone holds `q` (the staff search's reading of it). */
export function userSearchCondition(q: string): SQL | undefined {
  const pattern = likePattern(q);
  return or(
    sql`${users.firstName} || ' ' || ${users.lastName} ilike ${pattern}`,
    ilike(users.email, pattern),
    ilike(users.phoneNumber, pattern),
  );
}

/**
 * What each sort orders by, always ending in the id so that the order is total (a page, and each
 * batch of the export, is a range of one index of migration 0025); `-x` is exactly the reverse of `x`.
 */
export function userSortKey(sort: UserSort): { columns: [SQL | AnyPgColumn, AnyPgColumn]; descending: boolean } {
  const descending = sort.startsWith('-');
  const columns: [SQL | AnyPgColumn, AnyPgColumn] =
    sort === 'name' || sort === '-name' ? [nameSortKey, users.id] : [users.createdAt, users.id];
  return { columns, descending };
}

export function userSortOrderBy(sort: UserSort): SQL[] {
  const { columns, descending } = userSortKey(sort);
  return columns.map((column) => (descending ? desc(column) : asc(column)));
}

const sumAsNumber = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number);

/**
 * Each user's counts, only for its role (zeros for the others; CASE runs only the subquery its
 * role needs). Orders from order_counts (kept by triggers, migration 0001), the rest from the
 * indexes of orders by agent, open flags (order_flags_open_idx) and products by vendor.
 */
const countColumns = {
  orders: sumAsNumber(sql`case
    when ${users.role} = 'agent' then (select sum(c.orders) from ${orderCounts} c where c.agent_id = ${users.id})
    when ${users.role} = 'manager' then (select sum(c.orders) from ${orderCounts} c where c.vendor_id = ${users.id})
  end`),
  unpaidCommission: sumAsNumber(sql`case when ${users.role} = 'agent' then (
    select sum(o.comission) from ${orders} o
    where o.agent_id = ${users.id} and o.comission_status = 'unpaid' and o.agent_status <> 'cancelled'
  ) end`),
  openFlags: sumAsNumber(sql`case when ${users.role} = 'agent' then (
    select count(*) from ${orderFlags} f inner join ${orders} o on o.id = f.order_id
    where o.agent_id = ${users.id} and f.dismissed_at is null
  ) end`),
  products: sumAsNumber(sql`case when ${users.role} = 'manager' then (
    select count(*) from ${products} p where p.vendor_id = ${users.id} and p.status <> 'archived'
  ) end`),
};

/** The counts of some users, in one query, by id. */
export async function userCountsOf(db: Db, ids: readonly string[]): Promise<Map<string, UserCounts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...countColumns })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(
    rows.map(({ id, ...counts }) => [id, { ...counts, unpaidCommission: roundMoney(counts.unpaidCommission) }]),
  );
}

/** A sum of numeric(12,2) read as a JS number: to the cent. */
const roundMoney = (amount: number) => Math.round(amount * 100) / 100;

const NO_COUNTS: UserCounts = { orders: 0, unpaidCommission: 0, openFlags: 0, products: 0 };

/** A directory row: the admin's view of the user without its ID images, its status reason and counts. */
export function directoryRowOf(
  user: UserRow,
  referrer: UserRow | null,
  counts: UserCounts | undefined,
): UserDirectoryRow {
  // without links, toAdminUserJson leaves the ID images out
  return { ...toAdminUserJson(user, referrer), statusReason: user.statusReason, counts: counts ?? NO_COUNTS };
}

/** GET /api/users: a page of the directory and the number of users matching the filters. */
export async function listUserDirectory(
  db: Db,
  filters: UserDirectoryFilters,
  page: Page,
): Promise<{ rows: UserDirectoryRow[]; total: number }> {
  const where = userDirectoryWhere(filters);
  const [found, total] = await Promise.all([
    db
      .select({ user: users, referrer: referrers })
      .from(users)
      .leftJoin(referrers, eq(users.referralUserId, referrers.id))
      .where(where)
      .orderBy(...userSortOrderBy(filters.sort))
      .limit(page.limit)
      .offset(page.offset),
    db.$count(users, where),
  ]);
  const counts = await userCountsOf(
    db,
    found.map(({ user }) => user.id),
  );
  return {
    rows: found.map(({ user, referrer }) => directoryRowOf(user, referrer, counts.get(user.id))),
    total: Number(total),
  };
}

/** GET /api/users/{id}: the whole record (ID images as signed links), its counts and its history. */
export async function userRecordForAdmin(db: Db, id: string, link: PrivateLink): Promise<UserRecord> {
  const [found] = await db
    .select({ statusReason: users.statusReason, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  if (!found) throw new HttpError(404, MESSAGES.userNotFound);
  const [user, counts, history, payoutAccount] = await Promise.all([
    userForAdmin(db, id, link),
    userCountsOf(db, [id]),
    accountEvents(db, id, { withNotes: true }),
    found.role === 'agent' ? payoutAccountOnScreen(db, id) : null,
  ]);
  return { ...user, statusReason: found.statusReason, counts: counts.get(id) ?? NO_COUNTS, payoutAccount, history };
}
