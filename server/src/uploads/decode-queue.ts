/**
 * How many images are decoded at once. sharp works on libuv's thread pool (4 threads by
 * default), which argon2 (sign-in, registration) and file reads share: unbounded decoding
 * stalls sign-ins. So a few decode at once, a few more wait their turn, and past that an upload
 * is answered 503 at once (try again shortly) instead of a queue that grows without bound.
 *
 * Uploads without a token (a registration's ID card images) have a small share of their own:
 * at most one decoding and two waiting, in a line apart. They never take the last slot nor any
 * waiting place of signed-in users, so a flood of them is refused (503) while a signed-in
 * upload still gets its turn; a free slot goes to a waiting signed-in upload first.
 */
import { HttpError } from '../http-error';

export const DECODE_CONCURRENCY = 2;
export const DECODE_MAX_WAITING = 8;
/** Uploads without a token: at most this many decoding at once (the rest of the slots stay signed-in users'). */
export const ANONYMOUS_DECODE_CONCURRENCY = 1;
/** Uploads without a token: at most this many waiting, in their own line. */
export const ANONYMOUS_DECODE_MAX_WAITING = 2;
/** Seconds a refused upload is told to wait (Retry-After). */
export const DECODE_RETRY_AFTER_SECONDS = 5;

export const DECODE_QUEUE_FULL = 'The server is busy processing other images. Try again in a few seconds.';

export class DecodeQueueFullError extends HttpError {
  constructor() {
    super(503, DECODE_QUEUE_FULL);
  }
}

export interface DecodeRunOptions {
  /** an upload without a token: runs in the anonymous share */
  anonymous?: boolean;
}

export interface DecodeQueue {
  /** Runs the work when a slot is free; DecodeQueueFullError when too many already wait. */
  run<T>(work: () => Promise<T>, options?: DecodeRunOptions): Promise<T>;
  /** running now, and waiting (everyone's) */
  readonly load: { active: number; waiting: number };
  /** the anonymous share of `load` */
  readonly anonymousLoad: { active: number; waiting: number };
}

export function createDecodeQueue({
  concurrency = DECODE_CONCURRENCY,
  maxWaiting = DECODE_MAX_WAITING,
  anonymousConcurrency = Math.min(ANONYMOUS_DECODE_CONCURRENCY, concurrency),
  anonymousMaxWaiting = ANONYMOUS_DECODE_MAX_WAITING,
}: {
  concurrency?: number;
  maxWaiting?: number;
  anonymousConcurrency?: number;
  anonymousMaxWaiting?: number;
} = {}): DecodeQueue {
  let active = 0;
  let anonymousActive = 0;
  // a waiting run is started by calling its resolver, which takes the slot it is given
  const waiting: (() => void)[] = [];
  const anonymousWaiting: (() => void)[] = [];
  const anonymousMayStart = () => active < concurrency && anonymousActive < anonymousConcurrency;

  /** A slot was freed: a waiting signed-in upload first, else a waiting anonymous one if its share allows. */
  function startNext() {
    const next = waiting.shift();
    if (next) {
      active += 1;
      next();
      return;
    }
    if (anonymousWaiting.length > 0 && anonymousMayStart()) {
      active += 1;
      anonymousActive += 1;
      anonymousWaiting.shift()?.();
    }
  }

  return {
    async run(work, { anonymous = false } = {}) {
      if (anonymous) {
        if (anonymousMayStart() && anonymousWaiting.length === 0) {
          active += 1;
          anonymousActive += 1;
        } else {
          if (anonymousWaiting.length >= anonymousMaxWaiting) throw new DecodeQueueFullError();
          await new Promise<void>((resolve) => anonymousWaiting.push(resolve));
        }
      } else if (active < concurrency && waiting.length === 0) {
        active += 1;
      } else {
        if (waiting.length >= maxWaiting) throw new DecodeQueueFullError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        active -= 1;
        if (anonymous) anonymousActive -= 1;
        startNext();
      }
    },
    get load() {
      return { active, waiting: waiting.length + anonymousWaiting.length };
    },
    get anonymousLoad() {
      return { active: anonymousActive, waiting: anonymousWaiting.length };
    },
  };
}
