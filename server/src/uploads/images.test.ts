import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http-error';
import { createDecodeQueue, DECODE_QUEUE_FULL, DecodeQueueFullError } from './decode-queue';
import { IMAGE_REFUSALS, IMAGE_TIMEOUT_SECONDS, MAX_IMAGE_FRAMES, reencodeImage } from './images';

/** An animation of `frames` distinct frames (an encoder merges identical ones). */
async function animation(format: 'gif' | 'webp', frames: number, width = 4, height = 4): Promise<Buffer> {
  const stills = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: { r: (i * 5) % 256, g: (i * 50) % 256, b: (i * 97) % 256 },
        },
      })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(stills, { join: { animated: true } })
    .toFormat(format)
    .toBuffer();
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
};

describe('reencodeImage', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['gif', 'webp'] as const)(
    'keeps a %s animation of up to 100 frames, and refuses one of 101',
    async (format) => {
      const kept = await reencodeImage(await animation(format, MAX_IMAGE_FRAMES));
      expect((await sharp(kept.data).metadata()).pages).toBe(MAX_IMAGE_FRAMES);
      expect(await refusal(reencodeImage(await animation(format, MAX_IMAGE_FRAMES + 1)))).toEqual({
        status: 413,
        message: IMAGE_REFUSALS.tooManyFrames,
      });
    },
  );

  it('counts the pixels of every frame of an animation against the limit', async () => {
    // 10 frames of 20 x 20: 400 pixels each, 4,000 in all
    const gif = await animation('gif', 10, 20, 20);
    expect((await reencodeImage(gif, { maxPixels: 4_000 })).format).toBe('gif');
    expect(await refusal(reencodeImage(gif, { maxPixels: 3_999 }))).toEqual({
      status: 413,
      message: IMAGE_REFUSALS.tooManyPixels(3_999),
    });
  });

  it('gives sharp a time limit, and turns its timeout into a refusal a person can act on', async () => {
    const timeout = vi.spyOn(sharp.prototype, 'timeout');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    await reencodeImage(png);
    expect(timeout).toHaveBeenCalledWith({ seconds: IMAGE_TIMEOUT_SECONDS });

    vi.spyOn(sharp.prototype, 'toBuffer').mockRejectedValueOnce(new Error('timeout: 63% complete'));
    expect(await refusal(reencodeImage(png))).toEqual({ status: 422, message: IMAGE_REFUSALS.tooSlow });
  });
});

describe('the decode queue', () => {
  /** Work that runs until release() is called, counting how many run at once. */
  function gatedWork() {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const releaseAll = () => {
      for (const release of releases.splice(0)) release();
    };
    return { work, releaseAll, running: () => running, most: () => most };
  }

  it('runs at most `concurrency` at once, the others in turn as slots free up', async () => {
    const queue = createDecodeQueue({ concurrency: 2, maxWaiting: 10 });
    const gate = gatedWork();
    const all = Array.from({ length: 5 }, () => queue.run(gate.work));
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.running()).toBe(2);
    expect(queue.load).toEqual({ active: 2, waiting: 3 });
    while (queue.load.active > 0) {
      gate.releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(all);
    expect(gate.most()).toBe(2);
    expect(queue.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses work at once (503) when the waiting line is full, and takes work again once it moves', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 1 });
    const gate = gatedWork();
    const first = queue.run(gate.work);
    const second = queue.run(gate.work);
    const third = queue.run(gate.work);
    await expect(third).rejects.toBeInstanceOf(DecodeQueueFullError);
    await expect(third).rejects.toMatchObject({ statusCode: 503, message: DECODE_QUEUE_FULL });
    expect(queue.load).toEqual({ active: 1, waiting: 1 });

    gate.releaseAll();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    gate.releaseAll();
    await second;
    await expect(queue.run(async () => 'done')).resolves.toBe('done');
  });

  it('gives uploads without a token one slot and two waiting places of their own, never the last slot nor a signed-in place', async () => {
    const queue = createDecodeQueue({ concurrency: 2, maxWaiting: 2 });
    const gate = gatedWork();
    const anonymous = Array.from({ length: 3 }, () => queue.run(gate.work, { anonymous: true }));
    const fourth = queue.run(gate.work, { anonymous: true });
    await expect(fourth).rejects.toMatchObject({ statusCode: 503, message: DECODE_QUEUE_FULL });
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.anonymousLoad).toEqual({ active: 1, waiting: 2 });
    // the other slot and both waiting places stay signed-in users'
    const signedIn = Array.from({ length: 3 }, () => queue.run(gate.work));
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.load).toEqual({ active: 2, waiting: 4 });
    await expect(queue.run(gate.work)).rejects.toBeInstanceOf(DecodeQueueFullError);

    // a freed slot goes to a waiting signed-in upload first
    gate.releaseAll();
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.anonymousLoad).toEqual({ active: 0, waiting: 2 });
    expect(queue.load).toEqual({ active: 2, waiting: 2 });
    while (queue.load.active > 0) {
      gate.releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all([...anonymous, ...signedIn]);
    expect(gate.most()).toBe(2);
  });

  it('frees the slot of work that fails', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    await expect(queue.run(async () => 1)).resolves.toBe(1);
  });
});
