/**
 * Uploads that resume: the tus 1.0.0 core protocol and its creation extension at
 * /api/uploads/resumable (docs/domain.md, Images, Uploads that resume), for anyone signed in
 * who may POST /api/uploads:
 * - OPTIONS: the versions, the extension and the largest upload (Tus-Max-Size);
 * - POST with Upload-Length (and Upload-Metadata: filename, filetype): 201 with Location, the
 *   upload's URL; over the 5 MB limit a 413 before anything is stored;
 * - HEAD <Location>: Upload-Offset, the bytes the server has;
 * - PATCH <Location> with Upload-Offset and application/offset+octet-stream: appends the chunk
 *   (409 when the offset is not the server's); the last one finishes the upload through
 *   POST /api/uploads' checks;
 * - GET <Location>: the finished upload's answer, as POST /api/uploads gives it ({ url }).
 * Another account's upload is a 404 everywhere. Written by hand rather than with @tus/server:
 * the partial upload lives in the database (no @tus/server store does that), and these few
 * handlers keep the API's access declarations, schemas, document and JSON refusals.
 * The work is in uploads/resumable.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MESSAGES,
  RESUMABLE_MAX_BYTES,
  RESUMABLE_MESSAGES,
  RESUMABLE_UPLOADS_PATH,
  TUS_VERSION,
  uploadResponseSchema,
} from 'shared-api/contract';
import { z } from 'zod';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { HttpError } from '../http-error';
import { currentUser, signedIn } from '../plugins/auth';
import { DECODE_RETRY_AFTER_SECONDS, DecodeQueueFullError } from '../uploads/decode-queue';
import {
  appendResumableChunk,
  createResumableUpload,
  findResumableUpload,
  type ResumableState,
} from '../uploads/resumable';

const CHUNK_TYPE = 'application/offset+octet-stream';
/** Upload-Metadata longer than this is refused (a file name and a type need far less). */
const MAX_METADATA_LENGTH = 2048;
const MAX_FILENAME_LENGTH = 255;
const MAX_FILETYPE_LENGTH = 100;
/** A whole number of bytes as tus writes it: digits only, no sign, no exponent. */
const BYTES = /^\d{1,15}$/;

const uploadParams = idParams(RESUMABLE_MESSAGES.notFound);
/** An answer whose news is in its headers. */
const NO_CONTENT = (description: string) => z.null().describe(description);

/** Tus-Resumable: 1.0.0 on every request but OPTIONS, else 412 (tus 1.0.0, Tus-Resumable). */
async function requireTusVersion(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers['tus-resumable'] !== TUS_VERSION) {
    reply.header('tus-version', TUS_VERSION);
    throw new HttpError(412, RESUMABLE_MESSAGES.tusVersion);
  }
}

function byteCount(value: string | string[] | undefined, message: string): number {
  if (typeof value !== 'string' || !BYTES.test(value.trim())) throw new HttpError(400, message);
  return Number(value.trim());
}

/** Upload-Metadata: `key base64value` pairs separated by commas; only filename and filetype are kept. */
export function parseUploadMetadata(header: string | string[] | undefined): { filename?: string; fileType?: string } {
  if (header === undefined) return {};
  if (typeof header !== 'string' || header.length > MAX_METADATA_LENGTH) {
    throw new HttpError(400, RESUMABLE_MESSAGES.metadataInvalid);
  }
  const values = new Map<string, string>();
  if (header.trim() === '') return {};
  for (const pair of header.split(',')) {
    const match = /^\s*([^\s,]+)(?: ([A-Za-z0-9+/]*={0,2}))?\s*$/.exec(pair);
    const key = match?.[1];
    if (!match || !key || values.has(key)) throw new HttpError(400, RESUMABLE_MESSAGES.metadataInvalid);
    const encoded = match[2] ?? '';
    if (encoded.length % 4 !== 0) throw new HttpError(400, RESUMABLE_MESSAGES.metadataInvalid);
    const text = Buffer.from(encoded, 'base64').toString('utf8');
    // not UTF-8, or a NUL (the database keeps no NUL in text)
    if (text.includes('\uFFFD') || text.includes('\u0000'))
      throw new HttpError(400, RESUMABLE_MESSAGES.metadataInvalid);
    values.set(key, text);
  }
  const filename = values.get('filename') ?? values.get('name');
  const fileType = values.get('filetype') ?? values.get('type');
  if ((filename?.length ?? 0) > MAX_FILENAME_LENGTH || (fileType?.length ?? 0) > MAX_FILETYPE_LENGTH) {
    throw new HttpError(400, RESUMABLE_MESSAGES.metadataInvalid);
  }
  return { ...(filename ? { filename } : {}), ...(fileType ? { fileType } : {}) };
}

