/**
 * Uploads that resume (docs/domain.md, Images, Uploads that resume): a file sent with tus 1.0 to
 * /api/uploads/resumable in chunks, with tus-js-client. Loaded only when an upload starts
 * (uploads.ts imports this module dynamically), so no page pays for it before.
 * - A dropped connection: tus-js-client retries, asking the server how much it has (HEAD) and
 *   sending the rest; while the phone is offline it keeps waiting (the retry delays below).
 * - A reload of the page: the upload's URL is kept in localStorage under a fingerprint of the
 *   file and the signed-in user (another account on the same phone never resumes it), so the
 *   same file picked again goes on from the server's offset; it is forgotten once finished.
 * - Finished: GET on the upload's URL answers what POST /api/uploads answers ({ url }).
 */
import { DetailedError, type HttpRequest, Upload } from 'tus-js-client';
import { ApiError, apiRequest, currentToken } from './client';
import { getRuntimeConfig } from './config';
import { MESSAGES } from './contract/messages';
import { DEFAULT_UPLOAD_CHUNK_BYTES, RESUMABLE_UPLOADS_PATH } from './contract/resumable-uploads';
import type { UploadResponse } from './contract/schemas';
import { useSession } from './session';

/** How long to wait before each new try (ms): about two minutes in all, for a phone that lost its signal. */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, 10_000, 15_000, 20_000, 30_000, 30_000];

/** tus-js-client's key for the file, per signed-in user and API (its default has no user in it). */
export function uploadFingerprint(file: File, userId: string | null, endpoint: string): string {
  return ['tus', userId ?? 'anonymous', endpoint, file.name, file.type, file.size, file.lastModified].join('|');
}

/** A refusal the server sent as JSON { message }, else the generic words. */
function apiErrorOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DetailedError && error.originalResponse) {
    const status = error.originalResponse.getStatus();
    let message: string | undefined;
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // not JSON: the generic words
    }
    return new ApiError(message ?? MESSAGES.somethingWentWrong, 'response', status, message !== undefined, {
      cause: error,
    });
  }
  return new ApiError(MESSAGES.noResponse, 'network', undefined, false, { cause: error });
}

/** Retries what a new try can mend: no answer, a server error, a conflict of offsets (tus says: HEAD and resume). */
function shouldRetry(error: DetailedError | Error): boolean {
  const status = error instanceof DetailedError ? error.originalResponse?.getStatus() : undefined;
  return status === undefined || status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}

export interface ResumableUploadOptions {
  /** bytes per PATCH (default DEFAULT_UPLOAD_CHUNK_BYTES) */
  chunkSize?: number;
  /** called with the bytes the server has and the file's size, also right after resuming */
  onBytes?: (sent: number, total: number) => void;
}

/** Uploads the file resumably; resolves to the signed link POST /api/uploads would answer. */
export async function uploadResumable(
  file: File,
  onProgress?: (fraction: number) => void,
  options: ResumableUploadOptions = {},
): Promise<string> {
  const { apiBaseUrl } = getRuntimeConfig();
  const endpoint = `${apiBaseUrl}${RESUMABLE_UPLOADS_PATH}`;
  const userId = useSession.getState().user?._id ?? null;
  const location = await new Promise<string>((resolve, reject) => {
    const upload: Upload = new Upload(file, {
      endpoint,
      chunkSize: options.chunkSize ?? DEFAULT_UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      fingerprint: async (picked) => uploadFingerprint(picked as File, userId, endpoint),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // the session's token at each request: a long upload outlives nothing but its token
      onBeforeRequest: (request: HttpRequest) => {
        const token = currentToken();
        // (tus-js-client sets Tus-Resumable itself: a second setHeader would make XHR send "1.0.0, 1.0.0")
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error) => shouldRetry(error),
      onProgress: (sent, total) => {
        options.onBytes?.(sent, total);
        if (total > 0) onProgress?.(Math.min(sent / total, 0.99));
      },
      onSuccess: () => (upload.url ? resolve(upload.url) : reject(new ApiError(MESSAGES.somethingWentWrong, 'setup'))),
      onError: (error) => reject(apiErrorOf(error)),
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous.at(-1);
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch((error: unknown) => reject(apiErrorOf(error)));
  });
  // The finished upload's answer; through the one client, so its refusals read as every other's.
  // The server's Location as it is (absolute): a path cut from it would lose an API path prefix.
  const { data } = await apiRequest<UploadResponse>(location);
  onProgress?.(1);
  return data.url;
}
