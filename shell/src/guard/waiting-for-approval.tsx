import { useNavigate } from 'react-router-dom';
import { useSession } from 'shared-api';
import '../auth/auth-pages.css';

/** All a signed-in user sees until an admin approves the account. */
export function WaitingForApproval() {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="waiting-heading">
        <h1 id="waiting-heading" className="auth-title">
          Your account is waiting for approval
        </h1>
        <p className="auth-text">
          An admin reviews every new account. You can use the marketplace as soon as yours is approved.
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            signOut();
            navigate('/', { replace: true });
          }}
        >
          log out
        </button>
      </section>
    </main>
  );
}

export default WaitingForApproval;
