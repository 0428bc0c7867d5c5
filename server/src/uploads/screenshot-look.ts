/**
 * The picture comparison at upload time (docs/domain.md, Fraud signals, "Two looks"): each
 * upload's perceptual hash and detail picture, kept beside it; the second look at an upload the
 * hash finds like others, which keeps the pairs found the same picture (placing an order reads
 * them, ../services/order-signals.ts); and the hashing of screenshots uploaded before the signals
 * began. Nothing here flags an order.
 */
import { sql } from 'drizzle-orm';
import { MAX_FLAG_RELATED_ORDERS } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { rowsOf } from '../db/rows';
import { uploadImageHashes, uploadSamePictures } from '../db/schema';
import {
  alignedDistance,
  detailPicture,
  packDetail,
  prepareDetail,
  SAME_DETAIL_MAX,
  unpackDetail,
} from './image-detail';
import { perceptualHash } from './image-hash';
import type { ImageStore } from './store';

/**
 * Two screenshot hashes at most this many bits apart may be the same picture (a copy saved again
 * differs by 0-6 bits, one lightly edited as well (a border, a shift, a crop, a rotation of a
 * degree) by up to 12, 11 or less in 199 of 200 measured; a different picture by 20 or more,
 * another page of one layout by 0-4: the second look decides). The hash is cut into four 16-bit
 * bands (drizzle/0009_fraud_signals.sql): hashes this close have a band at most two bits apart
 * (11 < 3 x 4), so the GIN index on upload_image_hashes finds every candidate among the 548
 * probes (phash_probes, drizzle/0020_phash_probes_two_bits.sql) before the bits are counted.
 */
export const SAME_PICTURE_MAX_BITS = 11;

/** What the checks keep of an upload's picture: its perceptual hash and its detail picture, or neither. */
export interface UploadLook {
  phash: bigint | null;
  detail: Buffer | null;
}

/**
 * The hash and the detail picture of an image (the re-encoded upload): neither for a picture
 * without detail (a flat colour, which every other flat colour would match) or one that cannot
 * be decoded.
 */
export async function lookAt(image: Buffer): Promise<UploadLook> {
  try {
    const phash = await perceptualHash(image);
    if (phash === undefined) return { phash: null, detail: null };
    return { phash, detail: packDetail(await detailPicture(image)) };
  } catch {
    return { phash: null, detail: null };
  }
}

/**
 * Keeps an upload's hash and detail picture (POST /api/uploads, after its row is in), or a row
 * with neither for a picture without detail (compared by its upload only).
 */
export async function recordUploadHash(db: Pick<Db, 'execute'>, key: string, look: UploadLook): Promise<void> {
  await db.execute(sql`
    insert into ${uploadImageHashes} (key, phash, detail, bands, uploaded_at)
    select u.key, ${look.phash}::bigint, ${look.detail}::bytea, phash_bands(${look.phash}::bigint), u.created_at
    from uploads u where u.key = ${key}
    on conflict do nothing`);
}

/** How many screenshots one maintenance run hashes at most (each is decoded: CPU, not the database). */
export const SCREENSHOT_HASH_BATCH = 200;

/**
 * Hashes the order screenshots uploaded before the signals began (on the maintenance timer, a
 * batch a run): each upload an order names that has no hash row yet is read from the image store
 * and gets its hash and detail picture, or a row with neither when it has no detail or cannot be
 * read (so it is tried once). An upload made after it is then looked at beside it. No flag is
 * raised here: an earlier order is flagged when a later one matches it (docs/domain.md, Fraud
 * signals).
 */
export async function hashOldScreenshots(
  db: Db,
  images: Pick<ImageStore, 'read'>,
  { batch = SCREENSHOT_HASH_BATCH, stopped = () => false }: { batch?: number; stopped?: () => boolean } = {},
): Promise<{ hashed: number; withoutHash: number }> {
  const keys = rowsOf<{ key: string }>(
    await db.execute(sql`
      select distinct s.upload_key as key from order_screenshots s
      where not exists (select 1 from ${uploadImageHashes} h where h.key = s.upload_key)
        and exists (select 1 from uploads u where u.key = s.upload_key)
      order by s.upload_key limit ${batch}`),
  ).map((row) => row.key);
  const counts = { hashed: 0, withoutHash: 0 };
  for (const key of keys) {
    if (stopped()) break;
    const stored = await images.read(key);
    const look = stored ? await lookAt(stored.data) : { phash: null, detail: null };
    await recordUploadHash(db, key, look);
    counts[look.phash === null ? 'withoutHash' : 'hashed'] += 1;
  }
  return counts;
}

/**
 * hashOldScreenshots batch after batch, until none is left or `stopped()` says the API is
 * stopping: what the API runs in the background at start-up, so that after an upgrade that
 * cleared the hashes (drizzle/0012_upload_hash_none.sql) every order screenshot has one again
 * without waiting for the maintenance timer.
 */
