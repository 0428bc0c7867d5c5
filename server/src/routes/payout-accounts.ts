/**
 * The agent's payout account (docs/domain.md, Payout accounts): the agent reads and sets its own;
 * admins see it masked on the payout screens (./payouts.ts) and whole in transfer.csv. The work
 * is in ../services/payout-accounts.ts.
 */
import type { FastifyInstance } from 'fastify';
import { payoutAccountInputSchema, payoutAccountSchema } from 'shared-api/contract';
import { REFUSALS, typed } from '../http/route-schemas';
import { currentUser, signedIn } from '../plugins/auth';
import { findOwnPayoutAccount, setPayoutAccount } from '../services/payout-accounts';

const TAGS = ['payout accounts'];
const AGENT_ONLY = signedIn(['agent'], 'Only agents have a payout account.');

export default async function payoutAccountRoutes(app: FastifyInstance) {
  const route = typed(app);

  route.get(
    '/user/payout-account',
    {
      config: { access: AGENT_ONLY },
      schema: {
        summary: "The agent's own payout account, whole (404 while it has none)",
        tags: TAGS,
        response: { 200: payoutAccountSchema, ...REFUSALS },
      },
    },
    async (request) => findOwnPayoutAccount(app.db, currentUser(request).id),
  );

  route.put(
    '/user/payout-account',
    {
      config: { access: AGENT_ONLY },
      schema: {
        summary:
          "Sets or replaces the agent's payout account (stored canonical); records the change in the account's history, alerts the admins and checks payout-account-shared",
        tags: TAGS,
        body: payoutAccountInputSchema,
        response: { 200: payoutAccountSchema, ...REFUSALS },
      },
    },
    async (request) => setPayoutAccount(app.db, currentUser(request), request.body),
  );
}
