/**
 * /admin/payouts (admin): the agents owed commission (docs/domain.md, Payouts), the most owed
 * first, narrowed by agent status and a search of name, email or phone, each with what can be
 * paid now and what is on hold, and the grand total over every page; each leads to that agent's
 * payable orders. Below, every payout made, newest first. The filter, search and both pages live
 * in the URL.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { PAYOUT_ROUTE, type PayableAgent, routePath } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from 'shared-ui/data-table';
import { FilterChips } from 'shared-ui/filter-chips';
import { countOf, formatRs } from 'shared-ui/lib/format';
import { payoutAccountText } from 'shared-ui/lib/payout-account-display';
import {
  PAYABLE_STATUS_OPTIONS,
  PAYOUT_LIST_PARAMS,
  PAYOUTS_PAGE_SIZE,
  payableFilter,
  readPageParam,
  readPayableStatus,
  withParams,
} from 'shared-ui/lib/payout-list';
import { payoutQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { PAYOUTS_FETCH_FAILED, PayoutsTable } from 'shared-ui/payouts/payouts-table';
import { SearchBox } from 'shared-ui/search-box';
import { noAgentOwed, onHoldText, type PayableAgentState, payableOrdersLink, RetryButton } from './payouts-common';
import './payouts.css';

export const PAYABLE_AGENTS_FAILED = 'Failed to fetch the agents owed commission. Please try again.';
export const PAYABLE_SUMMARY_FAILED = 'Failed to fetch the total owed. Please try again.';
export const NO_AGENT_FOUND = 'No agent owed commission matches the search.';
export const AGENT_SUSPENDED_HOLD = 'agent suspended: every order on hold';

/** The grand total: '3 agents owed: Rs 2,450 payable now; 3 orders on hold, Rs 700.' */
export function owedSummaryText(summary: { agents: number; total: number; held: { orders: number; total: number } }) {
  return `${countOf(summary.agents, 'agent')} owed: ${formatRs(summary.total)} payable now; ${onHoldText(summary.held)}.`;
}
export function PayoutsPage() {
  const [params, setParams] = useSearchParams();
  const status = readPayableStatus(params);
  const page = readPageParam(params);
  const historyPage = readPageParam(params, PAYOUT_LIST_PARAMS.historyPage);
  const q = params.get(PAYOUT_LIST_PARAMS.q)?.trim() ?? '';
  const filter = { ...payableFilter(status), ...(q ? { q } : {}) };

  const agents = useResource(
    payoutQueries.payableAgents({ page, limit: PAYOUTS_PAGE_SIZE, ...filter }),
    PAYABLE_AGENTS_FAILED,
  );
  const summary = useResource(payoutQueries.payableSummary(filter), PAYABLE_SUMMARY_FAILED);
  const history = useResource(
    payoutQueries.list({ page: historyPage, limit: PAYOUTS_PAGE_SIZE }),
    PAYOUTS_FETCH_FAILED,
  );

  function change(changes: Record<string, string | number>) {
    setParams((current) => withParams(current, changes));
  }

  const columns: ReadonlyArray<DataTableColumn<PayableAgent>> = [
    {
      key: 'agent',
      header: 'agent',
      render: ({ agent }) => (
        <span className="admin-payouts-agent">
          <Link
            to={payableOrdersLink(agent._id, status)}
            state={{ agent } satisfies PayableAgentState}
            aria-label={`${agent.name}: pay this agent`}
          >
            {agent.name}
          </Link>
          <span className="admin-payouts-muted">{agent.email}</span>
        </span>
      ),
    },
    {
      key: 'account',
      header: 'payout account',
      render: ({ payoutAccount }) => (
        <span className={payoutAccount ? undefined : 'admin-payouts-no-account'}>
          {payoutAccountText(payoutAccount)}
        </span>
      ),
    },
    // payable now: the server counts a suspended agent's orders on hold only
    { key: 'orders', header: 'unpaid orders', render: (row) => row.orders },
    { key: 'total', header: 'owed', render: (row) => formatRs(row.total) },
    {
      key: 'held',
      header: 'on hold',
      render: (row) =>
        row.suspended ? (
          <span className="admin-payouts-held">
            {AGENT_SUSPENDED_HOLD}
            {row.held ? <span className="admin-payouts-held-figure">{onHoldText(row.held)}</span> : null}
          </span>
        ) : row.held && row.held.orders > 0 ? (
          <span className="admin-payouts-held">{onHoldText(row.held)}</span>
        ) : (
          <span className="admin-payouts-muted">none</span>
        ),
    },
  ];

  return (
    <section className="admin-payouts" aria-labelledby="admin-payouts-heading">
      <header className="admin-payouts-header">
        <h1 id="admin-payouts-heading">payouts</h1>
        <p className="admin-payouts-muted">
          Pay an agent's commission in one payout per payment: choose an agent, tick the orders the payment covers and
          enter its reference.
        </p>
      </header>

      <section className="admin-payouts-part" aria-labelledby="admin-payable-heading">
        <h2 id="admin-payable-heading">agents owed commission</h2>
        <SearchBox
          value={q}
          onSearch={(next) => change({ [PAYOUT_LIST_PARAMS.q]: next, [PAYOUT_LIST_PARAMS.page]: 1 })}
          label="find an agent"
          placeholder="name, email or phone"
          maxLength={200}
          classPrefix="admin-payouts"
        />
        <FilterChips
          label="agent status"
          options={PAYABLE_STATUS_OPTIONS}
          value={status}
          onChange={(next) => change({ [PAYOUT_LIST_PARAMS.status]: next, [PAYOUT_LIST_PARAMS.page]: 1 })}
        />
        <p className="admin-payouts-summary" aria-live="polite">
          {summary.error ? summary.error : summary.data ? owedSummaryText(summary.data) : '\u00a0'}
        </p>
        {summary.error ? <RetryButton onClick={summary.reload} /> : null}
        {/* agent, payout account, unpaid orders, owed, on hold: payouts.css hides the 2nd and 3rd on a phone */}
        <div className="admin-payouts-owed">
          <DataTable
            caption="agents owed commission"
            columns={columns}
            rows={agents.data?.items ?? []}
            getRowKey={(row) => row.agent._id}
            loading={agents.loading && !agents.data}
            error={agents.error}
            empty={q ? NO_AGENT_FOUND : noAgentOwed(status)}
            page={page}
            pageSize={PAYOUTS_PAGE_SIZE}
            total={agents.data?.total ?? 0}
            onPageChange={(next) => change({ [PAYOUT_LIST_PARAMS.page]: next })}
          />
        </div>
        {agents.error ? <RetryButton onClick={agents.reload} /> : null}
      </section>

      <section className="admin-payouts-part" aria-labelledby="admin-payout-history-heading">
        <h2 id="admin-payout-history-heading">payout history</h2>
        <PayoutsTable
          caption="payout history"
          payouts={history.data?.items ?? []}
          payoutLink={(id) => routePath(PAYOUT_ROUTE.admin, { id })}
          showAgent
          loading={history.loading && !history.data}
          error={history.error}
          page={historyPage}
          pageSize={PAYOUTS_PAGE_SIZE}
          total={history.data?.total ?? 0}
          onPageChange={(next) => change({ [PAYOUT_LIST_PARAMS.historyPage]: next })}
        />
        {history.error ? <RetryButton onClick={history.reload} /> : null}
      </section>
    </section>
  );
}
