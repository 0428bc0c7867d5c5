/**
 * The generic error screen ('Something went wrong.'), with a retry when one can
 * help and always a way back: the user's dashboard, or sign-in when nobody is signed in.
 * The way back is a full page load, so it also recovers from a failure that broke the app.
 */
import { useMessages, useSession } from 'shared-api';
import { DASHBOARD_BY_ROLE } from 'shared-api/contract';
import { useT } from '../i18n';
import './error-screen.css';

export interface ErrorScreenProps {
  /** shown when given: runs the failed part again */
  onRetry?: () => void;
  /** what went wrong, when more is known than 'Something went wrong.' (an area this app cannot host) */
  message?: string;
}

export function ErrorScreen({ onRetry, message }: ErrorScreenProps) {
  const t = useT();
  const messages = useMessages();
  const user = useSession((s) => s.user);
  const wayBack = user
    ? { href: DASHBOARD_BY_ROLE[user.role], label: t('shell.error.home') }
    : { href: '/', label: t('shell.error.signIn') };

  return (
    <section className="error-screen" role="alert">
      <h1 className="error-screen-title">{message ?? messages.somethingWentWrong}</h1>
      <div className="error-screen-actions">
        {onRetry ? (
          <button type="button" className="button button-primary" onClick={onRetry}>
            {t('shell.error.retry')}
          </button>
        ) : null}
        <a className="error-screen-link" href={wayBack.href}>
          {wayBack.label}
        </a>
      </div>
    </section>
  );
}
