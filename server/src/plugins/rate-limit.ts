/**
 * Per-IP rate limits for the routes that ask for one (login, register, uploads):
 *   app.post('/login', { config: { rateLimit: app.settings.rateLimits.login } }, handler)
 * Counters live in this process's memory (several API processes each count their own).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from 'shared-api/contract';
import { HttpError } from '../http-error';

async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
