/**
 * Orders as a file: GET /api/orders/export.csv takes the staff lists' filters and sort
 * (orderSearchQuerySchema) and answers every row matching them in the caller's scope: an
 * admin all orders, a manager its products' orders, an agent its own (its filters only narrow
 * that). No page and no row limit; streamed (../services/order-export.ts).
 * See docs/domain.md, Dashboards and lists.
 */
import type { FastifyInstance } from 'fastify';
import { orderSearchQuerySchema } from 'shared-api/contract';
import { CSV_ANSWER, csvQuery, sendCsv } from '../http/csv-answer';
import { REFUSALS, typed } from '../http/route-schemas';
import { currentUser, signedIn } from '../plugins/auth';
import { type OrderExportOptions, openOrderExport } from '../services/order-export';
import { orderFiltersOf } from '../services/order-query';

/** The file's name: the day it was made (UTC). */
export const exportFileName = (now = new Date()) => `orders-${now.toISOString().slice(0, 10)}.csv`;

/** `exportOptions` lets a test read in small batches and watch them. */
export default async function orderExportsRoutes(
  app: FastifyInstance,
  options: { exportOptions?: OrderExportOptions } = {},
) {
  // No HEAD twin: Fastify would answer it by reading the whole export and dropping it.
  typed(app).get(
    '/orders/export.csv',
    {
      config: { access: signedIn() },
      exposeHeadRoute: false,
      schema: {
        summary: 'Every order the caller may see that matches the filters, as a CSV file (streamed)',
        tags: ['orders'],
        querystring: csvQuery(orderSearchQuerySchema),
        response: {
          200: CSV_ANSWER,
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const { language, ...query } = request.query;
      const filters = orderFiltersOf(query);
      const csv = await openOrderExport(app.db, currentUser(request), filters, { ...options.exportOptions, language });
      return sendCsv(reply, exportFileName(), csv);
    },
  );
}
