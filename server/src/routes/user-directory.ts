/**
 * The admins' directory of users (docs/domain.md, Accounts, Directory): a page of every user with
 * its counts, one user's whole record with its history, and the directory as a CSV file. The
 * queries are in ../services/user-directory.ts and ../services/user-export.ts.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, userDirectoryQuerySchema, userDirectorySchema, userRecordSchema } from 'shared-api/contract';
import { CSV_ANSWER, csvQuery, sendCsv } from '../http/csv-answer';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { pagedQuery, pageOf, sendPage } from '../pagination';
import { signedIn } from '../plugins/auth';
import { listUserDirectory, userRecordForAdmin } from '../services/user-directory';
import { openUserExport, type UserExportOptions } from '../services/user-export';
import type { PrivateLink } from '../services/users';

const tags = ['users'];
const ADMIN_ONLY = signedIn(['admin']);

/** The file's name: the day it was made (UTC). */
export const userExportFileName = (now = new Date()) => `users-${now.toISOString().slice(0, 10)}.csv`;

/** `exportOptions` lets a test read in small batches and watch them. */
export default async function userDirectoryRoutes(
  app: FastifyInstance,
  options: { exportOptions?: UserExportOptions } = {},
) {
  // ID images are private to admins: short-lived signed links
  const privateLink: PrivateLink = (key) => app.privateLinks.url(app.settings.publicUrl, key);

  typed(app).get(
    '/users',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary:
          'A page of every user, filtered by role, status and a text in the name, email or phone, with counts (admins)',
        tags,
        querystring: pagedQuery(userDirectoryQuerySchema),
        response: { 200: userDirectorySchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { page, limit, ...filters } = request.query;
      const { rows, total } = await listUserDirectory(app.db, filters, pageOf({ page, limit }));
      return sendPage(reply, rows, total);
    },
  );

  // A static path: find-my-way tries it before /users/:id, so export.csv is never taken for an id.
  // No HEAD twin: Fastify would answer it by reading the whole export and dropping it.
  typed(app).get(
    '/users/export.csv',
    {
      config: { access: ADMIN_ONLY },
      exposeHeadRoute: false,
      schema: {
        summary: "Every user matching the directory's filters, in its sort, as a CSV file (streamed; admins)",
        tags,
        querystring: csvQuery(userDirectoryQuerySchema),
        response: {
          200: {
            ...CSV_ANSWER,
            description: 'A header row, then one row a user (formula-safe cells, as the orders export)',
          },
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const { language, ...query } = request.query;
      const csv = await openUserExport(app.db, query, { ...options.exportOptions, language });
      return sendCsv(reply, userExportFileName(), csv);
    },
  );

  typed(app).get(
    '/users/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary:
          "One user's whole record: ID images as signed links, status reason, counts, payout account and history (admins)",
        tags,
        params: idParams(MESSAGES.userNotFound),
        response: { 200: userRecordSchema, ...REFUSALS },
      },
    },
    async (request) => userRecordForAdmin(app.db, request.params.id, privateLink),
  );
}
