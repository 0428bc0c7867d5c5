/**
 * /register and /register/:referrerUserId (SPEC.md sections 2, 3 and 5). On submit the two
 * CNIC images are uploaded first (privately: they go to the API, never to Firebase), then
 * the account is registered; the shell stores the returned session and the guard shows the
 * waiting-for-approval screen. Nothing typed is lost when something fails.
 */
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { register, useSession } from 'shared-api';
import { COUNTRIES, DASHBOARD_BY_ROLE, GENDERS, MESSAGES, PHONE_LENGTH, REGISTRATION_ROLES } from 'shared-api/contract';
import { ImagePicker } from 'shared-ui/image-picker';
import { type ImageValue, resolveImage } from 'shared-ui/lib/image-value';
import { PasswordField } from 'shared-ui/password-field';
import { RequiredMark } from '../auth/required-mark';
import {
  FIELD_ORDER,
  initialValues,
  phoneOnBlur,
  type RegisterField,
  type RegisterValues,
  type RegistrationRole,
  toRegisterInput,
  validate,
} from './register-form';
import '../auth/auth-pages.css';
import './register-page.css';

const ROLE_LABELS: Record<RegistrationRole, string> = { agent: 'work as marketer', manager: 'work as manager' };

/** The element that takes focus for a field with an error. */
const fieldId = (field: RegisterField) => (field === 'gender' ? `register-gender-${GENDERS[0]}` : `register-${field}`);

type Errors = Partial<Record<RegisterField, string>>;

