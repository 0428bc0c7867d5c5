/** What the admin's payout screens share: the way to one agent's payable orders, the empty lists' words, Try again. */
import { AGENT_STATUS_LABELS, PAYOUT_ROUTE, type PayableAgent, routePath } from 'shared-api/contract';
import { formatRs, ordersCount } from 'shared-ui/lib/format';
import { PAYOUT_LIST_PARAMS, type PayableStatusChip } from 'shared-ui/lib/payout-list';

export const NO_AGENT_OWED = 'No agent is owed commission.';
export const NO_PAYABLE_ORDERS = 'This agent is owed nothing: every order is paid or cancelled.';

/** '1 order on hold, Rs 200' (docs/domain.md, Payouts: what is owed). */
export function onHoldText(held: { orders: number; total: number }): string {
  return `${ordersCount(held.orders)} on hold, ${formatRs(held.total)}`;
}

/** What the list of agents says when empty: with a filter, for which orders. */
export function noAgentOwed(status: PayableStatusChip): string {
  return status === 'all' ? NO_AGENT_OWED : `No agent is owed commission for ${AGENT_STATUS_LABELS[status]} orders.`;
}

/** What one agent's list says when empty. */
export function noPayableOrders(status: PayableStatusChip): string {
  return status === 'all' ? NO_PAYABLE_ORDERS : `This agent is owed nothing for ${AGENT_STATUS_LABELS[status]} orders.`;
}

export function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="ui-button ui-button-small admin-payouts-retry" onClick={onClick}>
      Try again
    </button>
  );
}

/** The agent as the list showed it: the payable page names the agent before anything else loads. */
export interface PayableAgentState {
  agent: PayableAgent['agent'];
}

export function payableOrdersLink(agentId: string, status: PayableStatusChip): string {
  const path = routePath(PAYOUT_ROUTE.payable, { id: agentId });
  return status === 'all' ? path : `${path}?${PAYOUT_LIST_PARAMS.status}=${encodeURIComponent(status)}`;
}

/** The agent a link carried, if it did (a reload or a typed URL carries none). */
export function agentFromState(state: unknown): PayableAgent['agent'] | undefined {
  const agent = (state as Partial<PayableAgentState> | null)?.agent;
  return agent && typeof agent.name === 'string' && typeof agent._id === 'string' ? agent : undefined;
}
