/**
 * One payout (docs/domain.md, Payouts) as an admin or its agent sees it: the reference, the agent,
 * when and by whom it was made, how many orders and the total, the orders it paid (each leading
 * to the order's update screen), the account it was paid to (masked) and Export CSV (an admin's
 * also transfer.csv, the account whole). It loads the payout itself; the screen names it.
 */
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { downloadPayoutCsv, downloadTransferCsv, errorMessage } from 'shared-api';
import type { PayoutOrder } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from '../data-table';
import { ExportButton } from '../export/export-button';
import { formatDate, formatDateTime, formatRs } from '../lib/format';
import { t as translate, useT } from '../lib/i18n';
import { agentStatusLabel, reviewTypeLabel } from '../lib/order-display';
import { payoutAccountText } from '../lib/payout-account-display';
import { payoutQueries } from '../lib/queries';
import { useResource } from '../lib/use-resource';
import '../button.css';
import './payouts.css';

// English, for tests and code that compare with it; the screen shows the current language's
export const PAYOUT_FETCH_FAILED = 'Failed to fetch the payout. Please try again.';

const payoutFetchFailed = (error: unknown) => errorMessage(error, translate('ui.payout.fetchFailed'));

export interface PayoutViewProps {
  payoutId: string;
  /** the order's update screen for this viewer */
  orderLink: (orderId: string) => string;
  /** shown above the payout (e.g. what the payment just did) */
  notice?: ReactNode;
  /** where Back leads (the list the payout was opened from) */
  back?: { to: string; label: string };
  /** an admin's view: the payout's line of a bank's bulk-payment file (transfer.csv) to download too */
  transferFile?: boolean;
}

export const TRANSFER_CSV_LABEL = 'transfer.csv';

export function PayoutView({ payoutId, orderLink, notice, back, transferFile = false }: PayoutViewProps) {
  const t = useT();
  const headingId = useId();
  const payout = useResource(payoutQueries.one(payoutId), payoutFetchFailed);
  // another payout never shows while this one loads
  const data = payout.data?._id === payoutId ? payout.data : undefined;

  const columns: ReadonlyArray<DataTableColumn<PayoutOrder>> = [
    {
      key: 'number',
      header: t('ui.payout.orderNumber'),
      render: (order) => (
        <Link className="ui-payout-mono" to={orderLink(order._id)} dir="ltr">
          {order.amzOrderNumber}
        </Link>
      ),
    },
    { key: 'product', header: t('ui.payout.product'), render: (order) => order.product.name },
    { key: 'buyer', header: t('ui.payout.buyer'), render: (order) => order.buyerName },
    { key: 'review', header: t('ui.payout.reviewType'), render: (order) => reviewTypeLabel(order.reviewType) },
    { key: 'status', header: t('ui.payout.agentStatus'), render: (order) => agentStatusLabel(order.AgentStatus) },
    {
      key: 'placed',
      header: t('ui.payout.placed'),
      render: (order) => <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>,
    },
    {
      key: 'commission',
      header: t('ui.payout.commission'),
      render: (order) => <bdi dir="ltr">{formatRs(order.comission)}</bdi>,
    },
  ];

  return (
    <section className="ui-payout" aria-labelledby={headingId} aria-busy={payout.loading || undefined}>
      {back ? (
        <Link className="ui-payout-back" to={back.to}>
          <span className="ui-payout-back-arrow">←</span> {back.label}
        </Link>
      ) : null}
      <header className="ui-payout-header">
        <h1 id={headingId}>
          {t('ui.payout.heading')}{' '}
          {data ? (
            <bdi dir="ltr" className="ui-payout-mono">
              {data.reference}
            </bdi>
          ) : null}
        </h1>
        {data ? (
          <div className="ui-payout-export">
            <ExportButton download={(options) => downloadPayoutCsv(data._id, options)} />
            {transferFile ? (
              <ExportButton
                download={() => downloadTransferCsv(data._id)}
                label={TRANSFER_CSV_LABEL}
                offerUrduHeaders={false}
              />
            ) : null}
          </div>
        ) : null}
      </header>
      {notice ? (
        <div className="ui-payout-notice" role="status">
          {notice}
        </div>
      ) : null}

      {payout.error ? (
        <div className="ui-payout-state ui-payout-error" role="alert">
          <p>{payout.error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={payout.reload}>
            {t('ui.common.tryAgain')}
          </button>
        </div>
      ) : null}
      {!data && payout.loading ? (
        <p className="ui-payout-state" role="status">
          {t('ui.table.loading')}
        </p>
      ) : null}

      {data && !payout.error ? (
        <>
          <dl className="ui-payout-fields">
            <div>
              <dt>{t('ui.payout.reference')}</dt>
              <dd className="ui-payout-mono">
                <bdi dir="ltr">{data.reference}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('ui.payout.agent')}</dt>
              <dd>{data.agent.name}</dd>
            </div>
            <div>
              <dt>{t('ui.payout.date')}</dt>
              <dd>
                <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>{t('ui.payout.paidTo')}</dt>
              <dd>{payoutAccountText(data.payoutAccount)}</dd>
            </div>
            <div>
              <dt>{t('ui.payout.createdBy')}</dt>
              <dd>{data.createdBy.name}</dd>
            </div>
            <div>
              <dt>{t('ui.payout.orders')}</dt>
              <dd>{data.orders}</dd>
            </div>
            <div>
              <dt>{t('ui.payout.total')}</dt>
              <dd className="ui-payout-total">
                <bdi dir="ltr">{formatRs(data.total)}</bdi>
              </dd>
            </div>
          </dl>
          {/* payouts.css: on a phone only the number and the commission stay */}
          <div className="ui-payout-orders">
            <DataTable
              caption={t('ui.payout.ordersCaption')}
              showCaption
              columns={columns}
              rows={data.items}
              getRowKey={(order) => order._id}
              empty={t('ui.payout.noOrders')}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
