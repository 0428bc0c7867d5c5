/**
 * An order's history on its update screens: who changed what, and when, newest first. It
 * reads the history itself (the screens only name the order); a save invalidates it
 * (CHANGES.order), so a screen that saved the order shows the new event at once.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from 'shared-api';
import type { OrderEvent } from 'shared-api/contract';
import { formatDateTime } from './lib/format';
import { t as translate, useT } from './lib/i18n';
import { describeOrderEvent, newestFirst, paidInPayout } from './lib/order-history';
import { orderQueries } from './lib/queries';
import { useResource } from './lib/use-resource';
import './button.css';
import './order-timeline.css';

// English, for tests and code that compare with them; the screen shows the current language's
export const HISTORY_HEADING = 'History';
export const HISTORY_EMPTY = 'No changes recorded yet.';
export const HISTORY_LOADING = 'Loading the history…';
export const HISTORY_LOAD_FAILED = "The order's history could not be loaded.";

export interface OrderTimelineProps {
  orderId: string;
  /** the payout's page for this viewer; without it the paid event names its payout as text only */
  payoutLink?: (payoutId: string) => string;
}

/** "Paid in payout PP-123" on the event that took the order to paid (docs/domain.md, Payouts). */
function PayoutLine({ payout, link }: { payout: NonNullable<OrderEvent['payout']>; link?: (id: string) => string }) {
  return (
    <p className="ui-order-timeline-payout">
      {paidInPayout()} {link ? <Link to={link(payout._id)}>{payout.reference}</Link> : <span>{payout.reference}</span>}
    </p>
  );
}

/** Said when the history cannot be read, in the language of the moment it failed. */
const historyLoadFailed = (error: unknown) => errorMessage(error, translate('ui.timeline.loadFailed'));

export function OrderTimeline({ orderId, payoutLink }: OrderTimelineProps) {
  const t = useT();
  const headingId = useId();
  // another order's history never shows while this one loads: no placeholder from the last order
  const history = useResource({ ...orderQueries.history(orderId), placeholderData: undefined }, historyLoadFailed);
  const events = history.data ? newestFirst(history.data) : undefined;

  return (
    <section className="ui-order-timeline" aria-labelledby={headingId} aria-busy={history.fetching || undefined}>
      <h2 id={headingId} className="ui-order-timeline-heading">
        {t('ui.timeline.heading')}
      </h2>

      {history.error ? (
        <div className="ui-order-timeline-error" role="alert">
          <p>{history.error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={history.reload}>
            {t('ui.common.tryAgain')}
          </button>
        </div>
      ) : null}

      {!events && history.loading ? (
        <p className="ui-order-timeline-muted" role="status">
          {t('ui.timeline.loading')}
        </p>
      ) : null}

      {events && events.length === 0 ? <p className="ui-order-timeline-muted">{t('ui.timeline.empty')}</p> : null}

      {events && events.length > 0 ? (
        // reversed: the numbers count the events from the first, though the newest leads
        <ol className="ui-order-timeline-list" reversed>
          {events.map((event) => (
            <li key={event._id} className="ui-order-timeline-event">
              <p className="ui-order-timeline-text">{describeOrderEvent(event)}</p>
              {event.payout ? <PayoutLine payout={event.payout} link={payoutLink} /> : null}
              <p className="ui-order-timeline-meta">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                <span aria-hidden="true"> · </span>
                <span>{t('ui.timeline.asRole', { role: event.actor.role })}</span>
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
