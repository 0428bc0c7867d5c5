/** An account's status as a coloured badge, in the contract's words. */
import { USER_STATUS_LABELS, type UserStatus } from 'shared-api/contract';
import './users.css';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <span className={`admin-user-status admin-user-status-${status}`}>{USER_STATUS_LABELS[status]}</span>;
}
