/**
 * Attaching uploads to what shows them. POST /api/uploads keeps every image private to its
 * uploader; a product or an order takes it when one of its image fields is set to a link to it:
 * - only the uploader may attach it (a link someone else received is refused), and never a
 *   registration's ID card image;
 * - a product makes it public (every agent sees product images), an order keeps it private
 *   (proof screenshots show buyers' names and addresses); either stores the upload's key, never
 *   a URL: answers build the URL from API_PUBLIC_URL (urls.ts), a private one as a short-lived
 *   signed link;
 * - the row's attached_at is set, so the clean-up (housekeeping.ts) leaves it alone.
 * A value that does not change is not looked at again (forms send every field back, also an
 * image someone else uploaded, as an admin editing a manager's product does). A product's links
 * that are not ours (Firebase Storage, other sites) are stored as they come; an order's images are
 * proof, so they are our uploads or links into the configured Firebase Storage bucket, can be
 * replaced but not removed, and an upload proves one order only (attachOrderImage).
 * Call it inside the transaction that stores the value: the row lock taken here makes the
 * clean-up wait for the commit, and a refusal rolls everything back.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { MESSAGES } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { transactionStatement } from '../db/prepared';
import { type UserRow, uploads } from '../db/schema';
import { HttpError } from '../http-error';
import { resumableUploadKey } from './resumable';
import type { ImageStore } from './store';
import { isFirebaseStorageLink, uploadKeyFromUrl } from './urls';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

/** The image fields, as a person knows them (the refusals name the field). */
export const IMAGE_FIELD_LABELS = {
  image: 'The thumbnail',
  amzImage: 'The Amazon image',
  orderScreenshot: 'The order screenshot',
  reviewScreenShot: 'The review screenshot',
  FeedbackScreenShot: 'The feedback screenshot',
  refundShot: 'The refund screenshot',
} as const;
export type ImageField = keyof typeof IMAGE_FIELD_LABELS;

export const ATTACH_REFUSALS = {
  notFound: (field: ImageField) =>
    `${IMAGE_FIELD_LABELS[field]} is no longer on the server. Choose the image again and upload it.`,
  notOwn: (field: ImageField) =>
    `${IMAGE_FIELD_LABELS[field]} was uploaded by someone else. Choose the image on your device and upload it yourself.`,
  idCard: (field: ImageField) =>
    `${IMAGE_FIELD_LABELS[field]} cannot be an ID card image uploaded for registration. Choose another image.`,
} as const;

/** The same image: the same string, or the same upload (its key, or links to it: a fresh signature, another host). */
export function sameImage(a: string, b: string): boolean {
  if (a === b) return true;
  const key = uploadKeyFromUrl(a);
  return key !== undefined && key === uploadKeyFromUrl(b);
}

export interface AttachImage {
  field: ImageField;
  /** what the request sets */
  value: string;
  /** what is stored now ('' for a new product or order) */
  stored: string;
}

/** The upload row of a key, locked: built once, named (../db/prepared.ts transactionStatement). */
const uploadForUpdate = transactionStatement('attach_upload_lock', (tx, name) =>
  tx
    .select({ id: uploads.id, ownerId: uploads.ownerId, private: uploads.private, purpose: uploads.purpose })
    .from(uploads)
    .where(eq(uploads.key, sql.placeholder('key')))
    .limit(1)
    .for('update')
    .prepare(name),
);

/** An upload taken by an order, unless another order took it: built once, named. */
const attachToOrder = transactionStatement('attach_upload_order', (tx, name) =>
  tx
    .update(uploads)
    .set({ attachedAt: sql`now()`, orderId: sql`${sql.placeholder('orderId')}` })
    .where(
      and(
        eq(uploads.id, sql.placeholder('id')),
        or(isNull(uploads.orderId), eq(uploads.orderId, sql.placeholder('orderId'))),
      ),
    )
    .returning({ id: uploads.id })
    .prepare(name),
);

