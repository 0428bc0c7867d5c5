/**
 * 'As of <time>' beside figures shown as last seen: only while offline, when what is on screen
 * may be older than the server's (docs/architecture.md, Phone app). `updatedAt` is when the
 * oldest of them was fetched (TanStack Query's dataUpdatedAt; 0: never).
 */
import { asOfLabel } from 'shared-api/contract';
import { formatDateTime } from './lib/format';
import { useOnline } from './lib/use-online';
import './as-of.css';

export function AsOf({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  return <p className="as-of">{asOfLabel(formatDateTime(new Date(updatedAt).toISOString()))}</p>;
}
