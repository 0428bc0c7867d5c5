import { useNavigate } from 'react-router-dom';
import { useSession } from 'shared-api';
import '../auth/auth-pages.css';
import { useT } from '../i18n';

/** All a signed-in user sees until an admin approves the account. */
export function WaitingForApproval() {
  const t = useT();
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="waiting-heading">
        <h1 id="waiting-heading" className="auth-title">
          {t('shell.waiting.title')}
        </h1>
        <p className="auth-text">{t('shell.waiting.text')}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            signOut();
            navigate('/', { replace: true });
          }}
        >
          {t('shell.menu.logOut')}
        </button>
      </section>
    </main>
  );
}

export default WaitingForApproval;
