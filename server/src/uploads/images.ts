/**
 * Uploaded images (ARCHITECTURE.md section 6): accepted by content, never by name or declared
 * type; re-encoded to their own format, which drops metadata (EXIF, GPS, comments) and anything
 * appended to the file; kept under DATA_DIR with an unguessable name. Public images live in
 * DATA_DIR/uploads, private ones (CNIC) in DATA_DIR/private: the public route only ever reads
 * the first folder, so it cannot serve a private file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from 'shared-api/contract';
import sharp from 'sharp';
import { HttpError } from '../http-error';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export const IMAGE_FORMATS: Record<ImageFormat, { ext: string; mimeType: string }> = {
  png: { ext: 'png', mimeType: 'image/png' },
  jpeg: { ext: 'jpg', mimeType: 'image/jpeg' },
  webp: { ext: 'webp', mimeType: 'image/webp' },
  gif: { ext: 'gif', mimeType: 'image/gif' },
};

const MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.values(IMAGE_FORMATS).map(({ ext, mimeType }) => [ext, mimeType]),
);

/** Decoding bombs: a small file that unpacks to a huge bitmap is refused. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** 32 random hex characters and the format's extension. */
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

export const newUploadKey = (format: ImageFormat) =>
  `${crypto.randomBytes(16).toString('hex')}.${IMAGE_FORMATS[format].ext}`;

export const mimeTypeOfKey = (key: string): string =>
  MIME_BY_EXT[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** The format by the file's first bytes (magic numbers), before any decoder sees it. */
export function sniffImageFormat(data: Buffer): ImageFormat | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    data
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

export interface ReencodedImage {
  data: Buffer;
  format: ImageFormat;
  mimeType: string;
}

/**
 * The image re-encoded to its own format without metadata (orientation applied first, so a
 * photo still shows upright). 415 for anything but PNG, JPEG, WebP or GIF; 400 for a damaged
 * one; 413 for one with too many pixels.
 */
export async function reencodeImage(input: Buffer): Promise<ReencodedImage> {
  const sniffed = sniffImageFormat(input);
  if (!sniffed) throw new HttpError(415, MESSAGES.imageTypeUnsupported);
  const animated = sniffed === 'gif' || sniffed === 'webp';
  const options = { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  try {
    const metadata = await sharp(input, options).metadata();
    if (metadata.format !== sniffed) throw new HttpError(415, MESSAGES.imageTypeUnsupported);
    let image = sharp(input, options);
    if ((metadata.pages ?? 1) === 1 && (metadata.orientation ?? 1) > 1) image = image.rotate();
    switch (sniffed) {
      case 'png':
        image = image.png();
        break;
      case 'jpeg':
        image = image.jpeg({ quality: 90 });
        break;
      case 'webp':
        image = image.webp({ quality: 90 });
        break;
      case 'gif':
        image = image.gif();
        break;
    }
    const data = await image.toBuffer();
    return { data, format: sniffed, mimeType: IMAGE_FORMATS[sniffed].mimeType };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(413, 'The image has too many pixels (at most 100 megapixels).');
    }
    throw new HttpError(400, 'The image could not be read: the file may be damaged. Try another one.');
  }
}

const folder = (dataDir: string, isPrivate: boolean) => path.join(dataDir, isPrivate ? 'private' : 'uploads');

export function storedImagePath(dataDir: string, isPrivate: boolean, key: string): string {
  if (!UPLOAD_KEY_PATTERN.test(key)) throw new Error(`not an upload key: ${key}`);
  return path.join(folder(dataDir, isPrivate), key);
}

export async function writeStoredImage(dataDir: string, isPrivate: boolean, key: string, data: Buffer): Promise<void> {
  await fs.mkdir(folder(dataDir, isPrivate), { recursive: true, mode: isPrivate ? 0o700 : 0o755 });
  await fs.writeFile(storedImagePath(dataDir, isPrivate, key), data, { flag: 'wx', mode: isPrivate ? 0o600 : 0o644 });
}

export async function removeStoredImage(dataDir: string, isPrivate: boolean, key: string): Promise<void> {
  await fs.rm(storedImagePath(dataDir, isPrivate, key), { force: true });
}

/** An open stored image to stream, or undefined when there is none (or the key is malformed). */
export async function openStoredImage(
  dataDir: string,
  isPrivate: boolean,
  key: string,
): Promise<{ stream: NodeJS.ReadableStream; size: number; mimeType: string } | undefined> {
  if (!UPLOAD_KEY_PATTERN.test(key)) return undefined;
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(storedImagePath(dataDir, isPrivate, key), 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return undefined;
    }
    return { stream: handle.createReadStream(), size: stat.size, mimeType: mimeTypeOfKey(key) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
