/**
 * Uploads that resume: the tus 1.0 protocol at /api/uploads/resumable (docs/domain.md, Images,
 * Uploads that resume). The server and the app's uploader read these; the refusals are what a
 * person is shown.
 */
import { MAX_IMAGE_BYTES } from './constants';

export const RESUMABLE_UPLOADS_PATH = '/api/uploads/resumable';
export const TUS_VERSION = '1.0.0';
/** What the server stores per PATCH at most: a whole image (MAX_IMAGE_BYTES). */
export const RESUMABLE_MAX_BYTES = MAX_IMAGE_BYTES;
/** The app's chunk size (each a PATCH of its own). */
export const DEFAULT_UPLOAD_CHUNK_BYTES = 256 * 1024;
/** An unfinished upload is deleted this long after it was created. */
export const RESUMABLE_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Unfinished uploads one account keeps at once; a new one past it deletes the oldest. */
export const MAX_OPEN_RESUMABLE_UPLOADS = 10;

export const RESUMABLE_MESSAGES = {
  tusVersion: 'Send Tus-Resumable: 1.0.0 (this server speaks tus 1.0.0).',
  lengthMissing: 'Send Upload-Length: the size of the whole file in bytes (a whole number from 1).',
  deferLength: 'Send Upload-Length when the upload is created: this server needs the size first.',
  metadataInvalid:
    'Upload-Metadata is not valid: comma-separated pairs of a key and its value in base64 (filename, filetype).',
  offsetMissing: 'Send Upload-Offset: where this chunk starts, in bytes (a whole number from 0).',
  offsetMismatch: 'This chunk does not start where the upload stands: ask for the offset with HEAD and resume from it.',
  contentType: 'Send the chunk as application/offset+octet-stream.',
  chunkTooLarge: 'The chunk goes past the end of the upload (its Upload-Length).',
  interrupted: 'The chunk was interrupted. Ask for the offset with HEAD and resume from it.',
  notFound: 'This upload is not on the server (or it has expired). Choose the image again and upload it.',
  notFinished: 'This upload is not finished yet: send the rest of the file first.',
  /** an order's screenshot is an upload whose bytes have not all arrived */
  screenshotStillUploading:
    'The screenshot has not finished uploading. Wait until it is uploaded, then send the order.',
} as const;
