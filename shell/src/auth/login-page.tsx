/** The login screen: email and password, 'sign in', 'forgot password?', a link to register. */
import { type FormEvent, startTransition, useActionState, useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { translateMessage, useSession } from 'shared-api';
import { DASHBOARD_BY_ROLE, FORGOT_PASSWORD_PATH, MESSAGES } from 'shared-api/contract';
import { RequiredMark } from 'shared-ui/form/required-mark';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { LanguageSwitch } from 'shared-ui/language-switch';
import { useT } from '../i18n';
import './auth-pages.css';

/**
 * TanStack Query, which every signed-in screen reads through, fetched once this page is idle,
 * while the person types: the first screen after sign-in does not wait for it, and this page's
 * paint does not either (docs/architecture.md, The shell's chunks). A failed download is left
 * to the signed-in page, which loads it again.
 */
function preloadDataLayer(): () => void {
  const load = () => void import('@tanstack/react-query').catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 200);
  return () => clearTimeout(timer);
}

export function LoginPage() {
  const t = useT();
  const login = useSession((s) => s.login);
  const navigate = useNavigate();
  useEffect(preloadDataLayer, []);
  // the sign-in is React's action: its pending state is the button's (TanStack Query, which the
  // other writes use, is only preloaded here: this page's paint never waits for it)
  const [, signIn, busy] = useActionState(async (_previous: null, form: FormData) => {
    try {
      const user = await login({
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
      });
      toast.success(translateMessage(MESSAGES.loginSuccess));
      navigate(DASHBOARD_BY_ROLE[user.role], { replace: true });
    } catch (error) {
      // ApiError carries the server's message, in the chosen language (or the client's wording for no answer)
      toast.error(translateMessage(error instanceof Error ? error.message : MESSAGES.somethingWentWrong));
    }
    return null;
  }, null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // not <form action>: that would empty the fields after a refused sign-in
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    startTransition(() => signIn(form));
  }

  return (
    <main className="auth-page auth-page-with-language">
      <LanguageSwitch className="auth-language" />
      <form className="auth-card" onSubmit={onSubmit} aria-labelledby="login-heading">
        <h1 id="login-heading" className="auth-title">
          {t('shell.login.title')}
        </h1>
        <div className="field">
          <label htmlFor="login-email">
            {t('shell.field.email')}
            <RequiredMark />
          </label>
          <input id="login-email" name="email" type="email" autoComplete="username" dir="ltr" required />
        </div>
        <div className="field">
          <label htmlFor="login-password">
            {t('shell.field.password')}
            <RequiredMark />
          </label>
          <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <SubmitButton busy={busy} className="button button-primary button-block">
          {t('shell.login.submit')}
        </SubmitButton>
        <p className="auth-switch">
          <Link to={FORGOT_PASSWORD_PATH}>{t('shell.login.forgot')}</Link>
        </p>
        <p className="auth-switch">
          {t('shell.login.noAccount')} <Link to="/register">{t('shell.login.register')}</Link>
        </p>
      </form>
    </main>
  );
}
