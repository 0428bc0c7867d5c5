/**
 * A store for @fastify/rate-limit that counts in Redis and, while Redis is down, in this
 * process's memory (the plugin's own `skipOnError` would stop limiting altogether).
 * The counting itself is the plugin's: its RedisStore (INCR and PEXPIRE in one script) and its
 * LocalStore (an LRU of windows).
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { SharedRedis } from './shared-redis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** The plugin's two stores, which its types do not declare. */
interface PluginStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis) => PluginStore;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => PluginStore;

const require = createRequire(import.meta.url);
const RedisStore: RedisStoreCtor = require('@fastify/rate-limit/store/RedisStore');
const LocalStore: LocalStoreCtor = require('@fastify/rate-limit/store/LocalStore');

function counted(store: PluginStore, key: string, timeWindow: number, max: number): Promise<Counted> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), timeWindow, max),
  );
}

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: SharedRedis,
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.redis
      .run(
        () => counted(this.shared, key, timeWindow, max),
        () => counted(this.local, key, timeWindow, max),
      )
      .then((result) => callback(null, result), callback);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The `store` option of @fastify/rate-limit. */
export function redisRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis.client),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
