/**
 * Per-address rate limits for the routes that ask for one (login, register, uploads):
 *   app.post('/login', { config: { rateLimit: app.settings.rateLimits.login } }, handler)
 * The address is request.ip: the socket's peer, or behind proxies the X-Forwarded-For entry
 * TRUST_PROXY designates (never one a client can write). With REDIS_URL the counts are shared
 * by every API process in Redis, and kept in this process's memory while Redis is down;
 * without it, each process counts its own (docs/architecture.md, Rate limits).
 *
 * Also app.signInAttempts, the per-account count of sign-in attempts (auth/sign-in-attempts.ts).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from 'shared-api/contract';
import { createMemorySignInAttempts, createRedisSignInAttempts, type SignInAttempts } from '../auth/sign-in-attempts';
import type { RateLimitSetting } from '../config';
import { HttpError } from '../http-error';
import { redisRateLimitStore } from '../redis/rate-limit-store';
import { connectRedis } from '../redis/shared-redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** sign-in attempts per account (rateLimits.failedLogin) */
    signInAttempts: SignInAttempts;
  }
}

export interface RateLimitRedisOptions {
  url: string;
  /** before every key (default "rl:"): apps with different prefixes count apart in one Redis */
  keyPrefix?: string;
}

export interface RateLimitPluginOptions {
  failedLogin: RateLimitSetting;
  /** default: counted in Redis when `redis` is given, otherwise in this process's memory */
  signInAttempts?: SignInAttempts | undefined;
  redis?: RateLimitRedisOptions | undefined;
}

async function rateLimitPlugin(app: FastifyInstance, options: RateLimitPluginOptions) {
  const redis = options.redis && connectRedis({ ...options.redis, log: app.log });
  if (redis) app.addHook('onClose', () => redis.close());
  app.decorate(
    'signInAttempts',
    options.signInAttempts ??
      (redis ? createRedisSignInAttempts(redis, options.failedLogin) : createMemorySignInAttempts(options.failedLogin)),
  );
  await app.register(rateLimit, {
    global: false,
    ...(redis && { store: redisRateLimitStore(redis) }),
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
