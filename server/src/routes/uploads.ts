/**
 * Uploaded images, kept in the store IMAGE_STORE names (docs/architecture.md, Images; who sees
 * which: docs/domain.md, Images):
 * - POST /api/uploads (multipart, one `file`): with a token, an image private to its uploader
 *   until a product or order takes it (uploads/attach.ts), answered with a short-lived signed
 *   link a form can preview; without one, only the registration's CNIC images
 *   (`purpose=cnic`), private for good and owned by nobody until registration claims them.
 * - GET /uploads/:key (outside /api): images a product made public, cached for good (their
 *   names never change). The uploads row decides, wherever the image is kept.
 * - GET /api/private/:key?expires=&sig=: private images, only through a signed link.
 * Storing and finding them: services/uploads.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { imageKeyParamsSchema, signedImageLinkQuerySchema, uploadResponseSchema } from 'shared-api/contract';
import { z } from 'zod';
import { REFUSALS, typed } from '../http/route-schemas';
import { HttpError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { findPrivateImage, findPublicImage, saveUpload } from '../services/uploads';
import { AnonymousQuotaError, createAnonymousUploadQuota } from '../uploads/anonymous-quota';
import { DECODE_RETRY_AFTER_SECONDS, DecodeQueueFullError } from '../uploads/decode-queue';
import { MULTIPART_LIMITS, readUploadForm } from '../uploads/form';
import { IMAGE_FORMATS } from '../uploads/images';
import type { StoredImage } from '../uploads/store';
import { privateImageUrl } from '../uploads/urls';

const LINK_INVALID = 'This image link is not valid. Reload the page to get a new one.';
const LINK_EXPIRED = 'This image link has expired. Reload the page to get a new one.';

/** An image answer: its bytes, typed by the key's extension. */
const IMAGE_ANSWER = {
  description: 'The image (PNG, JPEG, WebP or GIF, as its key says)',
  content: Object.fromEntries(
    Object.values(IMAGE_FORMATS).map(({ mimeType }) => [mimeType, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
};

function sendImage(reply: FastifyReply, image: StoredImage, cacheControl: string) {
  return reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-length', String(image.size))
    .type(image.mimeType)
    .send(image.body);
}

export default async function uploadsRoutes(app: FastifyInstance) {
  // Registered here, so only these routes read multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  // Any other body (a raw image, a form post) is left unread for the route to refuse with what to
  // send, instead of the API's JSON-only 415.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  const { anonymousUpload, anonymousUploadTotal } = app.settings.rateLimits;
  const takeAnonymousUpload = createAnonymousUploadQuota(app, {
    perAddress: anonymousUpload,
    everyone: anonymousUploadTotal,
  });

  typed(app).post(
    '/uploads',
    {
      config: { access: 'optional', rateLimit: app.settings.rateLimits.upload },
      onError: async (_request, reply, error) => {
        if (error instanceof DecodeQueueFullError) reply.header('retry-after', String(DECODE_RETRY_AFTER_SECONDS));
        if (error instanceof AnonymousQuotaError) reply.header('retry-after', String(error.retryAfterSeconds));
      },
      schema: {
        summary: 'Uploads an image; answers a link to it',
        description:
          "multipart/form-data with one image (PNG, JPEG, WebP or GIF, at most 5 MB) in a field named `file`. Signed in: the image stays private to its uploader until a product or an order takes it, and the answer is a short-lived signed link to preview it. Without a token, only a registration's ID card image, with a field `purpose` set to `cnic`: a still image of at most 10 megapixels, within a quota per address and one for everyone (429 with Retry-After past either); the answer is its unsigned address, to send with the registration. 503 with Retry-After when the server is busy decoding other images.",
        tags: ['images'],
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const form = await readUploadForm(request);
      // The registration's CNIC images come before the account exists: no token, owned by nobody
      // until registration claims them. A token sent along is not needed (and a stale one left in
      // the browser must not break registration), so it is not read.
      const isCnic = form.purpose === 'cnic';
      if (isCnic) await takeAnonymousUpload(request);
      else await app.authenticate(request);
      const owner = isCnic ? null : currentUser(request);
      const key = await saveUpload(app.db, { images: app.images, decodeQueue: app.decodeQueue }, form.file, owner);
      // Registration sends the CNIC links back and never shows them; any other form previews its
      // image through the signed link, and sends it back to attach the image.
      const { publicUrl } = app.settings;
      const url = isCnic ? privateImageUrl(publicUrl, key) : app.privateLinks.url(publicUrl, key);
      return reply.code(201).send({ url });
    },
  );

  typed(app).get(
    '/private/:key',
    {
      // Anyone with the link: its signature is the key.
      config: { access: 'public' },
      // Nothing about a private image is cached: not the image, not a refusal.
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
      schema: {
        summary:
          'A private image (an order screenshot, an ID card image, an upload not attached yet), through a signed link',
        description: 'The links the API hands out work for 10 minutes; a missing, wrong or expired signature is a 403.',
        tags: ['images'],
        params: imageKeyParamsSchema,
        querystring: signedImageLinkQuerySchema,
        response: { 200: IMAGE_ANSWER, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const check = app.privateLinks.check(key, request.query.expires, request.query.sig);
      if (check === 'expired') throw new HttpError(403, LINK_EXPIRED);
      if (check !== 'valid') throw new HttpError(403, LINK_INVALID);
      return sendImage(reply, await findPrivateImage(app.images, key), 'no-store');
    },
  );
}

/** Public images, mounted outside the /api prefix (buildApp). */
export async function publicUploadsRoutes(app: FastifyInstance) {
  typed(app).get(
    '/uploads/:key',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A public image (one a product shows), cached for good',
        tags: ['images'],
        params: imageKeyParamsSchema,
        response: { 200: IMAGE_ANSWER, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const image = await findPublicImage(app.db, app.images, request.params.key);
      return sendImage(reply, image, 'public, max-age=31536000, immutable');
    },
  );
}
