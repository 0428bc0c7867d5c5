import type { FastifyInstance } from 'fastify';

/** products routes (SPEC.md section 7); filled in by the API issue. */
export default async function productsRoutes(_app: FastifyInstance) {}
