/**
 * The fixed notice on the agent's order screens: reviews are honest, disclose that the
 * product was free or compensated, and commission never depends on rating or tone
 * (US FTC rule on consumer reviews, 16 CFR 465, and marketplace policies).
 */
import { MESSAGES } from 'shared-api/contract';
import './review-notice.css';

export function ReviewNotice() {
  return (
    <aside className="ui-review-notice" role="note" aria-label="Honest reviews">
      <span className="ui-review-notice-icon" aria-hidden="true">
        ⚖
      </span>
      <p className="ui-review-notice-text">{MESSAGES.reviewHonestyNotice}</p>
    </aside>
  );
}
