/**
 * The dashboards' notice of the person's own account (docs/domain.md, Accounts): shown only when
 * the account needs something of them. Today that is an account that is not approved, and an
 * agent with no payout account on file yet ('Add where you want to be paid', to the settings).
 * Nothing is shown while the answer is awaited or when it cannot be read: it is a reminder, the
 * dashboard's own figures say their failures.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ACCOUNT_SCREEN_TEXTS, MESSAGES, USER_STATUS_LABELS, type User } from 'shared-api/contract';
import { payoutAccountQueries } from './lib/queries';
import './button.css';
import './account-status-notice.css';

export const AGENT_SETTINGS_PATH = '/agent/settings';

export function AccountStatusNotice({ user }: { user: Pick<User, '_id' | 'role' | 'status'> }) {
  const needsPayoutAccount = user.role === 'agent' && user.status === 'approved';
  const payoutAccount = useQuery({ ...payoutAccountQueries.own(), enabled: needsPayoutAccount });

  if (user.status !== 'approved') {
    return (
      <aside className="ui-account-notice" aria-label="your account">
        <p>
          {user.status === 'pending'
            ? MESSAGES.accountPending
            : `Your account is ${USER_STATUS_LABELS[user.status].toLowerCase()}.`}
        </p>
      </aside>
    );
  }
  if (!needsPayoutAccount || payoutAccount.data !== null) return null;
  return (
    <aside className="ui-account-notice" aria-label="your account">
      <p>{ACCOUNT_SCREEN_TEXTS.addPayoutAccountWhy}</p>
      <Link className="ui-button ui-button-primary ui-button-small" to={AGENT_SETTINGS_PATH}>
        {ACCOUNT_SCREEN_TEXTS.addPayoutAccount}
      </Link>
    </aside>
  );
}
