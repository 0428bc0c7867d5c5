/**
 * Images kept under DATA_DIR (docs/architecture.md, Images; who sees which: docs/domain.md, Images):
 * - POST /api/uploads (multipart, one `file`): with a token, an image private to its uploader
 *   until a product or order takes it (uploads/attach.ts), answered with a short-lived signed
 *   link a form can preview; without one, only the registration's CNIC images
 *   (`purpose=cnic`), private for good and owned by nobody until registration claims them.
 * - GET /uploads/:key (outside /api): images a product made public, cached for good (their
 *   names never change). The uploads row decides, whatever folder the file is in.
 * - GET /api/private/:key?expires=&sig=: private images, only through a signed link.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES, MESSAGES } from 'shared-api/contract';
import { z } from 'zod';
import { uploads } from '../db/schema';
import { HttpError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { DECODE_RETRY_AFTER_SECONDS, DecodeQueueFullError } from '../uploads/decode-queue';
import {
  newUploadKey,
  openStoredImage,
  type ReencodedImage,
  reencodeImage,
  removeStoredImage,
  UPLOAD_KEY_PATTERN,
  writeStoredImage,
} from '../uploads/images';
import { privateImageUrl } from '../uploads/urls';
import { parseInput } from '../validation';

const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
  headerPairs: 100,
};

const keyParamsSchema = z.object({ key: z.string() });
/** A repeated or missing parameter is simply not a valid signature (403), never a 400. */
const signedLinkQuerySchema = z.object({
  expires: z.string().optional().catch(undefined),
  sig: z.string().optional().catch(undefined),
});

const NOT_MULTIPART = 'Send the image as multipart/form-data, in a field named file.';
const NO_FILE = 'Choose an image to upload (a form field named file).';
const IMAGE_NOT_FOUND = 'Image not found.';
const LINK_INVALID = 'This image link is not valid. Reload the page to get a new one.';
const LINK_EXPIRED = 'This image link has expired. Reload the page to get a new one.';
/** File systems keep names to 255 characters; the name is not used, but an absurd one is refused. */
const MAX_FILE_NAME_LENGTH = 255;
const FILE_NAME_TOO_LONG = `The file name is too long (at most ${MAX_FILE_NAME_LENGTH} characters). Rename the file and try again.`;
const PURPOSE_TOO_LONG = 'The purpose of an upload is "cnic" for a registration image, or nothing.';

interface UploadForm {
  file: Buffer | undefined;
  purpose: string | undefined;
}

/** The multipart limits and parse failures of @fastify/multipart / busboy as refusals a person can act on. */
function describeMultipartError(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, MESSAGES.imageTooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(400, 'Send one image per upload.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, 'The upload has unexpected fields: send only the image (file) and its purpose.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, NOT_MULTIPART);
    case 'FST_MP_PREMATURE_CLOSE':
      return new HttpError(400, 'The upload was interrupted. Try again.');
  }
  // busboy's own parse errors ("Unexpected end of form", "Malformed part header", ...)
  if (error instanceof Error && !(error instanceof HttpError) && !('statusCode' in error && error.statusCode === 500)) {
    if (/multipart|form|part|boundary/i.test(error.message)) {
      return new HttpError(400, 'The upload is not valid multipart/form-data. Try again.');
    }
  }
  return undefined;
}

/** Reads every part (so the whole request is consumed) and keeps the one file and the purpose. */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  const form: UploadForm = { file: undefined, purpose: undefined };
  let unexpectedFile = false;
  let refusal: HttpError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await (part as MultipartFile).toBuffer();
        if (part.filename.length > MAX_FILE_NAME_LENGTH) refusal ??= new HttpError(400, FILE_NAME_TOO_LONG);
        if (part.fieldname === 'file') form.file = buffer;
        else unexpectedFile = true;
      } else if (part.fieldname === 'purpose' && typeof part.value === 'string') {
        // longer than the fieldSize limit: busboy cut it short
        if (part.valueTruncated) refusal ??= new HttpError(400, PURPOSE_TOO_LONG);
        form.purpose = part.value.trim();
      }
    }
  } catch (error) {
    throw describeMultipartError(error) ?? error;
  }
  if (refusal) throw refusal;
  if (unexpectedFile && !form.file) throw new HttpError(400, NO_FILE);
  return form;
}

