/**
 * The Firebase Storage path of uploadImage (docs/architecture.md, Images). This module, and the
 * firebase SDK it imports, is loaded only by a dynamic import in uploads.ts when the runtime
 * configuration names a Firebase project, so no app pays for the SDK on its first load.
 */
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app';
import { getDownloadURL, getStorage, ref, uploadBytesResumable } from 'firebase/storage';
import type { FirebaseConfig } from './config';

/** A named app of our own, so a page that also initialises the default Firebase app is not disturbed. */
const APP_NAME = 'review-marketplace-uploads';

function firebaseApp(config: FirebaseConfig): FirebaseApp {
  return getApps().find((app) => app.name === APP_NAME) ?? initializeApp(config, APP_NAME);
}

/** Where an image is stored: `images/{filename+timestamp}`, the path the first client used. */
export function storagePath(file: File, now: number = Date.now()): string {
  return `images/${file.name}${now}`;
}

/** Uploads with progress (0..1) and resolves to the download URL that goes into payloads. */
export async function uploadToFirebase(
  config: FirebaseConfig,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const storage = getStorage(firebaseApp(config));
  const task = uploadBytesResumable(ref(storage, storagePath(file)), file, { contentType: file.type });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => onProgress?.(snapshot.totalBytes > 0 ? snapshot.bytesTransferred / snapshot.totalBytes : 0),
      reject,
      () => resolve(),
    );
  });
  onProgress?.(1);
  return getDownloadURL(task.snapshot.ref);
}
