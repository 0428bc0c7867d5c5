/** What the admin's payout screens share: the way to one agent's payable orders, the empty lists' words, Try again. */
import { ltr } from 'shared-api';
import { PAYOUT_ROUTE, type PayableAgent, routePath } from 'shared-api/contract';
import { formatRs } from 'shared-ui/lib/format';
import { agentStatusLabel } from 'shared-ui/lib/order-display';
import { PAYOUT_LIST_PARAMS, type PayableStatusChip } from 'shared-ui/lib/payout-list';
import { t, useT } from '../i18n';

/** '1 order on hold, Rs 200' (docs/domain.md, Payouts: what is owed). */
export function onHoldText(held: { orders: number; total: number }): string {
  return t('admin.payouts.onHold', { count: held.orders, amount: ltr(formatRs(held.total)) });
}

/** What the list of agents says when empty: with a filter, for which orders. */
export function noAgentOwed(status: PayableStatusChip): string {
  return status === 'all'
    ? t('admin.payouts.noAgentOwed')
    : t('admin.payouts.noAgentOwedFor', { status: agentStatusLabel(status) });
}

/** What one agent's list says when empty. */
export function noPayableOrders(status: PayableStatusChip): string {
  return status === 'all'
    ? t('admin.payouts.noPayableOrders')
    : t('admin.payouts.noPayableOrdersFor', { status: agentStatusLabel(status) });
}

export function RetryButton({ onClick }: { onClick: () => void }) {
  const translate = useT();
  return (
    <button type="button" className="ui-button ui-button-small admin-payouts-retry" onClick={onClick}>
      {translate('admin.payouts.retry')}
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
