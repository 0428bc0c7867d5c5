/**
 * /admin/settings (admin and manager): the password (shared-ui's settings screen) and the
 * language every screen shows (docs/architecture.md, Languages).
 */
import { LanguageSwitch } from 'shared-ui/language-switch';
import { SettingsScreen } from 'shared-ui/settings-screen';
import { useT } from '../i18n';
import './settings-page.css';

export function SettingsPage() {
  const t = useT();
  return (
    <div className="admin-settings">
      <SettingsScreen />
      <section className="admin-settings-language" aria-labelledby="admin-settings-language-heading">
        <h2 id="admin-settings-language-heading">{t('admin.settings.language')}</h2>
        <LanguageSwitch />
      </section>
    </div>
  );
}