interface Chunk {
  data: Buffer;
  /** false: the connection dropped before the chunk's end */
  whole: boolean;
}

/**
 * Reads a PATCH's body, at most `max` bytes (413 past it). A dropped connection gives the bytes
 * that came, so the upload keeps them and resumes after them (tus: the server SHOULD keep them).
 */
function readChunk(body: unknown, max: number): Promise<Chunk> {
  const stream = body as NodeJS.ReadableStream | undefined;
  if (!stream || typeof stream.on !== 'function') return Promise.resolve({ data: Buffer.alloc(0), whole: true });
  // dropped before the route ran: its 'close' has been and gone
  if ((stream as { destroyed?: boolean }).destroyed) return Promise.resolve({ data: Buffer.alloc(0), whole: false });
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (whole: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ data: Buffer.concat(parts, size), whole });
    };
    stream.on('data', (part: Buffer) => {
      if (settled) return;
      size += part.length;
      if (size > max) {
        settled = true;
        stream.removeAllListeners('data');
        stream.resume();
        reject(new HttpError(413, RESUMABLE_MESSAGES.chunkTooLarge));
        return;
      }
      parts.push(part);
    });
    stream.on('end', () => settle(true));
    stream.on('error', () => settle(false));
    stream.on('close', () => settle(false));
  });
}

function sendOffset(reply: FastifyReply, state: ResumableState, status: number) {
  return reply
    .code(status)
    .header('upload-offset', String(state.offset))
    .header('upload-length', String(state.length))
    .header('cache-control', 'no-store')
    .send();
}

