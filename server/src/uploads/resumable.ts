/**
 * Uploads that resume (tus 1.0; the routes: routes/uploads-resumable.ts; docs/domain.md, Images,
 * Uploads that resume). The bytes received so far live in the resumable_uploads table, in the
 * database every API process shares, whichever image store keeps finished images: a chunk sent
 * to one process and the next to another find the same offset, on PGlite and PostgreSQL alike.
 * - A chunk is appended by one conditional UPDATE ... WHERE octet_length(bytes) = <its offset>:
 *   the row lock it takes makes a second PATCH at the same offset wait, and then find the offset
 *   moved (409), so two chunks never interleave.
 * - The chunk that completes the file finishes it: the bytes go through POST /api/uploads' own
 *   checks (services/uploads.ts saveUpload: a real image, re-encoded, private, size and pixel
 *   limits) and the row keeps the new upload's key (its bytes emptied).
 * - Unfinished or not, a row is deleted a day after it was created (deleteStaleResumableUploads).
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { MAX_OPEN_RESUMABLE_UPLOADS, RESUMABLE_MESSAGES, RESUMABLE_UPLOAD_TTL_MS } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { resumableUploads, type UserRow, uploads } from '../db/schema';
import { HttpError } from '../http-error';
import { saveUpload } from '../services/uploads';
import type { DecodeQueue } from './decode-queue';
import type { ImageStore } from './store';

type Owner = Pick<UserRow, 'id'>;

export interface ResumableState {
  length: number;
  offset: number;
  /** the finished upload's key; undefined while bytes are missing */
  uploadKey: string | undefined;
}

/** Starts an upload of `length` bytes; at most MAX_OPEN_RESUMABLE_UPLOADS unfinished per account (the oldest go). */
export async function createResumableUpload(
  db: Db,
  owner: Owner,
  { length, filename, fileType }: { length: number; filename?: string | undefined; fileType?: string | undefined },
): Promise<string> {
  const [row] = await db
    .insert(resumableUploads)
    .values({ ownerId: owner.id, length, filename: filename ?? null, fileType: fileType ?? null })
    .returning({ id: resumableUploads.id });
  if (!row) throw new Error('insert returned no row');
  // Each unfinished upload may hold up to 5 MB of the database: an account keeps a few at once.
  const open = await db
    .select({ id: resumableUploads.id })
    .from(resumableUploads)
    .where(and(eq(resumableUploads.ownerId, owner.id), isNull(resumableUploads.uploadKey)))
    .orderBy(asc(resumableUploads.createdAt), asc(resumableUploads.id));
  const surplus = open.slice(0, Math.max(0, open.length - MAX_OPEN_RESUMABLE_UPLOADS)).map((r) => r.id);
  for (const id of surplus) {
    if (id !== row.id) await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
  }
  return row.id;
}

/** The caller's own upload's state; another account's, or an unknown id, is a 404. */
export async function findResumableUpload(db: Db, owner: Owner, id: string): Promise<ResumableState> {
  const [row] = await db
    .select({
      length: resumableUploads.length,
      stored: sql<number>`octet_length(${resumableUploads.bytes})`.mapWith(Number),
      uploadKey: resumableUploads.uploadKey,
    })
    .from(resumableUploads)
    .where(and(eq(resumableUploads.id, id), eq(resumableUploads.ownerId, owner.id)))
    .limit(1);
  if (!row) throw new HttpError(404, RESUMABLE_MESSAGES.notFound);
  return {
    length: row.length,
    offset: row.uploadKey ? row.length : row.stored,
    uploadKey: row.uploadKey ?? undefined,
  };
}

export interface ChunkServices {
  images: ImageStore;
  decodeQueue: DecodeQueue;
}

/**
 * Appends `chunk` at `offset` (the caller's own upload, unfinished), and finishes the upload
 * when the file is whole. Answers the new offset. A chunk past the end is a 413; one at another
 * offset than the stored length a 409 (nothing stored). An empty chunk at the end finishes a
 * whole file whose finishing failed before (the server was busy decoding).
 */
