import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-api/contract';
import { currentUser } from '../plugins/auth';
import { loadUserJson } from '../users';

export default async function userRoutes(app: FastifyInstance) {
  // The one route a pending user may call: the shell shows the waiting screen from it.
  app.get(
    '/user',
    { onRequest: [app.authenticate], config: { allowPending: true } },
    async (request): Promise<User> => loadUserJson(app.db, currentUser(request)),
  );
}
