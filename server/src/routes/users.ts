/**
 * An admin's user screens: the pending users, one user with its CNIC images, and approval
 * (docs/domain.md, Accounts and sessions). The queries are in ../services/users.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  approveUserInputSchema,
  MESSAGES,
  paginationQuerySchema,
  TOTAL_COUNT_HEADER,
  userListSchema,
  userSchema,
} from 'shared-api/contract';
import { idParams, optionalBody, REFUSALS, typed } from '../http/route-schemas';
import { pageOf } from '../pagination';
import { currentUser, signedIn } from '../plugins/auth';
import { approveUser, listPendingUsers, type PrivateLink, userForAdmin } from '../services/users';

const tags = ['users'];
const ADMIN_ONLY = signedIn(['admin']);

export default async function userRoutes(app: FastifyInstance) {
  // CNIC images are private to admins: short-lived signed links
  const privateLink: PrivateLink = (key) => app.privateLinks.url(app.settings.publicUrl, key);

  typed(app).get(
    '/all/pendingusers',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary: 'A page of the users awaiting approval, newest first (admins)',
        tags,
        querystring: paginationQuerySchema,
        response: { 200: userListSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { users, total } = await listPendingUsers(app.db, pageOf(request.query));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return users;
    },
  );

  // Any status (the screen shows an approved user too).
  typed(app).get(
    '/pendinguser/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary: 'One user, of any status, with its CNIC images as short-lived signed links (admins)',
        tags,
        params: idParams(MESSAGES.userNotFound),
        response: { 200: userSchema, ...REFUSALS },
      },
    },
    async (request) => userForAdmin(app.db, request.params.id, privateLink),
  );

  typed(app).put(
    '/user/:id/approve',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary: "Approves a pending user, optionally setting a new password (which revokes the user's older tokens)",
        tags,
        params: idParams(MESSAGES.userNotFound),
        body: optionalBody(approveUserInputSchema),
        response: { 200: userSchema, ...REFUSALS },
      },
    },
    async (request) => approveUser(app.db, currentUser(request), request.params.id, request.body, privateLink),
  );
}
