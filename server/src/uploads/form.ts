/**
 * Reading POST /api/uploads' multipart form: one image in a field named `file` and its
 * `purpose`. The limits and parse failures of @fastify/multipart (busboy) become refusals a
 * person can act on.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES, MESSAGES } from 'shared-api/contract';
import { HttpError } from '../http-error';

export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
  headerPairs: 100,
};

export const UPLOAD_REFUSALS = {
  notMultipart: 'Send the image as multipart/form-data, in a field named file.',
  noFile: 'Choose an image to upload (a form field named file).',
} as const;
/** File systems keep names to 255 characters; the name is not used, but an absurd one is refused. */
const MAX_FILE_NAME_LENGTH = 255;
const FILE_NAME_TOO_LONG = `The file name is too long (at most ${MAX_FILE_NAME_LENGTH} characters). Rename the file and try again.`;
const PURPOSE_TOO_LONG = 'The purpose of an upload is "cnic" for a registration image, or nothing.';

export interface UploadForm {
  file: Buffer | undefined;
  purpose: string | undefined;
}

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
      return new HttpError(415, UPLOAD_REFUSALS.notMultipart);
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
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new HttpError(415, UPLOAD_REFUSALS.notMultipart);
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
  if (unexpectedFile && !form.file) throw new HttpError(400, UPLOAD_REFUSALS.noFile);
  return form;
}
