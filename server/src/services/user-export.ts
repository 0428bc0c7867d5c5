/**
 * GET /api/users/export.csv: the directory (its filters and sort, ./user-directory.ts) as CSV,
 * every matching user, streamed like the orders export (./order-export.ts): batches of
 * USER_EXPORT_BATCH rows, each the rows after the last one sent in the sort's order (keyset on
 * the sort's columns, which end in the id), the next read only once the response has taken the
 * last one. Cells are formula-safe exactly as the orders export writes them (csvRecord). The
 * columns, in order, are documented in docs/domain.md, Accounts, Directory.
 */
import { Readable } from 'node:stream';
import { and, type SQL, sql } from 'drizzle-orm';
import type { CsvLanguage, UserCounts, UserSort } from 'shared-api/contract';
import { csvRecord } from '../csv-cells';
import type { Db } from '../db/connection';
import { type UserRow, users } from '../db/schema';
import { fullName } from '../serializers';
import {
  nameSortKey,
  type UserDirectoryFilters,
  userCountsOf,
  userDirectoryWhere,
  userSortOrderBy,
} from './user-directory';

export const USER_EXPORT_BATCH = 1000;

type ExportedUser = UserRow & { counts: UserCounts };

/** The columns of the file, in order: what an operator needs of an account, never an ID image or a secret. */
const COLUMNS = [
  ['User ID', (u) => u.id],
  ['Joined at', (u) => u.createdAt.toISOString()],
  ['Name', (u) => fullName(u)],
  ['Email', (u) => u.email],
  ['Phone', (u) => u.phoneNumber],
  ['Role', (u) => u.role],
  ['Status', (u) => u.status],
  ['Status reason', (u) => u.statusReason ?? ''],
  ['City', (u) => u.city],
  ['Country', (u) => u.state],
  ['Orders', (u) => String(u.counts.orders)],
  ['Unpaid commission', (u) => u.counts.unpaidCommission.toFixed(2)],
  ['Open flags', (u) => String(u.counts.openFlags)],
  ['Products', (u) => String(u.counts.products)],
] as const satisfies readonly (readonly [string, (user: ExportedUser) => string])[];

export const USER_EXPORT_HEADER = COLUMNS.map(([title]) => title);

/** The header row in Urdu, asked for with `?language=ur` (English is the default). */
const USER_EXPORT_HEADER_UR: Record<(typeof USER_EXPORT_HEADER)[number], string> = {
  'User ID': 'صارف آئی ڈی',
  'Joined at': 'شمولیت کا وقت',
  Name: 'نام',
  Email: 'ای میل',
  Phone: 'فون',
  Role: 'کردار',
  Status: 'حیثیت',
  'Status reason': 'حیثیت کی وجہ',
  City: 'شہر',
  Country: 'ملک',
  Orders: 'آرڈرز',
  'Unpaid commission': 'غیر ادا شدہ کمیشن',
  'Open flags': 'کھلے فلیگز',
  Products: 'پروڈکٹس',
};

/** The header row of a users file in `language`. */
export const userExportHeader = (language: CsvLanguage = 'en'): string[] =>
  language === 'ur' ? USER_EXPORT_HEADER.map((title) => USER_EXPORT_HEADER_UR[title]) : [...USER_EXPORT_HEADER];

const userRecord = (user: ExportedUser) => csvRecord(COLUMNS.map(([, cell]) => cell(user)));

interface Cursor {
  key: string;
  id: string;
}

/** The rows after the cursor (the last row sent), in the sort's direction. */
function afterCursor(sort: UserSort, cursor: Cursor): SQL {
  const descending = sort.startsWith('-');
  const key =
    sort === 'name' || sort === '-name'
      ? sql`(${nameSortKey}, ${users.id}) ${sql.raw(descending ? '<' : '>')} (${cursor.key}, ${cursor.id}::uuid)`
      : sql`(${users.createdAt}, ${users.id}) ${sql.raw(descending ? '<' : '>')} (${cursor.key}::timestamptz, ${cursor.id}::uuid)`;
  return key;
}

async function exportBatch(db: Db, filters: UserDirectoryFilters, limit: number, after?: Cursor) {
  const rows = await db
    .select({
      user: users,
      // the cursor as the database holds it (created_at in microseconds; a JS Date keeps milliseconds)
      cursorKey: (filters.sort === 'name' || filters.sort === '-name'
        ? nameSortKey
        : sql<string>`${users.createdAt}::text`) as SQL<string>,
    })
    .from(users)
    .where(and(userDirectoryWhere(filters), after ? afterCursor(filters.sort, after) : undefined))
    .orderBy(...userSortOrderBy(filters.sort))
    .limit(limit);
  const counts = await userCountsOf(
    db,
    rows.map(({ user }) => user.id),
  );
  return rows.map(({ user, cursorKey }) => ({
    user: { ...user, counts: counts.get(user.id) ?? { orders: 0, unpaidCommission: 0, openFlags: 0, products: 0 } },
    cursor: { key: cursorKey, id: user.id },
  }));
}

export interface UserExportOptions {
  /** rows per query (default USER_EXPORT_BATCH) */
  batchSize?: number;
  /** called after each batch is read, with its number (1, 2, ...) and its rows */
  onBatch?: (batch: number, rows: number) => void;
  /** the header row's language (English by default) */
  language?: CsvLanguage;
}

/**
 * The CSV of the users matching the filters, as a stream of UTF-8 text. The first batch is read
 * before this resolves, so that a failing query is the request's error (a JSON answer) rather
 * than a broken download; a later one destroys the stream.
 */
export async function openUserExport(
  db: Db,
  filters: UserDirectoryFilters,
  options: UserExportOptions = {},
): Promise<Readable> {
  const limit = options.batchSize ?? USER_EXPORT_BATCH;
  const first = await exportBatch(db, filters, limit);
  let batches = 1;
  options.onBatch?.(batches, first.length);

  async function* text(): AsyncGenerator<string> {
    let rows = first;
    let chunk = csvRecord(userExportHeader(options.language));
    for (;;) {
      for (const { user } of rows) chunk += userRecord(user);
      if (chunk) yield chunk;
      const last = rows.at(-1);
      if (!last || rows.length < limit) return;
      // a turn of the event loop between batches (PGlite answers without one; see order-export.ts)
      await new Promise((resolve) => setImmediate(resolve));
      rows = await exportBatch(db, filters, limit, last.cursor);
      options.onBatch?.(++batches, rows.length);
      chunk = '';
    }
  }
  // Bytes, not objects: the buffer is counted in bytes, and a batch is read only once it has drained.
  return Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 });
}
