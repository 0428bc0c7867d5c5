import type { FastifyInstance } from 'fastify';

/** alerts routes (SPEC.md section 7); filled in by the API issue. */
export default async function alertsRoutes(_app: FastifyInstance) {}
