/** /register and /register/:referrerUserId. A placeholder until the registration issue builds the form. */
import { Link, useParams } from 'react-router-dom';
import '../auth/auth-pages.css';

export default function RegisterPage() {
  const { referrerUserId } = useParams();
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="register-heading">
        <h1 id="register-heading" className="auth-title">
          register
        </h1>
        <p className="auth-text">Registration opens here soon.</p>
        {referrerUserId ? <p className="auth-text">Referred by user {referrerUserId}.</p> : null}
        <p className="auth-switch">
          Already have an account? <Link to="/">sign in</Link>
        </p>
      </section>
    </main>
  );
}
