/**
 * Moving every stored image from one store to the other (`npm run images:move`, images-move.ts;
 * docs/contributing.md, Moving images). One image at a time: copied, read back and compared by
 * SHA-256, and only then removed from the source. Stopped anywhere (a crash, a failed write), it
 * leaves each image whole in the source, the target, or both; a second run finishes the job: an
 * identical copy found in the target is kept, a differing one is written again.
 */
import { type ImageStore, sha256 } from './store';

export interface MoveCounts {
  /** written to the target by this run */
  copied: number;
  /** found identical in the target (a run interrupted after the copy) */
  alreadyThere: number;
  /** removed from the source once its copy checked out */
  removed: number;
}

export class ImageMoveError extends Error {
  override name = 'ImageMoveError';
  constructor(
    message: string,
    readonly counts: MoveCounts,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const BATCH = 200;

export async function moveImages(
  from: ImageStore,
  to: ImageStore,
  { onProgress }: { onProgress?: (counts: MoveCounts) => void } = {},
): Promise<MoveCounts> {
  const counts: MoveCounts = { copied: 0, alreadyThere: 0, removed: 0 };
  for (let after = ''; ; ) {
    const batch = await from.list(after, BATCH);
    for (const { key } of batch) {
      try {
        await moveOne(from, to, key, counts);
      } catch (error) {
        throw new ImageMoveError(
          `Moving the image ${key} failed: ${(error as Error).message}. It is still in the source; nothing was lost.`,
          counts,
          { cause: error },
        );
      }
    }
    onProgress?.({ ...counts });
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) break;
    after = last.key;
  }
  return counts;
}

async function moveOne(from: ImageStore, to: ImageStore, key: string, counts: MoveCounts): Promise<void> {
  const source = await from.read(key);
  if (!source) return; // removed meanwhile (the clean-up)
  const hash = sha256(source.data);
  let existing = await to.read(key);
  if (existing && sha256(existing.data) !== hash) {
    // a copy that does not match (a write cut off before files were written whole): written again
    await to.remove(key);
    existing = undefined;
  }
  if (existing) {
    counts.alreadyThere += 1;
    await to.place(key, source.private);
  } else {
    await to.write(key, source.private, source.data);
    counts.copied += 1;
  }
  const copy = await to.read(key);
  if (!copy || sha256(copy.data) !== hash) throw new Error('its copy does not match the original');
  await from.remove(key);
  counts.removed += 1;
}
