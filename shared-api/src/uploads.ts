/**
 * uploadImage: the one way to upload an image (docs/architecture.md, Images).
 * - A Firebase configuration in the runtime config, and a public image: the firebase SDK is
 *   loaded then (dynamic import) and the file goes to `images/{name}{timestamp}`.
 * - Otherwise: multipart POST /api/uploads, kept by the API under DATA_DIR, private to the
 *   uploader until a product (which makes it public) or an order (which keeps it private) takes
 *   it; the URL is a signed link that works for ten minutes, for the form's preview and payload.
 * - `resumable` (an agent's proof screenshot, on a phone's unsteady connection), without
 *   Firebase: tus 1.0 to /api/uploads/resumable in chunks (resumable-upload.ts, loaded then),
 *   resuming after a dropped connection or a reload; the answer is the same signed link.
 *   With Firebase the SDK's own upload is used as before.
 * Private images (the registration's CNIC pictures) always go to the API, without a token,
 * marked `purpose=cnic`: the API keeps them apart and serves them only to admins.
 */
import { apiRequest } from './client';
import { getRuntimeConfig } from './config';
import type { UploadResponse } from './contract/schemas';

export interface UploadImageOptions {
  /** a national ID image: never to Firebase, stored privately by the API */
  private?: boolean;
  /** in chunks that resume after a dropped connection or a reload (tus); not with `private` */
  resumable?: boolean;
}

/** Resolves to the image's URL; rejects with an ApiError (or the SDK's error on Firebase). */
export async function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
  options: UploadImageOptions = {},
): Promise<string> {
  const { firebase } = getRuntimeConfig();
  if (firebase && !options.private) {
    const { uploadToFirebase } = await import('./firebase-storage');
    return uploadToFirebase(firebase, file, onProgress);
  }
  if (options.resumable && !options.private) {
    const { uploadResumable } = await import('./resumable-upload');
    return uploadResumable(file, onProgress);
  }

  const form = new FormData();
  // the purpose goes before the file, so the server knows it when the file arrives
  if (options.private) form.append('purpose', 'cnic');
  form.append('file', file, file.name);
  const { data } = await apiRequest<UploadResponse>('/api/uploads', {
    method: 'POST',
    data: form,
    onUploadProgress: onProgress,
    anonymous: options.private === true,
  });
  onProgress?.(1);
  return data.url;
}
