/**
 * GET /api/agent/comission/:id and GET /api/manager/comission/:id (the API's spelling): a
 * user's commission figures (../services/commission.ts), for that user itself or an admin;
 * GET /api/admin/comission: the platform's, for admins.
 */
import type { FastifyInstance } from 'fastify';
import { commissionDataSchema, MESSAGES, platformCommissionSchema } from 'shared-api/contract';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { currentUser, signedIn } from '../plugins/auth';
import { commissionOf, platformCommission } from '../services/commission';

// No role hook: who may see which figures is checked after the id, so a malformed id is the
// same 404 for every role.
const schema = (summary: string) => ({
  summary,
  tags: ['commission'],
  params: idParams(MESSAGES.userNotFound),
  response: { 200: commissionDataSchema, ...REFUSALS },
});

export default async function commissionRoutes(app: FastifyInstance) {
  typed(app).get(
    '/agent/comission/:id',
    {
      config: { access: signedIn() },
      schema: schema(
        "An agent's paid and unpaid commission over its orders that are not cancelled, and their count; for the agent itself or an admin",
      ),
    },
    async (request) => commissionOf(app.db, currentUser(request), 'agent', request.params.id),
  );

  typed(app).get(
    '/manager/comission/:id',
    {
      config: { access: signedIn() },
      schema: schema(
        "A manager's paid and unpaid commission over the orders of its products that are not cancelled, and their count; for the manager itself or an admin",
      ),
    },
    async (request) => commissionOf(app.db, currentUser(request), 'manager', request.params.id),
  );

  typed(app).get(
    '/admin/comission',
    {
      config: { access: signedIn(['admin'], "Only admins can see the platform's commission.") },
      schema: {
        summary:
          "The platform's paid and unpaid commission over every order that is not cancelled, and their count (admin)",
        tags: ['commission'],
        response: { 200: platformCommissionSchema, ...REFUSALS },
      },
    },
    async () => platformCommission(app.db),
  );
}
