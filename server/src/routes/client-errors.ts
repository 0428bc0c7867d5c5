/**
 * What the shell reports when an area cannot load (docs/architecture.md, Versions of a build):
 * one structured log line per report, `event: 'client-error'`, for an operator to alert on.
 * Nothing is stored. Signed in or not (a token, when valid, names the user in the line);
 * limited per address, in Redis with REDIS_URL.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientErrorReportSchema } from 'shared-api/contract';
import { z } from 'zod';
import { REFUSALS, typed } from '../http/route-schemas';

export default async function clientErrorRoutes(app: FastifyInstance) {
  /** The caller's id when the request carries a valid token; a missing or stale one is no reason to refuse a report. */
  async function reporterId(request: FastifyRequest): Promise<string | null> {
    if (!request.headers.authorization) return null;
    try {
      await app.authenticate(request);
      return request.user?.id ?? null;
    } catch {
      return null;
    }
  }

  typed(app).post(
    '/client-errors',
    {
      config: { access: 'optional', rateLimit: app.settings.rateLimits.clientErrors },
      schema: {
        summary: 'Reports an area of the app that could not load (a log line for the operator)',
        description:
          "The shell sends one per page load and area: `remote-incompatible` when the area needs a newer app than the one that loaded it, `remote-load-failed` when it could not be fetched or run. Stored nowhere: written as one log line with `event: 'client-error'` (and the user's id when the token is valid). Rate limited per address (CLIENT_ERROR_RATE_LIMIT).",
        tags: ['health'],
        body: clientErrorReportSchema,
        response: { 204: z.null().describe('Logged'), ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { kind, remote, detail } = request.body;
      request.log.warn(
        { event: 'client-error', kind, remote, detail, userId: await reporterId(request) },
        `client error: ${kind} (${remote})`,
      );
      return reply.code(204).send(null);
    },
  );
}