export default async function resumableUploadsRoutes(app: FastifyInstance) {
  // Chunks are read by the route (readChunk), as they come; any other body is left unread for
  // the route to refuse with what to send (415), like POST /api/uploads.
  app.addContentTypeParser(CHUNK_TYPE, (_request, payload, done) => done(null, payload));
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  // Every answer says the protocol's version (tus 1.0.0: all responses but OPTIONS MUST), the
  // preflights @fastify/cors answers for these paths included; OPTIONS tells what is supported.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('tus-resumable', TUS_VERSION);
    if (request.method === 'OPTIONS') {
      reply
        .header('tus-version', TUS_VERSION)
        .header('tus-extension', 'creation')
        .header('tus-max-size', String(RESUMABLE_MAX_BYTES));
    }
    return payload;
  });
  const path = RESUMABLE_UPLOADS_PATH.replace(/^\/api/, '');
  const locationOf = (id: string) => `${app.settings.publicUrl}${RESUMABLE_UPLOADS_PATH}/${id}`;
  const services = { images: app.images, decodeQueue: app.decodeQueue };

  // @fastify/cors answers every OPTIONS request (a preflight or not) in its hook; this route
  // only makes the path known, so the onSend hook above adds the tus headers.
  app.options(path, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).send(),
  );

  typed(app).post(
    path,
    {
      config: { access: signedIn(), rateLimit: app.settings.rateLimits.upload },
      preHandler: requireTusVersion,
      schema: {
        summary: 'Starts an upload that resumes (tus 1.0.0 creation)',
        description: `Headers: \`Tus-Resumable: 1.0.0\`, \`Upload-Length\` (bytes, at most ${RESUMABLE_MAX_BYTES}: else 413 before anything is stored) and optionally \`Upload-Metadata\` (\`filename\`, \`filetype\`, base64). Answers 201 with \`Location\`, the upload's URL: send the file to it with PATCH, ask how much arrived with HEAD, and once it is whole GET it for the answer POST /api/uploads gives. An unfinished upload is deleted a day after it was started.`,
        tags: ['images'],
        response: { 201: NO_CONTENT("Created: the upload's URL is in Location"), ...REFUSALS },
      },
    },
    async (request, reply) => {
      if (request.headers['upload-defer-length'] !== undefined)
        throw new HttpError(400, RESUMABLE_MESSAGES.deferLength);
      const length = byteCount(request.headers['upload-length'], RESUMABLE_MESSAGES.lengthMissing);
      if (length === 0) throw new HttpError(400, RESUMABLE_MESSAGES.lengthMissing);
      if (length > RESUMABLE_MAX_BYTES) throw new HttpError(413, MESSAGES.imageTooLarge);
      const metadata = parseUploadMetadata(request.headers['upload-metadata']);
      const id = await createResumableUpload(app.db, currentUser(request), { length, ...metadata });
      // no body: the news is in Location (the typed reply would want the schema's null)
      const untyped: FastifyReply = reply;
      return untyped.code(201).header('location', locationOf(id)).header('upload-offset', '0').send();
    },
  );

  app.head(
    `${path}/:id`,
    {
      config: { access: signedIn(), rateLimit: app.settings.rateLimits.uploadChunk },
      preHandler: requireTusVersion,
      schema: {
        summary: 'How much of an upload the server has (tus 1.0.0 HEAD)',
        tags: ['images'],
        params: uploadParams,
        response: { 200: NO_CONTENT('Upload-Offset: the bytes stored; Upload-Length: the whole'), ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof uploadParams>;
      return sendOffset(reply, await findResumableUpload(app.db, currentUser(request), id), 200);
    },
  );

  typed(app).patch(
    `${path}/:id`,
    {
      config: { access: signedIn(), rateLimit: app.settings.rateLimits.uploadChunk },
      preHandler: requireTusVersion,
      onError: async (_request, reply, error) => {
        if (error instanceof DecodeQueueFullError) reply.header('retry-after', String(DECODE_RETRY_AFTER_SECONDS));
      },
      schema: {
        summary: 'Sends the next chunk of an upload (tus 1.0.0 PATCH)',
        description:
          "Headers: `Tus-Resumable: 1.0.0`, `Upload-Offset` (where the chunk starts: the offset HEAD answers, else 409) and `Content-Type: application/offset+octet-stream`; the body is the chunk. Answers 204 with the new `Upload-Offset`. The chunk that completes the file turns it into an image as POST /api/uploads does (a real image, re-encoded, private): its refusals are that route's, and a file that is no image is deleted.",
        tags: ['images'],
        params: uploadParams,
        consumes: [CHUNK_TYPE],
        response: { 204: NO_CONTENT('Stored: Upload-Offset is the new offset'), ...REFUSALS },
      },
    },
    async (request, reply) => {
      const owner = currentUser(request);
      const { id } = request.params;
      const state = await findResumableUpload(app.db, owner, id);
      const offset = byteCount(request.headers['upload-offset'], RESUMABLE_MESSAGES.offsetMissing);
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (type !== CHUNK_TYPE) throw new HttpError(415, RESUMABLE_MESSAGES.contentType);
      if (offset !== state.offset) throw new HttpError(409, RESUMABLE_MESSAGES.offsetMismatch);
      const declared = request.headers['content-length'];
      if (declared !== undefined && offset + Number(declared) > state.length) {
        throw new HttpError(413, RESUMABLE_MESSAGES.chunkTooLarge);
      }
      const chunk = await readChunk(request.body, state.length - offset);
      const next = await appendResumableChunk(app.db, services, owner, id, offset, chunk.data);
      if (!chunk.whole) throw new HttpError(400, RESUMABLE_MESSAGES.interrupted);
      return sendOffset(reply, next, 204);
    },
  );

  typed(app).get(
    `${path}/:id`,
    {
      config: { access: signedIn() },
      // HEAD is the tus route above
      exposeHeadRoute: false,
      schema: {
        summary: 'A finished upload, answered as POST /api/uploads answers',
        description:
          "The upload must be the caller's (else 404) and whole (else 409). The answer is a short-lived signed link to the image, to preview it and to send in a form, as POST /api/uploads gives.",
        tags: ['images'],
        params: uploadParams,
        response: { 200: uploadResponseSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const state = await findResumableUpload(app.db, currentUser(request), request.params.id);
      if (!state.uploadKey) throw new HttpError(409, RESUMABLE_MESSAGES.notFinished);
      return reply
        .header('cache-control', 'no-store')
        .send({ url: app.privateLinks.url(app.settings.publicUrl, state.uploadKey) });
    },
  );
}
