/**
 * GET /api/orders/export.csv: the orders of a list (the caller's scope, the same filters and
 * sort, ./order-query.ts) as CSV, streamed: rows are read in batches of ORDER_EXPORT_BATCH, each
 * batch the rows after the last one sent in the sort's order (keyset on the sort's columns,
 * which end in (created_at, id)), so the export runs on PGlite and PostgreSQL alike, holds no
 * connection between batches, and its memory does not grow with the number of rows. The next
 * batch is read only when the response has taken the last one (the stream's backpressure);
 * a destroyed stream (the client went away) reads no more. See docs/domain.md, Dashboards and lists.
 */
import { Readable } from 'node:stream';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CsvLanguage, OrderSort } from 'shared-api/contract';
import { csvRecord } from '../csv-cells';
import type { Db } from '../db/connection';
import { preparedVariants, shapeVariant } from '../db/prepared';
import { type OrderRow, orders, products, type UserRow, users } from '../db/schema';
import {
  type OrderFilters,
  type OrderSearchShape,
  orderSearchShape,
  orderSearchValues,
  orderSearchWhere,
  orderSortKey,
  orderSortOrderBy,
  statementName,
} from './order-query';

export const ORDER_EXPORT_BATCH = 1000;

const agent = alias(users, 'agent');

/** What a row of the file reads: the order, its product's name and its agent. */
export type ExportedOrder = Pick<
  OrderRow,
  | 'id'
  | 'createdAt'
  | 'amzOrderNumber'
  | 'productId'
  | 'buyerName'
  | 'buyerPayPal'
  | 'reviewType'
  | 'agentStatus'
  | 'status'
  | 'comissionStatus'
  | 'comission'
  | 'updatedAt'
> & { productName: string; agentFirstName: string; agentLastName: string; agentEmail: string };

/** The select of an ExportedOrder (from orders joined to products and to users as `agent`). */
const exportedOrderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  amzOrderNumber: orders.amzOrderNumber,
  productName: products.name,
  productId: orders.productId,
  agentFirstName: agent.firstName,
  agentLastName: agent.lastName,
  agentEmail: agent.email,
  buyerName: orders.buyerName,
  buyerPayPal: orders.buyerPayPal,
  reviewType: orders.reviewType,
  agentStatus: orders.agentStatus,
  status: orders.status,
  comissionStatus: orders.comissionStatus,
  comission: orders.comission,
  updatedAt: orders.updatedAt,
};

/** The columns of the file, in order: what an operator needs of an order, never an image link. */
const COLUMNS = [
  ['Order ID', (r) => r.id],
  ['Created at', (r) => r.createdAt.toISOString()],
  ['Order number', (r) => r.amzOrderNumber],
  ['Product', (r) => r.productName],
  ['Product ID', (r) => r.productId],
  ['Agent', (r) => `${r.agentFirstName} ${r.agentLastName}`],
  ['Agent email', (r) => r.agentEmail],
  ['Buyer name', (r) => r.buyerName],
  ['Buyer PayPal', (r) => r.buyerPayPal],
  ['Review type', (r) => r.reviewType],
  ['Agent status', (r) => r.agentStatus],
  ['Status', (r) => r.status],
  ['Commission status', (r) => r.comissionStatus],
  ['Commission', (r) => r.comission.toFixed(2)],
  ['Updated at', (r) => r.updatedAt.toISOString()],
] as const satisfies readonly (readonly [string, (row: ExportedOrder) => string])[];

export const ORDER_EXPORT_HEADER = COLUMNS.map(([title]) => title);

/** The header row in Urdu, asked for with `?language=ur` (English is the default). */
const ORDER_EXPORT_HEADER_UR: Record<(typeof ORDER_EXPORT_HEADER)[number], string> = {
  'Order ID': 'آرڈر آئی ڈی',
  'Created at': 'بنانے کا وقت',
  'Order number': 'آرڈر نمبر',
  Product: 'پروڈکٹ',
  'Product ID': 'پروڈکٹ آئی ڈی',
  Agent: 'ایجنٹ',
  'Agent email': 'ایجنٹ کی ای میل',
  'Buyer name': 'خریدار کا نام',
  'Buyer PayPal': 'خریدار کا PayPal',
  'Review type': 'ریویو کی قسم',
  'Agent status': 'ایجنٹ اسٹیٹس',
  Status: 'اسٹیٹس',
  'Commission status': 'کمیشن اسٹیٹس',
  Commission: 'کمیشن',
  'Updated at': 'آخری تبدیلی',
};

