/**
 * What the payout lists read from their URL (docs/domain.md, Payouts): the payable filter by
 * agent status and the page of each list, so a link or Back reopens the same view.
 */
import type { PayableFilter } from 'shared-api';
import { AGENT_STATUSES, type AgentStatus } from 'shared-api/contract';
import { agentStatusLabel } from './order-display';
import { allChip } from './product-filters';

/** Rows of a payout list (the payable agents, the payouts) on one page. */
export const PAYOUTS_PAGE_SIZE = 20;

/** The query string's names. */
export const PAYOUT_LIST_PARAMS = { status: 'status', page: 'page', historyPage: 'history', q: 'q' } as const;

export type PayableStatus = NonNullable<PayableFilter['AgentStatus']>;
export type PayableStatusChip = PayableStatus | 'all';

/** A cancelled order is never paid, so it is no filter of the payable lists. */
export const PAYABLE_STATUSES = AGENT_STATUSES.filter(
  (status): status is PayableStatus => status !== ('cancelled' satisfies AgentStatus),
);

/**
 * The chips: All, then the progress order (submitted, Ordered, Reviewed, Feedbacked); each label
 * a getter, read in the current language when shown.
 */
export const PAYABLE_STATUS_OPTIONS: ReadonlyArray<{ value: PayableStatusChip; readonly label: string }> = [
  allChip<PayableStatusChip>('all'),
  ...PAYABLE_STATUSES.map((status) => ({
    value: status,
    get label() {
      return agentStatusLabel(status);
    },
  })),
];

/** The payable filter in the URL ('all' when none or an unknown one). */
export function readPayableStatus(params: URLSearchParams): PayableStatusChip {
  const value = params.get(PAYOUT_LIST_PARAMS.status)?.toLowerCase();
  return PAYABLE_STATUSES.find((status) => status.toLowerCase() === value) ?? 'all';
}

/** The filter as the API takes it. */
export function payableFilter(status: PayableStatusChip): PayableFilter {
  return status === 'all' ? {} : { AgentStatus: status };
}

/** A 1-based page from the URL (1 when none or not a page). */
export function readPageParam(params: URLSearchParams, name: string = PAYOUT_LIST_PARAMS.page): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The query string with these values; a default (all, page 1) is left out. */
export function withParams(params: URLSearchParams, changes: Record<string, string | number>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === 'all' || value === 1 || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}
