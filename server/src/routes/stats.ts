import type { FastifyInstance } from 'fastify';

/** stats routes (SPEC.md section 7); filled in by the API issue. */
export default async function statsRoutes(_app: FastifyInstance) {}
