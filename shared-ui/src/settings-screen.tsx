/**
 * Settings for every role: change the password. The server answers a new token (a password
 * change revokes the older ones), which becomes the session's token. The rules are the
 * contract's passwordUpdateFormSchema: both fields first, then the API's own.
 */
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage, translateMessage, updatePassword, useSession } from 'shared-api';
import {
  MESSAGES,
  type PasswordUpdateFormValues,
  type PasswordUpdateInput,
  passwordUpdateFormSchema,
} from 'shared-api/contract';
import { PasswordField } from './form/fields';
import { Form, useZodForm } from './form/form';
import { FormAlert } from './form/form-alert';
import { SubmitButton } from './form/submit-button';
import { useT } from './lib/i18n';
import { useWrite } from './lib/mutations';
import './button.css';
import './settings-screen.css';

/** Without a session there is nothing to change. */
class SignedOut extends Error {}

/** What the person reads when the change fails. */
function failureMessage(error: unknown): string {
  if (error instanceof SignedOut) return MESSAGES.tokenMissing;
  if (error instanceof ApiError) {
    if (error.kind === 'network') return MESSAGES.noResponse;
    if (error.kind === 'setup') return MESSAGES.requestSetupError;
  }
  return errorMessage(error, MESSAGES.passwordUpdateFailed);
}

const EMPTY: PasswordUpdateFormValues = { currentPassword: '', newPassword: '' };
const ONE_MESSAGE_IN_ORDER = ['currentPassword', 'newPassword'] as const;

async function changePassword(input: PasswordUpdateInput | null) {
  const { token } = useSession.getState();
  if (!token || !input) throw new SignedOut();
  const answer = await updatePassword(input);
  // the older token stops working now: carry on with the new one
  const now = useSession.getState();
  // unless the person signed out (or in as someone else) meanwhile
  if (answer.token && now.token === token && now.user) now.setSession(answer.token, now.user);
  return answer;
}

export function SettingsScreen() {
  const t = useT();
  const form = useZodForm(passwordUpdateFormSchema, { defaultValues: EMPTY, oneErrorInOrder: ONE_MESSAGE_IN_ORDER });
  const save = useWrite(changePassword, {
    onSuccess: () => {
      form.reset(EMPTY);
      toast.success(translateMessage(MESSAGES.passwordUpdated));
    },
  });

  /** Signed out: said at once, before the fields are checked (their rules would not help). */
  function unlessSignedIn(event: FormEvent<HTMLFormElement>) {
    if (useSession.getState().token) return;
    event.preventDefault();
    event.stopPropagation();
    form.clearErrors();
    save.mutate(null);
  }

  return (
    <section className="ui-settings" aria-labelledby="ui-settings-heading">
      <h1 id="ui-settings-heading" className="ui-settings-title">
        {t('ui.settings.title')}
      </h1>
      <Form
        form={form}
        onSubmit={save.mutate}
        onSubmitCapture={unlessSignedIn}
        busy={save.isPending}
        className="ui-settings-card"
      >
        <PasswordField
          control={form.control}
          name="currentPassword"
          id="settings-current-password"
          label={t('ui.settings.currentPassword')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          control={form.control}
          name="newPassword"
          id="settings-new-password"
          label={t('ui.settings.newPassword')}
          autoComplete="new-password"
          required
        />
        <FormAlert error={save.error} fallback={failureMessage} className="ui-settings-error" />
        <SubmitButton busy={save.isPending} busyLabel={t('ui.settings.updating')}>
          {t('ui.settings.submit')}
        </SubmitButton>
      </Form>
    </section>
  );
}