/** The header row of an orders file in `language`. */
export const orderExportHeader = (language: CsvLanguage = 'en'): string[] =>
  language === 'ur' ? ORDER_EXPORT_HEADER.map((title) => ORDER_EXPORT_HEADER_UR[title]) : [...ORDER_EXPORT_HEADER];

/** One order's record of the file. */
const orderRecord = (row: ExportedOrder) => csvRecord(COLUMNS.map(([, cell]) => cell(row)));

/**
 * The file of a few orders read at once (a payout's, at most MAX_PAYOUT_ORDERS): the same header
 * and rows as the streamed export, the orders matching `where` in the order given.
 */
export async function exportedOrdersCsv(
  db: Db,
  where: SQL,
  orderBy: SQL[],
  language: CsvLanguage = 'en',
): Promise<string> {
  const rows = await db
    .select(exportedOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(agent, eq(agent.id, orders.agentId))
    .where(where)
    .orderBy(...orderBy);
  return csvRecord(orderExportHeader(language)) + rows.map(orderRecord).join('');
}

type ExportShape = OrderSearchShape & { after: boolean };

/** The rows after the cursor (the last row sent), in the sort's direction. */
function afterCursor(sort: OrderSort): SQL {
  const { columns, descending } = orderSortKey(sort);
  const cursor = columns.map((column) =>
    column === orders.comission
      ? sql`${sql.placeholder('afterComission')}::numeric`
      : column === orders.createdAt
        ? sql`${sql.placeholder('afterCreatedAt')}::timestamptz`
        : sql`${sql.placeholder('afterId')}::uuid`,
  );
  return sql`(${sql.join(columns, sql`, `)}) ${sql.raw(descending ? '<' : '>')} (${sql.join(cursor, sql`, `)})`;
}

const exportBatch = preparedVariants('order_export_batch', shapeVariant, (db, name, shape: ExportShape) =>
  db
    .select({
      ...exportedOrderColumns,
      // the cursor as the database holds it (microseconds; a JS Date keeps milliseconds)
      cursorCreatedAt: sql<string>`${orders.createdAt}::text`,
      cursorComission: sql<string>`${orders.comission}::text`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(agent, eq(agent.id, orders.agentId))
    .where(and(orderSearchWhere(shape), shape.after ? afterCursor(shape.sort) : undefined))
    .orderBy(...orderSortOrderBy(shape.sort))
    .limit(sql.placeholder('limit'))
    .prepare(statementName(name, shape)),
);

export interface OrderExportOptions {
  /** rows per query (default ORDER_EXPORT_BATCH) */
  batchSize?: number;
  /** called after each batch is read, with its number (1, 2, ...) and its rows */
  onBatch?: (batch: number, rows: number) => void;
  /** called once no more batches will be read (all sent, the stream destroyed, or a query failed) */
  onEnd?: (batches: number) => void;
  /** the header row's language (English by default) */
  language?: CsvLanguage;
}

/**
 * The CSV of the orders the user may see that match the filters, as a stream of UTF-8 text.
 * The first batch is read before this resolves, so that a failing query is the request's
 * error (a JSON answer) rather than a broken download; a later one destroys the stream.
 */
export async function openOrderExport(
  db: Db,
  user: Pick<UserRow, 'id' | 'role'>,
  filters: OrderFilters,
  options: OrderExportOptions = {},
): Promise<Readable> {
  const limit = options.batchSize ?? ORDER_EXPORT_BATCH;
  const shape: ExportShape = { ...orderSearchShape(user.role, filters), after: false };
  const values = { ...(await orderSearchValues(db, user, filters)), limit };
  const first = await exportBatch(db, shape).execute(values);
  let batches = 1;
  options.onBatch?.(batches, first.length);

  async function* text(): AsyncGenerator<string> {
    try {
      let rows = first;
      let chunk = csvRecord(orderExportHeader(options.language));
      for (;;) {
        for (const row of rows) chunk += orderRecord(row);
        if (chunk) yield chunk;
        const last = rows.at(-1);
        if (!last || rows.length < limit) return;
        // A turn of the event loop between batches: PGlite answers without one, so without it a
        // long export would hold every other request, and a client's disconnect, until its end.
        await new Promise((resolve) => setImmediate(resolve));
        rows = await exportBatch(db, { ...shape, after: true }).execute({
          ...values,
          afterCreatedAt: last.cursorCreatedAt,
          afterComission: last.cursorComission,
          afterId: last.id,
        });
        options.onBatch?.(++batches, rows.length);
        chunk = '';
      }
    } finally {
      options.onEnd?.(batches);
    }
  }
  // Bytes, not objects: the buffer is counted in bytes, and a batch is read only once it has drained.
  return Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 });
}
