/**
 * A list of payouts, newest first: date, (agent), reference, orders, total, each leading to
 * the payout's page. The admin's history and the agent's payouts page show it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from 'shared-api';
import type { Payout } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from '../data-table';
import { formatDateTime, formatRs } from '../lib/format';
import { t as translate, useT } from '../lib/i18n';
import './payouts.css';

// English, for tests and code that compare with them; screens show the current language's
export const PAYOUTS_FETCH_FAILED = 'Failed to fetch the payouts. Please try again.';
export const NO_PAYOUTS = 'No payout yet.';

/** A payouts list's failure, for useResource: the server's message, else PAYOUTS_FETCH_FAILED in the current language. */
export const payoutsFetchFailed = (error: unknown): string => errorMessage(error, translate('ui.payouts.fetchFailed'));

export interface PayoutsTableProps {
  caption: string;
  showCaption?: boolean;
  payouts: ReadonlyArray<Payout>;
  /** the payout's page */
  payoutLink: (payoutId: string) => string;
  /** an admin's list names the agent paid */
  showAgent?: boolean;
  loading?: boolean;
  error?: string | null;
  empty?: ReactNode;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

export function PayoutsTable({
  caption,
  showCaption,
  payouts,
  payoutLink,
  showAgent = false,
  loading,
  error,
  empty,
  page,
  pageSize,
  total,
  onPageChange,
}: PayoutsTableProps) {
  const t = useT();
  const columns: DataTableColumn<Payout>[] = [
    {
      key: 'date',
      header: t('ui.payout.date'),
      render: (payout) => <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>,
    },
    ...(showAgent
      ? [
          {
            key: 'agent',
            header: t('ui.payout.agent'),
            render: (payout: Payout) => payout.agent.name,
          } satisfies DataTableColumn<Payout>,
        ]
      : []),
    {
      key: 'reference',
      header: t('ui.payout.reference'),
      render: (payout) => (
        <Link className="ui-payout-reference" to={payoutLink(payout._id)} dir="ltr">
          {payout.reference}
        </Link>
      ),
    },
    { key: 'orders', header: t('ui.payout.orders'), render: (payout) => payout.orders },
    {
      key: 'total',
      header: t('ui.payout.total'),
      render: (payout) => <bdi dir="ltr">{formatRs(payout.total)}</bdi>,
    },
  ];
  return (
    // payouts.css: on a phone the orders column goes first; the total is the last to go
    <div className="ui-payouts-list">
      <DataTable
        caption={caption}
        showCaption={showCaption}
        columns={columns}
        rows={payouts}
        getRowKey={(payout) => payout._id}
        loading={loading}
        error={error}
        empty={empty ?? t('ui.payouts.none')}
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={onPageChange}
      />
    </div>
  );
}
