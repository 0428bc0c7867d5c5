/** A password input with a show/hide toggle. */
import { useId, useState } from 'react';
import './password-field.css';

export interface PasswordFieldProps {
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** 'current-password' or 'new-password', so password managers fill the right one */
  autoComplete: string;
  required?: boolean;
  error?: string | null;
}

export function PasswordField({ id, label, value, onChange, autoComplete, required, error }: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);

  return (
    <div className="ui-password-field">
      <label htmlFor={inputId} className="ui-password-label">
        {label}
        {required ? (
          <span className="ui-required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="ui-password-control">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          spellCheck={false}
          autoCapitalize="off"
        />
        <button
          type="button"
          className="ui-password-toggle"
          aria-pressed={visible}
          aria-label={visible ? 'hide password' : 'show password'}
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
        >
          <span aria-hidden="true">{visible ? 'hide' : 'show'}</span>
        </button>
      </div>
      {error ? (
        <p id={errorId} className="ui-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
