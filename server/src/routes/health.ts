import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from 'shared-api/contract';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database query failed');
      return reply.code(503).send({ status: 'unavailable', message: MESSAGES.databaseUnavailable });
    }
  });
}
