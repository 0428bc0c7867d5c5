/** An account's status as a coloured badge, in the contract's words (translated). */
import type { UserStatus } from 'shared-api/contract';
import { useT } from './i18n';
import { statusLabel } from './user-texts';
import './users.css';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const t = useT();
  return <span className={`admin-user-status admin-user-status-${status}`}>{statusLabel(t, status)}</span>;
}
