/**
 * An account's status moves and its history (docs/domain.md, Accounts): an admin rejects,
 * suspends or reactivates an account; the history is the admin's, and the person's own. The
 * work is in ../services/account-status.ts and ../services/user-events.ts.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, statusMoveInputSchema, userHistorySchema, userSchema } from 'shared-api/contract';
import { idParams, optionalBody, REFUSALS, typed } from '../http/route-schemas';
import { currentUser, signedIn } from '../plugins/auth';
import { moveAccount } from '../services/account-status';
import { readUserHistory } from '../services/user-events';
import type { PrivateLink } from '../services/users';

const tags = ['users'];
const ADMIN_ONLY = signedIn(['admin'], 'Only admins can change the status of an account.');
const userParams = idParams(MESSAGES.userNotFound);

const REASONED_MOVES = [
  ['reject', 'Rejects a pending registration with a reason the person is shown at sign-in (admins)'],
  [
    'suspend',
    "Suspends an approved account with a reason: every session of the person ends, an agent's unpaid orders are held, a manager's products hidden from agents (admins)",
  ],
] as const;

export default async function accountStatusRoutes(app: FastifyInstance) {
  // CNIC images are private to admins: short-lived signed links
  const privateLink: PrivateLink = (key) => app.privateLinks.url(app.settings.publicUrl, key);

  // the two moves that need a reason the person is shown
  for (const [move, summary] of REASONED_MOVES) {
    typed(app).put(
      `/user/:id/${move}`,
      {
        config: { access: ADMIN_ONLY },
        schema: {
          summary,
          tags,
          params: userParams,
          body: statusMoveInputSchema,
          response: { 200: userSchema, ...REFUSALS },
        },
      },
      async (request) =>
        moveAccount(app.db, currentUser(request), request.params.id, move, request.body.reason, privateLink),
    );
  }

  typed(app).put(
    '/user/:id/reactivate',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary: 'Makes a suspended account approved again; a reason, when given, goes in its history (admins)',
        tags,
        params: userParams,
        body: optionalBody(statusMoveInputSchema.partial()),
        response: { 200: userSchema, ...REFUSALS },
      },
    },
    async (request) =>
      moveAccount(
        app.db,
        currentUser(request),
        request.params.id,
        'reactivate',
        request.body.reason ?? null,
        privateLink,
      ),
  );

  typed(app).get(
    '/users/:id/history',
    {
      config: { access: signedIn() },
      schema: {
        summary:
          "An account's history, oldest first: an admin reads anyone's; the person its own, without the admins' notes",
        tags,
        params: userParams,
        response: { 200: userHistorySchema, ...REFUSALS },
      },
    },
    async (request) => readUserHistory(app.db, currentUser(request), request.params.id),
  );
}
