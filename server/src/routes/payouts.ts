/**
 * Payouts (docs/domain.md, Payouts): an admin pays some of one agent's orders in one batch, for one
 * external payment (../services/payouts.ts). An admin sees every payout, an agent its own (another
 * agent's reads as an unknown one), a manager none.
 */
import type { FastifyInstance } from 'fastify';
import {
  errorResponseSchema,
  MAX_PAYOUT_ORDERS,
  MESSAGES,
  payableAgentListSchema,
  payableOrderListSchema,
  payableQuerySchema,
  payoutConflictSchema,
  payoutDetailSchema,
  payoutInputSchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutSchema,
} from 'shared-api/contract';
import { z } from 'zod';
import { CSV_ANSWER, sendCsv } from '../http/csv-answer';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { pagedQuery, pageOf, sendPage } from '../pagination';
import { currentUser, signedIn } from '../plugins/auth';
import {
  createPayout,
  findPayoutDetail,
  listPayableAgents,
  listPayableOrders,
  listPayouts,
  payoutCsv,
} from '../services/payouts';

const TAGS = ['payouts'];
const ADMIN_ONLY = signedIn(['admin'], 'Only admins can pay commission.');
const ADMIN_OR_AGENT = signedIn(['admin', 'agent'], 'Only admins and agents can see payouts.');
const payoutParams = idParams(MESSAGES.payoutNotFound);

/** The file's name: the payout's id (a reference may hold anything). */
const payoutFileName = (id: string) => `payout-${id}.csv`;

export default async function payoutsRoutes(app: FastifyInstance) {
  const route = typed(app);

  route.post(
    '/payouts',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary:
          "Pays some of one agent's orders in one payout, all or nothing (201); the same agent and reference again answers the first payout and pays nothing more (200)",
        tags: TAGS,
        body: payoutInputSchema,
        // a refusal of its orders or reference names the orders at fault (PayoutConflict); a
        // database's refusal no one foresaw is a bare { message }
        response: {
          200: payoutSchema,
          201: payoutSchema,
          409: z.union([payoutConflictSchema, errorResponseSchema]),
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const { payout, created } = await createPayout(app.db, currentUser(request), request.body);
      return reply.code(created ? 201 : 200).send(payout);
    },
  );

  route.get(
    '/payouts',
    {
      config: { access: ADMIN_OR_AGENT },
      schema: {
        summary:
          "A page of payouts, newest first: an admin's all (or one agent's, agentId), an agent's its own (agentId ignored)",
        tags: TAGS,
        querystring: pagedQuery(payoutListQuerySchema),
        response: { 200: payoutListSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { items, total } = await listPayouts(
        app.db,
        currentUser(request),
        { agentId: request.query.agentId },
        pageOf(request.query),
      );
      return sendPage(reply, items, total);
    },
  );

  route.get(
    '/payouts/payable',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary: 'A page of the agents with unpaid, not cancelled orders (in one agent status), the most owed first',
        tags: TAGS,
        querystring: pagedQuery(payableQuerySchema),
        response: { 200: payableAgentListSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { items, total } = await listPayableAgents(
        app.db,
        { AgentStatus: request.query.AgentStatus },
        pageOf(request.query),
      );
      return sendPage(reply, items, total);
    },
  );

  route.get(
    '/payouts/payable/:agentId',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary: `One agent's unpaid, not cancelled orders (in one agent status), oldest first, at most ${MAX_PAYOUT_ORDERS}`,
        tags: TAGS,
        params: idParams(MESSAGES.agentNotFound, 'agentId'),
        querystring: payableQuerySchema,
        response: { 200: payableOrderListSchema, ...REFUSALS },
      },
    },
    async (request) =>
      listPayableOrders(app.db, request.params.agentId, { AgentStatus: request.query.AgentStatus }, MAX_PAYOUT_ORDERS),
  );

  route.get(
    '/payouts/:id',
    {
      config: { access: ADMIN_OR_AGENT },
      schema: {
        summary: 'One payout with its orders, oldest first (an admin any, an agent its own)',
        tags: TAGS,
        params: payoutParams,
        response: { 200: payoutDetailSchema, ...REFUSALS },
      },
    },
    async (request) => findPayoutDetail(app.db, currentUser(request), request.params.id),
  );

  route.get(
    '/payouts/:id/export.csv',
    {
      config: { access: ADMIN_OR_AGENT },
      schema: {
        summary: "One payout's orders as a CSV file, as the orders export writes them (an admin any, an agent its own)",
        tags: TAGS,
        params: payoutParams,
        response: {
          200: CSV_ANSWER,
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const { payout, csv } = await payoutCsv(app.db, currentUser(request), request.params.id);
      return sendCsv(reply, payoutFileName(payout._id), csv);
    },
  );
}