function FieldError({ field, errors }: { field: RegisterField; errors: Errors }) {
  const message = errors[field];
  return message ? (
    <p id={`register-${field}-error`} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** aria attributes of a field's input: invalid, and described by its message. */
function describedBy(field: RegisterField, errors: Errors, hint?: string) {
  const ids = [errors[field] ? `register-${field}-error` : null, hint ?? null].filter(Boolean).join(' ');
  return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids || undefined };
}

interface TextFieldProps {
  field: 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'city' | 'referralName' | 'referralContact';
  label: string;
  values: RegisterValues;
  errors: Errors;
  onChange: (field: RegisterField, value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  extra?: InputHTMLAttributes<HTMLInputElement>;
}

function TextField({ field, label, values, errors, onChange, type = 'text', autoComplete, extra }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={`register-${field}`}>
        {label}
        <RequiredMark />
      </label>
      <input
        id={`register-${field}`}
        name={field}
        type={type}
        value={values[field]}
        onChange={(event) => onChange(field, event.target.value)}
        autoComplete={autoComplete}
        required
        {...describedBy(field, errors)}
        {...extra}
      />
      <FieldError field={field} errors={errors} />
    </div>
  );
}

type Progress = Partial<Record<'cnicFront' | 'cnicBack', number>>;

export default function RegisterPage() {
  const { referrerUserId } = useParams();
  const navigate = useNavigate();
  const setSession = useSession((s) => s.setSession);
  const [values, setValues] = useState<RegisterValues>(() => initialValues(referrerUserId));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress>({});
  // a retry after a failed registration does not upload the same picture again
  const uploaded = useRef(new WeakMap<File, string>());

  // checked on submit, then kept up to date as the person corrects the form
  const errors: Errors = submitted ? validate(values) : {};
  const referralLocked = Boolean(referrerUserId);

  function set(field: RegisterField, value: RegisterValues[RegisterField]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function upload(field: 'cnicFront' | 'cnicBack', image: ImageValue | null): Promise<string> {
    const cached = image?.file ? uploaded.current.get(image.file) : undefined;
    if (cached) return cached;
    const url = await resolveImage(image, (fraction) => setProgress((p) => ({ ...p, [field]: fraction })), {
      private: true,
    });
    if (!url) throw new Error(field === 'cnicFront' ? MESSAGES.cnicFrontRequired : MESSAGES.cnicBackRequired);
    if (image?.file) uploaded.current.set(image.file, url);
    return url;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      const cnicFront = await upload('cnicFront', values.cnicFront);
      const cnicBack = await upload('cnicBack', values.cnicBack);
      const { token, user } = await register(toRegisterInput(values, cnicFront, cnicBack));
      toast.success(MESSAGES.registerSuccess);
      setSession(token, user);
      // a new account is pending: the guard shows the waiting-for-approval screen there
      navigate(DASHBOARD_BY_ROLE[user.role], { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
      setBusy(false);
      setProgress({});
    }
  }

  const radios = (name: 'gender' | 'role', options: readonly string[], label: (o: string) => ReactNode) =>
    options.map((option) => (
      <label key={option} className="register-choice" htmlFor={`register-${name}-${option}`}>
        <input
          id={`register-${name}-${option}`}
          type="radio"
          name={name}
          value={option}
          checked={values[name] === option}
          onChange={() => set(name, option)}
        />
        {label(option)}
      </label>
    ));

  const common = { values, errors, onChange: set };

  return (
    <main className="auth-page">
      <form className="auth-card register-card" onSubmit={onSubmit} noValidate aria-labelledby="register-heading">
        <h1 id="register-heading" className="auth-title">
          register
        </h1>
        <p className="auth-text">An admin reviews every new account before it can be used.</p>

        <fieldset className="register-section" disabled={busy}>
          <legend>your details</legend>
          <div className="register-grid">
            <TextField field="firstName" label="first name" autoComplete="given-name" {...common} />
            <TextField field="lastName" label="last name" autoComplete="family-name" {...common} />
            <TextField field="email" label="email" type="email" autoComplete="email" {...common} />
            <PasswordField
              id="register-password"
              label="password"
              value={values.password}
              onChange={(value) => set('password', value)}
              autoComplete="new-password"
              required
              error={errors.password}
            />
            <fieldset className="register-choices" {...describedBy('gender', errors)}>
              <legend>
                gender
                <RequiredMark />
              </legend>
              <div className="register-choice-row">{radios('gender', GENDERS, (g) => g)}</div>
              <FieldError field="gender" errors={errors} />
            </fieldset>
            <TextField
              field="phoneNumber"
              label="phone number"
              type="tel"
              autoComplete="tel"
              {...common}
              extra={{
                maxLength: PHONE_LENGTH,
                inputMode: 'tel',
                onBlur: (event) => set('phoneNumber', phoneOnBlur(event.target.value)),
              }}
            />
            <TextField field="city" label="city" autoComplete="address-level2" {...common} />
            <div className="field">
              <label htmlFor="register-state">
                country
                <RequiredMark />
              </label>
              <select
                id="register-state"
                name="state"
                value={values.state}
                onChange={(event) => set('state', event.target.value)}
                required
                {...describedBy('state', errors)}
              >
                <option value="">select your country</option>
                {COUNTRIES.map((country) => (
                  <option key={country} value={country}>
                    {country}
                  </option>
                ))}
              </select>
              <FieldError field="state" errors={errors} />
            </div>
          </div>
        </fieldset>

        <fieldset className="register-section" disabled={busy}>
          <legend>referral</legend>
          <div className="register-grid">
            <TextField field="referralName" label="referral name" autoComplete="off" {...common} />
            <TextField field="referralContact" label="referral contact" autoComplete="off" {...common} />
            <div className="field">
              <label htmlFor="register-referralUserId">referral user id</label>
              <input
                id="register-referralUserId"
                name="referralUserId"
                type="text"
                value={values.referralUserId}
                onChange={(event) => set('referralUserId', event.target.value)}
                readOnly={referralLocked}
                autoComplete="off"
                spellCheck={false}
                {...describedBy('referralUserId', errors, referralLocked ? 'register-referral-locked' : undefined)}
              />
              {referralLocked ? (
                <p id="register-referral-locked" className="field-hint">
                  Set by the referral link you opened.
                </p>
              ) : null}
              <FieldError field="referralUserId" errors={errors} />
            </div>
          </div>
        </fieldset>

        <fieldset className="register-section register-choices" disabled={busy}>
          <legend>I want to</legend>
          <div className="register-choice-row">
            {radios('role', REGISTRATION_ROLES, (r) => ROLE_LABELS[r as RegistrationRole])}
          </div>
        </fieldset>

        <fieldset className="register-section" disabled={busy}>
          <legend>CNIC images</legend>
          <div className="register-grid">
            <ImagePicker
              id="register-cnicFront"
              label="CNIC front"
              value={values.cnicFront}
              onChange={(image) => set('cnicFront', image)}
              required
              error={errors.cnicFront}
              progress={progress.cnicFront ?? (busy ? 0 : null)}
              disabled={busy}
            />
            <ImagePicker
              id="register-cnicBack"
              label="CNIC back"
              value={values.cnicBack}
              onChange={(image) => set('cnicBack', image)}
              required
              error={errors.cnicBack}
              progress={progress.cnicBack ?? (busy ? 0 : null)}
              disabled={busy}
            />
          </div>
        </fieldset>

        <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy}>
          {busy ? 'registering...' : 'register'}
        </button>
        <p className="auth-switch">
          Already have an account? <Link to="/">sign in</Link>
        </p>
      </form>
    </main>
  );
}