function sendImage(
  reply: FastifyReply,
  image: NonNullable<Awaited<ReturnType<typeof openStoredImage>>>,
  cacheControl: string,
) {
  return reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-length', String(image.size))
    .type(image.mimeType)
    .send(image.stream);
}

export default async function uploadsRoutes(app: FastifyInstance) {
  // Registered here, so only these routes read multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  // Any other body (a raw image, a form post) is left unread for the route to refuse with what to
  // send, instead of the API's JSON-only 415.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.post('/uploads', { config: { rateLimit: app.settings.rateLimits.upload } }, async (request, reply) => {
    const form = await readUploadForm(request);
    // The registration's CNIC images come before the account exists: no token, owned by nobody
    // until registration claims them. A token sent along is not needed (and a stale one left in
    // the browser must not break registration), so it is not read.
    const isCnic = form.purpose === 'cnic';
    let ownerId: string | null = null;
    if (!isCnic) {
      await app.authenticate(request);
      ownerId = currentUser(request).id;
    }
    const file = form.file;
    if (!file || file.length === 0) throw new HttpError(400, NO_FILE);

    let image: ReencodedImage;
    try {
      image = await app.decodeQueue.run(() => reencodeImage(file));
    } catch (error) {
      if (error instanceof DecodeQueueFullError) reply.header('retry-after', String(DECODE_RETRY_AFTER_SECONDS));
      throw error;
    }
    const key = newUploadKey(image.format);
    const { dataDir, publicUrl } = app.settings;
    // Every upload starts private: a product makes it public when it takes it.
    await writeStoredImage(dataDir, true, key, image.data);
    try {
      await app.db.insert(uploads).values({
        key,
        ownerId,
        private: true,
        purpose: isCnic ? 'cnic' : 'image',
        mimeType: image.mimeType,
        sizeBytes: image.data.length,
      });
    } catch (error) {
      await removeStoredImage(dataDir, true, key);
      throw error;
    }
    // Registration sends the CNIC links back and never shows them; any other form previews its
    // image through the signed link, and sends it back to attach the image.
    const url = isCnic ? privateImageUrl(publicUrl, key) : app.privateLinks.url(publicUrl, key);
    return reply.code(201).send({ url });
  });

  app.get('/private/:key', async (request, reply) => {
    // Nothing about a private image is cached: not the image, not a refusal.
    reply.header('cache-control', 'no-store');
    const { key } = parseInput(keyParamsSchema, request.params);
    const { expires, sig } = parseInput(signedLinkQuerySchema, request.query ?? {});
    const check = app.privateLinks.check(key, expires, sig);
    if (check === 'expired') throw new HttpError(403, LINK_EXPIRED);
    if (check !== 'valid') throw new HttpError(403, LINK_INVALID);
    const image = await openStoredImage(app.settings.dataDir, true, key);
    if (!image) throw new HttpError(404, IMAGE_NOT_FOUND);
    return sendImage(reply, image, 'no-store');
  });
}

/** Public images, mounted outside the /api prefix (buildApp). */
export async function publicUploadsRoutes(app: FastifyInstance) {
  app.get('/uploads/:key', async (request, reply) => {
    const { key } = parseInput(keyParamsSchema, request.params);
    // Served only when its row says it is public: a private image's key finds nothing, also
    // while its file is still in the public folder (moved at the next start-up).
    const [upload] = UPLOAD_KEY_PATTERN.test(key)
      ? await app.db.select({ private: uploads.private }).from(uploads).where(eq(uploads.key, key)).limit(1)
      : [];
    if (!upload || upload.private) throw new HttpError(404, IMAGE_NOT_FOUND);
    const image = await openStoredImage(app.settings.dataDir, false, key);
    if (!image) throw new HttpError(404, IMAGE_NOT_FOUND);
    return sendImage(reply, image, 'public, max-age=31536000, immutable');
  });
}
