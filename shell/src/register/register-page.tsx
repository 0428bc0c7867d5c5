/**
 * /register and /register/:referrerUserId. On submit the two CNIC images are uploaded first
 * (privately: they go to the API, never to Firebase), then the account is registered; the
 * shell stores the returned session and the guard shows the waiting-for-approval screen.
 * Nothing typed is lost when something fails, and an image already uploaded is not sent again.
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { register, translateMessage, type UploadImageOptions, useSession } from 'shared-api';
import {
  COUNTRIES,
  DASHBOARD_BY_ROLE,
  GENDERS,
  type Gender,
  MESSAGES,
  PHONE_LENGTH,
  REGISTRATION_ROLES,
  type RegisterFormOutput,
  registerFormSchema,
} from 'shared-api/contract';
import { ChoiceField, PasswordField, SelectField, TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { ImageField, useImageUploads } from 'shared-ui/form/image-field';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { LanguageSwitch } from 'shared-ui/language-switch';
import { initialValues, phoneOnBlur, type RegistrationRole, toRegisterInput } from './register-form';
import '../auth/auth-pages.css';
import { signedOutClient } from '../auth/signed-out-client';
import { type ShellKey, useT } from '../i18n';
import './register-page.css';

/** The choices' words: every value of the contract's lists has its key (the values are what is sent). */
const ROLE_LABELS: Record<RegistrationRole, ShellKey> = {
  agent: 'shell.register.asAgent',
  manager: 'shell.register.asManager',
};
const GENDER_LABELS: Record<Gender, ShellKey> = { male: 'shell.register.male', female: 'shell.register.female' };
const COUNTRY_LABELS: Record<(typeof COUNTRIES)[number], ShellKey> = { pakistan: 'shell.register.pakistan' };
const CNIC_UPLOADS: UploadImageOptions = { private: true };

export default function RegisterPage() {
  const t = useT();
  const { referrerUserId } = useParams();
  const navigate = useNavigate();
  const setSession = useSession((s) => s.setSession);
  const form = useZodForm(registerFormSchema, { defaultValues: initialValues(referrerUserId) });
  const uploads = useImageUploads(CNIC_UPLOADS);
  const registration = useMutation(
    {
      mutationFn: async (values: RegisterFormOutput) => {
        const cnicFront = await uploads.upload('cnicFront', values.cnicFront);
        if (!cnicFront) throw new Error(translateMessage(MESSAGES.cnicFrontRequired));
        const cnicBack = await uploads.upload('cnicBack', values.cnicBack);
        if (!cnicBack) throw new Error(translateMessage(MESSAGES.cnicBackRequired));
        return register(toRegisterInput(values, cnicFront, cnicBack));
      },
      onSuccess: ({ token, user }) => {
        toast.success(translateMessage(MESSAGES.registerSuccess));
        setSession(token, user);
        // a new account is pending: the guard shows the waiting-for-approval screen there
        navigate(DASHBOARD_BY_ROLE[user.role], { replace: true });
      },
      onError: (error) =>
        toast.error(translateMessage(error instanceof Error ? error.message : MESSAGES.somethingWentWrong)),
    },
    signedOutClient,
  );
  const busy = registration.isPending;
  const referralLocked = Boolean(referrerUserId);
  const { control } = form;
  const genderChoices = GENDERS.map((gender) => ({ value: gender, label: t(GENDER_LABELS[gender]) }));
  const roleChoices = REGISTRATION_ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }));

  return (
    <main className="auth-page auth-page-with-language">
      <LanguageSwitch className="auth-language" />
      <Form
        form={form}
        onSubmit={registration.mutate}
        busy={busy}
        className="auth-card register-card"
        aria-labelledby="register-heading"
      >
        <h1 id="register-heading" className="auth-title">
          {t('shell.register.title')}
        </h1>
        <p className="auth-text">{t('shell.register.intro')}</p>

        <fieldset className="register-section" disabled={busy}>
          <legend>{t('shell.register.details')}</legend>
          <div className="register-grid">
            <TextField
              control={control}
              name="firstName"
              id="register-firstName"
              label={t('shell.register.firstName')}
              required
              autoComplete="given-name"
            />
            <TextField
              control={control}
              name="lastName"
              id="register-lastName"
              label={t('shell.register.lastName')}
              required
              autoComplete="family-name"
            />
            <TextField
              control={control}
              name="email"
              id="register-email"
              label={t('shell.field.email')}
              type="email"
              required
              autoComplete="email"
            />
            <PasswordField
              control={control}
              name="password"
              id="register-password"
              label={t('shell.field.password')}
              required
              autoComplete="new-password"
            />
            <ChoiceField
              control={control}
              name="gender"
              id="register-gender"
              legend={t('shell.register.gender')}
              required
              choices={genderChoices}
            />
            <TextField
              control={control}
              name="phoneNumber"
              id="register-phoneNumber"
              label={t('shell.register.phone')}
              type="tel"
              inputMode="tel"
              required
              autoComplete="tel"
              maxLength={PHONE_LENGTH}
              onBlurValue={phoneOnBlur}
            />
            <TextField
              control={control}
              name="city"
              id="register-city"
              label={t('shell.register.city')}
              required
              autoComplete="address-level2"
            />
            <SelectField
              control={control}
              name="state"
              id="register-state"
              label={t('shell.register.country')}
              required
            >
              <option value="">{t('shell.register.pickCountry')}</option>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {t(COUNTRY_LABELS[country])}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>

        <fieldset className="register-section" disabled={busy}>
          <legend>{t('shell.register.referral')}</legend>
          <div className="register-grid">
            <TextField
              control={control}
              name="referralName"
              id="register-referralName"
              label={t('shell.register.referralName')}
              required
            />
            <TextField
              control={control}
              name="referralContact"
              id="register-referralContact"
              label={t('shell.register.referralContact')}
              required
            />
            <TextField
              control={control}
              name="referralUserId"
              id="register-referralUserId"
              label={t('shell.register.referralUserId')}
              readOnly={referralLocked}
              hint={referralLocked ? t('shell.register.referralLocked') : undefined}
            />
          </div>
        </fieldset>

        <ChoiceField
          control={control}
          name="role"
          id="register-role"
          legend={t('shell.register.role')}
          className="register-section"
          disabled={busy}
          choices={roleChoices}
        />

        <fieldset className="register-section" disabled={busy}>
          <legend>{t('shell.register.cnic')}</legend>
          <div className="register-grid">
            <ImageField
              control={control}
              name="cnicFront"
              uploads={uploads}
              id="register-cnicFront"
              label={t('shell.register.cnicFront')}
              required
              disabled={busy}
            />
            <ImageField
              control={control}
              name="cnicBack"
              uploads={uploads}
              id="register-cnicBack"
              label={t('shell.register.cnicBack')}
              required
              disabled={busy}
            />
          </div>
        </fieldset>

        <SubmitButton busy={busy} busyLabel={t('shell.register.busy')} className="button button-primary button-block">
          {t('shell.register.submit')}
        </SubmitButton>
        <p className="auth-switch">
          {t('shell.register.haveAccount')} <Link to="/">{t('shell.register.signIn')}</Link>
        </p>
      </Form>
    </main>
  );
}
