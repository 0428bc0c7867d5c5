/**
 * Uploaded images (docs/architecture.md, Images): accepted by content, never by name or declared
 * type; re-encoded to their own format, which drops metadata (EXIF, GPS, comments) and anything
 * appended to the file; kept under DATA_DIR with an unguessable name. Public images live in
 * DATA_DIR/uploads, private ones in DATA_DIR/private (readable by the server's user only). Who
 * may see an image is its uploads row's to say, never its folder's: a file moves when its row
 * changes (after the commit, or at the next start-up), and both routes read either folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_IMAGE_BYTES, MESSAGES } from 'shared-api/contract';
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

/**
 * Decoding bombs: a small file that unpacks to a huge bitmap is refused. 40 megapixels (all
 * frames together) is 160 MB decoded, and takes about a second to re-encode on one core; it
 * passes any phone screenshot (a long scrolling one of 1290 x 20,000 is 26 MP) and any photo
 * that fits in 5 MB (a 12 MP camera's 4032 x 3024 is 12 MP; 48 and 50 MP photos are larger
 * than 5 MB as JPEGs).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Animated GIF and WebP: more frames than this are refused (each one is decoded and encoded again). */
export const MAX_IMAGE_FRAMES = 100;
/** sharp stops a decode or encode running longer than this (a stuck or pathological image). */
export const IMAGE_TIMEOUT_SECONDS = 10;

export const IMAGE_REFUSALS = {
  tooManyPixels: (limit = MAX_IMAGE_PIXELS) =>
    `The image has too many pixels (at most ${limit / 1_000_000} megapixels, all frames together). Try a smaller image.`,
  tooManyFrames: `The animation has too many frames (at most ${MAX_IMAGE_FRAMES}). Try a shorter one or a still image.`,
  tooSlow: 'The image took too long to process. Try a smaller or simpler image.',
  tooLargeOnceProcessed: (limit: number) =>
    `The image would be larger than ${limit / (1024 * 1024)} MB once processed. Try a smaller image, or a JPEG.`,
  damaged: 'The image could not be read: the file may be damaged. Try another one.',
} as const;

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

/** Uploads without a token (a registration's ID card images): at most this many pixels, and a still image. */
export const MAX_ANONYMOUS_IMAGE_PIXELS = 10_000_000;

/**
 * JPEG and WebP qualities tried in turn until the re-encoded image fits the upload limit: a file
 * sent at a low quality can come out of a re-encoding at 90 twice its size or more.
 */
const QUALITIES = [90, 75, 60, 45] as const;

export interface ReencodeOptions {
  timeoutSeconds?: number;
  /** pixels of all frames together */
  maxPixels?: number;
  /** refuse animations (more than one frame) */
  stillOnly?: boolean;
  /** the re-encoded image is never larger than this (the limit on what was sent) */
  maxBytes?: number;
}

/**
 * The image re-encoded to its own format without metadata (orientation applied first, so a
 * photo still shows upright), never larger than `maxBytes`: a JPEG or WebP is encoded at lower
 * qualities until it fits, a PNG compressed harder. 415 for anything but PNG, JPEG, WebP or
 * GIF (and for an animation when `stillOnly`); 400 for a damaged one; 413 for one with too many
 * pixels or frames, or that does not fit; 422 for one that takes too long.
 */
