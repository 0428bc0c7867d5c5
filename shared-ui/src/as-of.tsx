/**
 * 'As of <time>' beside figures shown as last seen: only while offline, when what is on screen
 * may be older than the server's (docs/architecture.md, Phone app). `updatedAt` is when the
 * oldest of them was fetched (TanStack Query's dataUpdatedAt; 0: never).
 */
import { ltr } from 'shared-api';
import { formatDateTime } from './lib/format';
import { useT } from './lib/i18n';
import { useOnline } from './lib/use-online';
import './as-of.css';

export function AsOf({ updatedAt }: { updatedAt: number }) {
  const t = useT();
  const online = useOnline();
  if (online || !updatedAt) return null;
  // the contract's asOfLabel, in the current language
  return <p className="as-of">{t('ui.asOf', { time: ltr(formatDateTime(new Date(updatedAt).toISOString())) })}</p>;
}
