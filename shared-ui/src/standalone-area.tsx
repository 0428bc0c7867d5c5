/**
 * The standalone page of a remote (its own dev and production page, for people working
 * on one area): waits for the session (the remote's standalone.tsx boots it, as the shell's
 * main.tsx does), shows a minimal sign-in when signed out, and mounts the area under its
 * prefix. The shell does none of this through here.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ApiError, useSession } from 'shared-api';
import { createQueryClient } from './lib/query-client';
import './standalone-area.css';

/** The standalone page's own QueryClient (in the shell, the signed-in layout's). */
const queryClient = createQueryClient();
useSession.subscribe((state, previous) => {
  if (state.user?._id !== previous.user?._id) queryClient.clear();
});

export interface StandaloneAreaProps {
  /** the area's name, shown in the header */
  title: string;
  /** where the area is mounted, e.g. '/agent' */
  basePath: string;
  /** the page '/' and unknown paths lead to, e.g. '/agent/dashboard' */
  landingPath: string;
  /** the area itself (the remote's exposed App) */
  children: ReactNode;
}

export function StandaloneArea({ title, basePath, landingPath, children }: StandaloneAreaProps) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);

  if (status === 'booting') {
    return (
      <p className="standalone-loading" role="status">
        Loading...
      </p>
    );
  }

  if (status === 'signed-out' || !user) return <StandaloneSignIn title={title} />;

  return (
    <div className="standalone-page">
      <header className="standalone-header">
        <span className="standalone-title">{title} (standalone)</span>
        <span className="standalone-user">{user.name}</span>
        <button type="button" className="standalone-button" onClick={signOut}>
          log out
        </button>
      </header>
      <main className="standalone-content">
        <QueryClientProvider client={queryClient}>
          <Routes>
            <Route path={`${basePath}/*`} element={children} />
            <Route path="*" element={<Navigate to={landingPath} replace />} />
          </Routes>
        </QueryClientProvider>
      </main>
    </div>
  );
}

function StandaloneSignIn({ title }: { title: string }) {
  const login = useSession((s) => s.login);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await login({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  }

  return (
    <main className="standalone-sign-in">
      <form onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
        <h1>{title}: sign in</h1>
        <label htmlFor={emailId}>email</label>
        <input id={emailId} name="email" type="email" autoComplete="username" required />
        <label htmlFor={passwordId}>password</label>
        <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
        {error ? (
          <p id={errorId} className="standalone-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="standalone-button" disabled={busy}>
          sign in
        </button>
      </form>
    </main>
  );
}