export async function appendResumableChunk(
  db: Db,
  services: ChunkServices,
  owner: Owner,
  id: string,
  offset: number,
  chunk: Buffer,
): Promise<ResumableState> {
  const state = await findResumableUpload(db, owner, id);
  if (offset !== state.offset) throw new HttpError(409, RESUMABLE_MESSAGES.offsetMismatch);
  if (offset + chunk.length > state.length) throw new HttpError(413, RESUMABLE_MESSAGES.chunkTooLarge);
  if (state.uploadKey) return state;
  let stored = state.offset;
  if (chunk.length > 0) {
    // The decision (the offset) is checked again under the row lock the UPDATE takes.
    const [appended] = await db
      .update(resumableUploads)
      .set({ bytes: sql`${resumableUploads.bytes} || ${sql.param(chunk, resumableUploads.bytes)}` })
      .where(
        and(
          eq(resumableUploads.id, id),
          eq(resumableUploads.ownerId, owner.id),
          isNull(resumableUploads.uploadKey),
          sql`octet_length(${resumableUploads.bytes}) = ${offset}`,
        ),
      )
      .returning({ stored: sql<number>`octet_length(${resumableUploads.bytes})`.mapWith(Number) });
    if (!appended) throw new HttpError(409, RESUMABLE_MESSAGES.offsetMismatch);
    stored = appended.stored;
  }
  if (stored < state.length) return { ...state, offset: stored };
  return { length: state.length, offset: state.length, uploadKey: await finish(db, services, owner, id) };
}

/** Turns the whole file into an upload as POST /api/uploads does; answers its key. */
async function finish(db: Db, services: ChunkServices, owner: Owner, id: string): Promise<string> {
  const [row] = await db
    .select({ bytes: resumableUploads.bytes })
    .from(resumableUploads)
    .where(and(eq(resumableUploads.id, id), isNull(resumableUploads.uploadKey)))
    .limit(1);
  if (!row) return (await findResumableUpload(db, owner, id)).uploadKey ?? notFound();
  let key: string;
  try {
    key = await saveUpload(db, services, row.bytes, owner);
  } catch (error) {
    // Not an image, too many pixels, too large once re-encoded: sending it again cannot help, so
    // the bytes go. A busy server (503) keeps them: an empty PATCH at the end finishes later.
    if (error instanceof HttpError && error.statusCode < 500) {
      await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
    }
    throw error;
  }
  const [done] = await db
    .update(resumableUploads)
    .set({ uploadKey: key, bytes: sql`''::bytea` })
    .where(and(eq(resumableUploads.id, id), isNull(resumableUploads.uploadKey)))
    .returning({ uploadKey: resumableUploads.uploadKey });
  if (done) return key;
  // Another request finished it first (two empty PATCHes at the end): its upload stands, ours goes.
  await db.delete(uploads).where(eq(uploads.key, key));
  await services.images.remove(key);
  return (await findResumableUpload(db, owner, id)).uploadKey ?? notFound();
}

const notFound = (): never => {
  throw new HttpError(404, RESUMABLE_MESSAGES.notFound);
};

/**
 * The finished upload's key behind an upload URL an order was sent (docs/domain.md, Images):
 * undefined when the value is no such URL; a 400 when that upload is not the caller's (or is gone),
 * or not finished.
 */
export async function resumableUploadKey(
  db: Pick<Db, 'select'>,
  owner: Owner,
  value: string,
): Promise<string | undefined> {
  const id = resumableIdFromUrl(value);
  if (!id) return undefined;
  const [row] = await db
    .select({ uploadKey: resumableUploads.uploadKey })
    .from(resumableUploads)
    .where(and(eq(resumableUploads.id, id), eq(resumableUploads.ownerId, owner.id)))
    .limit(1);
  // gone (a day old, deleted) or another account's: say so, not that it is still uploading
  if (!row) throw new HttpError(400, RESUMABLE_MESSAGES.notFound);
  if (!row.uploadKey) throw new HttpError(400, RESUMABLE_MESSAGES.screenshotStillUploading);
  return row.uploadKey;
}

const RESUMABLE_URL =
  /^(?:.*\/)?api\/uploads\/resumable\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The id in an upload URL (`.../api/uploads/resumable/<id>`, any host), or undefined. */
export function resumableIdFromUrl(value: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(value, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  return RESUMABLE_URL.exec(pathname)?.[1]?.toLowerCase();
}

/** Deletes uploads created more than a day ago, finished or not (their finished images are uploads rows of their own). */
export async function deleteStaleResumableUploads(
  db: Db,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ deleted: number }> {
  const gone = await db
    .delete(resumableUploads)
    .where(lt(resumableUploads.createdAt, new Date(now.getTime() - RESUMABLE_UPLOAD_TTL_MS)))
    .returning({ id: resumableUploads.id });
  return { deleted: gone.length };
}
