import type { FastifyInstance } from 'fastify';

/** commission routes (SPEC.md section 7); filled in by the API issue. */
export default async function commissionRoutes(_app: FastifyInstance) {}
