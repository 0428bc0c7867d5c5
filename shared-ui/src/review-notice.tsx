/**
 * The fixed notice on the agent's order screens: reviews are honest, disclose that the
 * product was free or compensated, and commission never depends on rating or tone
 * (US FTC rule on consumer reviews, 16 CFR 465, and marketplace policies).
 */
import { useMessages } from 'shared-api';
import { useT } from './lib/i18n';
import './review-notice.css';

export function ReviewNotice() {
  const t = useT();
  const messages = useMessages();
  return (
    <aside className="ui-review-notice" role="note" aria-label={t('ui.reviewNotice.label')}>
      <span className="ui-review-notice-icon" aria-hidden="true">
        ⚖
      </span>
      <p className="ui-review-notice-text">{messages.reviewHonestyNotice}</p>
    </aside>
  );
}