/** The upload row behind a new value, locked, after the checks every attachment makes. */
async function lockOwnUpload(tx: Tx, caller: Pick<UserRow, 'id'>, field: ImageField, key: string) {
  const [upload] = await uploadForUpdate(tx).execute({ key });
  if (!upload) throw new HttpError(400, ATTACH_REFUSALS.notFound(field));
  if (upload.purpose === 'cnic') throw new HttpError(400, ATTACH_REFUSALS.idCard(field));
  if (upload.ownerId !== caller.id) throw new HttpError(403, ATTACH_REFUSALS.notOwn(field));
  return upload;
}

/** Where an order's proof may come from besides our uploads. */
export interface ProofSources {
  /** the Firebase Storage bucket the runtime configuration names (FIREBASE_STORAGE_BUCKET); unset: none */
  firebaseBucket?: string | undefined;
}

/**
 * The value to store in an order's image field: the upload's key, or a link into the configured
 * Firebase Storage bucket. Anything else (text such as "n/a", another site's link) is refused, and
 * so is removing an image the order has (docs/domain.md, Images). Private uploads stay private;
 * one a product already shows (its uploader's own) stays public.
 */
export async function attachOrderImage(
  tx: Tx,
  caller: Pick<UserRow, 'id'>,
  { field, value, stored }: AttachImage,
  { orderId, firebaseBucket }: ProofSources & { orderId: string },
): Promise<string> {
  if (sameImage(value, stored)) return stored;
  if (value === '') throw new HttpError(400, MESSAGES.screenshotNotRemovable);
  // an upload that resumes is sent by its URL: its finished upload's key, or a 400 while unfinished
  const key = uploadKeyFromUrl(value) ?? (await resumableUploadKey(tx, caller, value));
  if (!key) {
    if (firebaseBucket && isFirebaseStorageLink(value, firebaseBucket)) return value;
    throw new HttpError(400, MESSAGES.screenshotNotUpload);
  }
  const upload = await lockOwnUpload(tx, caller, field, key);
  // One picture, one order: taken only if no other order took it. The row lock above makes a
  // second order wait for the first's commit; this WHERE is what refuses it then.
  const [taken] = await attachToOrder(tx).execute({ id: upload.id, orderId });
  if (!taken) throw new HttpError(409, MESSAGES.screenshotOnAnotherOrder);
  return key;
}

/** The value to store in a product's image field (the upload's key), and the key of an image to move once committed. */
export async function attachProductImage(
  tx: Tx,
  caller: Pick<UserRow, 'id'>,
  { field, value, stored }: AttachImage,
): Promise<{ value: string; published?: string }> {
  if (sameImage(value, stored)) return { value: stored };
  const key = uploadKeyFromUrl(value);
  if (!key) return { value };
  const upload = await lockOwnUpload(tx, caller, field, key);
  await tx.update(uploads).set({ attachedAt: sql`now()`, private: false }).where(eq(uploads.id, upload.id));
  return { value: key, ...(upload.private ? { published: key } : {}) };
}

/** Both image fields of a product (see attachProductImage), and the files to move once committed. */
export async function attachProductImages(
  tx: Tx,
  caller: Pick<UserRow, 'id'>,
  values: { image: string; amzImage: string },
  stored: { image: string; amzImage: string },
): Promise<{ values: { image: string; amzImage: string }; published: string[] }> {
  const image = await attachProductImage(tx, caller, { field: 'image', value: values.image, stored: stored.image });
  const amzImage = await attachProductImage(tx, caller, {
    field: 'amzImage',
    value: values.amzImage,
    stored: stored.amzImage,
  });
  const published = [image.published, amzImage.published].filter((key): key is string => key !== undefined);
  return { values: { image: image.value, amzImage: amzImage.value }, published };
}

/**
 * After the commit: moves the images of uploads a product made public to the public place. The
 * public route serves by the row (from either place), so a crash before this only leaves an
 * image for the next start-up to move (housekeeping.ts placeUploadFiles).
 */
export async function movePublishedFiles(images: ImageStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await images.place(key, false);
}
