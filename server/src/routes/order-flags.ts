/**
 * Fraud signals (docs/domain.md, Fraud signals): an admin dismisses an order's flag with a note,
 * and the admin's dashboard counts the orders a flag holds. The flags themselves come with the
 * orders staff read (routes/orders.ts); agents never see them.
 */
import type { FastifyInstance } from 'fastify';
import { FLAG_CODES, flagDismissInputSchema, heldOrdersSchema, MESSAGES, orderSchema } from 'shared-api/contract';
import { z } from 'zod';
import { requestLocale } from '../http/language';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { currentUser, signedIn } from '../plugins/auth';
import { countHeldOrders, dismissOrderFlag } from '../services/order-flags';
import { readOrder } from '../services/orders';
import { imageSigner } from '../uploads/urls';

const TAGS = ['orders'];

export default async function orderFlagsRoutes(app: FastifyInstance) {
  const signImage = imageSigner(app.privateLinks, app.settings.publicUrl);
  const route = typed(app);

  route.put(
    '/orders/:id/flags/:code',
    {
      config: { access: signedIn(['admin'], MESSAGES.flagDismissOnlyAdmins) },
      schema: {
        summary: "Dismisses an order's flag with a note, into its history, so it may be paid (admins)",
        tags: TAGS,
        params: idParams(MESSAGES.orderNotFound).extend({ code: z.enum(FLAG_CODES, { error: MESSAGES.flagNotFound }) }),
        body: flagDismissInputSchema,
        response: { 200: orderSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      await dismissOrderFlag(app.db, admin, request.params.id, request.params.code, request.body.note);
      return readOrder(app.db, admin, request.params.id, signImage, requestLocale(request));
    },
  );

  route.get(
    '/orders/held',
    {
      config: { access: signedIn(['admin'], MESSAGES.heldOrdersOnlyAdmins) },
      schema: {
        summary: 'How many unpaid, not cancelled orders a flag nobody dismissed holds (admins)',
        tags: ['dashboards'],
        response: { 200: heldOrdersSchema, ...REFUSALS },
      },
    },
    async () => ({ orders: await countHeldOrders(app.db) }),
  );
}
