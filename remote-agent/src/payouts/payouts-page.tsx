/**
 * /agent/payouts (agent): the payouts that paid this agent's commission (docs/domain.md,
 * Payouts), newest first, each leading to its orders; the page lives in the URL.
 */
import { useSearchParams } from 'react-router-dom';
import { PAYOUT_ROUTE, routePath } from 'shared-api/contract';
import { PAYOUTS_PAGE_SIZE, readPageParam, withParams } from 'shared-ui/lib/payout-list';
import { payoutQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { PAYOUTS_FETCH_FAILED, PayoutsTable } from 'shared-ui/payouts/payouts-table';
import { useT } from '../i18n';
import en from '../locales/en.json';
import './payouts.css';

/** English; shown through the catalogue */
export const NO_PAYOUTS_YET = en['agent.payouts.none'];

export function PayoutsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = readPageParam(params);
  const payouts = useResource(payoutQueries.list({ page, limit: PAYOUTS_PAGE_SIZE }), PAYOUTS_FETCH_FAILED);

  return (
    <section className="agent-payouts" aria-labelledby="agent-payouts-heading">
      <header className="agent-payouts-header">
        <h1 id="agent-payouts-heading">{t('agent.payouts.title')}</h1>
        <p className="agent-payouts-muted">{t('agent.payouts.intro')}</p>
      </header>
      <PayoutsTable
        caption={t('agent.payouts.caption')}
        payouts={payouts.data?.items ?? []}
        payoutLink={(id) => routePath(PAYOUT_ROUTE.agent, { id })}
        loading={payouts.loading && !payouts.data}
        error={payouts.error}
        empty={t('agent.payouts.none')}
        page={page}
        pageSize={PAYOUTS_PAGE_SIZE}
        total={payouts.data?.total ?? 0}
        onPageChange={(next) => setParams((current) => withParams(current, { page: next }))}
      />
      {payouts.error ? (
        <button type="button" className="ui-button ui-button-small agent-payouts-retry" onClick={payouts.reload}>
          {t('agent.tryAgain')}
        </button>
      ) : null}
    </section>
  );
}
