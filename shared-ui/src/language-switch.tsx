/**
 * The language switch (docs/architecture.md, Languages): on the sign-in and registration pages
 * and in settings. Each language is named in itself; the choice is remembered on the device and,
 * signed in, on the account (so every device opens in it); chosen before signing in, on the
 * account at that sign-in.
 */
import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  rememberLocaleForSignIn,
  saveLocale,
  setLocale,
  useLocale,
  useSession,
} from 'shared-api';
import { useT } from './lib/language-i18n';
import './button.css';
import './language-switch.css';

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);

  async function choose(next: Locale) {
    if (next === locale || busy) return;
    setBusy(true);
    try {
      await setLocale(next);
    } catch {
      toast.error(t('language.loadFailed'));
      setBusy(false);
      return;
    }
    if (useSession.getState().status === 'signed-in') {
      // the screens have switched already; the account keeps the choice for other devices
      await saveLocale(next).catch(() => toast.error(t('language.saveFailed')));
    } else {
      // the sign-in that follows keeps it, and saves it on the account
      rememberLocaleForSignIn(next);
    }
    setBusy(false);
  }

  return (
    <fieldset className={['ui-language-switch', className].filter(Boolean).join(' ')}>
      <legend className="ui-visually-hidden">{t('language.label')}</legend>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === locale}
          disabled={busy}
          onClick={() => void choose(option)}
        >
          {LOCALE_NAMES[option]}
        </button>
      ))}
    </fieldset>
  );
}
