/**
 * Keeping the stored images (store.ts) and their rows in order:
 * - deleteUnusedUploads (on the maintenance timer): uploads nothing took within a day (a form
 *   left half-filled), ID card images no registration claimed within an hour (they come without
 *   a token, so anyone can send them), and public images no product, order or user refers to
 *   any more (a product's replaced thumbnail), once a day has passed since they were last
 *   attached. Private images an order took stay: proof of an order is kept.
 * - placeUploadFiles (at start-up): moves each image to the place its row's privacy names, for
 *   a move a crash interrupted, or rows a migration changed.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { ImageStore } from './store';

/** How long an upload may wait to be attached, and a public one may stay unreferenced. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** How long an ID card image (uploaded without a token) may wait for its registration. */
export const UNCLAIMED_ID_IMAGE_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * An upload's key in a stored image field, as a SQL regular expression: the bare key (how image
 * fields keep our uploads), or a link to it (public or private, any host) in older rows.
 */
const KEY_IN_URL = '(?:^|/(?:uploads|api/private)/)([0-9a-f]{32}\\.(?:png|jpg|webp|gif))(?:\\?[^/]*)?$';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Keys of uploads products show, and users' ID card images. */
const keysProductsAndUsersShow = sql`(
  select substring(s.v from ${KEY_IN_URL}) from "products" p cross join lateral (values (p."image"), (p."amz_image")) s(v)
  where substring(s.v from ${KEY_IN_URL}) is not null
  union all select "cnic_front" from "users" where "cnic_front" is not null
  union all select "cnic_back" from "users" where "cnic_back" is not null
)`;

/**
 * What may go: never attached for a day, or public and not attached for a day; an ID card image
 * no registration claimed (claiming sets its owner and attached_at) for an hour.
 */
const unused = ({ cutoff, idCutoff }: Cutoffs): SQL => sql`(("created_at" < ${cutoff}
  and ("attached_at" is null or (not "private" and "attached_at" < ${cutoff})))
  or ("purpose" = 'cnic' and "owner_id" is null and "attached_at" is null and "created_at" < ${idCutoff}))`;

interface Cutoffs {
  cutoff: Date;
  idCutoff: Date;
}

/**
 * Deletes the unused uploads (older than a day; unclaimed ID card images older than an hour): rows first, in one statement that checks again
 * what made each one unused (an attachment meanwhile holds the row's lock and sets attached_at,
 * so it wins), then their files. In that order a crash leaves a file without a row (space, and
 * nothing links to it), never a row whose file is gone (a link that would attach and then 404).
 */
export async function deleteUnusedUploads(
  db: Db,
  images: ImageStore,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ deleted: number }> {
  const cutoffs: Cutoffs = {
    cutoff: new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS),
    idCutoff: new Date(now.getTime() - UNCLAIMED_ID_IMAGE_GRACE_MS),
  };
  let deleted = 0;
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const candidates = rowsOf<{ id: string; key: string; attached: boolean; created_at: string }>(
      await db.execute(sql`select "id", "key", "attached_at" is not null as "attached", "created_at"::text as "created_at"
        from "uploads"
        where ${unused(cutoffs)}
          ${after ? sql`and ("created_at", "id") > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
          and "key" not in ${keysProductsAndUsersShow}
        order by "created_at", "id" limit ${BATCH}`),
    );
    const last = candidates.at(-1);
    if (!last) break;
    after = { createdAt: last.created_at, id: last.id };

    // Orders take private uploads, and public ones (an image of their uploader's product) only
    // rarely: only uploads attached before are looked for there, in one pass over the orders.
    const attached = candidates.filter((c) => c.attached).map((c) => c.key);
    const inOrders = new Set(
      attached.length === 0
        ? []
        : rowsOf<{ key: string }>(
            await db.execute(sql`select distinct k as "key" from (
              select substring(s.v from ${KEY_IN_URL}) as k from "orders" o cross join lateral
                (values (o."order_screenshot"), (o."refund_shot"), (o."review_screen_shot"), (o."feedback_screen_shot")) s(v)
            ) shown where k in ${attached}`),
          ).map((row) => row.key),
    );
    const ids = candidates.filter((c) => !inOrders.has(c.key)).map((c) => c.id);
    if (ids.length > 0) {
      const gone = rowsOf<{ key: string }>(
        await db.execute(sql`delete from "uploads" where "id" in ${ids} and ${unused(cutoffs)}
          and "key" not in ${keysProductsAndUsersShow} returning "key"`),
      );
      for (const { key } of gone) await images.remove(key);
      deleted += gone.length;
    }
    if (candidates.length < BATCH) break;
  }
  return { deleted };
}

/**
 * Moves every image whose row says otherwise to its row's place (private or public). Images
 * without a row are left alone: a DATA_DIR opened with another database must not lose them.
 */
export async function placeUploadFiles(db: Db, images: ImageStore): Promise<{ moved: number }> {
  let moved = 0;
  for (let after = ''; ; ) {
    const batch = await images.list(after, BATCH);
    const last = batch.at(-1);
    if (!last) break;
    after = last.key;
    for (const inPrivate of [true, false]) {
      const keys = batch.filter((image) => image.private === inPrivate).map((image) => image.key);
      if (keys.length === 0) continue;
      const misplaced = rowsOf<{ key: string }>(
        await db.execute(sql`select "key" from "uploads" where "key" in ${keys} and "private" = ${!inPrivate}`),
      );
      for (const { key } of misplaced) if (await images.place(key, !inPrivate)) moved += 1;
    }
    if (batch.length < BATCH) break;
  }
  return { moved };
}
