/**
 * How many images are decoded at once. sharp works on libuv's thread pool (4 threads by
 * default), which argon2 (sign-in, registration) and file reads share: unbounded decoding
 * stalls sign-ins. So a few decode at once, a few more wait their turn, and past that an upload
 * is answered 503 at once (try again shortly) instead of a queue that grows without bound.
 */
import { HttpError } from '../http-error';

export const DECODE_CONCURRENCY = 2;
export const DECODE_MAX_WAITING = 8;
/** Seconds a refused upload is told to wait (Retry-After). */
export const DECODE_RETRY_AFTER_SECONDS = 5;

export const DECODE_QUEUE_FULL = 'The server is busy processing other images. Try again in a few seconds.';

export class DecodeQueueFullError extends HttpError {
  constructor() {
    super(503, DECODE_QUEUE_FULL);
  }
}

export interface DecodeQueue {
  /** Runs the work when a slot is free; DecodeQueueFullError when too many already wait. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** running now, and waiting */
  readonly load: { active: number; waiting: number };
}

export function createDecodeQueue({
  concurrency = DECODE_CONCURRENCY,
  maxWaiting = DECODE_MAX_WAITING,
}: {
  concurrency?: number;
  maxWaiting?: number;
} = {}): DecodeQueue {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (active < concurrency) {
        active += 1;
      } else {
        if (waiting.length >= maxWaiting) throw new DecodeQueueFullError();
        // the slot is handed over by the work that ends (active stays the same)
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    get load() {
      return { active, waiting: waiting.length };
    },
  };
}
