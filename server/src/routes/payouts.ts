/**
 * Payouts (docs/domain.md, Payouts): an admin pays some of one agent's orders in one batch, for one
 * external payment (../services/payouts.ts). An admin sees every payout, an agent its own (another
 * agent's reads as an unknown one), a manager none.
 */
import type { FastifyInstance } from 'fastify';
import {
  errorResponseSchema,
  heldOrderListSchema,
  MAX_PAYOUT_ORDERS,
  MESSAGES,
  payableAgentListSchema,
  payableAgentsQuerySchema,
  payableOrderListSchema,
  payableQuerySchema,
  payableSummarySchema,
  payoutAccountReviewSchema,
  payoutConflictSchema,
  payoutDetailSchema,
  payoutInputSchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutSchema,
  transferQuerySchema,
} from 'shared-api/contract';
import { z } from 'zod';
import { CSV_ANSWER, csvQuery, sendCsv } from '../http/csv-answer';
import { idParams, REFUSALS, typed } from '../http/route-schemas';
import { pagedQuery, pageOf, sendPage } from '../pagination';
import { currentUser, signedIn } from '../plugins/auth';
import { idempotencyHeadersSchema, sendOnce } from '../plugins/idempotency';
import {
  createPayout,
  findPayoutDetail,
  listHeldOrders,
  listPayableAgents,
  listPayableOrders,
  listPayouts,
  payableAccountReview,
  payableSummary,
  payoutCsv,
  payoutsTransferCsv,
  payoutTransferCsv,
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
        headers: idempotencyHeadersSchema,
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
    (request, reply) =>
      sendOnce(app.db, request, reply, async (db) => {
        const { payout, created } = await createPayout(db, currentUser(request), request.body);
        return { status: created ? 201 : 200, body: payout };
      }),
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
        summary:
          'A page of the agents with unpaid, not cancelled orders (in one agent status; q: their name, email or phone), the most owed first, with what is on hold',
        tags: TAGS,
        querystring: pagedQuery(payableAgentsQuerySchema),
        response: { 200: payableAgentListSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { items, total } = await listPayableAgents(
        app.db,
        { AgentStatus: request.query.AgentStatus, q: request.query.q },
        pageOf(request.query),
      );
      return sendPage(reply, items, total);
    },
  );

  route.get(
    '/payouts/payable/summary',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary:
          'The grand total of the agents owed (the same filter and search as the list, every page): how many agents, what can be paid now and what is on hold',
        tags: TAGS,
        querystring: payableAgentsQuerySchema,
        response: { 200: payableSummarySchema, ...REFUSALS },
      },
    },
    async (request) => payableSummary(app.db, { AgentStatus: request.query.AgentStatus, q: request.query.q }),
  );

  route.get(
    '/payouts/payable/:agentId/held',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary: `One agent's unpaid, not cancelled orders on hold (in one agent status), oldest first, at most ${MAX_PAYOUT_ORDERS}, each with why`,
        tags: TAGS,
        params: idParams(MESSAGES.agentNotFound, 'agentId'),
        querystring: payableQuerySchema,
        response: { 200: heldOrderListSchema, ...REFUSALS },
      },
    },
    async (request) =>
      listHeldOrders(app.db, request.params.agentId, { AgentStatus: request.query.AgentStatus }, MAX_PAYOUT_ORDERS),
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
        querystring: csvQuery(z.object({})),
        response: {
          200: CSV_ANSWER,
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const { payout, csv } = await payoutCsv(app.db, currentUser(request), request.params.id, request.query.language);
      return sendCsv(reply, payoutFileName(payout._id), csv);
    },
  );

  route.get(
    '/payouts/payable/:agentId/account',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary:
          "The agent's payout account as the pay screen shows it (masked, null: none on file) and, for 24 hours after an existing account was replaced, the change a payout must confirm",
        tags: TAGS,
        params: idParams(MESSAGES.agentNotFound, 'agentId'),
        response: { 200: payoutAccountReviewSchema, ...REFUSALS },
      },
    },
    async (request) => payableAccountReview(app.db, request.params.agentId),
  );

  route.get(
    '/payouts/transfer.csv',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary:
          'The payouts made from one day to another (UTC, both included) as a bulk-payment file: one line per payout, method, account (whole), holder name, amount, reference',
        tags: TAGS,
        querystring: transferQuerySchema,
        response: { 200: CSV_ANSWER, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const csv = await payoutsTransferCsv(app.db, request.query);
      return sendCsv(reply, `transfer-${request.query.from}-${request.query.to}.csv`, csv);
    },
  );

  route.get(
    '/payouts/:id/transfer.csv',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        summary: "One payout's line of a bulk-payment file: method, account (whole), holder name, amount, reference",
        tags: TAGS,
        params: payoutParams,
        response: { 200: CSV_ANSWER, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const csv = await payoutTransferCsv(app.db, request.params.id);
      return sendCsv(reply, `transfer-${request.params.id}.csv`, csv);
    },
  );
}
