/**
 * /reset-password?token=...: the page a reset link opens (emailed, or handed on by an admin).
 * The new password twice; the API sets it by the rules of a change and ends every session of
 * the account, and the person signs in with it (docs/domain.md, Forgotten passwords).
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPassword } from 'shared-api';
import {
  FORGOT_PASSWORD_PATH,
  type ResetPasswordFormValues,
  type ResetPasswordInput,
  resetPasswordFormSchema,
} from 'shared-api/contract';
import { PasswordField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { LanguageSwitch } from 'shared-ui/language-switch';
import '../auth/auth-pages.css';
import { signedOutClient } from '../auth/signed-out-client';
import { useT } from '../i18n';

const EMPTY: ResetPasswordFormValues = { newPassword: '', confirmPassword: '' };
const ONE_MESSAGE_IN_ORDER = ['newPassword', 'confirmPassword'] as const;

export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: EMPTY, oneErrorInOrder: ONE_MESSAGE_IN_ORDER });
  const reset = useMutation({ mutationFn: (input: ResetPasswordInput) => resetPassword(input) }, signedOutClient);

  if (reset.isSuccess || !token) {
    return (
      <main className="auth-page auth-page-with-language">
        <LanguageSwitch className="auth-language" />
        <section className="auth-card" aria-labelledby="reset-heading">
          <h1 id="reset-heading" className="auth-title">
            {t('shell.reset.title')}
          </h1>
          {reset.isSuccess ? (
            <>
              <p role="status">{reset.data.message}</p>
              <p className="auth-switch">
                <Link to="/">{t('shell.reset.signIn')}</Link>
              </p>
            </>
          ) : (
            <>
              <p role="alert">{t('shell.reset.linkIncomplete')}</p>
              <p className="auth-switch">
                <Link to={FORGOT_PASSWORD_PATH}>{t('shell.reset.newLink')}</Link>
              </p>
            </>
          )}
        </section>
      </main>
    );
  }

  return (
    <main className="auth-page auth-page-with-language">
      <LanguageSwitch className="auth-language" />
      <Form
        form={form}
        onSubmit={({ newPassword }) => reset.mutate({ token, newPassword })}
        busy={reset.isPending}
        className="auth-card"
        aria-labelledby="reset-heading"
      >
        <h1 id="reset-heading" className="auth-title">
          {t('shell.reset.title')}
        </h1>
        <p className="auth-text">{t('shell.reset.text')}</p>
        <PasswordField
          control={form.control}
          name="newPassword"
          id="reset-new-password"
          label={t('shell.reset.new')}
          required
          autoComplete="new-password"
          disabled={reset.isPending}
        />
        <PasswordField
          control={form.control}
          name="confirmPassword"
          id="reset-confirm-password"
          label={t('shell.reset.repeat')}
          required
          autoComplete="new-password"
          disabled={reset.isPending}
        />
        <FormAlert error={reset.error} fallback={t('shell.reset.failed')} />
        {reset.error ? (
          <p className="auth-switch">
            <Link to={FORGOT_PASSWORD_PATH}>{t('shell.reset.newLink')}</Link>
          </p>
        ) : null}
        <SubmitButton
          busy={reset.isPending}
          busyLabel={t('shell.reset.busy')}
          className="button button-primary button-block"
        >
          {t('shell.reset.submit')}
        </SubmitButton>
      </Form>
    </main>
  );
}
