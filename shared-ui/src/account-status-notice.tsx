/**
 * The dashboards' notice of the person's own account (docs/domain.md, Accounts): shown only when
 * the account needs something of them. Today that is an account that is not approved, and an
 * agent with no payout account on file yet ('Add where you want to be paid', to the settings).
 * Nothing is shown while the answer is awaited or when it cannot be read: it is a reminder, the
 * dashboard's own figures say their failures.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useMessages } from 'shared-api';
import type { User } from 'shared-api/contract';
import { useT } from './lib/i18n';
import { payoutAccountQueries } from './lib/queries';
import './button.css';
import './account-status-notice.css';

export const AGENT_SETTINGS_PATH = '/agent/settings';

export function AccountStatusNotice({ user }: { user: Pick<User, '_id' | 'role' | 'status'> }) {
  const t = useT();
  const messages = useMessages();
  const needsPayoutAccount = user.role === 'agent' && user.status === 'approved';
  const payoutAccount = useQuery({ ...payoutAccountQueries.own(), enabled: needsPayoutAccount });

  if (user.status !== 'approved') {
    return (
      <aside className="ui-account-notice" aria-label={t('ui.account.label')}>
        <p>{user.status === 'pending' ? messages.accountPending : t('ui.account.status', { status: user.status })}</p>
      </aside>
    );
  }
  if (!needsPayoutAccount || payoutAccount.data !== null) return null;
  return (
    <aside className="ui-account-notice" aria-label={t('ui.account.label')}>
      <p>{t('ui.account.addPayoutAccountWhy')}</p>
      <Link className="ui-button ui-button-primary ui-button-small" to={AGENT_SETTINGS_PATH}>
        {t('ui.account.addPayoutAccount')}
      </Link>
    </aside>
  );
}
