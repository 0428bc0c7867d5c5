/**
 * Fraud signals (docs/domain.md, Fraud signals): the badge staff see on an order with a flag
 * nobody dismissed; its commission is on hold until an admin looks. Agents never get flags.
 */
import type { OrderFlag } from 'shared-api/contract';
import { useT } from './lib/i18n';
import { flagLabel } from './lib/order-display';
import './button.css';
import './flag-badge.css';

/** The flags that hold the order's commission. */
export const openFlags = (flags: readonly OrderFlag[] | undefined): OrderFlag[] =>
  (flags ?? []).filter((flag) => !flag.dismissed);

export function FlagBadge({ flags }: { flags: readonly OrderFlag[] | undefined }) {
  const t = useT();
  const open = openFlags(flags);
  if (open.length === 0) return null;
  const labels = open.map((flag) => flagLabel(flag.code)).join(t('ui.common.listSeparator'));
  return (
    <span className="ui-flag-badge" title={t('ui.flag.onHold', { labels })}>
      <span aria-hidden="true">⚑ </span>
      {t('ui.flag.flagged')}
      <span className="ui-visually-hidden">: {labels}</span>
    </span>
  );
}
