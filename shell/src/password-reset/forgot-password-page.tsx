/**
 * /forgot-password: the email a person signs in with; the API emails an approved account a
 * one-time link to /reset-password. The answer is the same whether or not an account has the
 * email. When the server sends no email (no SMTP_URL) the page says to ask the admin on
 * WhatsApp instead (docs/domain.md, Forgotten passwords).
 */
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { getRuntimeConfig, isMailNotConfigured, requestPasswordReset } from 'shared-api';
import { type ForgotPasswordInput, forgotPasswordInputSchema, PASSWORD_RESET_MESSAGES } from 'shared-api/contract';
import { TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { whatsAppLink } from 'shared-ui/lib/format';
import '../auth/auth-pages.css';
import { signedOutClient } from '../auth/signed-out-client';

/** Email is not available here: the admin's WhatsApp, when the runtime configuration names one. */
function ContactAdmin() {
  const number = getRuntimeConfig().adminWhatsApp.trim();
  if (!number) return <p role="alert">{PASSWORD_RESET_MESSAGES.contactAdminWithoutNumber}</p>;
  return (
    <p role="alert">
      {PASSWORD_RESET_MESSAGES.contactAdmin}{' '}
      <a href={whatsAppLink(number)} target="_blank" rel="noopener noreferrer">
        {number}
      </a>
    </p>
  );
}

export default function ForgotPasswordPage() {
  const form = useZodForm(forgotPasswordInputSchema, { defaultValues: { email: '' } });
  const request = useMutation(
    { mutationFn: (input: ForgotPasswordInput) => requestPasswordReset(input) },
    signedOutClient,
  );
  const noEmail = isMailNotConfigured(request.error);

  return (
    <main className="auth-page">
      {request.isSuccess ? (
        <section className="auth-card" aria-labelledby="forgot-heading">
          <h1 id="forgot-heading" className="auth-title">
            check your email
          </h1>
          <p role="status">{request.data.message}</p>
          <p className="auth-switch">
            <Link to="/">back to sign in</Link>
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
            forgot password
          </h1>
          <p className="auth-text">Type the email you sign in with: we email you a link to set a new password.</p>
          <TextField
            control={form.control}
            name="email"
            id="forgot-email"
            label="email"
            type="email"
            required
            autoComplete="username"
            disabled={request.isPending}
          />
          {noEmail ? (
            <ContactAdmin />
          ) : (
            <FormAlert error={request.error} fallback={PASSWORD_RESET_MESSAGES.forgotFailed} />
          )}
          <SubmitButton busy={request.isPending} busyLabel="sending..." className="button button-primary button-block">
            send the link
          </SubmitButton>
          <p className="auth-switch">
            <Link to="/">back to sign in</Link>
          </p>
        </Form>
      )}
    </main>
  );
}
