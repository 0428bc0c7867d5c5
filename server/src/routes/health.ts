import type { FastifyInstance } from 'fastify';
import { healthSchema, healthUnavailableSchema, MESSAGES } from 'shared-api/contract';
import { databaseAnswers } from '../db/connection';
import { typed } from '../http/route-schemas';

export default async function healthRoutes(app: FastifyInstance) {
  typed(app).get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether the API and its database answer (for load balancers)',
        tags: ['health'],
        response: { 200: healthSchema, 503: healthUnavailableSchema },
      },
    },
    async (request, reply) => {
      try {
        await databaseAnswers(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database query failed');
        return reply.code(503).send({ status: 'unavailable', message: MESSAGES.databaseUnavailable });
      }
    },
  );
}