export async function hashAllOldScreenshots(
  db: Db,
  images: Pick<ImageStore, 'read'>,
  { batch = SCREENSHOT_HASH_BATCH, stopped = () => false }: { batch?: number; stopped?: () => boolean } = {},
): Promise<{ hashed: number; withoutHash: number }> {
  const total = { hashed: 0, withoutHash: 0 };
  while (!stopped()) {
    const counts = await hashOldScreenshots(db, images, { batch, stopped });
    total.hashed += counts.hashed;
    total.withoutHash += counts.withoutHash;
    if (counts.hashed + counts.withoutHash < batch) break;
  }
  return total;
}

/**
 * The second look (docs/domain.md, Fraud signals, "Two looks") compares at most this many
 * uploads with each new one (a few milliseconds each, when the picture is uploaded).
 */
export const MAX_SECOND_LOOKS = 12;
/**
 * When the hash finds MAX_FLAG_RELATED_ORDERS uploads or more (a layout many screenshots share),
 * the second look goes to the newest instead: the uploader's and everyone's, of this many each.
 */
export const BUSY_LAYOUT_DEPTH = 200;

interface Candidate extends Record<string, unknown> {
  other_key: string;
  same_owner: boolean;
  uploaded_at: string | Date;
}

/**
 * The second look at an upload just hashed (after its hash row is in, outside any transaction):
 * the uploads the hash calls the same picture (at most 11 bits apart, found by their bands), the
 * uploader's first, then the newest, MAX_SECOND_LOOKS at most; when the hash finds so many that
 * it stopped counting, the uploader's and everyone's newest (BUSY_LAYOUT_DEPTH). Each is
 * compared picture to picture, lined up on this one first (alignedDistance at most SAME_DETAIL_MAX; one without a detail
 * picture keeps the hash's word), and those found the same picture are kept as pairs, both
 * ways, which placing an order reads. Two uploads at once each write their hash before they
 * look, so at least one of them sees the other. Answers the keys found the same picture.
 */
export async function lookForSamePictures(
  db: Pick<Db, 'execute'>,
  key: string,
  ownerId: string,
  look: UploadLook,
): Promise<string[]> {
  if (look.phash === null) return [];
  const limit = MAX_FLAG_RELATED_ORDERS;
  const close = sql`h.key <> ${key} and h.phash is not null
    and bit_count((h.phash # ${look.phash}::bigint)::bit(64)) <= ${SAME_PICTURE_MAX_BITS}`;
  const owned = sql`exists (select 1 from uploads u where u.key = h.key and u.owner_id = ${ownerId}::uuid)`;
  const candidates = rowsOf<Candidate>(
    await db.execute(sql`
      select h.key as other_key, ${owned} as same_owner, h.uploaded_at from ${uploadImageHashes} h
      where h.bands && phash_probes(${look.phash}::bigint) and ${close}
      limit ${limit}`),
  );
  if (candidates.length === 0) return [];
  if (candidates.length >= limit) {
    candidates.push(
      ...rowsOf<Candidate>(
        await db.execute(sql`
          (select h.key as other_key, true as same_owner, h.uploaded_at
            from (select u.key from uploads u where u.owner_id = ${ownerId}::uuid
                  order by u.created_at desc limit ${BUSY_LAYOUT_DEPTH}) mine
            join ${uploadImageHashes} h on h.key = mine.key
            where ${close} order by h.uploaded_at desc limit ${MAX_SECOND_LOOKS})
          union all
          (select h.key, ${owned}, h.uploaded_at
            from (select n.key from ${uploadImageHashes} n where n.phash is not null
                  order by n.uploaded_at desc limit ${BUSY_LAYOUT_DEPTH}) newest
            join ${uploadImageHashes} h on h.key = newest.key
            where ${close} order by h.uploaded_at desc limit ${MAX_SECOND_LOOKS})`),
      ),
    );
  }
  const time = (row: Candidate) => new Date(row.uploaded_at).getTime();
  candidates.sort((a, b) => Number(b.same_owner) - Number(a.same_owner) || time(b) - time(a));
  const looked = [...new Set(candidates.map((row) => row.other_key))].slice(0, MAX_SECOND_LOOKS);
  const detail = look.detail ? unpackDetail(look.detail) : undefined;
  // what every comparison of this upload's picture shares, worked out once
  const mine = detail ? prepareDetail(detail) : undefined;
  const details = rowsOf<{ key: string; detail: Uint8Array | null }>(
    await db.execute(sql`
      select h.key, h.detail from ${uploadImageHashes} h
      where h.key = any(${`{${looked.join(',')}}`}::text[])`),
  );
  const same: string[] = [];
  for (const { key: other, detail } of details) {
    const theirs = detail ? unpackDetail(detail) : undefined;
    if (!mine || !theirs || alignedDistance(mine, theirs, SAME_DETAIL_MAX) <= SAME_DETAIL_MAX) same.push(other);
    // a comparison holds the event loop for a few milliseconds: other requests go between two
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (same.length > 0) {
    const pairs = same.flatMap((other) => [sql`(${key}, ${other})`, sql`(${other}, ${key})`]);
    await db.execute(sql`
      insert into ${uploadSamePictures} (key, other_key) values ${sql.join(pairs, sql`, `)}
      on conflict do nothing`);
  }
  return same;
}
