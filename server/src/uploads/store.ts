/**
 * Where uploaded images are kept (docs/architecture.md, Images), chosen by IMAGE_STORE at start:
 * - files (the default): DATA_DIR/uploads and DATA_DIR/private (images.ts), one process's disk;
 * - postgres: the image_blobs table of the app's database, so every API process sharing the
 *   database serves every image.
 * Both say the same: an image by its key, in its public or private place. Who may see an image
 * is its uploads row's to say; the place only mirrors it (the data folder's permissions).
 * The app reads the other store too when an image is missing from its own (withFallback), so
 * nothing 404s while `npm run images:move` moves the images across (images-move.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { ImageStoreKind } from '../config';
import type { Db } from '../db/connection';
import { imageBlobs } from '../db/schema';
import {
  mimeTypeOfKey,
  moveStoredImage,
  openStoredImage,
  removeStoredImage,
  storedImagePath,
  UPLOAD_KEY_PATTERN,
  writeStoredImage,
} from './images';

/** An image to send: a stream (files) or the bytes (postgres), with its size and type. */
export interface StoredImage {
  body: NodeJS.ReadableStream | Buffer;
  size: number;
  mimeType: string;
}

export interface ListedImage {
  key: string;
  private: boolean;
}

export interface ImageStore {
  readonly kind: ImageStoreKind;
  /** Stores a new image; refuses a key it holds already. */
  write(key: string, isPrivate: boolean, data: Buffer): Promise<void>;
  /** The image to serve, or undefined (also for a malformed key). `isPrivate`: where to look first. */
  open(key: string, isPrivate: boolean): Promise<StoredImage | undefined>;
  /** The whole image and its place (the move reads and compares it), or undefined. */
  read(key: string): Promise<{ data: Buffer; private: boolean } | undefined>;
  /** Removes the image, wherever it is; nothing when there is none. */
  remove(key: string): Promise<void>;
  /** Puts the image in the place of its row's privacy; false when it was there or is missing. */
  place(key: string, isPrivate: boolean): Promise<boolean>;
  /** Up to `limit` keys after `after`, in key order (the move and the start-up placement walk them). */
  list(after: string, limit: number): Promise<ListedImage[]>;
}

export function filesImageStore(dataDir: string): ImageStore {
  return {
    kind: 'files',
    write: (key, isPrivate, data) => writeStoredImage(dataDir, isPrivate, key, data),
    async open(key, isPrivate) {
      const image = await openStoredImage(dataDir, isPrivate, key);
      return image && { body: image.stream, size: image.size, mimeType: image.mimeType };
    },
    async read(key) {
      if (!UPLOAD_KEY_PATTERN.test(key)) return undefined;
      for (const isPrivate of [true, false]) {
        try {
          return { data: await fs.readFile(storedImagePath(dataDir, isPrivate, key)), private: isPrivate };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return undefined;
    },
    async remove(key) {
      await removeStoredImage(dataDir, true, key);
      await removeStoredImage(dataDir, false, key);
    },
    place: (key, isPrivate) => moveStoredImage(dataDir, key, isPrivate),
    async list(after, limit) {
      const listed: ListedImage[] = [];
      for (const isPrivate of [true, false]) {
        let names: string[];
        try {
          names = await fs.readdir(path.join(dataDir, isPrivate ? 'private' : 'uploads'));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        for (const name of names) {
          if (name > after && UPLOAD_KEY_PATTERN.test(name)) listed.push({ key: name, private: isPrivate });
        }
      }
      return listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, limit);
    },
  };
}

export function postgresImageStore(db: Db): ImageStore {
  return {
    kind: 'postgres',
    async write(key, isPrivate, data) {
      if (!UPLOAD_KEY_PATTERN.test(key)) throw new Error(`not an upload key: ${key}`);
      await db.insert(imageBlobs).values({
        key,
        private: isPrivate,
        mimeType: mimeTypeOfKey(key),
        sizeBytes: data.length,
        bytes: data,
      });
    },
    async open(key) {
      if (!UPLOAD_KEY_PATTERN.test(key)) return undefined;
      const [row] = await db
        .select({ bytes: imageBlobs.bytes, mimeType: imageBlobs.mimeType })
        .from(imageBlobs)
        .where(eq(imageBlobs.key, key))
        .limit(1);
      return row && { body: row.bytes, size: row.bytes.length, mimeType: row.mimeType };
    },
    async read(key) {
      if (!UPLOAD_KEY_PATTERN.test(key)) return undefined;
      const [row] = await db
        .select({ data: imageBlobs.bytes, private: imageBlobs.private })
        .from(imageBlobs)
        .where(eq(imageBlobs.key, key))
        .limit(1);
      return row;
    },
    async remove(key) {
      await db.delete(imageBlobs).where(eq(imageBlobs.key, key));
    },
    async place(key, isPrivate) {
      const moved = await db
        .update(imageBlobs)
        .set({ private: isPrivate })
        .where(and(eq(imageBlobs.key, key), ne(imageBlobs.private, isPrivate)))
        .returning({ key: imageBlobs.key });
      return moved.length > 0;
    },
    list: (after, limit) =>
      db
        .select({ key: imageBlobs.key, private: imageBlobs.private })
        .from(imageBlobs)
        .where(gt(imageBlobs.key, after))
        .orderBy(asc(imageBlobs.key))
        .limit(limit),
  };
}

/** The store IMAGE_STORE names, on this data folder and database. */
export function openImageStore(kind: ImageStoreKind, { dataDir, db }: { dataDir: string; db: Db }): ImageStore {
  return kind === 'postgres' ? postgresImageStore(db) : filesImageStore(dataDir);
}

/**
 * The app's store: `primary` for everything, and `other` read for an image the primary lacks
 * (one not moved yet) and cleared when an image is removed or placed, so neither keeps a copy
 * that outlives its row or sits in the wrong place.
 */
export function withFallback(primary: ImageStore, other: ImageStore): ImageStore {
  return {
    kind: primary.kind,
    write: (key, isPrivate, data) => primary.write(key, isPrivate, data),
    async open(key, isPrivate) {
      return (await primary.open(key, isPrivate)) ?? other.open(key, isPrivate);
    },
    async read(key) {
      return (await primary.read(key)) ?? other.read(key);
    },
    async remove(key) {
      await primary.remove(key);
      await other.remove(key);
    },
    async place(key, isPrivate) {
      const moved = await primary.place(key, isPrivate);
      return (await other.place(key, isPrivate)) || moved;
    },
    list: (after, limit) => primary.list(after, limit),
  };
}

/** The app's store for IMAGE_STORE (see withFallback). */
export function appImageStore(kind: ImageStoreKind, where: { dataDir: string; db: Db }): ImageStore {
  const other: ImageStoreKind = kind === 'postgres' ? 'files' : 'postgres';
  return withFallback(openImageStore(kind, where), openImageStore(other, where));
}

export const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
