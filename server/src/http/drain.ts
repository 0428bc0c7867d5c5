/**
 * Leaving a load balancer's pool before stopping (docs/scaling.md, Rolling restarts): once
 * draining, GET /api/health answers 503 so the balancer's checks take the process out of the
 * pool, while every other request is still served; main.ts closes the server after the drain
 * period, and Fastify's close lets the requests in flight finish.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from 'shared-api/contract';

export interface Drain {
  readonly draining: boolean;
  start(): void;
}

/** Call before the app is ready (it adds a hook). */
export function drainOnStop(app: FastifyInstance): Drain {
  let draining = false;
  // every request passes here: a callback, not an async function (no promise a request)
  app.addHook('onRequest', (request, reply, done) => {
    if (draining && request.routeOptions.url === '/api/health') {
      reply.code(503).send({ status: 'unavailable', message: MESSAGES.apiStopping });
      return;
    }
    done();
  });
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}
