/**
 * The value of an image field: an image already stored (a URL), or a file picked on this
 * device and not uploaded yet. A form uploads picked files on submit (form/image-field).
 */
import { type UploadImageOptions, uploadImage } from 'shared-api';
import type { ImageChoice } from 'shared-api/contract';

/** the contract's image choice (form-schemas' imageChoiceSchema): a stored URL or a picked file */
export type ImageValue = ImageChoice;

/** A stored image; no URL (null, undefined, '') is no image. */
export function imageFromUrl(url: string | null | undefined): ImageValue | null {
  return url ? { url, file: null, previewUrl: url } : null;
}

/** A picked file, previewed from memory until it is uploaded. */
export function imageFromFile(file: File): ImageValue {
  const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
  return { url: null, file, previewUrl };
}

/** Frees the preview of a picked file once nothing shows it any more. */
export function releaseImage(value: ImageValue | null): void {
  if (value?.file && value.previewUrl.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') {
    URL.revokeObjectURL(value.previewUrl);
  }
}

/**
 * The URL to put in a payload: a picked file is uploaded (progress 0..1 to onProgress),
 * a stored image keeps its URL, no image is null. Rejects as uploadImage does.
 */
export async function resolveImage(
  value: ImageValue | null,
  onProgress?: (fraction: number) => void,
  options?: UploadImageOptions,
): Promise<string | null> {
  if (!value) return null;
  if (value.file) return uploadImage(value.file, onProgress, options);
  return value.url;
}
