/**
 * /register and /register/:referrerUserId. On submit the two CNIC images are uploaded first
 * (privately: they go to the API, never to Firebase), then the account is registered; the
 * shell stores the returned session and the guard shows the waiting-for-approval screen.
 * Nothing typed is lost when something fails, and an image already uploaded is not sent again.
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { register, type UploadImageOptions, useSession } from 'shared-api';
import {
  COUNTRIES,
  DASHBOARD_BY_ROLE,
  GENDERS,
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
import { initialValues, phoneOnBlur, type RegistrationRole, toRegisterInput } from './register-form';
import '../auth/auth-pages.css';
import { signedOutClient } from '../auth/signed-out-client';
import './register-page.css';

const ROLE_LABELS: Record<RegistrationRole, string> = { agent: 'work as marketer', manager: 'work as manager' };
const GENDER_CHOICES = GENDERS.map((gender) => ({ value: gender, label: gender }));
const ROLE_CHOICES = REGISTRATION_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const CNIC_UPLOADS: UploadImageOptions = { private: true };

export default function RegisterPage() {
  const { referrerUserId } = useParams();
  const navigate = useNavigate();
  const setSession = useSession((s) => s.setSession);
  const form = useZodForm(registerFormSchema, { defaultValues: initialValues(referrerUserId) });
  const uploads = useImageUploads(CNIC_UPLOADS);
  const registration = useMutation(
    {
      mutationFn: async (values: RegisterFormOutput) => {
        const cnicFront = await uploads.upload('cnicFront', values.cnicFront);
        if (!cnicFront) throw new Error(MESSAGES.cnicFrontRequired);
        const cnicBack = await uploads.upload('cnicBack', values.cnicBack);
        if (!cnicBack) throw new Error(MESSAGES.cnicBackRequired);
        return register(toRegisterInput(values, cnicFront, cnicBack));
      },
      onSuccess: ({ token, user }) => {
        toast.success(MESSAGES.registerSuccess);
        setSession(token, user);
        // a new account is pending: the guard shows the waiting-for-approval screen there
        navigate(DASHBOARD_BY_ROLE[user.role], { replace: true });
      },
      onError: (error) => toast.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong),
    },
    signedOutClient,
  );
  const busy = registration.isPending;
  const referralLocked = Boolean(referrerUserId);
  const { control } = form;

  return (
    <main className="auth-page">
      <Form
        form={form}
        onSubmit={registration.mutate}
        busy={busy}
        className="auth-card register-card"
        aria-labelledby="register-heading"
      >
        <h1 id="register-heading" className="auth-title">
          register
        </h1>
        <p className="auth-text">An admin reviews every new account before it can be used.</p>

        <fieldset className="register-section" disabled={busy}>
          <legend>your details</legend>
          <div className="register-grid">
            <TextField
              control={control}
              name="firstName"
              id="register-firstName"
              label="first name"
              required
              autoComplete="given-name"
            />
            <TextField
              control={control}
              name="lastName"
              id="register-lastName"
              label="last name"
              required
              autoComplete="family-name"
            />
            <TextField
              control={control}
              name="email"
              id="register-email"
              label="email"
              type="email"
              required
              autoComplete="email"
            />
            <PasswordField
              control={control}
              name="password"
              id="register-password"
              label="password"
              required
              autoComplete="new-password"
            />
            <ChoiceField
              control={control}
              name="gender"
              id="register-gender"
              legend="gender"
              required
              choices={GENDER_CHOICES}
            />
            <TextField
              control={control}
              name="phoneNumber"
              id="register-phoneNumber"
              label="phone number"
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
              label="city"
              required
              autoComplete="address-level2"
            />
            <SelectField control={control} name="state" id="register-state" label="country" required>
              <option value="">select your country</option>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>

        <fieldset className="register-section" disabled={busy}>
          <legend>referral</legend>
          <div className="register-grid">
            <TextField
              control={control}
              name="referralName"
              id="register-referralName"
              label="referral name"
              required
            />
            <TextField
              control={control}
              name="referralContact"
              id="register-referralContact"
              label="referral contact"
              required
            />
            <TextField
              control={control}
              name="referralUserId"
              id="register-referralUserId"
              label="referral user id"
              readOnly={referralLocked}
              hint={referralLocked ? 'Set by the referral link you opened.' : undefined}
            />
          </div>
        </fieldset>

        <ChoiceField
          control={control}
          name="role"
          id="register-role"
          legend="I want to"
          className="register-section"
          disabled={busy}
          choices={ROLE_CHOICES}
        />

        <fieldset className="register-section" disabled={busy}>
          <legend>CNIC images</legend>
          <div className="register-grid">
            <ImageField
              control={control}
              name="cnicFront"
              uploads={uploads}
              id="register-cnicFront"
              label="CNIC front"
              required
              disabled={busy}
            />
            <ImageField
              control={control}
              name="cnicBack"
              uploads={uploads}
              id="register-cnicBack"
              label="CNIC back"
              required
              disabled={busy}
            />
          </div>
        </fieldset>

        <SubmitButton busy={busy} busyLabel="registering..." className="button button-primary button-block">
          register
        </SubmitButton>
        <p className="auth-switch">
          Already have an account? <Link to="/">sign in</Link>
        </p>
      </Form>
    </main>
  );
}
