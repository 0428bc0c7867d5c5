/** /agent/settings: the password (shared by every role) and the agent's payout account. */
import { SettingsScreen } from 'shared-ui/settings-screen';
import { PayoutAccountSection } from './payout-account-form';

export function SettingsPage() {
  return (
    <>
      <SettingsScreen />
      <PayoutAccountSection />
    </>
  );
}
