/**
 * Edits and versions (docs/domain.md): a product or an order edit sent with the version it was
 * loaded at applies only while the row is still at that version. The guard itself is in each
 * edit's UPDATE (`WHERE id = $1 AND version = $2 RETURNING`); this module says who changed the
 * record since, and when, for the 409.
 */
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import { changedSinceLoaded, MESSAGES } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orderEvents, orders, products, users } from '../db/schema';
import { builtTranslations } from '../http/language';
import { HttpError } from '../http-error';
import { fullName } from '../serializers';

type Reader = Pick<Db, 'select'>;

/** `version = sent` when the edit sent one; nothing to add when it did not (today's behaviour). */
export const atVersion = (column: typeof products.version | typeof orders.version, sent: number | undefined) =>
  sent === undefined ? undefined : eq(column, sent);

/** Whether an edit loaded at `sent` is behind the row as read (never when it sent no version). */
export const isBehind = (stored: { version: number }, sent: number | undefined): boolean =>
  sent !== undefined && stored.version !== sent;

function refusal(record: 'product' | 'order', by: string | null, at: Date, version: number): HttpError {
  return new HttpError(
    409,
    changedSinceLoaded(record, by, at),
    { changed: { by: by || 'someone', at: at.toISOString(), version } },
    builtTranslations((b) => b.changedSinceLoaded(record, by, at)),
  );
}

/** The 409 of a product edit loaded at an older version: who changed it last, and when. */
export async function productChangedSince(db: Reader, productId: string): Promise<HttpError> {
  const [row] = await db
    .select({
      version: products.version,
      at: products.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(products)
    .leftJoin(users, eq(users.id, products.updatedBy))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) return new HttpError(404, MESSAGES.productNotFound);
  const { firstName, lastName } = row;
  const by = firstName === null || lastName === null ? null : fullName({ firstName, lastName });
  return refusal('product', by, row.at, row.version);
}

/** Events that change no field of the order (a fraud flag dismissed) do not name who changed it. */
const changedTheRow: SQL | undefined = ne(orderEvents.action, 'flag-dismissed');

/** The 409 of an order edit loaded at an older version: the actor and time of its latest change. */
export async function orderChangedSince(db: Reader, orderId: string): Promise<HttpError> {
  const [order] = await db
    .select({ version: orders.version, updatedAt: orders.updatedAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return new HttpError(404, MESSAGES.orderNotFound);
  const [latest] = await db
    .select({ by: orderEvents.actorName, at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), changedTheRow))
    .orderBy(desc(orderEvents.at), desc(orderEvents.seq))
    .limit(1);
  return refusal('order', latest?.by ?? null, latest?.at ?? order.updatedAt, order.version);
}
