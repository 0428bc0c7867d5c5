/**
 * The canonical keys of the rows written before drizzle/0015_canonical_paypal.sql (or by a process
 * of an older version since): the key of each order's buyer PayPal and of each payout's reference
 * (../canonical-key.ts). Computed here, in the API, because the TR39 table is the API's; run right
 * after the migrations (connection.ts migrate), before the API serves, and again on the
 * maintenance timer. Each run reads only the rows without a key (a partial index each), so a run
 * with none left costs two index probes.
 */
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { payoutReferenceKey, payPalKey } from '../canonical-key';
import { rowsOf } from './rows';

/** What the fill runs on: the database's raw queries (not ./connection.ts's Db, which runs the fill: no import cycle). */
type Executes = Pick<PgDatabase<PgQueryResultHKT>, 'execute'>;

/** How many rows one statement gives their key. */
export const CANONICAL_KEY_BATCH = 1000;

/**
 * Marks the key of a payout whose reference's key an earlier payout already has (two agents'
 * payouts `PP-ABC` and `pp-abc`, both made before keys were compared): no canonical key contains
 * it (canonicalText removes control characters), so the later payout keeps a key of its own,
 * which no new reference can take, and a new `PP-ABC` finds the earlier one.
 */
export const DUPLICATE_KEY_MARK = '\u0001';

/** Gives every order and payout without a key its key; answers how many of each got one. */
export async function fillCanonicalKeys(
  db: Executes,
  batch = CANONICAL_KEY_BATCH,
): Promise<{ orders: number; payouts: number }> {
  const filled = { orders: 0, payouts: 0 };
  for (;;) {
    const rows = rowsOf<{ id: string; value: string }>(
      await db.execute(sql`
        select id, buyer_pay_pal as value from orders where buyer_pay_pal_key is null order by id limit ${batch}`),
    );
    if (rows.length === 0) break;
    const keyed = JSON.stringify(rows.map((row) => ({ id: row.id, key: payPalKey(row.value) })));
    await db.execute(sql`
      update orders o set buyer_pay_pal_key = k.key
      from jsonb_to_recordset(${keyed}::jsonb) as k(id uuid, key text)
      where o.id = k.id and o.buyer_pay_pal_key is null`);
    filled.orders += rows.length;
    if (rows.length < batch) break;
  }
  // Payouts one by one, the oldest first: the first of a key keeps it (the unique index).
  for (;;) {
    const rows = rowsOf<{ id: string; reference: string }>(
      await db.execute(sql`
        select id, reference from payouts where reference_key is null order by created_at, id limit ${batch}`),
    );
    for (const row of rows) {
      const key = payoutReferenceKey(row.reference);
      const [kept] = rowsOf<{ id: string }>(
        await db.execute(sql`
          update payouts set reference_key = case
              when exists (select 1 from payouts p where p.reference_key = ${key}) then ${`${key}${DUPLICATE_KEY_MARK}${row.id}`}
              else ${key} end
          where id = ${row.id}::uuid and reference_key is null
          returning id`),
      );
      if (kept) filled.payouts += 1;
    }
    if (rows.length < batch) break;
  }
  return filled;
}
