/**
 * Per-address rate limits for the routes that ask for one (login, register, uploads):
 *   app.post('/login', { config: { rateLimit: app.settings.rateLimits.login } }, handler)
 * The address is request.ip: the socket's peer, or behind proxies the X-Forwarded-For entry
 * TRUST_PROXY designates (never one a client can write). Counters live in this process's
 * memory (several API processes each count their own).
 *
 * Also app.signInAttempts, the per-account count of sign-in attempts (auth/sign-in-attempts.ts).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from 'shared-api/contract';
import type { SignInAttempts } from '../auth/sign-in-attempts';
import { HttpError } from '../http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** sign-in attempts per account (rateLimits.failedLogin) */
    signInAttempts: SignInAttempts;
  }
}

async function rateLimitPlugin(app: FastifyInstance, options: { signInAttempts: SignInAttempts }) {
  app.decorate('signInAttempts', options.signInAttempts);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
