/**
 * Settings for every role: change the password. The server answers a new token (a password
 * change revokes the older ones), which becomes the session's token. The rules are the
 * contract's passwordUpdateFormSchema: both fields first, then the API's own.
 */
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage, updatePassword, useSession } from 'shared-api';
import {
  MESSAGES,
  type PasswordUpdateFormValues,
  type PasswordUpdateInput,
  passwordUpdateFormSchema,
} from 'shared-api/contract';
import { PasswordField } from './form/fields';
import { Form, useZodForm } from './form/form';
import './button.css';
import './settings-screen.css';

/** What the person reads when the change fails. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return MESSAGES.noResponse;
    if (error.kind === 'setup') return MESSAGES.requestSetupError;
  }
  return errorMessage(error, MESSAGES.passwordUpdateFailed);
}

const EMPTY: PasswordUpdateFormValues = { currentPassword: '', newPassword: '' };
const ONE_MESSAGE_IN_ORDER = ['currentPassword', 'newPassword'] as const;

export function SettingsScreen() {
  const form = useZodForm(passwordUpdateFormSchema, { defaultValues: EMPTY, oneErrorInOrder: ONE_MESSAGE_IN_ORDER });
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  /** Without a session there is nothing to change: said before the fields are checked. */
  function signedIn() {
    setError(useSession.getState().token ? null : MESSAGES.tokenMissing);
    return Boolean(useSession.getState().token);
  }

  async function onSubmit(input: PasswordUpdateInput) {
    const { token } = useSession.getState();
    try {
      const answer = await updatePassword(input);
      // the older token stops working now: carry on with the new one
      const now = useSession.getState();
      // unless the person signed out (or in as someone else) meanwhile
      if (answer.token && now.token === token && now.user) now.setSession(answer.token, now.user);
      form.reset(EMPTY);
      toast.success(MESSAGES.passwordUpdated);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }

  return (
    <section className="ui-settings" aria-labelledby="ui-settings-heading">
      <h1 id="ui-settings-heading" className="ui-settings-title">
        update password
      </h1>
      <Form form={form} onSubmit={onSubmit} beforeRules={signedIn} className="ui-settings-card">
        <PasswordField
          control={form.control}
          name="currentPassword"
          id="settings-current-password"
          label="current password"
          autoComplete="current-password"
          required
        />
        <PasswordField
          control={form.control}
          name="newPassword"
          id="settings-new-password"
          label="new password"
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
      </Form>
    </section>
  );
}
