/**
 * /agent/orders: the agent's orders, filtered by agent status through the
 * server, a page at a time, each on the kit's OrderCard with the cancel dropdown and
 * 'update Order'. The filter and page live in the URL, so Back from an order returns here.
 * Export CSV downloads the agent's orders under the chip chosen.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { downloadOrdersCsv, selectUserId, useMessages, useSession } from 'shared-api';
import { AGENT_STATUSES, type AgentStatus } from 'shared-api/contract';
import { AsOf } from 'shared-ui/as-of';
import { ExportButton } from 'shared-ui/export/export-button';
import { FilterChips } from 'shared-ui/filter-chips';
import { agentStatusLabel } from 'shared-ui/lib/order-display';
import { orderQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { OrderCard } from 'shared-ui/order-card';
import { Pagination } from 'shared-ui/pagination';
import { ReviewNotice } from 'shared-ui/review-notice';
import { useT } from '../i18n';
import en from '../locales/en.json';
import { OrderActions } from './list/order-actions';
import { describeOrderFetchError } from './update/order-errors';
import './orders.css';

export const ORDERS_PAGE_SIZE = 10;
/** English; shown through the catalogue */
export const NO_ORDER_FOUND = en['agent.orders.noneFound'];

type StatusFilter = AgentStatus | 'all';

/** The agent's chip order (not the progress order): Ordered, submitted, Reviewed, Feedbacked, Cancelled. */
const CHIP_ORDER: readonly AgentStatus[] = ['Ordered', 'submitted', 'Reviewed', 'Feedbacked', 'cancelled'];

function readStatus(raw: string | null): StatusFilter {
  if (raw === 'Cancelled') return 'cancelled';
  return (AGENT_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as AgentStatus) : 'all';
}

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function OrdersPage() {
  const t = useT();
  const userId = useSession(selectUserId);
  if (!userId) {
    return (
      <p className="agent-muted" role="status">
        {t('agent.loading')}
      </p>
    );
  }
  return <AgentOrders userId={userId} />;
}

function AgentOrders({ userId }: { userId: string }) {
  const t = useT();
  const messages = useMessages();
  const statusChips: ReadonlyArray<{ value: StatusFilter; label: string }> = [
    { value: 'all', label: t('agent.orders.all') },
    ...CHIP_ORDER.map((chip) => ({ value: chip, label: agentStatusLabel(chip) })),
  ];
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const page = readPage(params.get('page'));
  const filtered = status !== 'all';

  const list = useResource(
    orderQueries.agentList(userId, { AgentStatus: filtered ? status : undefined, page, limit: ORDERS_PAGE_SIZE }),
    describeOrderFetchError,
  );
  // the heading counts all the agent's orders, also while a chip narrows the list
  const overall = useResource(
    { ...orderQueries.agentList(userId, { limit: 1 }), select: (p) => p.total, enabled: filtered },
    messages.orderFetchFailed,
  );
  const total = filtered ? overall.data : list.data?.total;

  function navigateTo(next: { status?: StatusFilter; page?: number }) {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    const search = new URLSearchParams();
    if (nextStatus !== 'all') search.set('status', nextStatus);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  }

  // a page emptied by a change (the last order of the last page cancelled) moves back
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / ORDERS_PAGE_SIZE)) : page;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a page past the end triggers it
  useEffect(() => {
    if (!list.loading && list.data && page > lastPage) navigateTo({ page: lastPage });
  }, [list.loading, list.data, page, lastPage]);

  const orders = list.data?.items ?? [];

  return (
    <section className="agent-page" aria-labelledby="agent-orders-heading">
      <div className="agent-orders-header">
        <h1 id="agent-orders-heading" className="agent-page-title">
          {total === undefined || total === null
            ? t('agent.orders.title')
            : t('agent.orders.youHave', { count: total })}
        </h1>
        <ExportButton
          download={(options) => downloadOrdersCsv({ AgentStatus: filtered ? status : undefined }, options)}
        />
      </div>
      <ReviewNotice />
      <AsOf updatedAt={list.updatedAt} />
      <FilterChips
        label={t('agent.orders.statusFilter')}
        options={statusChips}
        value={status}
        onChange={(s) => navigateTo({ status: s })}
      />
      {filtered && list.data ? (
        <p className="agent-muted" aria-live="polite">
          {t('agent.orders.statusCount', { count: list.data.total, status: agentStatusLabel(status) })}
        </p>
      ) : null}

      {list.error ? (
        <div className="agent-error-box" role="alert">
          <p>{list.error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={list.reload}>
            {t('agent.tryAgain')}
          </button>
        </div>
      ) : null}

      {list.loading && !list.data ? (
        <p className="agent-muted" role="status">
          {t('agent.loading')}
        </p>
      ) : null}

      {!list.error && list.data && orders.length === 0 ? (
        <p className="agent-empty">{t('agent.orders.noneFound')}</p>
      ) : null}

      {orders.length > 0 ? (
        <ul className="agent-order-list" aria-busy={list.loading || undefined}>
          {orders.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} viewer="agent" actions={<OrderActions order={order} />} />
            </li>
          ))}
        </ul>
      ) : null}

      {list.data ? (
        <Pagination
          page={page}
          pageSize={ORDERS_PAGE_SIZE}
          total={list.data.total}
          onPageChange={(next) => navigateTo({ page: next })}
        />
      ) : null}
    </section>
  );
}
