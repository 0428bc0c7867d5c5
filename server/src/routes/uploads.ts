import type { FastifyInstance } from 'fastify';

/** uploads routes (SPEC.md section 7); filled in by the API issue. */
export default async function uploadsRoutes(_app: FastifyInstance) {}
