/** /agent/settings: the password (shared by every role), the agent's payout account and notifications. */
import { SettingsScreen } from 'shared-ui/settings-screen';
import { NotificationsSection } from './notifications-settings';
import { PayoutAccountSection } from './payout-account-form';

export function SettingsPage() {
  return (
    <>
      <SettingsScreen />
      <PayoutAccountSection />
      <NotificationsSection />
    </>
  );
}
