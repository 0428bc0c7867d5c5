/**
 * The Redis the API processes share their rate-limit counts in (REDIS_URL; docs/architecture.md,
 * Rate limits). Made to fail fast: no offline queue, one try per command, a short timeout, so
 * a Redis that is down costs a request a few milliseconds, not a hang. The callers count in
 * this process's memory while it is down; the outage is logged once, and its end once.
 */
import { Redis } from 'ioredis';

export interface RedisLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface SharedRedis {
  readonly client: Redis;
  /** Runs a command; on failure reports the outage (logged once) and answers `fallback()`. */
  run<T>(command: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  /** true between a failed command and the next one that succeeds */
  readonly down: boolean;
  close(): Promise<void>;
}

export interface SharedRedisOptions {
  url: string;
  /** before every key, so several apps (or test files) can share one Redis apart */
  keyPrefix?: string;
  log: RedisLog;
  /** milliseconds a command may take before it counts as failed */
  commandTimeout?: number;
}

export function connectRedis({ url, keyPrefix = 'rl:', log, commandTimeout = 500 }: SharedRedisOptions): SharedRedis {
  const client = new Redis(url, {
    keyPrefix,
    connectTimeout: 1_000,
    commandTimeout,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // reconnects forever, at most every 2 s, so Redis is used again soon after it is back
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let down = false;
  // ioredis reports every failed reconnection as an 'error' event; the commands report the outage.
  client.on('error', () => {});

  function failed(error: unknown) {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis does not answer: rate limits count in this process only until it is back (REDIS_URL)',
    );
  }

  function answered() {
    if (!down) return;
    down = false;
    log.info({}, 'Redis answers again: rate limits count in Redis again');
  }

  let closing: Promise<void> | undefined;
  return {
    client,
    get down() {
      return down;
    },
    async run(command, fallback) {
      let result: Awaited<ReturnType<typeof command>>;
      try {
        result = await command(client);
      } catch (error) {
        failed(error);
        return fallback();
      }
      answered();
      return result;
    },
    close() {
      closing ??= client
        .quit()
        .then(() => undefined)
        .catch(() => client.disconnect());
      return closing;
    },
  };
}
