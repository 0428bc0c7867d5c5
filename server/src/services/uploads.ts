/**
 * Uploaded images (docs/architecture.md, Images): storing a new one, private to its uploader
 * until a product or order takes it (../uploads/attach.ts), and finding one to serve. Who may
 * see an image is its uploads row's to say, never its folder's.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { type UserRow, uploads } from '../db/schema';
import { HttpError } from '../http-error';
import type { DecodeQueue } from '../uploads/decode-queue';
import { UPLOAD_REFUSALS } from '../uploads/form';
import { MAX_ANONYMOUS_IMAGE_PIXELS, newUploadKey, reencodeImage, UPLOAD_KEY_PATTERN } from '../uploads/images';
import { lookAt, lookForSamePictures, recordUploadHash } from '../uploads/screenshot-look';
import type { ImageStore, StoredImage } from '../uploads/store';

export const IMAGE_NOT_FOUND = 'Image not found.';

/**
 * Re-encodes an uploaded file (a few at a time, see ../uploads/decode-queue.ts) and stores it
 * private, with its row: a signed-in user's image, or a registration's CNIC image owned by
 * nobody until registration claims it. Answers its key. A CNIC image comes without a token:
 * it is decoded in the anonymous share of the queue, and must be a still image of at most
 * 10 megapixels.
 */
export async function saveUpload(
  db: Db,
  { images, decodeQueue }: { images: ImageStore; decodeQueue: DecodeQueue },
  file: Buffer | undefined,
  owner: Pick<UserRow, 'id'> | null,
): Promise<string> {
  if (!file || file.length === 0) throw new HttpError(400, UPLOAD_REFUSALS.noFile);
  // with the perceptual hash and detail picture of a signed-in user's image (docs/domain.md, Fraud signals)
  const { image, look } = await decodeQueue.run(
    async () => {
      const image = await reencodeImage(file, owner ? {} : { stillOnly: true, maxPixels: MAX_ANONYMOUS_IMAGE_PIXELS });
      return { image, look: owner ? await lookAt(image.data) : undefined };
    },
    { anonymous: !owner },
  );
  const key = newUploadKey(image.format);
  // Every upload starts private: a product makes it public when it takes it.
  await images.write(key, true, image.data);
  try {
    await db.insert(uploads).values({
      key,
      ownerId: owner?.id ?? null,
      private: true,
      purpose: owner ? 'image' : 'cnic',
      mimeType: image.mimeType,
      sizeBytes: image.data.length,
    });
  } catch (error) {
    await images.remove(key);
    throw error;
  }
  // a signed-in user's picture without detail keeps a row with no hash, so it is never hashed again;
  // then the second look at the uploads the hash finds like it (docs/domain.md, Fraud signals)
  if (look && owner) {
    await recordUploadHash(db, key, look);
    await lookForSamePictures(db, key, owner.id, look);
  }
  return key;
}

/**
 * A public image to serve: only when its row says it is public (a private image's key finds
 * nothing, also while its file is still in the public folder, moved at the next start-up).
 */
export async function findPublicImage(db: Db, images: ImageStore, key: string): Promise<StoredImage> {
  const [upload] = UPLOAD_KEY_PATTERN.test(key)
    ? await db.select({ private: uploads.private }).from(uploads).where(eq(uploads.key, key)).limit(1)
    : [];
  if (!upload || upload.private) throw new HttpError(404, IMAGE_NOT_FOUND);
  return openImage(images, false, key);
}

/** A private image to serve, once its link's signature was checked. */
export const findPrivateImage = (images: ImageStore, key: string): Promise<StoredImage> => openImage(images, true, key);

async function openImage(images: ImageStore, isPrivate: boolean, key: string): Promise<StoredImage> {
  const image = await images.open(key, isPrivate);
  if (!image) throw new HttpError(404, IMAGE_NOT_FOUND);
  return image;
}
