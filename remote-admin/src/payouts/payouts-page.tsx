/**
 * /admin/payouts (admin): the agents owed commission (docs/domain.md, Payouts), the most owed
 * first, narrowed by agent status and a search of name, email or phone, each with what can be
 * paid now and what is on hold, and the grand total over every page; each leads to that agent's
 * payable orders. Below, every payout made, newest first. The filter, search and both pages live
 * in the URL.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { ltr } from 'shared-api';
import { PAYOUT_ROUTE, type PayableAgent, routePath } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from 'shared-ui/data-table';
import { FilterChips } from 'shared-ui/filter-chips';
import { formatRs } from 'shared-ui/lib/format';
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
import { t, useT } from '../i18n';
import { noAgentOwed, onHoldText, type PayableAgentState, payableOrdersLink, RetryButton } from './payouts-common';
import './payouts.css';

/** The grand total: '3 agents owed: Rs 2,450 payable now; 3 orders on hold, Rs 700.' */
export function owedSummaryText(summary: { agents: number; total: number; held: { orders: number; total: number } }) {
  return t('admin.payouts.summary', {
    agents: summary.agents,
    total: ltr(formatRs(summary.total)),
    held: onHoldText(summary.held),
  });
}
export function PayoutsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = readPayableStatus(params);
  const page = readPageParam(params);
  const historyPage = readPageParam(params, PAYOUT_LIST_PARAMS.historyPage);
  const q = params.get(PAYOUT_LIST_PARAMS.q)?.trim() ?? '';
  const filter = { ...payableFilter(status), ...(q ? { q } : {}) };

  const agents = useResource(
    payoutQueries.payableAgents({ page, limit: PAYOUTS_PAGE_SIZE, ...filter }),
    t('admin.payouts.agentsFailed'),
  );
  const summary = useResource(payoutQueries.payableSummary(filter), t('admin.payouts.summaryFailed'));
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
      header: t('admin.payouts.column.agent'),
      render: ({ agent }) => (
        <span className="admin-payouts-agent">
          <Link
            to={payableOrdersLink(agent._id, status)}
            state={{ agent } satisfies PayableAgentState}
            aria-label={t('admin.payouts.payAgent', { name: agent.name })}
          >
            {agent.name}
          </Link>
          <bdi dir="ltr" className="admin-payouts-muted">
            {agent.email}
          </bdi>
        </span>
      ),
    },
    {
      key: 'account',
      header: t('admin.payouts.column.account'),
      render: ({ payoutAccount }) => (
        <span className={payoutAccount ? undefined : 'admin-payouts-no-account'}>
          {payoutAccountText(payoutAccount)}
        </span>
      ),
    },
    // payable now: the server counts a suspended agent's orders on hold only
    { key: 'orders', header: t('admin.payouts.column.unpaidOrders'), render: (row) => row.orders },
    {
      key: 'total',
      header: t('admin.payouts.column.owed'),
      render: (row) => <bdi dir="ltr">{formatRs(row.total)}</bdi>,
    },
    {
      key: 'held',
      header: t('admin.payouts.column.onHold'),
      render: (row) =>
        row.suspended ? (
          <span className="admin-payouts-held">
            {t('admin.payouts.suspendedHold')}
            {row.held ? <span className="admin-payouts-held-figure">{onHoldText(row.held)}</span> : null}
          </span>
        ) : row.held && row.held.orders > 0 ? (
          <span className="admin-payouts-held">{onHoldText(row.held)}</span>
        ) : (
          <span className="admin-payouts-muted">{t('admin.payouts.none')}</span>
        ),
    },
  ];

  return (
    <section className="admin-payouts" aria-labelledby="admin-payouts-heading">
      <header className="admin-payouts-header">
        <h1 id="admin-payouts-heading">{t('admin.payouts.title')}</h1>
        <p className="admin-payouts-muted">{t('admin.payouts.intro')}</p>
      </header>

      <section className="admin-payouts-part" aria-labelledby="admin-payable-heading">
        <h2 id="admin-payable-heading">{t('admin.payouts.owedTitle')}</h2>
        <SearchBox
          value={q}
          onSearch={(next) => change({ [PAYOUT_LIST_PARAMS.q]: next, [PAYOUT_LIST_PARAMS.page]: 1 })}
          label={t('admin.payouts.findAgent')}
          placeholder={t('admin.payouts.findAgentPlaceholder')}
          maxLength={200}
          classPrefix="admin-payouts"
        />
        <FilterChips
          label={t('admin.payouts.agentStatus')}
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
            caption={t('admin.payouts.owedTitle')}
            columns={columns}
            rows={agents.data?.items ?? []}
            getRowKey={(row) => row.agent._id}
            loading={agents.loading && !agents.data}
            error={agents.error}
            empty={q ? t('admin.payouts.noAgentFound') : noAgentOwed(status)}
            page={page}
            pageSize={PAYOUTS_PAGE_SIZE}
            total={agents.data?.total ?? 0}
            onPageChange={(next) => change({ [PAYOUT_LIST_PARAMS.page]: next })}
          />
        </div>
        {agents.error ? <RetryButton onClick={agents.reload} /> : null}
      </section>

      <section className="admin-payouts-part" aria-labelledby="admin-payout-history-heading">
        <h2 id="admin-payout-history-heading">{t('admin.payouts.history')}</h2>
        <PayoutsTable
          caption={t('admin.payouts.history')}
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
