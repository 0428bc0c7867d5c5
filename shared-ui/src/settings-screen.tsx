/**
 * Settings for every role: change the password. The server answers a new token (a password
 * change revokes the older ones), which becomes the session's token.
 */
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage, updatePassword, useSession } from 'shared-api';
import { MESSAGES, passwordUpdateInputSchema } from 'shared-api/contract';
import { PasswordField } from './password-field';
import './button.css';
import './settings-screen.css';

/** What the person reads when the change fails (SPEC.md section 8). */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return MESSAGES.noResponse;
    if (error.kind === 'setup') return MESSAGES.requestSetupError;
  }
  return errorMessage(error, MESSAGES.passwordUpdateFailed);
}

export function SettingsScreen() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { token } = useSession.getState();
    if (!token) {
      setError(MESSAGES.tokenMissing);
      return;
    }
    if (!currentPassword || !newPassword) {
      setError(MESSAGES.fillBothFields);
      return;
    }
    const input = passwordUpdateInputSchema.safeParse({ currentPassword, newPassword });
    if (!input.success) {
      setError(input.error.issues[0]?.message ?? MESSAGES.passwordUpdateFailed);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await updatePassword(input.data);
      // the older token stops working now: carry on with the new one
      const now = useSession.getState();
      // unless the person signed out (or in as someone else) meanwhile
      if (answer.token && now.token === token && now.user) now.setSession(answer.token, now.user);
      setCurrentPassword('');
      setNewPassword('');
      toast.success(MESSAGES.passwordUpdated);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ui-settings" aria-labelledby="ui-settings-heading">
      <h1 id="ui-settings-heading" className="ui-settings-title">
        update password
      </h1>
      <form className="ui-settings-card" onSubmit={onSubmit} noValidate>
        <PasswordField
          id="settings-current-password"
          label="current password"
          value={currentPassword}
          onChange={setCurrentPassword}
          autoComplete="current-password"
          required
        />
        <PasswordField
          id="settings-new-password"
          label="new password"
          value={newPassword}
          onChange={setNewPassword}
          autoComplete="new-password"
          required
        />
        {error ? (
          <p className="ui-settings-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="ui-button ui-button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'updating...' : 'update password'}
        </button>
      </form>
    </section>
  );
}