export async function reencodeImage(
  input: Buffer,
  {
    timeoutSeconds = IMAGE_TIMEOUT_SECONDS,
    maxPixels = MAX_IMAGE_PIXELS,
    stillOnly = false,
    maxBytes = MAX_IMAGE_BYTES,
  }: ReencodeOptions = {},
): Promise<ReencodedImage> {
  const sniffed = sniffImageFormat(input);
  if (!sniffed) throw new HttpError(415, MESSAGES.imageTypeUnsupported);
  const animated = !stillOnly && (sniffed === 'gif' || sniffed === 'webp');
  // The pixel limit counts every frame loaded, so an animation is held to it as a whole.
  const options = { animated, limitInputPixels: maxPixels, failOn: 'error' } as const;
  try {
    // the header and first frame only: the format, the number of frames, the orientation
    const metadata = await sharp(input, { ...options, animated: false }).metadata();
    if (metadata.format !== sniffed) throw new HttpError(415, MESSAGES.imageTypeUnsupported);
    const frames = metadata.pages ?? 1;
    if (stillOnly && frames > 1) throw new HttpError(415, MESSAGES.imageMustBeStill);
    if (frames > MAX_IMAGE_FRAMES) throw new HttpError(413, IMAGE_REFUSALS.tooManyFrames);
    const encode = (attempt: number) => {
      let image = sharp(input, options).timeout({ seconds: timeoutSeconds });
      if (frames === 1 && (metadata.orientation ?? 1) > 1) image = image.rotate();
      const quality = QUALITIES[attempt];
      switch (sniffed) {
        case 'png':
          return attempt === 0
            ? image.png()
            : attempt === 1
              ? image.png({ compressionLevel: 9, effort: 10 })
              : undefined;
        case 'jpeg':
          return quality === undefined ? undefined : image.jpeg({ quality });
        case 'webp':
          return quality === undefined ? undefined : image.webp({ quality });
        case 'gif':
          return attempt === 0 ? image.gif() : undefined;
      }
    };
    for (let attempt = 0; ; attempt++) {
      const image = encode(attempt);
      if (!image) throw new HttpError(413, IMAGE_REFUSALS.tooLargeOnceProcessed(maxBytes));
      const data = await image.toBuffer();
      if (data.length <= maxBytes) return { data, format: sniffed, mimeType: IMAGE_FORMATS[sniffed].mimeType };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new HttpError(413, IMAGE_REFUSALS.tooManyPixels(maxPixels));
    if (error instanceof Error && /^timeout/i.test(error.message)) throw new HttpError(422, IMAGE_REFUSALS.tooSlow);
    throw new HttpError(400, IMAGE_REFUSALS.damaged);
  }
}

const folder = (dataDir: string, isPrivate: boolean) => path.join(dataDir, isPrivate ? 'private' : 'uploads');

export function storedImagePath(dataDir: string, isPrivate: boolean, key: string): string {
  if (!UPLOAD_KEY_PATTERN.test(key)) throw new Error(`not an upload key: ${key}`);
  return path.join(folder(dataDir, isPrivate), key);
}

/**
 * Writes a new image file, never over one: written whole under a temporary name first, so a
 * crash (during `npm run images:move` too) never leaves a cut-off image under its key.
 */
export async function writeStoredImage(dataDir: string, isPrivate: boolean, key: string, data: Buffer): Promise<void> {
  const file = storedImagePath(dataDir, isPrivate, key);
  await fs.mkdir(folder(dataDir, isPrivate), { recursive: true, mode: isPrivate ? 0o700 : 0o755 });
  const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.partial`;
  await fs.writeFile(partial, data, { flag: 'wx', mode: isPrivate ? 0o600 : 0o644 });
  try {
    await fs.link(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

export async function removeStoredImage(dataDir: string, isPrivate: boolean, key: string): Promise<void> {
  await fs.rm(storedImagePath(dataDir, isPrivate, key), { force: true });
}

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
};

/**
 * Moves a stored image to the folder of its row's privacy (private: true -> DATA_DIR/private).
 * Idempotent: false when it was already there or is in neither folder.
 */
export async function moveStoredImage(dataDir: string, key: string, toPrivate: boolean): Promise<boolean> {
  const from = storedImagePath(dataDir, !toPrivate, key);
  const to = storedImagePath(dataDir, toPrivate, key);
  await fs.mkdir(folder(dataDir, toPrivate), { recursive: true, mode: toPrivate ? 0o700 : 0o755 });
  try {
    await fs.chmod(from, toPrivate ? 0o600 : 0o644);
    await fs.rename(from, to);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * An open stored image to stream, or undefined when there is none (or the key is malformed).
 * `isPrivate` names the folder read first; the other is read too, for a file not moved yet.
 */
export async function openStoredImage(
  dataDir: string,
  isPrivate: boolean,
  key: string,
): Promise<{ stream: NodeJS.ReadableStream; size: number; mimeType: string } | undefined> {
  if (!UPLOAD_KEY_PATTERN.test(key)) return undefined;
  let handle: fs.FileHandle | undefined;
  for (const inPrivate of [isPrivate, !isPrivate]) {
    try {
      handle = await fs.open(storedImagePath(dataDir, inPrivate, key), 'r');
      break;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  if (!handle) return undefined;
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
