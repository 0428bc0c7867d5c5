import type { FastifyInstance } from 'fastify';

/** orders routes (SPEC.md section 7); filled in by the API issue. */
export default async function ordersRoutes(_app: FastifyInstance) {}
