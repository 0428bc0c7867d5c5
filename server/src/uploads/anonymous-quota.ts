/**
 * Quotas on uploads without a token (a registration's ID card images, docs/architecture.md,
 * Images): per address (an IPv6 address counts with its /64, which one subscriber holds
 * whole) and for everyone together, so neither one address nor many can fill the disk. Counted
 * by @fastify/rate-limit's store: with REDIS_URL in Redis, shared by every API process (in this
 * process's memory while Redis is down), like the other limits (plugins/rate-limit.ts).
 */
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { anonymousUploadQuota } from 'shared-api/contract';
import type { RateLimitSetting } from '../config';
import { builtTranslations } from '../http/language';
import { HttpError } from '../http-error';

export class AnonymousQuotaError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    translations?: HttpError['translations'],
  ) {
    super(429, message, undefined, translations);
  }
}

/** The address a quota counts: an IPv4 address, or an IPv6 address's /64 network. */
export function quotaAddress(ip: string): string {
  if (!net.isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = ip.split('%')[0]?.split('::') ?? [''];
  const first = head === '' ? [] : head.split(':');
  const last = tail === undefined || tail === '' ? [] : tail.split(':');
  const hextets = [...first, ...Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0'), ...last];
  return `${hextets
    .slice(0, 4)
    .map((hextet) => Number.parseInt(hextet, 16).toString(16))
    .join(':')}::/64`;
}

export interface AnonymousUploadLimits {
  perAddress: RateLimitSetting;
  everyone: RateLimitSetting;
}

/**
 * Counts an anonymous upload against both quotas (the address's first: an address over its
 * own does not use up everyone's); AnonymousQuotaError (429) when one is used up.
 */
export function createAnonymousUploadQuota(app: FastifyInstance, limits: AnonymousUploadLimits) {
  const perAddress = app.createRateLimit({
    ...limits.perAddress,
    keyGenerator: (request) => `anonymous-upload:${quotaAddress(request.ip)}`,
  });
  const everyone = app.createRateLimit({ ...limits.everyone, keyGenerator: () => 'anonymous-upload:everyone' });
  return async function takeAnonymousUpload(request: FastifyRequest): Promise<void> {
    for (const [limit, quota] of [
      [perAddress, 'address'],
      [everyone, 'everyone'],
    ] as const) {
      const counted = await limit(request);
      if (!counted.isAllowed && counted.isExceeded) {
        throw new AnonymousQuotaError(
          anonymousUploadQuota[quota](counted.ttl),
          Math.max(1, counted.ttlInSeconds),
          builtTranslations((b) => b.anonymousUploadQuota[quota](counted.ttl)),
        );
      }
    }
  };
}
