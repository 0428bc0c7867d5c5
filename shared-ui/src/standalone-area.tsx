/**
 * The standalone page of a remote (its own dev and production page, for people working
 * on one area): waits for the session (the remote's standalone.tsx boots it, as the shell's
 * main.tsx does), shows a minimal sign-in when signed out, and mounts the area under its
 * prefix. The shell does none of this through here.
 */
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, StrictMode, useId } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ApiError, initialLocale, setLocale, setRuntimeConfig, useSession } from 'shared-api';
import type { LoginInput } from 'shared-api/contract';
import { FormAlert } from './form/form-alert';
import { SubmitButton } from './form/submit-button';
import { useT } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { Toasts } from './toasts';
import './standalone-area.css';

/** The standalone page's own QueryClient (in the shell, the signed-in layout's). */
const queryClient = createQueryClient();
useSession.subscribe((state, previous) => {
  if (state.user?._id !== previous.user?._id) queryClient.clear();
});

/**
 * Starts a remote's standalone page (its src/standalone.tsx): the API's address, the session
 * asked for once (StandaloneArea waits for it) and the device's language, as the shell's main.tsx
 * starts; then the page (a StandaloneArea) with its router and its toasts.
 */
export function mountStandalone(page: ReactNode, apiBaseUrl: string | undefined): void {
  setRuntimeConfig({ apiBaseUrl });
  void useSession.getState().boot();
  // the area waits for its catalogue in another language (useCatalogueReady)
  const locale = initialLocale();
  if (locale !== 'en') void setLocale(locale).catch(() => {});

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>{page}</BrowserRouter>
      <Toasts />
    </StrictMode>,
  );
}

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
  const t = useT();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);

  if (status === 'booting') {
    return (
      <p className="standalone-loading" role="status">
        {t('ui.standalone.loading')}
      </p>
    );
  }

  if (status === 'signed-out' || !user) return <StandaloneSignIn title={title} />;

  return (
    <div className="standalone-page">
      <header className="standalone-header">
        <span className="standalone-title">{t('ui.standalone.title', { title })}</span>
        <span className="standalone-user">{user.name}</span>
        <button type="button" className="standalone-button" onClick={signOut}>
          {t('ui.standalone.logOut')}
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

const signInFailure = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

function StandaloneSignIn({ title }: { title: string }) {
  const t = useT();
  const login = useSession((s) => s.login);
  // a mutation on the page's own client (this sign-in renders outside its provider)
  const signIn = useMutation({ mutationFn: (input: LoginInput) => login(input) }, queryClient);
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  }

  return (
    <main className="standalone-sign-in">
      <form onSubmit={onSubmit} aria-describedby={signIn.error ? errorId : undefined}>
        <h1>{t('ui.standalone.signInTitle', { title })}</h1>
        <label htmlFor={emailId}>{t('ui.standalone.email')}</label>
        <input id={emailId} name="email" type="email" autoComplete="username" required />
        <label htmlFor={passwordId}>{t('ui.standalone.password')}</label>
        <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
        <FormAlert id={errorId} className="standalone-error" error={signIn.error} fallback={signInFailure} />
        <SubmitButton busy={signIn.isPending} className="standalone-button">
          {t('ui.standalone.signIn')}
        </SubmitButton>
      </form>
    </main>
  );
}
