/**
 * /forgot-password: the email a person signs in with; the API emails an approved account a
 * one-time link to /reset-password. The answer is the same whether or not an account has the
 * email. When the server sends no email (no SMTP_URL) the page says to ask the admin on
 * WhatsApp instead (docs/domain.md, Forgotten passwords).
 */
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { getRuntimeConfig, isMailNotConfigured, requestPasswordReset } from 'shared-api';
import { type ForgotPasswordInput, forgotPasswordInputSchema } from 'shared-api/contract';
import { TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { LanguageSwitch } from 'shared-ui/language-switch';
import { whatsAppLink } from 'shared-ui/lib/format';
import '../auth/auth-pages.css';
import { signedOutClient } from '../auth/signed-out-client';
import { useT } from '../i18n';

/** Email is not available here: the admin's WhatsApp, when the runtime configuration names one. */
function ContactAdmin() {
  const t = useT();
  const number = getRuntimeConfig().adminWhatsApp.trim();
  if (!number) return <p role="alert">{t('shell.forgot.contactAdminWithoutNumber')}</p>;
  return (
    <p role="alert">
      {t('shell.forgot.contactAdmin')}{' '}
      <a href={whatsAppLink(number)} target="_blank" rel="noopener noreferrer" dir="ltr">
        {number}
      </a>
    </p>
  );
}

export default function ForgotPasswordPage() {
  const t = useT();
  const form = useZodForm(forgotPasswordInputSchema, { defaultValues: { email: '' } });
  const request = useMutation(
    { mutationFn: (input: ForgotPasswordInput) => requestPasswordReset(input) },
    signedOutClient,
  );
  const noEmail = isMailNotConfigured(request.error);

  return (
    <main className="auth-page auth-page-with-language">
      <LanguageSwitch className="auth-language" />
      {request.isSuccess ? (
        <section className="auth-card" aria-labelledby="forgot-heading">
          <h1 id="forgot-heading" className="auth-title">
            {t('shell.forgot.sent')}
          </h1>
          <p role="status">{request.data.message}</p>
          <p className="auth-switch">
            <Link to="/">{t('shell.forgot.back')}</Link>
          </p>
        </section>
      ) : (
        <Form
          form={form}
          onSubmit={request.mutate}
          busy={request.isPending}
          className="auth-card"
          aria-labelledby="forgot-heading"
        >
          <h1 id="forgot-heading" className="auth-title">
            {t('shell.forgot.title')}
          </h1>
          <p className="auth-text">{t('shell.forgot.text')}</p>
          <TextField
            control={form.control}
            name="email"
            id="forgot-email"
            label={t('shell.field.email')}
            type="email"
            required
            autoComplete="username"
            disabled={request.isPending}
          />
          {noEmail ? <ContactAdmin /> : <FormAlert error={request.error} fallback={t('shell.forgot.failed')} />}
          <SubmitButton
            busy={request.isPending}
            busyLabel={t('shell.forgot.busy')}
            className="button button-primary button-block"
          >
            {t('shell.forgot.submit')}
          </SubmitButton>
          <p className="auth-switch">
            <Link to="/">{t('shell.forgot.back')}</Link>
          </p>
        </Form>
      )}
    </main>
  );
}
