/**
 * /agent/settings: the password (shared by every role), the language, the agent's payout
 * account and notifications.
 */
import { LanguageSwitch } from 'shared-ui/language-switch';
import { SettingsScreen } from 'shared-ui/settings-screen';
import { useT } from '../i18n';
import { NotificationsSection } from './notifications-settings';
import { PayoutAccountSection } from './payout-account-form';
import './settings-page.css';

export function SettingsPage() {
  const t = useT();
  return (
    <>
      <SettingsScreen />
      <section className="agent-language" aria-labelledby="agent-language-heading">
        <h2 id="agent-language-heading">{t('agent.settings.language')}</h2>
        <LanguageSwitch />
      </section>
      <PayoutAccountSection />
      <NotificationsSection />
    </>
  );
}
